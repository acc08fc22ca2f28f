//! The canonicalization patterns of `tensor.expand_shape` and
//! `tensor.collapse_shape` (upstream's `ReshapeOpsUtils` templates and
//! `TensorOps.cpp`): two reshapes of one kind compose into one
//! (`ComposeReassociativeReshapeOps`), an expand of a collapse or a
//! collapse of an expand becomes one reshape or a cast where the
//! reassociations line up (`ComposeExpandOfCollapseOp`,
//! `ComposeCollapseOfExpandOp`), a reshape of a `tensor.splat` or
//! `tensor.from_elements` rebuilds that op at the new shape, and a collapse
//! takes the source of a foldable `tensor.cast` (`FoldCollapseOfCastOp`).
//! Frontend lowerings (TOSA's `reshape`) produce such chains.

use super::fold::can_fold_cast_into_consumer;
use super::ops::{CastOp, CollapseShapeOp, ExpandShapeOp, FromElementsOp, SplatOp};
use super::types::{collapsed_type, reassociation, reassociation_attr};
use crate::reassociation::{collapsing_groups, compose_collapse_of_expand_groups, compose_reassociation_indices};
use ir::rewrite_api::PatternRewriter;
use ir::{InsertPoint, OpId, Type, ValueId, DYNAMIC};

/// The shape of a ranked tensor value.
fn shape_of(rw: &PatternRewriter<'_>, v: ValueId) -> Option<Vec<i64>> {
    rw.ir().ctx().shape(rw.ir().value_type(v)).map(<[i64]>::to_vec)
}

/// Builds `tensor.collapse_shape src groups : ... into ty` at `op`.
fn build_collapse(rw: &mut PatternRewriter<'_>, op: OpId, ty: Type, src: ValueId, groups: &[Vec<i64>]) -> ValueId {
    let ctx = rw.ir().ctx_arc().clone();
    let loc = rw.ir().op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    CollapseShapeOp::build(rw, loc, ty, src, Some(reassociation_attr(&ctx, groups))).result(rw.ir())
}

/// Builds `tensor.expand_shape src groups output_shape ...` at `op`, with
/// `op`'s output shape (an `expand_shape` being replaced).
fn build_expand_like(rw: &mut PatternRewriter<'_>, op: OpId, src: ValueId, groups: &[Vec<i64>]) -> Option<ValueId> {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let expand = ExpandShapeOp(op);
    let (loc, ty) = (ir.op_loc(op), ir.value_type(expand.result(ir)));
    let dynamic: Vec<ValueId> = expand.output_shape(ir).to_vec();
    let statics = ctx.dense_i64_array(expand.static_output_shape_attr(ir)?)?;
    rw.set_insertion_point(InsertPoint::Before(op));
    let attr = Some(reassociation_attr(&ctx, groups));
    Some(ExpandShapeOp::build(rw, loc, ty, src, &dynamic[..], attr, &statics[..]).result(rw.ir()))
}

/// `ComposeReassociativeReshapeOps` for `tensor.expand_shape`.
pub fn compose_expands(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(prev) = ir.defining_op(ExpandShapeOp(op).src(ir)).and_then(|d| ExpandShapeOp::cast(ir, d)) else {
        return false;
    };
    let (Some(outer), Some(inner)) = (reassociation(ir, prev.0), reassociation(ir, op)) else { return false };
    let Some(groups) = compose_reassociation_indices(&outer, &inner) else { return false };
    let src = prev.src(ir);
    let Some(v) = build_expand_like(rw, op, src, &groups) else { return false };
    rw.replace_op(op, &[v]);
    true
}

/// `ComposeReassociativeReshapeOps` for `tensor.collapse_shape`.
pub fn compose_collapses(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(prev) = ir.defining_op(CollapseShapeOp(op).src(ir)).and_then(|d| CollapseShapeOp::cast(ir, d)) else {
        return false;
    };
    let (Some(outer), Some(inner)) = (reassociation(ir, prev.0), reassociation(ir, op)) else { return false };
    let Some(groups) = compose_reassociation_indices(&outer, &inner) else { return false };
    let (src, ty) = (prev.src(ir), ir.value_type(ir.result(op, 0)));
    let v = build_collapse(rw, op, ty, src, &groups);
    rw.replace_op(op, &[v]);
    true
}

