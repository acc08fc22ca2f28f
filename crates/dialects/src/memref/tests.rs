//! Tests of the memref folders and rewrites.
