//! The `BufferizableOp` models of the `linalg` dialect's ops.

use ir::Context;

/// Attaches the `linalg` models.
pub fn register(_ctx: &mut Context) {}
