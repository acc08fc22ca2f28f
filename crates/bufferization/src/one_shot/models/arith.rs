//! The `BufferizableOp` models of the `arith` dialect's ops.

use ir::Registry;

/// Attaches the `arith` models.
pub fn register(_reg: &mut Registry) {}
