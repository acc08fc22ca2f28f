//! The canonicalization patterns of the `shape` dialect: Shape.cpp's C++
//! patterns (`AssumingWithTrue`, `MergeAssumingAllOps`,
//! `AssumingAllOfCstrBroadcastable`, `RemoveDuplicateOperandsPattern`,
//! `CanonicalizeCastExtentTensorOperandsPattern`, the broadcast and
//! `shape_of` patterns, ...) and the declarative ones of
//! ShapeCanonicalization.td (`AssumingAllOneOp`, `CstrBroadcastableEqOps`,
//! `TensorCastConstShape`, `ExtractFromShapeOfExtentTensor`, ...).

use super::fold::broadcasted_shape;
use super::ops::*;
use super::types::{extent_tensor_type, is_shape, witness_type};
use super::{extents, index_tensor_attr};
use ir::rewrite_api::PatternRewriter;
use ir::{BlockId, InsertPoint, Ir, NamedAttr, OpId, OpSpec, Type, TypeKind, ValueId, DYNAMIC};
use smallvec::SmallVec;

/// Creates an op named like `op` before it, with these operands, result
/// types and attributes, and replaces `op` with its results.
fn replace_with_same_op(rw: &mut PatternRewriter<'_>, op: OpId, operands: &[ValueId], attrs: &[NamedAttr]) -> OpId {
    let ir = rw.ir();
    let (name, loc) = (ir.op_name(op), ir.op_loc(op));
    let results: Vec<Type> = ir.result_types(op).to_vec();
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = rw.create(OpSpec { operands, results: &results, attrs, ..OpSpec::new(name, loc) });
    let values: Vec<ValueId> = rw.ir().results(new).collect();
    rw.replace_op(op, &values);
    new
}

fn replace_with_value(rw: &mut PatternRewriter<'_>, op: OpId, v: ValueId) {
    rw.replace_op(op, &[v]);
}

/// The op defining `v`, viewed as `T`.
fn def<T: ir::op_decl::OpView>(ir: &Ir, v: ValueId) -> Option<T> {
    ir.defining_op(v).and_then(|d| T::cast(ir, d))
}

/// `RemoveDuplicateOperandsPattern`: the op over its distinct operands
/// (first occurrences, in order).
pub(super) fn remove_duplicate_operands(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let mut seen = rustc_hash::FxHashSet::default();
    let unique: Vec<ValueId> = ir.operands(op).filter(|v| seen.insert(*v)).collect();
    if unique.len() == ir.num_operands(op) {
        return false;
    }
    let attrs = ir.attrs(op).to_vec();
    replace_with_same_op(rw, op, &unique, &attrs);
    true
}

/// `RemoveEmptyShapeOperandsPattern`: drops operands known to be empty
/// shapes (`tensor<0xindex>`, `shape.const_shape []`).
pub(super) fn remove_empty_shape_operands(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let maybe_non_empty = |v: ValueId| {
        let t = ir.value_type(v);
        if matches!(ctx.kind(t), TypeKind::Tensor { .. }) && ctx.shape(t).and_then(|s| s.first().copied()) == Some(0) {
            return false;
        }
        if let Some(c) = def::<ConstShapeOp>(ir, v) {
            if c.shape(ir).and_then(|a| extents(ctx, a)).is_some_and(|e| e.is_empty()) {
                return false;
            }
        }
        true
    };
    let kept: Vec<ValueId> = ir.operands(op).filter(|&v| maybe_non_empty(v)).collect();
    if kept.len() == ir.num_operands(op) {
        return false;
    }
    let attrs = ir.attrs(op).to_vec();
    replace_with_same_op(rw, op, &kept, &attrs);
    true
}

/// `CanonicalizeCastExtentTensorOperandsPattern`: operands that are
/// `tensor.cast`s to `tensor<?xindex>` are replaced by the casts' sources
/// (the new op has no attributes, as upstream builds it).
pub(super) fn cast_extent_tensor_operands(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let mut changed = false;
    let operands: Vec<ValueId> = ir
        .operands(op)
        .map(|v| {
            if let Some(c) = def::<crate::tensor::CastOp>(ir, v) {
                let dyn0 = ctx.shape(ir.value_type(v)).and_then(|s| s.first().copied()) == Some(DYNAMIC);
                if dyn0 {
                    changed = true;
                    return c.source(ir);
                }
            }
            v
        })
        .collect();
    if !changed {
        return false;
    }
    replace_with_same_op(rw, op, &operands, &[]);
    true
}

