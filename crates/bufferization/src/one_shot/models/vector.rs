//! The `BufferizableOp` models of the `vector` dialect's ops.

use ir::Context;

/// Attaches the `vector` models.
pub fn register(_ctx: &mut Context) {}
