//! The `BufferizableOp` models of the `scf` dialect's ops.

use ir::Context;

/// Attaches the `scf` models.
pub fn register(_ctx: &mut Context) {}
