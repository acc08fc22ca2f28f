//! The `math` folders: the float functions on constant `f32`/`f64`
//! operands (and the rounding ops in every format) through [`super::eval`],
//! and the integer ops (`absi`, `ctlz`, `cttz`, `ctpop`, `ipowi`) through
//! arith's integer semantics. Each declaration names its function, so one
//! folder serves each shape.

use super::eval::{eval_float_binary, eval_float_unary, FloatBinary, FloatUnary};
use crate::arith::constant::{fold_binary, fold_unary, view, ElemKind};
use crate::arith::eval::{eval_int_binop, eval_int_unary, IntBinOp, IntUnaryOp, IntVal};
use ir::float::FloatKind;
use ir::{Attribute, Context, FoldOutcome, Ir, OpFoldResult, OpId};
use smallvec::smallvec;

fn cst(c: &[Option<Attribute>], i: usize) -> Option<Attribute> {
    c.get(i).copied().flatten()
}

fn outcome(a: Option<Attribute>) -> FoldOutcome {
    match a {
        Some(a) => FoldOutcome::Results(smallvec![OpFoldResult::Attr(a)]),
        None => FoldOutcome::Failure,
    }
}

fn float_kind(ctx: &Context, a: Option<Attribute>) -> Option<FloatKind> {
    match view(ctx, a?)?.kind {
        ElemKind::Float(k) => Some(k),
        ElemKind::Int(_) => None,
    }
}

fn int_width(ctx: &Context, a: Option<Attribute>) -> Option<u32> {
    match view(ctx, a?)?.kind {
        ElemKind::Int(w) => Some(w),
        ElemKind::Float(_) => None,
    }
}

/// Folds a unary float op on a constant operand.
pub fn fold_float_unary(ctx: &Context, op: FloatUnary, operand: Option<Attribute>) -> Option<Attribute> {
    if let Some(p) = crate::ub::first_poison(ctx, &[operand]) {
        return Some(p);
    }
    let kind = float_kind(ctx, operand)?;
    fold_unary(ctx, operand, None, true, |a| eval_float_unary(op, kind, a))
}

/// Folds a binary float op on constant operands.
pub fn fold_float_binary(
    ctx: &Context,
    op: FloatBinary,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
) -> Option<Attribute> {
    if let Some(p) = crate::ub::first_poison(ctx, &[lhs, rhs]) {
        return Some(p);
    }
    let kind = float_kind(ctx, lhs)?;
    fold_binary(ctx, lhs, rhs, None, true, |a, b| eval_float_binary(op, kind, a, b))
}

/// The folder of a unary float op computing `f`.
pub(super) fn float_unary(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], f: FloatUnary) -> FoldOutcome {
    if ir.num_operands(op) != 1 {
        return FoldOutcome::Failure;
    }
    outcome(fold_float_unary(ir.ctx(), f, cst(c, 0)))
}

/// The folder of a binary float op computing `f`.
pub(super) fn float_binary(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], f: FloatBinary) -> FoldOutcome {
    if ir.num_operands(op) != 2 {
        return FoldOutcome::Failure;
    }
    outcome(fold_float_binary(ir.ctx(), f, cst(c, 0), cst(c, 1)))
}

/// The folder of a unary integer op computing `f`.
pub(super) fn int_unary(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], f: IntUnaryOp) -> FoldOutcome {
    if ir.num_operands(op) != 1 {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    if let Some(p) = crate::ub::first_poison(ctx, c) {
        return outcome(Some(p));
    }
    let Some(w) = int_width(ctx, cst(c, 0)) else { return FoldOutcome::Failure };
    outcome(fold_unary(ctx, cst(c, 0), None, false, |a| Some(eval_int_unary(f, IntVal::new(w, a)).bits)))
}

/// The folder of `math.ipowi`.
pub(super) fn ipowi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 2 {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    if let Some(p) = crate::ub::first_poison(ctx, c) {
        return outcome(Some(p));
    }
    let Some(w) = int_width(ctx, cst(c, 0)) else { return FoldOutcome::Failure };
    outcome(fold_binary(ctx, cst(c, 0), cst(c, 1), None, false, |a, b| {
        eval_int_binop(IntBinOp::IPowI, IntVal::new(w, a), IntVal::new(w, b)).map(|v| v.bits)
    }))
}
