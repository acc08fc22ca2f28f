//! `tensor.pad`'s folder and canonicalization patterns (upstream's
//! `PadOp::fold` and `PadOp::getCanonicalizationPatterns`): an identity pad
//! of a static type is its source, an all-zero pad is a cast, casts on
//! either side fold into the pad when they add static information, two
//! orthogonal slice-and-pad steps become one, and constant padding
//! operands become static entries. Every rewrite goes through the
//! rewriter.

use super::fold::{can_fold_cast_into_consumer, preserves_static_information};
use super::ops::{pad_mixed_high, pad_mixed_low, CastOp, PadOp};
use super::types::tensor_parts;
use ir::interfaces::OpFoldSize;
use ir::rewrite_api::PatternRewriter;
use ir::{Attribute, FoldOutcome, InsertPoint, Ir, OpId, Type, ValueId, DYNAMIC};

/// `PadOp::fold`: a pad whose static result type equals its source type is
/// its source, unless it is `nofold`.
pub(super) fn fold_pad(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if !well_formed(ir, op) {
        return FoldOutcome::Failure;
    }
    let pad = PadOp(op);
    let (src, res) = (pad.source(ir), pad.result(ir));
    let ty = ir.value_type(res);
    if ir.ctx().has_static_shape(ty) && ty == ir.value_type(src) && !pad.nofold(ir) {
        return FoldOutcome::Results(smallvec::smallvec![ir::OpFoldResult::Value(src)]);
    }
    FoldOutcome::Failure
}

/// The pad has its operands, one result and one region.
fn well_formed(ir: &Ir, op: OpId) -> bool {
    ir.num_operands(op) >= 1 && ir.num_results(op) == 1 && ir.regions(op).len() == 1
}

/// Builds a `tensor.pad` of type `ty` before `old`, with its padding lists
/// and `nofold`, and moves `old`'s body into it (`old` is replaced next).
#[allow(clippy::too_many_arguments)]
fn build_pad_like(
    rw: &mut PatternRewriter<'_>,
    old: PadOp,
    ty: Type,
    source: ValueId,
    static_low: &[i64],
    static_high: &[i64],
    low: &[ValueId],
    high: &[ValueId],
) -> ValueId {
    let ir = rw.ir();
    let (loc, nofold, old_region) = (ir.op_loc(old.0), old.nofold(ir), ir.region(old.0, 0));
    rw.set_insertion_point(InsertPoint::Before(old.0));
    let new = PadOp::build(rw, loc, ty, source, low, high, nofold, static_high, static_low, 1);
    let new_region = rw.ir().region(new.0, 0);
    rw.inline_region_before(old_region, new_region, None);
    new.result(rw.ir())
}

/// `FoldStaticZeroPadding`: a pad whose low and high paddings are all the
/// constant 0 is a `tensor.cast` of its source (unless `nofold`).
pub(super) fn fold_static_zero_padding(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if !well_formed(ir, op) {
        return false;
    }
    let pad = PadOp(op);
    let zero = |l: Option<Vec<OpFoldSize>>| l.is_some_and(|l| l.iter().all(|s| *s == OpFoldSize::Static(0)));
    if !zero(pad_mixed_low(ir, pad)) || !zero(pad_mixed_high(ir, pad)) || pad.nofold(ir) {
        return false;
    }
    let (loc, ty, src) = (ir.op_loc(op), ir.value_type(pad.result(ir)), pad.source(ir));
    rw.set_insertion_point(InsertPoint::Before(op));
    let cast = CastOp::build(rw, loc, ty, src).dest(rw.ir());
    rw.replace_op(op, &[cast]);
    true
}

