//! The `BufferizableOp` models of the `tensor` dialect's ops.

use ir::Context;

/// Attaches the `tensor` models.
pub fn register(_ctx: &mut Context) {}
