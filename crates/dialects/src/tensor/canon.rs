//! The tensor dialect's canonicalization patterns (upstream's
//! `getCanonicalizationPatterns`): chained casts and bitcasts, single-input
//! concats, constant slice arguments made static, and slices of foldable
//! casts. Every rewrite goes through the rewriter.

use super::build::{build_extract_slice, build_insert_slice, MixedSlice, SliceType};
use super::fold::{can_fold_cast_into_consumer, def_of};
use super::ops::{BitcastOp, CastOp, ConcatOp, ExtractSliceOp, InsertSliceOp};
use super::types::canonical_rank_reduced_type;
use crate::static_dynamic::SliceParams;
use ir::interfaces::OpFoldSize;
use ir::rewrite_api::PatternRewriter;
use ir::{Context, InsertPoint, Ir, OpId, Type, DYNAMIC};

/// The offsets, sizes and strides of a slice with constant operands folded
/// into static entries; `None` when nothing folds.
fn folded_slice_lists(ir: &Ir, p: &SliceParams) -> Option<[Vec<OpFoldSize>; 3]> {
    let (mut offsets, mut sizes, mut strides) = (p.mixed_offsets()?, p.mixed_sizes()?, p.mixed_strides()?);
    let a = crate::memref::fold_constant_entries(ir, &mut offsets, true);
    let b = crate::memref::fold_constant_entries(ir, &mut sizes, true);
    let c = crate::memref::fold_constant_entries(ir, &mut strides, false);
    (a || b || c).then_some([offsets, sizes, strides])
}

/// `value`, or a `tensor.cast` of it to `ty` built before the op being
/// rewritten when its type differs.
fn cast_if_needed(rw: &mut PatternRewriter<'_>, loc: ir::Location, value: ir::ValueId, ty: Type) -> ir::ValueId {
    if rw.ir().value_type(value) == ty {
        return value;
    }
    CastOp::build(rw, loc, ty, value).dest(rw.ir())
}

/// `OpWithOffsetSizesAndStridesConstantArgumentFolder` on `extract_slice`:
/// constant offsets, sizes and strides become static; the new slice has the
/// canonical rank-reduced type and a `tensor.cast` restores the old one.
pub(crate) fn extract_slice_constant_args(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let slice = ExtractSliceOp(op);
    let Some([offsets, sizes, strides]) = folded_slice_lists(ir, &slice.params(ir)) else { return false };
    let (source, old_ty) = (slice.source(ir), ir.value_type(slice.result(ir)));
    let Some(rank) = ir.ctx().shape(old_ty).map(<[i64]>::len) else { return false };
    let loc = ir.op_loc(op);
    let mixed = MixedSlice { offsets: &offsets, sizes: &sizes, strides: &strides };
    // Check the type first so nothing is created when the rewrite fails.
    let ctx = ir.ctx_arc().clone();
    let static_sizes: Vec<i64> = static_entries(&sizes);
    if canonical_rank_reduced_type(&ctx, ir.value_type(source), &static_sizes, rank).is_none() {
        return false;
    }
    rw.set_insertion_point(InsertPoint::Before(op));
    let Some(new) = build_extract_slice(rw, loc, source, mixed, SliceType::RankReduced(rank)) else { return false };
    let replacement = cast_if_needed(rw, loc, new, old_ty);
    rw.replace_op(op, &[replacement]);
    true
}

/// The static entries of a mixed list, [`DYNAMIC`] for values.
fn static_entries(mixed: &[OpFoldSize]) -> Vec<i64> {
    mixed
        .iter()
        .map(|s| match s {
            OpFoldSize::Static(v) => *v,
            OpFoldSize::Value(_) => DYNAMIC,
        })
        .collect()
}

/// `ExtractSliceOpCastFolder`: a slice of a foldable `tensor.cast` slices
/// the cast's source instead (same result type). Slices with a constant
/// index operand are left to the constant-argument folder.
pub(crate) fn extract_slice_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let index = ir.ctx().index_ty();
    let has_const_index = ir.operands(op).any(|v| {
        ir.value_type(v) == index
            && ir.defining_op(v).is_some_and(|d| ir.has_trait(d, ir::OpTraits::CONSTANT_LIKE))
            && crate::util::const_int(ir, v).is_some()
    });
    if has_const_index || ir.num_operands(op) == 0 {
        return false;
    }
    let src = ExtractSliceOp(op).source(ir);
    let Some(cast) = ir.defining_op(src).filter(|&c| can_fold_cast_into_consumer(ir, c)) else { return false };
    let cast_src = CastOp(cast).source(ir);
    let mut map = ir::IrMapping::default();
    map.map_value(src, cast_src);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = rw.clone_op(op, &mut map);
    let v = ExtractSliceOp(new).result(rw.ir());
    rw.replace_op(op, &[v]);
    true
}

