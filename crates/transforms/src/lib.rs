//! Pass infrastructure and generic transformations: the pass manager,
//! textual pipelines, and (later) the greedy pattern driver, canonicalize,
//! CSE and symbol-dce.

pub mod pass;
pub mod pipeline_syntax;
