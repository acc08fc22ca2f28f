//! The `BufferizableOp` models of the `func` dialect's ops.

use ir::Context;

/// Attaches the `func` models.
pub fn register(_ctx: &mut Context) {}
