//! The dialects bufopt models: op registrations with traits, custom
//! syntax, verifiers, folders and interface implementations, one module per
//! dialect. [`register_all`] puts every dialect into a context.

pub mod affine_compose;
pub mod affine_ops;
pub mod affine_vector;
pub mod arith;
pub mod bufferization;
pub mod builtin;
pub mod cf;
pub mod cf_canon;
pub mod complex;
pub mod dealloc_interfaces;
pub mod decl;
pub mod func;
pub mod func_interfaces;
pub mod func_sig;
pub mod gpu;
pub mod index;
pub mod layout;
pub mod linalg;
pub mod llvm;
pub mod math;
pub mod memref;
pub mod ml_program;
pub mod patterns;
pub mod reassociation;
pub mod scf;
pub mod shape;
pub mod static_dynamic;
pub mod tensor;
pub mod test_ops;
pub mod test_ops_analysis;
pub mod test_ops_dataflow;
pub mod test_ops_ir;
#[cfg(test)]
mod test_util;
pub mod ub;
pub mod util;
pub mod vector;

use ir::Context;

/// Registers every dialect bufopt knows. A registration mistake (an op
/// registered twice, an interface or folder attached to a misspelled name or
/// attached twice) is an error.
pub fn register_all(ctx: &mut Context) -> Result<(), ir::RegistryError> {
    builtin::register(ctx);
    cf::register(ctx);
    arith::register(ctx);
    func::register(ctx);
    scf::register(ctx);
    math::register(ctx);
    complex::register(ctx);
    memref::register(ctx);
    tensor::register(ctx);
    bufferization::register(ctx);
    index::register(ctx);
    ub::register(ctx);
    vector::register(ctx);
    affine_ops::register(ctx);
    affine_vector::register(ctx);
    linalg::register(ctx);
    llvm::register(ctx);
    shape::register(ctx);
    ml_program::register(ctx);
    gpu::register(ctx);
    util::register_passthrough_dialects(ctx);
    test_ops::register(ctx);
    test_ops_analysis::register(ctx);
    test_ops_ir::register(ctx);
    test_ops_dataflow::register(ctx);
    ctx.registry().check(ctx)
}

/// A context with every dialect registered.
///
/// # Panics
/// When the built-in registrations are inconsistent ([`register_all`]
/// fails): a bug in bufopt itself, caught by its tests.
pub fn new_context() -> Context {
    let mut ctx = Context::new();
    if let Err(e) = register_all(&mut ctx) {
        panic!("{e}");
    }
    ctx
}