/// `ComposeCollapseOfExpandOp`: `collapse(expand(x))` becomes one collapse,
/// one expand, or a cast, when every group of the lower-rank side is a run
/// of whole groups of the higher-rank side.
pub fn compose_collapse_of_expand(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(expand) = ir.defining_op(CollapseShapeOp(op).src(ir)).and_then(|d| ExpandShapeOp::cast(ir, d)) else {
        return false;
    };
    let (src, result) = (expand.src(ir), ir.result(op, 0));
    let (src_ty, result_ty) = (ir.value_type(src), ir.value_type(result));
    if src_ty == result_ty {
        return false;
    }
    let (Some(src_shape), Some(result_shape)) = (shape_of(rw, src), shape_of(rw, result)) else { return false };
    let (Some(expand_groups), Some(collapse_groups)) = (reassociation(ir, expand.0), reassociation(ir, op)) else {
        return false;
    };
    let (higher, lower) = if src_shape.len() > result_shape.len() {
        (expand_groups, collapse_groups)
    } else {
        (collapse_groups, expand_groups)
    };
    let Some(composed) = compose_collapse_of_expand_groups(&higher, &lower) else { return false };
    let v = match src_shape.len().cmp(&result_shape.len()) {
        std::cmp::Ordering::Greater => build_collapse(rw, op, result_ty, src, &composed),
        std::cmp::Ordering::Less => {
            // An expand without output-shape operands: every result extent
            // static or derivable; upstream builds it from the result type.
            if result_shape.iter().filter(|&&d| d == DYNAMIC).count() > 0 {
                return false;
            }
            let ctx = rw.ir().ctx_arc().clone();
            let loc = rw.ir().op_loc(op);
            rw.set_insertion_point(InsertPoint::Before(op));
            let attr = Some(reassociation_attr(&ctx, &composed));
            ExpandShapeOp::build(rw, loc, result_ty, src, &[][..], attr, &result_shape[..]).result(rw.ir())
        }
        std::cmp::Ordering::Equal => {
            if src_shape != result_shape {
                return false;
            }
            let loc = rw.ir().op_loc(op);
            rw.set_insertion_point(InsertPoint::Before(op));
            CastOp::build(rw, loc, result_ty, src).dest(rw.ir())
        }
    };
    rw.replace_op(op, &[v]);
    true
}

/// `ComposeExpandOfCollapseOp`: `expand(collapse(x))` becomes one collapse
/// or one expand when the groups allow it.
pub fn compose_expand_of_collapse(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(collapse) = ir.defining_op(ExpandShapeOp(op).src(ir)).and_then(|d| CollapseShapeOp::cast(ir, d)) else {
        return false;
    };
    let (src, result) = (collapse.src(ir), ir.result(op, 0));
    let (src_ty, result_ty) = (ir.value_type(src), ir.value_type(result));
    if src_ty == result_ty {
        return false;
    }
    let (Some(src_shape), Some(result_shape)) = (shape_of(rw, src), shape_of(rw, result)) else { return false };
    let (Some(src_groups), Some(result_groups)) = (reassociation(ir, collapse.0), reassociation(ir, op)) else {
        return false;
    };
    let v = if src_shape.len() > result_shape.len() {
        let Some(groups) = collapsing_groups(&src_groups, &result_groups, &src_shape, &result_shape) else {
            return false;
        };
        build_collapse(rw, op, result_ty, src, &groups)
    } else {
        let Some(groups) = collapsing_groups(&result_groups, &src_groups, &result_shape, &src_shape) else {
            return false;
        };
        let Some(v) = build_expand_like(rw, op, src, &groups) else { return false };
        v
    };
    rw.replace_op(op, &[v]);
    true
}

/// `FoldReshapeWithSplat`: a reshape of a statically shaped `tensor.splat`
/// is a splat of the result type.
pub fn reshape_of_splat(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(splat) = ir.operands(op).next().and_then(|v| ir.defining_op(v)).and_then(|d| SplatOp::cast(ir, d)) else {
        return false;
    };
    let ctx = ir.ctx();
    if ctx.shape(ir.value_type(splat.aggregate(ir))).is_none_or(|s| s.contains(&DYNAMIC)) {
        return false;
    }
    let (loc, ty, input) = (ir.op_loc(op), ir.value_type(ir.result(op, 0)), splat.input(ir));
    rw.set_insertion_point(InsertPoint::Before(op));
    let v = SplatOp::build(rw, loc, ty, input, &[][..]).aggregate(rw.ir());
    rw.replace_op(op, &[v]);
    true
}

/// `FoldReshapeWithFromElements`: a statically shaped reshape of a
/// `tensor.from_elements` is a `tensor.from_elements` of the result type.
pub fn reshape_of_from_elements(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(from) = ir.operands(op).next().and_then(|v| ir.defining_op(v)).and_then(|d| FromElementsOp::cast(ir, d))
    else {
        return false;
    };
    let ty = ir.value_type(ir.result(op, 0));
    if ir.ctx().shape(ty).is_none_or(|s| s.contains(&DYNAMIC)) {
        return false;
    }
    let (loc, elements) = (ir.op_loc(op), from.elements(ir).to_vec());
    rw.set_insertion_point(InsertPoint::Before(op));
    let v = FromElementsOp::build(rw, loc, ty, &elements[..]).result(rw.ir());
    rw.replace_op(op, &[v]);
    true
}

/// `FoldCollapseOfCastOp`: a collapse of a cast that only erases static
/// information collapses the cast's source (cast back when the type
/// changes).
pub fn collapse_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(cast) = ir.defining_op(CollapseShapeOp(op).src(ir)).filter(|&c| CastOp::matches(ir, c)) else {
        return false;
    };
    if !can_fold_cast_into_consumer(ir, cast) {
        return false;
    }
    let ctx = ir.ctx_arc().clone();
    let source = CastOp(cast).source(ir);
    let Some(groups) = reassociation(ir, op) else { return false };
    let Some(new_ty) = collapsed_type(&ctx, ir.value_type(source), &groups) else { return false };
    let result_ty = ir.value_type(ir.result(op, 0));
    if new_ty == result_ty {
        rw.modify_in_place(op, |ir| ir.set_operand(op, 0, source));
        return true;
    }
    let collapsed = build_collapse(rw, op, new_ty, source, &groups);
    let loc = rw.ir().op_loc(op);
    let v = CastOp::build(rw, loc, result_ty, collapsed).dest(rw.ir());
    rw.replace_op(op, &[v]);
    true
}
