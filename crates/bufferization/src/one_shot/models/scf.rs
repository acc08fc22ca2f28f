//! The `BufferizableOp` models of the `scf` dialect's ops.

use ir::Registry;

/// Attaches the `scf` models.
pub fn register(_reg: &mut Registry) {}
