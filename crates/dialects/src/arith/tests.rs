//! Unit tests of the arith folders.
