//! Analyses bufferization stands on, each computed eagerly over an op
//! tree into dense side tables keyed by entity ids:
//!
//! - [`dominance`]: forward and post-dominance trees per region, nearest
//!   common (post-)dominators and op-level queries;
//! - [`liveness`]: live-in/live-out sets per block and live ranges, as
//!   `mlir::Liveness`;
//! - [`region_flow`]: region-branch successors, repetitive regions, op
//!   reachability and CFG back edges;
//! - [`callgraph`]: the call graph over callables with Tarjan SCCs;
//! - [`alias`]: buffer view flow and buffer origins;
//! - [`dataflow`]: the data-flow framework (solver, dead code, sparse and
//!   dense analyses) and its test passes;
//! - [`test_printers`]: the text the `--test-print-*` passes print.

pub mod alias;
pub mod callgraph;
pub mod dataflow;
pub mod dominance;
pub mod liveness;
pub mod region_flow;
pub mod test_printers;
pub mod util;