/// `InsertSliceOpConstantArgumentFolder`: constant offsets, sizes and
/// strides become static; the source is cast to the canonical slice type
/// when that changes.
pub(crate) fn insert_slice_constant_args(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let slice = InsertSliceOp(op);
    let Some([offsets, sizes, strides]) = folded_slice_lists(ir, &slice.params(ir)) else { return false };
    let (source, dest) = (slice.source(ir), slice.dest(ir));
    let src_ty = ir.value_type(source);
    let ctx: std::sync::Arc<Context> = ir.ctx_arc().clone();
    let Some(rank) = ctx.shape(src_ty).map(<[i64]>::len) else { return false };
    let static_sizes = static_entries(&sizes);
    let Some(want) = canonical_rank_reduced_type(&ctx, ir.value_type(dest), &static_sizes, rank) else { return false };
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let to_insert = cast_if_needed(rw, loc, source, want);
    let mixed = MixedSlice { offsets: &offsets, sizes: &sizes, strides: &strides };
    let new = build_insert_slice(rw, loc, to_insert, dest, mixed);
    rw.replace_op(op, &[new]);
    true
}

/// MLIR's `joinShapes`: the more static of two compatible shapes.
fn join_shapes(ctx: &Context, one: Type, two: Type) -> Option<Type> {
    let (Some(a), Some(b)) = (ctx.shape(one), ctx.shape(two)) else {
        return Some(if ctx.shape(one).is_none() { two } else { one });
    };
    if a.len() != b.len() {
        return None;
    }
    let mut join = Vec::with_capacity(a.len());
    for (&x, &y) in a.iter().zip(b) {
        if x == DYNAMIC {
            join.push(y);
        } else if y == DYNAMIC || x == y {
            join.push(x);
        } else {
            return None;
        }
    }
    Some(ctx.tensor_ty(&join, ctx.element_type(one)?))
}

/// `FoldEmptyTensorWithDimOp`: `tensor.dim` of a dynamic extent of a
/// `tensor.empty`, at a constant index, becomes the size operand that
/// gives it. (A pattern, not part of `tensor.dim`'s folder, as upstream:
/// `createOrFold` of a `tensor.dim` leaves it.)
pub fn dim_of_empty(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(empty) = ir.defining_op(ir.operand(op, 0)).and_then(|d| super::EmptyOp::cast(ir, d)) else { return false };
    let Some(idx) = crate::util::const_int(ir, ir.operand(op, 1)).and_then(|i| usize::try_from(i).ok()) else {
        return false;
    };
    let Some(shape) = ir.ctx().shape(ir.value_type(empty.result(ir))) else { return false };
    if shape.get(idx) != Some(&DYNAMIC) {
        return false;
    }
    let k = shape[..idx].iter().filter(|&&d| d == DYNAMIC).count();
    let Some(size) = empty.dynamic_sizes(ir).get(k) else { return false };
    rw.replace_op(op, &[size]);
    true
}

/// `ChainedTensorCast`: `cast(cast(x))` becomes `cast(x)` when the
/// intermediate type adds no runtime check.
pub fn chained_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let outer = CastOp(op);
    let Some(inner) = def_of(ir, outer.source(ir), CastOp::NAME).map(CastOp) else { return false };
    if ir.num_operands(inner.0) != 1 {
        return false;
    }
    let ctx = ir.ctx();
    let src = ir.value_type(inner.source(ir));
    let mid = ir.value_type(inner.dest(ir));
    let res = ir.value_type(outer.dest(ir));
    let Some(first) = join_shapes(ctx, src, mid).and_then(|j| join_shapes(ctx, j, res)) else { return false };
    if join_shapes(ctx, src, res) != Some(first) {
        return false;
    }
    let v = inner.source(ir);
    let slot = outer.source_operand(ir);
    rw.modify_in_place(op, |ir| ir.set_use_value(slot, v));
    true
}

/// `ChainedTensorBitcast`: `bitcast(bitcast(x))` becomes `bitcast(x)`.
pub fn chained_bitcast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let outer = BitcastOp(op);
    let Some(inner) = def_of(ir, outer.source(ir), BitcastOp::NAME).map(BitcastOp) else { return false };
    if ir.num_operands(inner.0) != 1 {
        return false;
    }
    let v = inner.source(ir);
    let slot = outer.source_operand(ir);
    rw.modify_in_place(op, |ir| ir.set_use_value(slot, v));
    true
}

/// `SingleInputConcatOp`: a one-input concat becomes a `tensor.cast`.
pub fn single_input_concat(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let concat = ConcatOp(op);
    let (v, ty, loc) = (concat.inputs(ir).get(0), ir.value_type(concat.result(ir)), ir.op_loc(op));
    let Some(v) = v else { return false };
    rw.set_insertion_point(InsertPoint::Before(op));
    let c = CastOp::build(rw, loc, ty, v).dest(rw.ir());
    rw.replace_op(op, &[c]);
    true
}