/// `PadOp::inferResultType` with a result shape: each extent the source
/// and static paddings fix, else the result shape's extent.
fn infer_pad_type(ir: &Ir, source: Type, low: &[i64], high: &[i64], result_shape: &[i64]) -> Option<Type> {
    let ctx = ir.ctx();
    let (shape, elem, _) = tensor_parts(ctx, source)?;
    if low.len() != shape.len() || high.len() != shape.len() || result_shape.len() != shape.len() {
        return None;
    }
    let dims: Vec<i64> = (0..shape.len())
        .map(|i| {
            if shape[i] == DYNAMIC || low[i] == DYNAMIC || high[i] == DYNAMIC {
                result_shape[i]
            } else {
                shape[i].saturating_add(low[i]).saturating_add(high[i])
            }
        })
        .collect();
    Some(ctx.tensor_ty(&dims, elem))
}

/// `FoldSourceTensorCast`: a pad of a `tensor.cast` that only erases static
/// information pads the cast's source; when that makes the result more
/// static, a cast restores the old type.
pub(super) fn fold_source_tensor_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if !well_formed(ir, op) {
        return false;
    }
    let pad = PadOp(op);
    let Some(cast) = ir.defining_op(pad.source(ir)).filter(|&c| can_fold_cast_into_consumer(ir, c)) else {
        return false;
    };
    let cast_src = CastOp(cast).source(ir);
    let old_ty = ir.value_type(pad.result(ir));
    let Some(result_shape) = ir.ctx().shape(old_ty).map(<[i64]>::to_vec) else { return false };
    let (static_low, static_high) = (pad.static_low(ir), pad.static_high(ir));
    let Some(new_ty) = infer_pad_type(ir, ir.value_type(cast_src), &static_low, &static_high, &result_shape) else {
        return false;
    };
    if new_ty == old_ty {
        let slot = pad.source_operand(ir);
        rw.modify_in_place(op, |ir| ir.set_use_value(slot, cast_src));
        return true;
    }
    // As upstream, the new pad keeps the old (cast) source.
    let (low, high) = (pad.low(ir).to_vec(), pad.high(ir).to_vec());
    let (source, loc) = (pad.source(ir), ir.op_loc(op));
    let new = build_pad_like(rw, pad, new_ty, source, &static_low, &static_high, &low, &high);
    let back = CastOp::build(rw, loc, old_ty, new).dest(rw.ir());
    rw.replace_op(op, &[back]);
    true
}

/// `FoldTargetTensorCast`: a pad whose only use is a `tensor.cast` that
/// adds static information becomes a pad of the cast's type.
pub(super) fn fold_target_tensor_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if !well_formed(ir, op) {
        return false;
    }
    let pad = PadOp(op);
    let res = pad.result(ir);
    if !ir.has_one_use(res) {
        return false;
    }
    let Some(cast) = ir.users(res).next().filter(|&u| CastOp::matches(ir, u) && ir.num_results(u) == 1) else {
        return false;
    };
    let cast_ty = ir.value_type(CastOp(cast).dest(ir));
    if !preserves_static_information(ir.ctx(), ir.value_type(res), cast_ty) {
        return false;
    }
    let (static_low, static_high) = (pad.static_low(ir), pad.static_high(ir));
    let (low, high, source) = (pad.low(ir).to_vec(), pad.high(ir).to_vec(), pad.source(ir));
    let new = build_pad_like(rw, pad, cast_ty, source, &static_low, &static_high, &low, &high);
    rw.replace_op(cast, &[new]);
    rw.erase_op(op);
    true
}

