//! The `BufferizableOp` models of the built-in dialects, one module per
//! dialect (upstream's `BufferizableOpInterfaceImpl.cpp` files), attached
//! to the registry as external models by [`register`].

pub mod arith;
pub mod bufferization;
pub mod cf;
pub mod func;
pub mod linalg;
pub mod scf;
pub mod tensor;
pub mod vector;

use ir::Registry;

/// Attaches every built-in model.
pub fn register(reg: &mut Registry) {
    arith::register(reg);
    bufferization::register(reg);
    cf::register(reg);
    func::register(reg);
    linalg::register(reg);
    scf::register(reg);
    tensor::register(reg);
    vector::register(reg);
}
