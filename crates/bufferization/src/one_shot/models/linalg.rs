//! The `BufferizableOp` models of the `linalg` dialect's ops.

use ir::Registry;

/// Attaches the `linalg` models.
pub fn register(_reg: &mut Registry) {}
