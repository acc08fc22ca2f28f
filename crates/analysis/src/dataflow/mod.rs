//! The data-flow framework (MLIR's `DataFlowFramework` and
//! `Analysis/DataFlow`) and the analyses built on it:
//!
//! - [`solver`]: lattice anchors, analysis states with their dependents,
//!   the worklist solver and the [`DataFlowAnalysis`] trait;
//! - [`flow`]: the control-flow questions the analyses ask through
//!   interfaces;
//! - [`dead_code`]: executable blocks and edges, control-flow predecessors;
//! - [`dense`]: per-point lattices with generic forward and backward
//!   propagation over transfer functions;
//! - [`sparse`]: per-value lattices with generic forward and backward
//!   propagation over transfer functions;
//! - [`constant`]: sparse constant propagation through op folders;
//! - [`liveness`]: value liveness (sparse backward);
//! - [`test_access`]: the memory-access analyses of upstream's tests
//!   (underlying values, last modifications, next accesses, written-to);
//! - [`test_passes`]: the text of upstream's data-flow test passes.
//!
//! Analyses run together in one [`Solver`]: the sparse ones visit only what
//! dead code analysis finds live, and dead code analysis reads the constant
//! lattice to prune branches on constants.

pub mod constant;
pub mod dead_code;
pub mod dense;
pub mod flow;
pub mod liveness;
pub mod solver;
pub mod sparse;
pub mod test_access;
pub mod test_passes;

pub use solver::{AnalysisState, Anchor, Config, Cx, DataFlowAnalysis, Solver, StateId};
