//! The `BufferizableOp` models of the `cf` dialect's ops.

use ir::Registry;

/// Attaches the `cf` models.
pub fn register(_reg: &mut Registry) {}