/// `FoldStaticPadding`: constant padding operands become static entries
/// and the result type takes the extents they fix; a cast restores the old
/// type. Nothing happens unless some extent becomes static.
pub(super) fn fold_static_padding(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if !well_formed(ir, op) {
        return false;
    }
    let pad = PadOp(op);
    let ctx = ir.ctx();
    let source = pad.source(ir);
    let old_ty = ir.value_type(pad.result(ir));
    let (Some((in_dims, _, _)), Some((out_dims, elem, _))) =
        (tensor_parts(ctx, ir.value_type(source)), tensor_parts(ctx, old_ty))
    else {
        return false;
    };
    let (in_dims, out_dims) = (in_dims.to_vec(), out_dims.to_vec());
    let constant = |v: ValueId| crate::util::const_int(ir, v).and_then(|c| i64::try_from(c).ok());
    // Upstream fills each dynamic static entry from the matching operand.
    let fill = |statics: &[i64], values: &[ValueId], kept: &mut Vec<ValueId>| -> Option<Vec<i64>> {
        let mut it = values.iter();
        let mut out = Vec::with_capacity(statics.len());
        for &s in statics {
            if s != DYNAMIC {
                out.push(s);
                continue;
            }
            let &v = it.next()?;
            match constant(v) {
                Some(c) => out.push(c),
                None => {
                    kept.push(v);
                    out.push(DYNAMIC);
                }
            }
        }
        Some(out)
    };
    let (mut new_low, mut new_high) = (Vec::new(), Vec::new());
    let Some(static_low) = fill(&pad.static_low(ir), &pad.low(ir).to_vec(), &mut new_low) else { return false };
    let Some(static_high) = fill(&pad.static_high(ir), &pad.high(ir).to_vec(), &mut new_high) else { return false };
    let rank = in_dims.len();
    if out_dims.len() != rank || static_low.len() != rank || static_high.len() != rank {
        return false;
    }
    let new_dims: Vec<i64> = (0..rank)
        .map(|i| {
            if out_dims[i] != DYNAMIC {
                out_dims[i]
            } else if static_low[i] == DYNAMIC || static_high[i] == DYNAMIC || in_dims[i] == DYNAMIC {
                DYNAMIC
            } else {
                in_dims[i] + static_low[i] + static_high[i]
            }
        })
        .collect();
    if new_dims == out_dims || new_dims.iter().all(|&d| d == DYNAMIC) {
        return false;
    }
    let new_ty = ctx.tensor_ty(&new_dims, elem);
    let loc = ir.op_loc(op);
    let new = build_pad_like(rw, pad, new_ty, source, &static_low, &static_high, &new_low, &new_high);
    let back = CastOp::build(rw, loc, old_ty, new).dest(rw.ir());
    rw.replace_op(op, &[back]);
    true
}