/// `CstrBroadcastableEqOps` / `CstrEqEqOps`: a constraint over one value
/// repeated holds.
pub(super) fn cstr_all_shapes_equal(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let operands: SmallVec<[ValueId; 4]> = ir.operands(op).collect();
    if operands.windows(2).any(|w| w[0] != w[1]) {
        return false;
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let w = ConstWitnessOp::build(rw, loc, witness_type(rw.ir().ctx()), true);
    let v = rw.ir().result(w.0, 0);
    replace_with_value(rw, op, v);
    true
}

/// `MergeAssumingAllOps`: the operands of `assuming_all` operands are
/// taken in.
pub(super) fn merge_assuming_all(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let mut operands = Vec::new();
    for v in ir.operands(op) {
        match def::<AssumingAllOp>(ir, v) {
            Some(inner) => operands.extend(ir.operands(inner.0)),
            None => operands.push(v),
        }
    }
    if operands.len() == ir.num_operands(op) {
        return false;
    }
    replace_with_same_op(rw, op, &operands, &[]);
    true
}

/// `AssumingAllOneOp`: `assuming_all` of one witness is that witness.
pub(super) fn assuming_all_one(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let v = ir.operand(op, 0);
    replace_with_value(rw, op, v);
    true
}

/// `AssumingAllOfCstrBroadcastable`: `cstr_broadcastable` operands whose
/// shapes are a subset of another's are dropped.
pub(super) fn assuming_all_of_cstr_broadcastable(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let mut cstrs: Vec<OpId> = Vec::new();
    for v in ir.operands(op) {
        let Some(c) = def::<CstrBroadcastableOp>(ir, v) else { return false };
        if !cstrs.contains(&c.0) {
            cstrs.push(c.0);
        }
    }
    if cstrs.len() <= 1 {
        return false;
    }
    let mut shapes: Vec<(OpId, rustc_hash::FxHashSet<ValueId>)> =
        cstrs.iter().map(|&c| (c, ir.operands(c).collect())).collect();
    shapes.sort_by_key(|(c, _)| std::cmp::Reverse(ir.num_operands(*c)));
    let mut erased = Vec::new();
    let mut i = 0;
    while i < shapes.len() {
        let tail: Vec<_> = shapes.drain(i + 1..).collect();
        let (keep, drop): (Vec<_>, Vec<_>) = tail.into_iter().partition(|(_, s)| !s.is_subset(&shapes[i].1));
        erased.extend(drop.into_iter().map(|(c, _)| c));
        shapes.extend(keep);
        i += 1;
    }
    if erased.is_empty() {
        return false;
    }
    let unique: Vec<ValueId> = shapes.iter().map(|(c, _)| ir.result(*c, 0)).collect();
    replace_with_same_op(rw, op, &unique, &[]);
    for c in erased {
        if rw.ir().results(c).all(|r| rw.ir().uses(r).next().is_none()) {
            rw.erase_op(c);
        }
    }
    true
}

/// `AssumingAllToCstrEqCanonicalization`: `assuming_all` of `cstr_eq`s
/// over overlapping shapes is one `cstr_eq`.
pub(super) fn assuming_all_to_cstr_eq(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let mut shapes: Vec<ValueId> = Vec::new();
    for w in ir.operands(op) {
        let Some(eq) = def::<CstrEqOp>(ir, w) else { return false };
        let own: Vec<ValueId> = ir.operands(eq.0).collect();
        let disjoint = own.iter().all(|s| !shapes.contains(s));
        if !shapes.is_empty() && !own.is_empty() && disjoint {
            return false;
        }
        shapes.extend(own);
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let eq = CstrEqOp::build(rw, loc, witness_type(rw.ir().ctx()), &shapes);
    let v = rw.ir().result(eq.0, 0);
    replace_with_value(rw, op, v);
    true
}

/// `BroadcastConcretizeResultTypePattern`: a `tensor<?xindex>` result
/// becomes `tensor<Nxindex>` (N the largest operand length, all static),
/// cast back.
pub(super) fn broadcast_concretize_result_type(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let result_ty = ir.result_types(op)[0];
    let is_ranked = |t: Type| matches!(ctx.kind(t), TypeKind::Tensor { .. });
    if !is_ranked(result_ty) || ctx.shape(result_ty).and_then(|s| s.first().copied()) != Some(DYNAMIC) {
        return false;
    }
    let mut max_rank = 0;
    for v in ir.operands(op) {
        let t = ir.value_type(v);
        if is_ranked(t) {
            let n = ctx.shape(t).and_then(|s| s.first().copied()).unwrap_or(DYNAMIC);
            if n == DYNAMIC {
                return false;
            }
            max_rank = max_rank.max(n);
        }
    }
    let shapes: Vec<ValueId> = ir.operands(op).collect();
    let loc = ir.op_loc(op);
    let new_ty = extent_tensor_type(ctx, max_rank);
    rw.set_insertion_point(InsertPoint::Before(op));
    let b = BroadcastOp::build(rw, loc, new_ty, &shapes, None);
    let v = rw.ir().result(b.0, 0);
    let cast = crate::tensor::CastOp::build(rw, loc, result_ty, v);
    let c = rw.ir().result(cast.0, 0);
    replace_with_value(rw, op, c);
    true
}

/// `BroadcastFoldConstantOperandsPattern`: two or more `const_shape`
/// operands are broadcast into one.
pub(super) fn broadcast_fold_constant_operands(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let mut folded: Vec<i64> = Vec::new();
    let mut kept: Vec<ValueId> = Vec::new();
    for v in ir.operands(op) {
        if let Some(e) = def::<ConstShapeOp>(ir, v).and_then(|c| c.shape(ir)).and_then(|a| extents(ctx, a)) {
            if let Some(n) = broadcasted_shape(&folded, &e) {
                folded = n;
                continue;
            }
        }
        kept.push(v);
    }
    if ir.num_operands(op) - kept.len() < 2 {
        return false;
    }
    let (loc, result_ty) = (ir.op_loc(op), ir.result_types(op)[0]);
    let ty = extent_tensor_type(ctx, folded.len() as i64);
    let a = index_tensor_attr(ctx, &folded);
    rw.set_insertion_point(InsertPoint::Before(op));
    let c = ConstShapeOp::build(rw, loc, ty, Some(a));
    kept.push(rw.ir().result(c.0, 0));
    let b = BroadcastOp::build(rw, loc, result_ty, &kept, None);
    let v = rw.ir().result(b.0, 0);
    replace_with_value(rw, op, v);
    true
}

/// `BroadcastForwardSingleOperandPattern`: a broadcast of one shape is
/// that shape, converted when the types differ.
pub(super) fn broadcast_forward_single_operand(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let mut v = ir.operand(op, 0);
    let (loc, ty) = (ir.op_loc(op), ir.result_types(op)[0]);
    if ir.value_type(v) != ty {
        rw.set_insertion_point(InsertPoint::Before(op));
        v = if is_shape(rw.ir().ctx(), ty) {
            let s = FromExtentTensorOp::build(rw, loc, ty, v);
            rw.ir().result(s.0, 0)
        } else {
            let c = crate::tensor::CastOp::build(rw, loc, ty, v);
            rw.ir().result(c.0, 0)
        };
    }
    replace_with_value(rw, op, v);
    true
}

/// `IndexToSizeToIndexCanonicalization`: `size_to_index(index_to_size(x))`
/// is `x`.
pub(super) fn index_to_size_to_index(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(inner) = def::<IndexToSizeOp>(ir, ir.operand(op, 0)) else { return false };
    let v = inner.arg(ir);
    replace_with_value(rw, op, v);
    true
}

/// `SizeToIndexToSizeCanonicalization`: `index_to_size(size_to_index(x))`
/// is `x`.
pub(super) fn size_to_index_to_size(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(inner) = def::<SizeToIndexOp>(ir, ir.operand(op, 0)) else { return false };
    let v = inner.arg(ir);
    replace_with_value(rw, op, v);
    true
}

/// `TensorCastConstShape`: a static `tensor.cast` of a `const_shape` is a
/// `const_shape` of the cast's type.
pub(super) fn tensor_cast_const_shape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let Some(c) = def::<ConstShapeOp>(ir, ir.operand(op, 0)) else { return false };
    let ty = ir.result_types(op)[0];
    let static_shape = matches!(ctx.kind(ty), TypeKind::Tensor { .. })
        && ctx.shape(ty).is_some_and(|s| s.iter().all(|&d| d != DYNAMIC));
    if !static_shape {
        return false;
    }
    let (loc, a) = (ir.op_loc(op), c.shape(ir));
    rw.set_insertion_point(InsertPoint::Before(op));
    let n = ConstShapeOp::build(rw, loc, ty, a);
    let v = rw.ir().result(n.0, 0);
    replace_with_value(rw, op, v);
    true
}

/// `ExtractFromShapeOfExtentTensor`: `tensor.extract` from a `shape_of`
/// is a `tensor.dim`.
pub(super) fn extract_from_shape_of_extent_tensor(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) < 2 {
        return false;
    }
    let Some(s) = def::<ShapeOfOp>(ir, ir.operand(op, 0)) else { return false };
    let (arg, idx, loc, ty) = (s.arg(ir), ir.operand(op, 1), ir.op_loc(op), ir.result_types(op)[0]);
    rw.set_insertion_point(InsertPoint::Before(op));
    let d = crate::tensor::DimOp::build(rw, loc, ty, arg, idx);
    let v = rw.ir().result(d.0, 0);
    replace_with_value(rw, op, v);
    true
}

