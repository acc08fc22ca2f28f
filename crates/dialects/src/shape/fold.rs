//! The folders of the `shape` ops (Shape.cpp's `fold` methods, and the
//! identity fold that `CastOpInterface` adds to `size_to_index` and
//! `to_extent_tensor`), and the broadcasting rules they share with the
//! canonicalization patterns (`OpTrait::util::getBroadcastedShape`,
//! `staticallyKnownBroadcastable`).

use super::ops::{ConstShapeOp, ConstSizeOp, ConstWitnessOp, CstrBroadcastableOp, DimOp, GetExtentOp, ShapeOfOp};
use super::{extents, index_tensor_attr};
use ir::{AttrKind, Attribute, Context, FoldOutcome, Ir, OpFoldResult, OpId, ValueId, DYNAMIC};

fn attr(a: Attribute) -> FoldOutcome {
    FoldOutcome::Results(vec![OpFoldResult::Attr(a)].into())
}

fn value(v: ValueId) -> FoldOutcome {
    FoldOutcome::Results(vec![OpFoldResult::Value(v)].into())
}

fn int(ctx: &Context, a: Option<Attribute>) -> Option<i64> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { .. } => ctx.int_value(a?).map(|v| v as i64),
        _ => None,
    }
}

fn shape_attr(ctx: &Context, a: Option<Attribute>) -> Option<Vec<i64>> {
    extents(ctx, a?)
}

/// `OpTrait::util::getBroadcastedShape`.
pub(super) fn broadcasted_shape(a: &[i64], b: &[i64]) -> Option<Vec<i64>> {
    let mut out = if a.len() > b.len() { a.to_vec() } else { b.to_vec() };
    let n = out.len();
    for (k, (&x, &y)) in a.iter().rev().zip(b.iter().rev()).enumerate() {
        let r = &mut out[n - 1 - k];
        if x == DYNAMIC || y == DYNAMIC {
            *r = if x > 1 {
                x
            } else if y > 1 || x == 1 {
                y
            } else if y == 1 {
                x
            } else {
                DYNAMIC
            };
        } else if x == y || y == 1 {
            *r = x;
        } else if x == 1 {
            *r = y;
        } else {
            return None;
        }
    }
    Some(out)
}

/// `OpTrait::util::staticallyKnownBroadcastable`.
pub(super) fn statically_known_broadcastable(shapes: &[Vec<i64>]) -> bool {
    let max_rank = shapes.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..max_rank {
        let mut seen_dynamic = false;
        let mut non_one: Option<i64> = None;
        for s in shapes {
            let d = if i >= s.len() { 1 } else { s[s.len() - i - 1] };
            if d == 1 {
                continue;
            }
            if d == DYNAMIC {
                if seen_dynamic || non_one.is_some() {
                    return false;
                }
                seen_dynamic = true;
            }
            if non_one.is_some_and(|n| n != d) {
                return false;
            }
            non_one = Some(d);
        }
    }
    true
}

/// `shape::getShapeVec`: the extents of a `shape_of` of a ranked value or
/// of a constant.
pub(super) fn shape_vec(ir: &Ir, v: ValueId) -> Option<Vec<i64>> {
    let ctx = ir.ctx();
    if let Some(s) = ir.defining_op(v).and_then(|d| ShapeOfOp::cast(ir, d)) {
        return ctx.shape(ir.value_type(s.arg(ir))).map(<[i64]>::to_vec);
    }
    let c = super::constant_of(ir, v)?;
    extents(ctx, c)
}

/// The constant value of a dimension operand: a `shape.const_size` or an
/// `arith.constant` (upstream's `getConstantIndex` / `getConstantDim`).
fn constant_dim(ir: &Ir, v: ValueId) -> Option<i64> {
    let d = ir.defining_op(v)?;
    if let Some(c) = ConstSizeOp::cast(ir, d) {
        return c.value(ir);
    }
    if ir.op_name_str(d) == "arith.constant" {
        return int(ir.ctx(), ir.attr(d, "value"));
    }
    None
}

