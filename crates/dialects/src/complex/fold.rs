//! The `complex` folders and canonicalization patterns, as upstream's
//! `ComplexOps.cpp`: constants fold to their array; `re`/`im` of a constant
//! or of `create`; `create(re(z), im(z))` is `z`; the inverse pairs
//! (`neg`/`neg`, `conj`/`conj`, `exp`/`log`, `add`/`sub`); adding or
//! subtracting a zero constant, multiplying or dividing by a real one;
//! identity bitcasts. The patterns merge bitcast chains
//! (`MergeComplexBitcast`, `MergeArithBitcast`) and turn `re`/`im` of the
//! negation of a `create` into `arith.negf` of the part
//! (`FoldComponentNeg`).

use super::ops::{
    AddOp, BitcastOp, ConjOp, ConstantOp, CreateOp, DivOp, ExpOp, ImOp, LogOp, MulOp, NegOp, ReOp, SubOp,
};
use ir::float::{is_zero, to_f64};
use ir::rewrite_api::PatternRewriter;
use ir::{AttrKind, Attribute, Context, FoldOutcome, InsertPoint, Ir, OpFoldResult, OpId, TypeKind, ValueId};
use smallvec::smallvec;

fn value(v: ValueId) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Value(v)])
}

fn attr(a: Attribute) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Attr(a)])
}

/// The defining op of `v` viewed as `T`.
fn def<T: ir::op_decl::OpView>(ir: &Ir, v: ValueId) -> Option<T> {
    ir.defining_op(v).and_then(|d| T::cast(ir, d))
}

/// The two parts of a complex constant's array.
fn parts(ctx: &Context, a: Option<Attribute>) -> Option<(Attribute, Attribute)> {
    match ctx.array_value(a?)? {
        [re, im] => Some((*re, *im)),
        _ => None,
    }
}

/// A float attribute's value, as `f64`.
fn float(ctx: &Context, a: Attribute) -> Option<(f64, bool)> {
    let AttrKind::Float { ty, bits } = ctx.attr_kind(a) else { return None };
    let TypeKind::Float(k) = ctx.kind(*ty) else { return None };
    Some((to_f64(*k, *bits), is_zero(*k, *bits)))
}

/// The float parts (value, is zero) of the `complex.constant` defining `v`.
fn constant_parts(ir: &Ir, v: ValueId) -> Option<((f64, bool), (f64, bool))> {
    let c: ConstantOp = def(ir, v)?;
    let ctx = ir.ctx();
    let (re, im) = parts(ctx, c.value(ir))?;
    Some((float(ctx, re)?, float(ctx, im)?))
}

/// `complex.constant` folds to its value.
pub(super) fn fold_constant(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    match ConstantOp(op).value(ir) {
        Some(a) => attr(a),
        None => FoldOutcome::Failure,
    }
}

/// `bitcast` to its own type folds to the operand.
pub(super) fn fold_bitcast(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let b = BitcastOp(op);
    let v = b.operand(ir);
    if ir.value_type(v) == ir.value_type(b.result(ir)) {
        return value(v);
    }
    FoldOutcome::Failure
}

/// `create(re(z), im(z))` folds to `z`.
pub(super) fn fold_create(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let c = CreateOp(op);
    if let (Some(re), Some(im)) = (def::<ReOp>(ir, c.real(ir)), def::<ImOp>(ir, c.imaginary(ir))) {
        if re.complex(ir) == im.complex(ir) {
            return value(re.complex(ir));
        }
    }
    FoldOutcome::Failure
}

/// `re`/`im` (part `i`) of a constant or of a `create`.
fn fold_part(ir: &Ir, operand: ValueId, c: &[Option<Attribute>], i: usize) -> FoldOutcome {
    if let Some((re, im)) = parts(ir.ctx(), c.first().copied().flatten()) {
        return attr(if i == 0 { re } else { im });
    }
    if let Some(create) = def::<CreateOp>(ir, operand) {
        return value(ir.operand(create.0, i));
    }
    FoldOutcome::Failure
}

/// `re` of a constant or of a `create`.
pub(super) fn fold_re(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_part(ir, ReOp(op).complex(ir), c, 0)
}

/// `im` of a constant or of a `create`.
pub(super) fn fold_im(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_part(ir, ImOp(op).complex(ir), c, 1)
}

/// A zero constant `[0, 0]` (either sign).
fn is_zero_constant(ir: &Ir, v: ValueId) -> bool {
    constant_parts(ir, v).is_some_and(|((_, re0), (_, im0))| re0 && im0)
}

/// `add(sub(a, b), b)`, `add(b, sub(a, b))` and `add(a, 0)` fold to `a`.
pub(super) fn fold_add(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let add = AddOp(op);
    let (lhs, rhs) = (add.lhs(ir), add.rhs(ir));
    if let Some(sub) = def::<SubOp>(ir, lhs) {
        if rhs == sub.rhs(ir) {
            return value(sub.lhs(ir));
        }
    }
    if let Some(sub) = def::<SubOp>(ir, rhs) {
        if lhs == sub.rhs(ir) {
            return value(sub.lhs(ir));
        }
    }
    if is_zero_constant(ir, rhs) {
        return value(lhs);
    }
    FoldOutcome::Failure
}

