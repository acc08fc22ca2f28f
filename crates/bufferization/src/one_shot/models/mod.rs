//! The `BufferizableOp` models of the built-in dialects, one module per
//! dialect (upstream's `BufferizableOpInterfaceImpl.cpp` files), attached
//! to the registry as external models by [`register`].

pub mod arith;
pub mod bufferization;
pub mod cf;
pub mod func;
pub mod linalg;
pub mod ml_program;
pub mod scf;
pub mod shape;
pub mod tensor;
pub mod vector;

use ir::Context;

/// Attaches every built-in model (a model is attached to an interned op
/// name, hence the context).
pub fn register(ctx: &mut Context) {
    arith::register(ctx);
    bufferization::register(ctx);
    cf::register(ctx);
    func::register(ctx);
    linalg::register(ctx);
    ml_program::register(ctx);
    scf::register(ctx);
    shape::register(ctx);
    tensor::register(ctx);
    vector::register(ctx);
}
