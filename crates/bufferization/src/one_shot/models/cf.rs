//! The `BufferizableOp` models of the `cf` dialect's ops.

use ir::Context;

/// Attaches the `cf` models.
pub fn register(_ctx: &mut Context) {}
