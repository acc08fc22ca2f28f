//! The `BufferizableOp` models of the `bufferization` dialect's ops.

use ir::Context;

/// Attaches the `bufferization` models.
pub fn register(_ctx: &mut Context) {}
