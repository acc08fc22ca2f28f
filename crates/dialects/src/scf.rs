//! The `scf` dialect (structured control flow): `scf.for`, `scf.if`,
//! `scf.while`/`scf.condition`, `scf.execute_region`, `scf.yield`,
//! `scf.forall`/`scf.forall.in_parallel`, `scf.parallel`/`scf.reduce`/
//! `scf.reduce.return` and `scf.index_switch`, with mlir-opt-19's custom
//! syntax (implicit terminators included), verifiers, interfaces and
//! canonicalization. By concern:
//! - [`ops`]: the op declarations (typed views and builders) and their
//!   registration;
//! - `verify`, `asm`: the verifiers and syntax of the core ops;
//!   [`forall`] and [`parallel`]: syntax, verifiers and accessors of the
//!   parallel loops and `scf.index_switch`;
//! - `interfaces`: region control flow, destination style and parallel
//!   combining;
//! - `canon`: the canonicalization patterns and the `scf.if` folder;
//!   `forall_canon` and `parallel_canon`: those of the parallel loops;
//! - [`build`]: builders of loops and conditionals with their bodies.

use crate::util::register_dialect;
use ir::Context;

mod asm;
pub mod build;
mod canon;
pub mod forall;
mod forall_canon;
mod interfaces;
pub mod ops;
pub mod parallel;
mod parallel_canon;
mod verify;

pub use forall::{
    forall_bounds, forall_is_normalized, forall_mapping, forall_outputs, forall_terminator, ForallBounds,
};
pub use interfaces::combining_destination;
pub(crate) use interfaces::ExecuteRegionBranch;
pub use ops::{
    ConditionOp, ExecuteRegionOp, ForOp, ForallOp, IfOp, InParallelOp, IndexSwitchOp, ParallelOp, ReduceOp,
    ReduceReturnOp, WhileOp, YieldOp,
};
pub use parallel::{index_switch_cases, index_switch_region, parallel_operands, ParallelOperands};

/// Registers the scf dialect: its ops with their verifiers, syntax,
/// interfaces, folder and canonicalization patterns.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "scf", false);
    ops::register(ctx);
}

#[cfg(test)]
mod tests;