/// `RankShapeOfCanonicalizationPattern`: the rank of the shape of a ranked
/// tensor is a constant.
pub(super) fn rank_shape_of(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let Some(s) = def::<ShapeOfOp>(ir, ir.operand(op, 0)) else { return false };
    let arg_ty = ir.value_type(s.arg(ir));
    if !matches!(ctx.kind(arg_ty), TypeKind::Tensor { .. }) {
        return false;
    }
    let rank = ctx.shape(arg_ty).map_or(0, |s| s.len()) as i64;
    let (loc, ty) = (ir.op_loc(op), ir.result_types(op)[0]);
    let (is_index, is_size, a) = (ctx.is_index(ty), super::types::is_size(ctx, ty), ctx.index_attr(rank));
    if !is_index && !is_size {
        return false;
    }
    rw.set_insertion_point(InsertPoint::Before(op));
    let v = if is_index {
        crate::util::build_constant(rw, loc, a, ty)
    } else if is_size {
        let c = ConstSizeOp::build(rw, loc, ty, rank);
        rw.ir().result(c.0, 0)
    } else {
        return false;
    };
    replace_with_value(rw, op, v);
    true
}

/// `ShapeOfOpToConstShapeOp`: the shape of a statically shaped value is a
/// `const_shape` (cast to the result type when it differs).
pub(super) fn shape_of_to_const_shape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let arg_ty = ir.value_type(ShapeOfOp(op).arg(ir));
    let Some(shape) = ctx.shape(arg_ty).filter(|s| ctx.is_shaped(arg_ty) && s.iter().all(|&d| d != DYNAMIC)) else {
        return false;
    };
    let shape = shape.to_vec();
    let (loc, ty) = (ir.op_loc(op), ir.result_types(op)[0]);
    let ctx = rw.ir().ctx();
    let const_ty = extent_tensor_type(ctx, shape.len() as i64);
    let a = index_tensor_attr(ctx, &shape);
    rw.set_insertion_point(InsertPoint::Before(op));
    let c = ConstShapeOp::build(rw, loc, const_ty, Some(a));
    let mut v = rw.ir().result(c.0, 0);
    if const_ty != ty {
        let cast = crate::tensor::CastOp::build(rw, loc, ty, v);
        v = rw.ir().result(cast.0, 0);
    }
    replace_with_value(rw, op, v);
    true
}

