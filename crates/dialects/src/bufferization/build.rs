//! Builders of bufferization ops that add logic to the generated typed
//! builders (`XOp::build`): the result types they infer.

use super::ops::{DeallocOp, ToTensorOp};
use crate::layout::tensor_type_from_memref;
use ir::op_decl::OpBuilder;
use ir::{Location, ValueId};

/// Creates `bufferization.dealloc` with its inferred results (one `i1` per
/// retained value).
pub fn build_dealloc<B: OpBuilder + ?Sized>(
    b: &mut B,
    loc: Location,
    memrefs: &[ValueId],
    conditions: &[ValueId],
    retained: &[ValueId],
) -> DeallocOp {
    let results = vec![b.ir().ctx().i1_ty(); retained.len()];
    DeallocOp::build(b, loc, &results, memrefs, conditions, retained)
}

/// Creates `bufferization.to_tensor %m` (with `restrict` / `writable`), its
/// tensor type inferred from the memref's; `None` when `m` is not a memref.
pub fn build_to_tensor<B: OpBuilder + ?Sized>(
    b: &mut B,
    loc: Location,
    m: ValueId,
    restrict: bool,
    writable: bool,
) -> Option<ValueId> {
    let ty = tensor_type_from_memref(b.ir().ctx(), b.ir().value_type(m))?;
    let op = ToTensorOp::build(b, loc, ty, m, restrict, writable);
    Some(op.result(b.ir()))
}

/// `value` as a ranked memref of type `dst`: a `memref.cast` when it is
/// guaranteed to succeed at run time, else a new allocation (sized with
/// `memref.dim`s of `value`) and a `memref.copy` (upstream's
/// `castOrReallocMemRefValue` with no alignment). `None` (nothing built)
/// when element type, memory space or rank differ.
pub fn cast_or_realloc<B: OpBuilder + ?Sized>(
    b: &mut B,
    loc: Location,
    value: ValueId,
    dst: ir::Type,
) -> Option<ValueId> {
    use crate::layout::{are_cast_compatible, memref_parts, strides_and_offset};
    use crate::memref::{AllocOp, CastOp, CopyOp, DimOp};
    let ctx = b.ir().ctx_arc().clone();
    let src = b.ir().value_type(value);
    let (sp, dp) = (memref_parts(&ctx, src)?, memref_parts(&ctx, dst)?);
    if sp.elem != dp.elem || sp.memory_space != dp.memory_space || sp.shape.len() != dp.shape.len() {
        return None;
    }
    let guaranteed = match (strides_and_offset(&ctx, src), strides_and_offset(&ctx, dst)) {
        (Some((ss, so)), Some((ds, d_off))) => {
            let dyn_to_static = |a: i64, b: i64| a == ir::DYNAMIC && b != ir::DYNAMIC;
            !dyn_to_static(so, d_off) && !ss.iter().zip(&ds).any(|(&a, &b)| dyn_to_static(a, b))
        }
        _ => false,
    };
    if guaranteed && are_cast_compatible(&ctx, src, dst) {
        return Some(CastOp::build(b, loc, dst, value).dest(b.ir()));
    }
    let index = ctx.index_ty();
    let mut sizes = Vec::new();
    for (i, &d) in dp.shape.iter().enumerate() {
        if d == ir::DYNAMIC {
            let c = crate::tensor::build_index_constant(b, loc, i as i64);
            sizes.push(DimOp::build(b, loc, index, value, c).result(b.ir()));
        }
    }
    let alloc = AllocOp::build(b, loc, dst, &sizes, &[], None).memref(b.ir());
    CopyOp::build(b, loc, value, alloc);
    Some(alloc)
}
