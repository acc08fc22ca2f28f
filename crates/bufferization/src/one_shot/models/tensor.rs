//! The `BufferizableOp` models of the `tensor` dialect's ops.

use ir::Registry;

/// Attaches the `tensor` models.
pub fn register(_reg: &mut Registry) {}