/// `FoldOrthogonalPaddings`: `pad(extract_slice(pad(extract_slice(x))))`,
/// each pad padding only high, with the same constant, on dimensions the
/// other leaves alone, and unit-stride slices, is one slice of `x` and one
/// pad: for each dimension the offset of the slice whose pad leaves it
/// alone with a zero offset, the outer slice's size where the outer pad
/// pads (the inner slice must take that whole padded extent), and the
/// padding of whichever pad pads it.
pub(super) fn fold_orthogonal_paddings(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    use super::build::{build_extract_slice, MixedSlice, SliceType};
    use super::ops::{pad_constant_padding_value, ExtractSliceOp};
    let ir = rw.ir();
    if !well_formed(ir, op) {
        return false;
    }
    let pad = PadOp(op);
    let slice_of = |v: ValueId| ir.defining_op(v).and_then(|d| ExtractSliceOp::cast(ir, d));
    let Some(inner_slice) = slice_of(pad.source(ir)) else { return false };
    let Some(outer_pad) = ir.defining_op(inner_slice.source(ir)).and_then(|d| PadOp::cast(ir, d)) else {
        return false;
    };
    if outer_pad.nofold(ir) || !well_formed(ir, outer_pad.0) {
        return false;
    }
    let Some(outer_slice) = slice_of(outer_pad.source(ir)) else { return false };
    let ctx = ir.ctx();
    let rank_of = |v: ValueId| ctx.shape(ir.value_type(v)).map(<[i64]>::len);
    let rank = rank_of(pad.source(ir));
    if rank.is_none() || rank_of(outer_slice.source(ir)) != rank {
        return false;
    }
    let constant = |m: OpFoldSize| match m {
        OpFoldSize::Static(s) => Some(i128::from(s)),
        OpFoldSize::Value(v) => crate::util::const_int(ir, v),
    };
    let (Some(inner), Some(outer)) = (slice_lists(ir, inner_slice), slice_lists(ir, outer_slice)) else { return false };
    if inner.2.iter().chain(&outer.2).any(|&s| constant(s) != Some(1)) {
        return false;
    }
    let (Some(low), Some(high)) = (pad_mixed_low(ir, pad), pad_mixed_high(ir, pad)) else { return false };
    let (Some(outer_low), Some(outer_high)) = (pad_mixed_low(ir, outer_pad), pad_mixed_high(ir, outer_pad)) else {
        return false;
    };
    if low.iter().chain(&outer_low).any(|&l| constant(l) != Some(0)) {
        return false;
    }
    let value_attr = |p: PadOp| pad_constant_padding_value(ir, p).and_then(|v| crate::util::const_attr(ir, v));
    match (value_attr(pad), value_attr(outer_pad)) {
        (Some(a), Some(b)) if a == b => {}
        _ => return false,
    }
    let padded = |l: &[OpFoldSize], h: &[OpFoldSize], i: usize| constant(l[i]) != Some(0) || constant(h[i]) != Some(0);
    let n = low.len();
    if [&high, &outer_low, &outer_high, &inner.0, &inner.1, &outer.0, &outer.1].iter().any(|l| l.len() != n) {
        return false;
    }
    let inner_dims: Vec<bool> = (0..n).map(|i| padded(&low, &high, i)).collect();
    let outer_dims: Vec<bool> = (0..n).map(|i| padded(&outer_low, &outer_high, i)).collect();
    if (0..n).any(|i| inner_dims[i] && outer_dims[i]) {
        return false;
    }
    let mut offsets = Vec::with_capacity(n);
    for i in 0..n {
        if !inner_dims[i] && constant(inner.0[i]) == Some(0) {
            offsets.push(outer.0[i]);
        } else if !outer_dims[i] && constant(outer.0[i]) == Some(0) {
            offsets.push(inner.0[i]);
        } else {
            return false;
        }
    }
    let inner_src_shape = ctx.shape(ir.value_type(inner_slice.source(ir))).unwrap_or(&[]).to_vec();
    let mut sizes = inner.1.clone();
    for i in (0..n).filter(|&i| outer_dims[i]) {
        if inner_src_shape.get(i).map(|&d| i128::from(d)) != constant(inner.1[i]) {
            return false;
        }
        sizes[i] = outer.1[i];
    }
    let new_high: Vec<OpFoldSize> = (0..n)
        .map(|i| match (inner_dims[i], outer_dims[i]) {
            (_, true) => outer_high[i],
            (true, false) => high[i],
            _ => OpFoldSize::Static(0),
        })
        .collect();
    let (loc, ty, source) = (ir.op_loc(op), ir.value_type(pad.result(ir)), outer_slice.source(ir));
    rw.set_insertion_point(InsertPoint::Before(op));
    let slice = MixedSlice { offsets: &offsets, sizes: &sizes, strides: &inner.2 };
    let Some(new_source) = build_extract_slice(rw, loc, source, slice, SliceType::Inferred) else { return false };
    let (dl, sl) = crate::static_dynamic::dispatch_mixed(&low);
    let (dh, sh) = crate::static_dynamic::dispatch_mixed(&new_high);
    let new = build_pad_like(rw, pad, ty, new_source, &sl, &sh, &dl, &dh);
    rw.replace_op(op, &[new]);
    true
}

/// The mixed offsets, sizes and strides of a slice.
fn slice_lists(ir: &Ir, s: super::ops::ExtractSliceOp) -> Option<(Vec<OpFoldSize>, Vec<OpFoldSize>, Vec<OpFoldSize>)> {
    Some((s.mixed_offsets(ir)?, s.mixed_sizes(ir)?, s.mixed_strides(ir)?))
}