pub(super) fn fold_add(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    if int(ctx, c[1]) == Some(0) {
        return value(ir.operand(op, 0));
    }
    // `constFoldBinaryOp`: a poison operand is the result.
    if let Some(p) = crate::ub::first_poison(ctx, c) {
        return attr(p);
    }
    match (int(ctx, c[0]), int(ctx, c[1])) {
        (Some(a), Some(b)) => attr(ctx.index_attr(a.wrapping_add(b))),
        _ => FoldOutcome::Failure,
    }
}

pub(super) fn fold_mul(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    match (int(ctx, c[0]), int(ctx, c[1])) {
        (Some(a), Some(b)) => attr(ctx.index_attr(a.wrapping_mul(b))),
        _ => FoldOutcome::Failure,
    }
}

/// Floor division (`APInt::sdivrem`, then one less for a negative inexact
/// quotient).
pub(super) fn fold_div(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    match (int(ctx, c[0]), int(ctx, c[1])) {
        (Some(a), Some(b)) if b != 0 => {
            let (mut q, r) = (a.wrapping_div(b), a.wrapping_rem(b));
            if q < 0 && r != 0 {
                q -= 1;
            }
            attr(ctx.index_attr(q))
        }
        _ => FoldOutcome::Failure,
    }
}

pub(super) fn fold_any(_: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    match c.last() {
        Some(Some(a)) => attr(*a),
        _ => FoldOutcome::Failure,
    }
}

/// The trailing constant witnesses are dropped; a false one is the result;
/// all true gives true.
pub(super) fn fold_assuming_all(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let mut changed = false;
    for idx in (0..c.len()).rev() {
        let Some(a) = c[idx] else {
            return if changed { FoldOutcome::InPlace } else { FoldOutcome::Failure };
        };
        ir.erase_operand(op, idx);
        changed = true;
        if matches!(ir.ctx().attr_kind(a), AttrKind::Bool(false)) {
            return attr(a);
        }
    }
    attr(ir.ctx().bool_attr(true))
}

pub(super) fn fold_broadcast(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    if c.len() == 1 {
        let v = ir.operand(op, 0);
        return if ir.value_type(v) == ir.result_types(op)[0] { value(v) } else { FoldOutcome::Failure };
    }
    if c.len() != 2 {
        return FoldOutcome::Failure;
    }
    let (Some(a), Some(b)) = (shape_attr(ctx, c[0]), shape_attr(ctx, c[1])) else { return FoldOutcome::Failure };
    match broadcasted_shape(&a, &b) {
        Some(s) => attr(index_tensor_attr(ctx, &s)),
        None => FoldOutcome::Failure,
    }
}

pub(super) fn fold_concat(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let (Some(mut a), Some(b)) = (shape_attr(ctx, c[0]), shape_attr(ctx, c[1])) else { return FoldOutcome::Failure };
    a.extend(b);
    attr(index_tensor_attr(ctx, &a))
}

pub(super) fn fold_const_shape(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    ConstShapeOp(op).shape(ir).map_or(FoldOutcome::Failure, attr)
}

pub(super) fn fold_const_size(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    ir.attr(op, "value").map_or(FoldOutcome::Failure, attr)
}

/// A constant witness folds to its `passing` attribute.
pub(super) fn fold_const_witness(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    ConstWitnessOp(op).passing_attr(ir).map_or(FoldOutcome::Failure, attr)
}

pub(super) fn fold_cstr_broadcastable(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let truth = || attr(ctx.bool_attr(true));
    // At most one operand that is not a constant empty shape.
    let non_scalar = c.iter().filter(|a| a.is_none_or(|a| extents(ctx, a).is_none_or(|e| !e.is_empty()))).count();
    if non_scalar <= 1 {
        return truth();
    }
    let consts: Option<Vec<Vec<i64>>> = c.iter().map(|&a| shape_attr(ctx, a)).collect();
    if consts.is_some_and(|s| statically_known_broadcastable(&s)) {
        return truth();
    }
    let known: Option<Vec<Vec<i64>>> = CstrBroadcastableOp(op).shapes(ir).iter().map(|v| shape_vec(ir, v)).collect();
    if known.is_some_and(|s| statically_known_broadcastable(&s)) {
        return truth();
    }
    FoldOutcome::Failure
}

pub(super) fn fold_cstr_eq(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let first = c.first().copied().flatten();
    if c.iter().all(|a| a.is_some() && *a == first) {
        return attr(ir.ctx().bool_attr(true));
    }
    FoldOutcome::Failure
}

