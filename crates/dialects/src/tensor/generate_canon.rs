//! `tensor.generate`'s canonicalization patterns (upstream's
//! `GenerateOp::getCanonicalizationPatterns`): `StaticTensorGenerate` makes
//! constant extents static, and `ExtractFromTensorGenerate` (rooted at
//! `tensor.extract`) computes one element of a generate in place of reading
//! it. Every rewrite goes through the rewriter.

use super::ops::{CastOp, ExtractOp, GenerateOp, YieldOp};
use super::shape_canon::fold_dynamic_to_static_sizes;
use ir::rewrite_api::PatternRewriter;
use ir::{InsertPoint, IrMapping, OpId, ValueId};

/// `StaticTensorGenerate`: the non-negative constant extents of a
/// `tensor.generate` become static; the body moves to the new op and a
/// `tensor.cast` gives back the old type.
pub(super) fn static_tensor_generate(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_results(op) != 1 || ir.regions(op).len() != 1 {
        return false;
    }
    let generate = GenerateOp(op);
    let ty = ir.value_type(generate.result(ir));
    let sizes: Vec<ValueId> = ir.operands(op).collect();
    let Some((new_ty, kept)) = fold_dynamic_to_static_sizes(ir, ty, &sizes) else { return false };
    if new_ty == ty {
        return false;
    }
    let (loc, old_body) = (ir.op_loc(op), ir.region(op, 0));
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = GenerateOp::build(rw, loc, new_ty, &kept[..], 1);
    let new_body = rw.ir().region(new.0, 0);
    rw.inline_region_before(old_body, new_body, None);
    let new_val = new.result(rw.ir());
    let back = CastOp::build(rw, loc, ty, new_val).dest(rw.ir());
    rw.replace_op(op, &[back]);
    true
}

/// `ExtractFromTensorGenerate`: a `tensor.extract` of a `tensor.generate`
/// that could be erased if unused becomes a copy of the generate's body,
/// its arguments replaced by the indices, and the yielded value.
pub(super) fn extract_from_tensor_generate(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) < 1 || ir.num_results(op) != 1 {
        return false;
    }
    let extract = ExtractOp(op);
    let Some(generate) = ir.defining_op(extract.tensor(ir)).filter(|&g| GenerateOp::matches(ir, g)) else {
        return false;
    };
    if ir.regions(generate).len() != 1 || !ir::interfaces::would_op_be_trivially_dead(ir, generate) {
        return false;
    }
    let Some(body) = ir.region_blocks(ir.region(generate, 0)).next() else { return false };
    let Some(yield_op) = ir.terminator(body).filter(|&t| YieldOp::matches(ir, t) && ir.num_operands(t) == 1) else {
        return false;
    };
    let indices: Vec<ValueId> = ir.operands(op).skip(1).collect();
    let args = ir.block_args(body).to_vec();
    if args.len() != indices.len() {
        return false;
    }
    let mut map = IrMapping::default();
    for (&a, &i) in args.iter().zip(&indices) {
        map.map_value(a, i);
    }
    let ops: Vec<OpId> = ir.block_ops(body).filter(|&o| o != yield_op).collect();
    let yielded = YieldOp(yield_op).value(ir);
    rw.set_insertion_point(InsertPoint::Before(op));
    for o in ops {
        rw.clone_op(o, &mut map);
    }
    let v = map.lookup_value(yielded);
    rw.replace_op(op, &[v]);
    true
}