/// `sub(add(a, b), b)` and `sub(a, 0)` fold to `a`.
pub(super) fn fold_sub(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let sub = SubOp(op);
    let (lhs, rhs) = (sub.lhs(ir), sub.rhs(ir));
    if let Some(add) = def::<AddOp>(ir, lhs) {
        if rhs == add.rhs(ir) {
            return value(add.lhs(ir));
        }
    }
    if is_zero_constant(ir, rhs) {
        return value(lhs);
    }
    FoldOutcome::Failure
}

/// `mul(a, [1, 0])` folds to `a`.
pub(super) fn fold_mul(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let mul = MulOp(op);
    match constant_parts(ir, mul.rhs(ir)) {
        Some(((re, _), (_, im_zero))) if im_zero && re == 1.0 => value(mul.lhs(ir)),
        _ => FoldOutcome::Failure,
    }
}

/// `div(a, [1, 0])` folds to `a` (the divisor known as a constant operand).
pub(super) fn fold_div(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let Some((re, im)) = parts(ctx, c.get(1).copied().flatten()) else { return FoldOutcome::Failure };
    match (float(ctx, re), float(ctx, im)) {
        (Some((re, _)), Some((_, im_zero))) if im_zero && re == 1.0 => value(DivOp(op).lhs(ir)),
        _ => FoldOutcome::Failure,
    }
}

/// `neg(neg(a))` folds to `a`.
pub(super) fn fold_neg(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    match def::<NegOp>(ir, NegOp(op).complex(ir)) {
        Some(inner) => value(inner.complex(ir)),
        None => FoldOutcome::Failure,
    }
}

/// `conj(conj(a))` folds to `a`.
pub(super) fn fold_conj(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    match def::<ConjOp>(ir, ConjOp(op).complex(ir)) {
        Some(inner) => value(inner.complex(ir)),
        None => FoldOutcome::Failure,
    }
}

/// `log(exp(a))` folds to `a`.
pub(super) fn fold_log(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    match def::<ExpOp>(ir, LogOp(op).complex(ir)) {
        Some(inner) => value(inner.complex(ir)),
        None => FoldOutcome::Failure,
    }
}

/// `exp(log(a))` folds to `a`.
pub(super) fn fold_exp(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    match def::<LogOp>(ir, ExpOp(op).complex(ir)) {
        Some(inner) => value(inner.complex(ir)),
        None => FoldOutcome::Failure,
    }
}

/// `FoldComponentNeg`: part `i` of `neg(create(re, im))` is `arith.negf`
/// of that part.
fn component_neg(op: OpId, rw: &mut PatternRewriter<'_>, i: usize) -> bool {
    let ir = rw.ir();
    let Some(neg) = def::<NegOp>(ir, ir.operand(op, 0)) else { return false };
    let Some(create) = def::<CreateOp>(ir, neg.complex(ir)) else { return false };
    let part = ir.operand(create.0, i);
    let (ty, loc) = (ir.value_type(part), ir.op_loc(op));
    let fastmath = Some(crate::arith::flags::FASTMATH.attr(ir.ctx(), 0));
    rw.set_insertion_point(InsertPoint::Before(op));
    let negf = crate::arith::ops::NegFOp::build(rw, loc, ty, part, fastmath).result(rw.ir());
    rw.replace_op(op, &[negf]);
    true
}

/// `FoldComponentNeg` of `complex.re`.
pub(super) fn re_of_neg(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    component_neg(op, rw, 0)
}

/// `FoldComponentNeg` of `complex.im`.
pub(super) fn im_of_neg(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    component_neg(op, rw, 1)
}

/// `MergeComplexBitcast`: a bitcast of a complex or arith bitcast casts the
/// original value directly (through `arith.bitcast` when neither end is
/// complex).
pub(super) fn merge_complex_bitcast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let outer = BitcastOp(op);
    let (ty, loc) = (ir.value_type(outer.result(ir)), ir.op_loc(op));
    let is_complex = |t| matches!(ctx.kind(t), TypeKind::Complex(_));
    let source = outer.operand(ir);
    let new = if let Some(inner) = def::<BitcastOp>(ir, source) {
        let v = inner.operand(ir);
        let complex = is_complex(ty) || is_complex(ir.value_type(v));
        rw.set_insertion_point(InsertPoint::Before(op));
        if complex {
            BitcastOp::build(rw, loc, ty, v).result(rw.ir())
        } else {
            crate::arith::ops::BitcastOp::build(rw, loc, ty, v).out(rw.ir())
        }
    } else if let Some(inner) = def::<crate::arith::ops::BitcastOp>(ir, source) {
        let v = inner.input(ir);
        rw.set_insertion_point(InsertPoint::Before(op));
        BitcastOp::build(rw, loc, ty, v).result(rw.ir())
    } else {
        return false;
    };
    rw.replace_op(op, &[new]);
    true
}

/// `MergeArithBitcast`: an `arith.bitcast` of a `complex.bitcast` is one
/// `complex.bitcast`.
pub(super) fn merge_arith_bitcast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let outer = crate::arith::ops::BitcastOp(op);
    let Some(inner) = def::<BitcastOp>(ir, outer.input(ir)) else { return false };
    let (ty, loc, v) = (ir.value_type(outer.out(ir)), ir.op_loc(op), inner.operand(ir));
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = BitcastOp::build(rw, loc, ty, v).result(rw.ir());
    rw.replace_op(op, &[new]);
    true
}
