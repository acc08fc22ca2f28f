//! Unit tests of the FileCheck behaviour, one group per feature.
