//! The `BufferizableOp` models of the `vector` dialect's ops.

use ir::Registry;

/// Attaches the `vector` models.
pub fn register(_reg: &mut Registry) {}
