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
//! - [`test_printers`]: the text the `--test-print-*` passes print;
//! - [`local_alias`]: MLIR's `AliasAnalysis` / `LocalAliasAnalysis`
//!   (alias and mod-ref queries);
//! - [`cfg_loop_info`]: natural loops of a region's CFG;
//! - [`match_reduction`]: the generic reduction matcher;
//! - [`shape_fn_report`]: how ops' result shapes could be refined;
//! - [`test_reports`]: the upstream test passes over those;
//! - [`dataflow`]: the data-flow framework (solver, dead code, sparse and
//!   dense analyses) and its test passes.

pub mod alias;
pub mod callgraph;
pub mod cfg_loop_info;
pub mod dataflow;
pub mod dominance;
pub mod liveness;
pub mod local_alias;
pub mod match_reduction;
pub mod region_flow;
pub mod shape_fn_report;
pub mod test_printers;
pub mod test_reports;
pub mod util;