/// `ShapeOfFromReshape`: the shape of a `tensor.reshape` result is the
/// reshape's shape operand.
pub(super) fn shape_of_from_reshape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let Some(reshape) = ir.defining_op(ShapeOfOp(op).arg(ir)).filter(|&d| ir.op_name_str(d) == "tensor.reshape") else {
        return false;
    };
    let ty = ir.result_types(op)[0];
    if !ctx.is_tensor(ty) {
        return false;
    }
    let mut shape = ir.operand(reshape, 1);
    if ir.value_type(shape) != ty {
        let loc = ir.op_loc(op);
        rw.set_insertion_point(InsertPoint::Before(op));
        let c = crate::tensor::CastOp::build(rw, loc, ty, shape);
        shape = rw.ir().result(c.0, 0);
    }
    replace_with_value(rw, op, shape);
    true
}

/// `ShapeOfCastExtentTensor`: a `tensor.cast` of a `shape_of` to a
/// compatible extent tensor type is a `shape_of` of that type.
pub(super) fn shape_of_cast_extent_tensor(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let ty = ir.result_types(op)[0];
    let Some(&[len]) = ctx.shape(ty).filter(|_| matches!(ctx.kind(ty), TypeKind::Tensor { .. })) else {
        return false;
    };
    let Some(s) = def::<ShapeOfOp>(ir, ir.operand(op, 0)) else { return false };
    let arg = s.arg(ir);
    let arg_ty = ir.value_type(arg);
    if !matches!(ctx.kind(arg_ty), TypeKind::Tensor { .. }) {
        return false;
    }
    let rank = ctx.shape(arg_ty).map_or(0, |s| s.len()) as i64;
    if len != DYNAMIC && len != rank {
        return false;
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let n = ShapeOfOp::build(rw, loc, ty, arg);
    let v = rw.ir().result(n.0, 0);
    replace_with_value(rw, op, v);
    true
}

// ----- shape.assuming -----------------------------------------------------------

/// The `shape.assuming_yield` ending the body of `op`, when the body is one
/// block ended by one.
fn body_yield(ir: &Ir, op: OpId) -> Option<(BlockId, OpId)> {
    let b = ir.entry_block(AssumingOp(op).do_region(ir))?;
    let t = ir.terminator(b).filter(|&t| AssumingYieldOp::matches(ir, t))?;
    Some((b, t))
}

/// `AssumingOpRemoveUnusedResults`: a new op yielding only the values whose
/// results are used.
pub(super) fn remove_unused_results(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((body, y)) = body_yield(ir, op) else { return false };
    let results: Vec<ValueId> = ir.results(op).collect();
    let yielded: Vec<ValueId> = ir.operands(y).collect();
    let kept: Vec<ValueId> =
        results.iter().zip(&yielded).filter(|(r, _)| ir.uses(**r).next().is_some()).map(|(_, &v)| v).collect();
    if kept.len() == yielded.len() {
        return false;
    }
    let (loc, yield_loc, witness) = (ir.op_loc(op), ir.op_loc(y), AssumingOp(op).witness(ir));
    let saved = rw.insertion_point();
    rw.set_insertion_point(InsertPoint::BlockEnd(body));
    let new_yield = AssumingYieldOp::build(rw, yield_loc, &kept).0;
    rw.replace_op(y, &[]);
    let types: Vec<Type> = rw.ir().operand_types(new_yield).to_vec();
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = rw.create(OpSpec {
        operands: &[witness],
        results: &types,
        num_regions: 1,
        ..OpSpec::new(<AssumingOp as ir::op_decl::OpView>::name(rw.ir().ctx()), loc)
    });
    let (from, to) = (rw.ir().region(op, 0), rw.ir().region(new, 0));
    rw.inline_region_before(from, to, None);
    let mut next = 0;
    for r in results {
        if rw.ir().uses(r).next().is_some() {
            let v = rw.ir().result(new, next);
            next += 1;
            rw.replace_all_uses(r, v);
        }
    }
    rw.erase_op(op);
    if let Some(ip) = saved {
        rw.set_insertion_point(ip);
    }
    true
}

/// `AssumingWithTrue`: under a constant witness, the body runs in place of
/// the op (upstream's `inlineRegionIntoParent`).
pub(super) fn assuming_with_true(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let witness = AssumingOp(op).witness(ir);
    let constant = def::<ConstWitnessOp>(ir, witness);
    if constant.is_none_or(|c| c.passing_attr(ir).is_none()) {
        return false;
    }
    let Some((body, y)) = body_yield(ir, op) else { return false };
    let (Some(before), Some(parent)) = (ir.op_block(op), ir.op_block(op).and_then(|b| ir.block_region(b))) else {
        return false;
    };
    let after = rw.split_block(before, Some(op));
    let region = rw.ir().region(op, 0);
    rw.inline_region_before(region, parent, Some(after));
    let values: Vec<ValueId> = rw.ir().operands(y).collect();
    rw.replace_op(op, &values);
    rw.erase_op(y);
    rw.merge_blocks(body, before, None, &[]);
    rw.merge_blocks(after, before, None, &[]);
    true
}
