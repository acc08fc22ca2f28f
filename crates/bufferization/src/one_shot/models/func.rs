//! The `BufferizableOp` models of the `func` dialect's ops.

use ir::Registry;

/// Attaches the `func` models.
pub fn register(_reg: &mut Registry) {}
