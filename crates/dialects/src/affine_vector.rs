//! `affine.vector_load` and `affine.vector_store`: a vector read from or
//! written to a memref at indices given by an affine map of SSA values
//! (`affine.vector_load %m[%i + 1, symbol(%n)] : memref<..>, vector<..>`),
//! with upstream's verifier, memory effects and `SimplifyAffineOp`
//! canonicalization. The syntax (`AccessAsm`) and the indexing checks are
//! `affine_ops`'s, shared with `affine.load` and `affine.store`.

use crate::affine_ops::{check_access_operands, verify_access, AccessAsm, AccessEffects};
use crate::tensor::op_error;
use crate::util::register_op;
use ir::interfaces::MemoryEffects;
use ir::{Context, Diagnostic, Ir, OpId, OpTraits, TypeKind};

/// Registers the two ops, their effects and canonicalization.
pub fn register(ctx: &mut Context) {
    register_op(
        ctx,
        "affine.vector_load",
        OpTraits::default(),
        &["map"],
        Some(verify_vector_load),
        Some(Box::new(AccessAsm { store: false, vector: true })),
    );
    register_op(
        ctx,
        "affine.vector_store",
        OpTraits::default(),
        &["map"],
        Some(verify_vector_store),
        Some(Box::new(AccessAsm { store: true, vector: true })),
    );
    for name in ["affine.vector_load", "affine.vector_store"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(AccessEffects));
    }
    crate::patterns::register_patterns(
        ctx,
        &[
            ("affine.vector_load", "SimplifyAffineOp", crate::affine_compose::simplify_affine_op),
            ("affine.vector_store", "SimplifyAffineOp", crate::affine_compose::simplify_affine_op),
        ],
    );
}

/// `verifyVectorMemoryOp`: the memref's and the vector's element types
/// agree.
fn same_elements(ir: &Ir, op: OpId, memref: ir::Type, vector: ir::Type) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if !matches!(ctx.kind(vector), TypeKind::Vector { .. }) {
        return Err(op_error(ir, op, "requires a vector type"));
    }
    if ctx.element_type(memref) != ctx.element_type(vector) {
        return Err(op_error(ir, op, "requires memref and vector types of the same elemental type"));
    }
    Ok(())
}

fn verify_vector_load(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_access_operands(ir, op, false)?;
    verify_access(ir, op, 0)?;
    same_elements(ir, op, ir.value_type(ir.operand(op, 0)), ir.value_type(ir.result(op, 0)))
}

fn verify_vector_store(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_access_operands(ir, op, true)?;
    verify_access(ir, op, 1)?;
    same_elements(ir, op, ir.value_type(ir.operand(op, 1)), ir.value_type(ir.operand(op, 0)))
}
