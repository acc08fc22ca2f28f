//! The `BufferizableOp` models of the `bufferization` dialect's ops.

use ir::Registry;

/// Attaches the `bufferization` models.
pub fn register(_reg: &mut Registry) {}
