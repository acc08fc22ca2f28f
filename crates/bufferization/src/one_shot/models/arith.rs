//! The `BufferizableOp` models of the `arith` dialect's ops.

use ir::Context;

/// Attaches the `arith` models.
pub fn register(_ctx: &mut Context) {}