pub(super) fn fold_cstr_require(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    match c[0].map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Bool(_)) => attr(c[0].unwrap_or_else(|| ctx.unit_attr())),
        Some(AttrKind::Integer { .. }) => {
            attr(ctx.bool_attr(ctx.int_value(c[0].unwrap_or_else(|| ctx.unit_attr())) != Some(0)))
        }
        _ => FoldOutcome::Failure,
    }
}

pub(super) fn fold_dim(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let d = DimOp(op);
    let Some(shape) = ctx.shape(ir.value_type(d.value(ir))) else { return FoldOutcome::Failure };
    let Some(i) = constant_dim(ir, d.index(ir)) else { return FoldOutcome::Failure };
    match usize::try_from(i).ok().and_then(|i| shape.get(i)) {
        Some(&e) if e != DYNAMIC => attr(ctx.index_attr(e)),
        _ => FoldOutcome::Failure,
    }
}

pub(super) fn fold_from_extents(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let ints: Option<Vec<i64>> = c.iter().map(|&a| int(ctx, a)).collect();
    ints.map_or(FoldOutcome::Failure, |v| attr(index_tensor_attr(ctx, &v)))
}

pub(super) fn fold_get_extent(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let Some(e) = shape_attr(ctx, c[0]) else { return FoldOutcome::Failure };
    let Some(i) = constant_dim(ir, GetExtentOp(op).dim(ir)) else { return FoldOutcome::Failure };
    match usize::try_from(i).ok().and_then(|i| e.get(i)) {
        Some(&x) => attr(ctx.index_attr(x)),
        None => FoldOutcome::Failure,
    }
}

/// `index_to_size`: a constant operand is the result.
pub(super) fn fold_forward_constant(_: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    c[0].map_or(FoldOutcome::Failure, attr)
}

pub(super) fn fold_is_broadcastable(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if c.len() < 2 {
        return attr(ir.ctx().bool_attr(true));
    }
    FoldOutcome::Failure
}

/// `max` / `min` of a value with itself.
pub(super) fn fold_same_operands(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let (a, b) = (ir.operand(op, 0), ir.operand(op, 1));
    if a == b {
        value(a)
    } else {
        FoldOutcome::Failure
    }
}

pub(super) fn fold_num_elements(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let Some(e) = shape_attr(ctx, c[0]) else { return FoldOutcome::Failure };
    attr(ctx.index_attr(e.iter().fold(1i64, |acc, &x| acc.wrapping_mul(x))))
}

pub(super) fn fold_rank(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let Some(e) = shape_attr(ctx, c[0]) else { return FoldOutcome::Failure };
    attr(ctx.index_attr(e.len() as i64))
}

pub(super) fn fold_shape_eq(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if c.iter().any(Option::is_none) {
        return FoldOutcome::Failure;
    }
    let all_same = c.iter().all(|a| *a == c[0]);
    attr(ir.ctx().bool_attr(all_same))
}

/// `CastOpInterface`'s fold: a cast to its operand's own type is the
/// operand.
fn fold_identity_cast(ir: &Ir, op: OpId) -> FoldOutcome {
    let v = ir.operand(op, 0);
    if ir.value_type(v) == ir.result_types(op)[0] {
        value(v)
    } else {
        FoldOutcome::Failure
    }
}

pub(super) fn fold_size_to_index(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    match c[0] {
        Some(a) => attr(a),
        None => fold_identity_cast(ir, op),
    }
}

pub(super) fn fold_split_at(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let (Some(shape), Some(mut at)) = (shape_attr(ctx, c[0]), int(ctx, c[1])) else { return FoldOutcome::Failure };
    let rank = shape.len() as i64;
    if -rank > at || at > rank {
        return FoldOutcome::Failure;
    }
    if at < 0 {
        at += rank;
    }
    let (head, tail) = shape.split_at(at as usize);
    FoldOutcome::Results(
        vec![OpFoldResult::Attr(index_tensor_attr(ctx, head)), OpFoldResult::Attr(index_tensor_attr(ctx, tail))].into(),
    )
}

pub(super) fn fold_to_extent_tensor(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    match shape_attr(ctx, c[0]) {
        Some(e) => attr(index_tensor_attr(ctx, &e)),
        None => fold_identity_cast(ir, op),
    }
}
