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
