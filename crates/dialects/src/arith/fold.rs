//! The folders of the `arith` ops, mirroring MLIR 19's `fold` methods:
//! constant folding over scalars, splats and dense constants with exact
//! integer-width and IEEE semantics, and the algebraic identities upstream
//! folds (`addi x, 0`, `subi x, x`, `select c, a, a`, casts of casts, ...).
//!
//! Each folder is an [`ir::registry::FoldFn`]; the attribute-level parts
//! live in pure functions ([`fold_int_binary`], [`fold_float_binary`],
//! [`fold_cmpi`], [`fold_cmpf`], [`fold_cast`], ...) that need only a
//! context. Where upstream's element loops have observable quirks (the
//! shift folders look only at the last element's shift amount,
//! `floordivsi` only at the last element's status, `maxnumf` folds like
//! `maximumf`), the folders reproduce them so canonicalization output
//! matches mlir-opt-19; the scalar semantics in [`super::eval`] stay exact.

use super::constant::{
    fold_binary, fold_unary, i1_same_shape, is_inf_float, is_one_float, is_one_int, is_zero_float, is_zero_int,
    match_int, scalar_attr, splat_or_scalar, static_num_elements, value_constant, view, zero_attr, ElemKind,
};
use super::eval::{
    eval_cmpf, eval_cmpi, eval_float_binop, eval_float_neg, eval_int_binop, float_convert_exact, float_from_bits,
    float_to_int, int_to_float, low_mask, CmpFPredicate, CmpIPredicate, FloatBinOp, IntBinOp, IntVal,
};
use super::flags::{self, FASTMATH, FASTMATH_CONTRACT};
use ir::float::{self, FloatKind};
use ir::rewrite_api::StaticName;
use ir::{AttrKind, Attribute, Context, FoldOutcome, Ir, OpFoldResult, OpId, Type, TypeKind, ValueId};
use smallvec::smallvec;

// ----- outcomes ---------------------------------------------------------------

fn to_value(v: ValueId) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Value(v)])
}

fn to_attr(a: Option<Attribute>) -> FoldOutcome {
    match a {
        Some(a) => FoldOutcome::Results(smallvec![OpFoldResult::Attr(a)]),
        None => FoldOutcome::Failure,
    }
}

/// The constant operand `i`, if known.
fn cst(csts: &[Option<Attribute>], i: usize) -> Option<Attribute> {
    csts.get(i).copied().flatten()
}

/// True when `op` has exactly `operands` operands and `results` results.
fn has_arity(ir: &Ir, op: OpId, operands: usize, results: usize) -> bool {
    ir.num_operands(op) == operands && ir.num_results(op) == results
}

/// The op named `name` defining `v`.
fn def_op(ir: &Ir, v: ValueId, name: &str) -> Option<OpId> {
    ir.defining_op(v).filter(|&d| ir.is_op(d, name) && ir.num_operands(d) >= 1 && ir.num_results(d) >= 1)
}

/// The two operands of a binary op named `name` defining `v` (folders ask
/// this on every visit: the name is compared as an interned handle).
fn def_binary(ir: &Ir, v: ValueId, name: &StaticName) -> Option<(ValueId, ValueId)> {
    let d = ir.defining_op(v).filter(|&d| ir.op_name(d) == name.get(ir.ctx()))?;
    (ir.num_operands(d) == 2 && ir.num_results(d) >= 1).then(|| (ir.operand(d, 0), ir.operand(d, 1)))
}

static ADDI: StaticName = StaticName::new("arith.addi");
static SUBI: StaticName = StaticName::new("arith.subi");
static XORI: StaticName = StaticName::new("arith.xori");
static ANDI: StaticName = StaticName::new("arith.andi");

fn result_type(ir: &Ir, op: OpId) -> Type {
    ir.value_type(ir.result(op, 0))
}

/// The first poison operand (`#ub.poison`): the result of a constant
/// folder that propagates poison, as MLIR's `CommonFolders.h`.
fn poison(ctx: &Context, operands: &[Option<Attribute>]) -> Option<Attribute> {
    crate::ub::first_poison(ctx, operands)
}

// ----- attribute-level folding ---------------------------------------------

/// Folds an integer binary op on constant operands (`None` when either is
/// unknown or the result is undefined for some element).
pub fn fold_int_binary(
    ctx: &Context,
    op: IntBinOp,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
) -> Option<Attribute> {
    if let Some(p) = poison(ctx, &[lhs, rhs]) {
        return Some(p);
    }
    let width = match view(ctx, lhs?)?.kind {
        ElemKind::Int(w) => w,
        ElemKind::Float(_) => return None,
    };
    fold_binary(ctx, lhs, rhs, None, false, |a, b| {
        eval_int_binop(op, IntVal::new(width, a), IntVal::new(width, b)).map(|v| v.bits)
    })
}

/// Folds a float binary op on constant operands.
pub fn fold_float_binary(
    ctx: &Context,
    op: FloatBinOp,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
) -> Option<Attribute> {
    if let Some(p) = poison(ctx, &[lhs, rhs]) {
        return Some(p);
    }
    let ElemKind::Float(kind) = view(ctx, lhs?)?.kind else { return None };
    fold_binary(ctx, lhs, rhs, None, true, |a, b| Some(eval_float_binop(op, kind, a, b)))
}

/// Folds `cmpi` on constant operands to `i1` (of the operands' shape).
pub fn fold_cmpi(
    ctx: &Context,
    pred: CmpIPredicate,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
) -> Option<Attribute> {
    let l = view(ctx, lhs?)?;
    let ElemKind::Int(width) = l.kind else { return None };
    let result_ty = i1_same_shape(ctx, l.ty);
    fold_binary(ctx, lhs, rhs, Some(result_ty), false, |a, b| {
        Some(u128::from(eval_cmpi(pred, IntVal::new(width, a), IntVal::new(width, b))))
    })
}

/// Folds scalar `cmpf` as upstream does: a NaN operand decides the result
/// alone (the other operand may be unknown).
pub fn fold_cmpf(
    ctx: &Context,
    pred: CmpFPredicate,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
) -> Option<Attribute> {
    let scalar_float = |a: Option<Attribute>| match a.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Float { ty, bits }) => ctx.float_kind(*ty).map(|k| (k, *bits)),
        _ => None,
    };
    let (mut l, mut r) = (scalar_float(lhs), scalar_float(rhs));
    if let Some(x) = l.filter(|&(k, b)| float::is_nan(k, b)) {
        r = Some(x);
    }
    if let Some(x) = r.filter(|&(k, b)| float::is_nan(k, b)) {
        l = Some(x);
    }
    let ((lk, lb), (rk, rb)) = (l?, r?);
    if lk != rk {
        return None;
    }
    Some(ctx.bool_attr(eval_cmpf(pred, lk, lb, rb)))
}

/// The cast folders' element conversions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastKind {
    /// `extui`
    ExtUI,
    /// `extsi`
    ExtSI,
    /// `trunci`
    TruncI,
    /// `index_cast`
    IndexCast,
    /// `index_castui`
    IndexCastUI,
    /// `sitofp`
    SIToFP,
    /// `uitofp`
    UIToFP,
    /// `fptosi`
    FPToSI,
    /// `fptoui`
    FPToUI,
    /// `extf` (exact only)
    ExtF,
    /// `truncf` (exact only)
    TruncF,
}

/// Folds a cast of a constant to `result_ty` (`None` when a conversion is
/// invalid or, for `extf`/`truncf`, inexact).
pub fn fold_cast(ctx: &Context, kind: CastKind, operand: Option<Attribute>, result_ty: Type) -> Option<Attribute> {
    if let Some(p) = poison(ctx, &[operand]) {
        return Some(p);
    }
    let src = view(ctx, operand?)?.kind;
    let dst = ElemKind::of(ctx, ctx.element_type(result_ty).unwrap_or(result_ty))?;
    let want_float = matches!(kind, CastKind::FPToSI | CastKind::FPToUI | CastKind::ExtF | CastKind::TruncF);
    let f = move |b: u128| -> Option<u128> {
        match (kind, src, dst) {
            (CastKind::ExtUI | CastKind::TruncI | CastKind::IndexCastUI, ElemKind::Int(w), ElemKind::Int(to)) => {
                Some(IntVal::new(w, b).zext_or_trunc(to).bits)
            }
            (CastKind::ExtSI | CastKind::IndexCast, ElemKind::Int(w), ElemKind::Int(to)) => {
                Some(IntVal::new(w, b).sext_or_trunc(to).bits)
            }
            (CastKind::SIToFP | CastKind::UIToFP, ElemKind::Int(w), ElemKind::Float(k)) => {
                Some(int_to_float(IntVal::new(w, b), kind == CastKind::SIToFP, k))
            }
            (CastKind::FPToSI | CastKind::FPToUI, ElemKind::Float(k), ElemKind::Int(to)) => {
                float_to_int(k, b, to, kind == CastKind::FPToSI).map(|v| v.bits)
            }
            (CastKind::ExtF | CastKind::TruncF, ElemKind::Float(from), ElemKind::Float(to)) => {
                float_convert_exact(from, to, b)
            }
            _ => None,
        }
    };
    fold_unary(ctx, operand, Some(result_ty), want_float, f)
}

/// Folds `bitcast` of a constant: dense constants keep their bits under
/// the new element type; scalars are reinterpreted.
pub fn fold_bitcast(ctx: &Context, operand: Option<Attribute>, result_ty: Type) -> Option<Attribute> {
    let a = operand?;
    if let AttrKind::DenseElements { data, .. } = ctx.attr_kind(a) {
        let elem = ctx.element_type(result_ty)?;
        let bits: Vec<u128> = match ElemKind::of(ctx, elem)? {
            ElemKind::Float(k) => data.bits.iter().map(|&b| float_from_bits(k, b)).collect(),
            ElemKind::Int(w) => data.bits.iter().map(|&b| b & low_mask(w)).collect(),
        };
        return super::constant::dense_attr(ctx, result_ty, bits);
    }
    if ctx.is_shaped(result_ty) {
        return None;
    }
    let bits = view(ctx, a)?.splat_value()?;
    match ElemKind::of(ctx, result_ty)? {
        ElemKind::Float(k) => scalar_attr(ctx, result_ty, float_from_bits(k, bits)),
        ElemKind::Int(_) => scalar_attr(ctx, result_ty, bits),
    }
}

// ----- op folders -------------------------------------------------------------

/// `arith.constant`: its value.
pub fn fold_constant(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    to_attr(ir.attr_by(op, super::constant::VALUE_NAME.get(ir.ctx())))
}

/// `addi`: `x + 0`, `(a - b) + b`, `b + (a - b)`, constants.
pub fn fold_addi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    if is_zero_int(ctx, cst(c, 1)) {
        return to_value(lhs);
    }
    if let Some((a, b)) = def_binary(ir, lhs, &SUBI) {
        if b == rhs {
            return to_value(a);
        }
    }
    if let Some((a, b)) = def_binary(ir, rhs, &SUBI) {
        if b == lhs {
            return to_value(a);
        }
    }
    to_attr(fold_int_binary(ctx, IntBinOp::Add, cst(c, 0), cst(c, 1)))
}

/// `subi`: `x - x`, `x - 0`, `(a + b) - b`, `(a + b) - a`, constants.
pub fn fold_subi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    if lhs == rhs {
        return to_attr(zero_attr(ctx, result_type(ir, op)));
    }
    if is_zero_int(ctx, cst(c, 1)) {
        return to_value(lhs);
    }
    if let Some((a, b)) = def_binary(ir, lhs, &ADDI) {
        if rhs == b {
            return to_value(a);
        }
        if rhs == a {
            return to_value(b);
        }
    }
    to_attr(fold_int_binary(ctx, IntBinOp::Sub, cst(c, 0), cst(c, 1)))
}

/// `muli`: `x * 0`, `x * 1`, constants.
pub fn fold_muli(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    if is_zero_int(ctx, cst(c, 1)) {
        return to_value(ir.operand(op, 1));
    }
    if is_one_int(ctx, cst(c, 1)) {
        return to_value(ir.operand(op, 0));
    }
    to_attr(fold_int_binary(ctx, IntBinOp::Mul, cst(c, 0), cst(c, 1)))
}

/// The division and remainder folders: `x / 1` (`x % 1` is 0), then
/// constants unless some element is undefined.
fn fold_div_like(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], kind: IntBinOp) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    if is_one_int(ctx, cst(c, 1)) {
        if matches!(kind, IntBinOp::RemSI | IntBinOp::RemUI) {
            return to_attr(zero_attr(ctx, result_type(ir, op)));
        }
        return to_value(ir.operand(op, 0));
    }
    if kind == IntBinOp::FloorDivSI {
        return to_attr(fold_floordivsi(ctx, cst(c, 0), cst(c, 1)));
    }
    to_attr(fold_int_binary(ctx, kind, cst(c, 0), cst(c, 1)))
}

/// `floordivsi` as upstream folds it: the overflow status of the last
/// element decides (a division by zero sets it, a later element resets
/// it), and elements divided by zero keep the dividend.
fn fold_floordivsi(ctx: &Context, lhs: Option<Attribute>, rhs: Option<Attribute>) -> Option<Attribute> {
    if let Some(p) = poison(ctx, &[lhs, rhs]) {
        return Some(p);
    }
    let ElemKind::Int(w) = view(ctx, lhs?)?.kind else { return None };
    let mut failed = false;
    let r = fold_binary(ctx, lhs, rhs, None, false, |a, b| {
        let (a, b) = (IntVal::new(w, a), IntVal::new(w, b));
        if b.is_zero() {
            failed = true;
            return Some(a.bits);
        }
        failed = a.is_min_signed() && b.is_all_ones();
        // MIN / -1 wraps to MIN.
        Some(eval_int_binop(IntBinOp::FloorDivSI, a, b).unwrap_or(a).bits)
    });
    if failed {
        None
    } else {
        r
    }
}

/// `divui`
pub fn fold_divui(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_div_like(ir, op, c, IntBinOp::DivUI)
}
/// `divsi`
pub fn fold_divsi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_div_like(ir, op, c, IntBinOp::DivSI)
}
/// `ceildivui`
pub fn fold_ceildivui(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_div_like(ir, op, c, IntBinOp::CeilDivUI)
}
/// `ceildivsi`
pub fn fold_ceildivsi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_div_like(ir, op, c, IntBinOp::CeilDivSI)
}
/// `floordivsi`
pub fn fold_floordivsi_op(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_div_like(ir, op, c, IntBinOp::FloorDivSI)
}
/// `remui`
pub fn fold_remui(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_div_like(ir, op, c, IntBinOp::RemUI)
}
/// `remsi`
pub fn fold_remsi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_div_like(ir, op, c, IntBinOp::RemSI)
}

/// True when `v` is `xori(x, -1)` with `x == of`; returns the xori's rhs.
fn not_of(ir: &Ir, v: ValueId, of: ValueId) -> Option<ValueId> {
    let (x, m) = def_binary(ir, v, &XORI)?;
    let ones = match_int(ir.ctx(), value_constant(ir, m))?;
    (x == of && ones.is_all_ones()).then_some(m)
}

/// `andi`: `x & 0`, `x & -1`, `x & ~x`, `a & (a & b)`, constants.
pub fn fold_andi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    if is_zero_int(ctx, cst(c, 1)) {
        return to_value(rhs);
    }
    if match_int(ctx, cst(c, 1)).is_some_and(IntVal::is_all_ones) {
        return to_value(lhs);
    }
    if not_of(ir, rhs, lhs).is_some() || not_of(ir, lhs, rhs).is_some() {
        return to_attr(zero_attr(ctx, result_type(ir, op)));
    }
    for (prev, other) in [(lhs, rhs), (rhs, lhs)] {
        if let Some((a, b)) = def_binary(ir, prev, &ANDI) {
            if other == a || other == b {
                return to_value(prev);
            }
        }
    }
    idempotent(ir, op, fold_int_binary(ctx, IntBinOp::And, cst(c, 0), cst(c, 1)))
}

/// The `Idempotent` trait's fold, tried after the op's own folder:
/// `op(x, x)` is `x`.
fn idempotent(ir: &Ir, op: OpId, folded: Option<Attribute>) -> FoldOutcome {
    if folded.is_none() && ir.operand(op, 0) == ir.operand(op, 1) {
        return to_value(ir.operand(op, 0));
    }
    to_attr(folded)
}

/// `ori`: `x | 0`, `x | -1`, `x | ~x`, constants.
pub fn fold_ori(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    if let Some(v) = match_int(ctx, cst(c, 1)) {
        if v.is_zero() {
            return to_value(lhs);
        }
        if v.is_all_ones() {
            return to_attr(cst(c, 1));
        }
    }
    if let Some(m) = not_of(ir, rhs, lhs) {
        return to_value(m);
    }
    if let Some(m) = not_of(ir, lhs, rhs) {
        return to_value(m);
    }
    idempotent(ir, op, fold_int_binary(ctx, IntBinOp::Or, cst(c, 0), cst(c, 1)))
}

/// `xori`: `x ^ 0`, `x ^ x`, `(x ^ a) ^ a`, `a ^ (x ^ a)`, constants.
pub fn fold_xori(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    if is_zero_int(ctx, cst(c, 1)) {
        return to_value(lhs);
    }
    if lhs == rhs {
        return to_attr(zero_attr(ctx, result_type(ir, op)));
    }
    if let Some((a, b)) = def_binary(ir, lhs, &XORI) {
        if b == rhs {
            return to_value(a);
        }
        if a == rhs {
            return to_value(b);
        }
    }
    if let Some((a, b)) = def_binary(ir, rhs, &XORI) {
        if b == lhs {
            return to_value(a);
        }
        if a == lhs {
            return to_value(b);
        }
    }
    to_attr(fold_int_binary(ctx, IntBinOp::Xor, cst(c, 0), cst(c, 1)))
}

/// The shift folders: `x << 0`, then constants. As upstream, only the
/// last element's shift amount is checked against the width; earlier
/// over-wide shifts produce what `APInt` gives (zeros, or sign bits).
fn fold_shift(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], kind: IntBinOp) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    if is_zero_int(ctx, cst(c, 1)) {
        return to_value(ir.operand(op, 0));
    }
    // A poison operand does not fold: upstream's `bounded` flag stays unset.
    let Some(ElemKind::Int(w)) = cst(c, 0).and_then(|a| view(ctx, a)).map(|v| v.kind) else {
        return FoldOutcome::Failure;
    };
    let mut bounded = false;
    let r = fold_binary(ctx, cst(c, 0), cst(c, 1), None, false, |a, b| {
        let (a, b) = (IntVal::new(w, a), IntVal::new(w, b));
        bounded = b.bits < u128::from(w);
        Some(match eval_int_binop(kind, a, b) {
            Some(v) => v.bits,
            None if kind == IntBinOp::ShrSI && a.is_negative() => low_mask(w),
            None => 0,
        })
    });
    to_attr(r.filter(|_| bounded))
}

/// `shli`
pub fn fold_shli(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_shift(ir, op, c, IntBinOp::Shl)
}
/// `shrui`
pub fn fold_shrui(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_shift(ir, op, c, IntBinOp::ShrUI)
}
/// `shrsi`
pub fn fold_shrsi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_shift(ir, op, c, IntBinOp::ShrSI)
}

/// The min/max folders: `max(x, x)`, the absorbing and neutral extremes,
/// constants.
fn fold_minmax(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], kind: IntBinOp) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    if lhs == rhs {
        return to_value(rhs);
    }
    if let Some(v) = match_int(ctx, cst(c, 1)) {
        let (absorbing, neutral) = match kind {
            IntBinOp::MaxSI => (v.is_max_signed(), v.is_min_signed()),
            IntBinOp::MinSI => (v.is_min_signed(), v.is_max_signed()),
            IntBinOp::MaxUI => (v.is_all_ones(), v.is_zero()),
            _ => (v.is_zero(), v.is_all_ones()),
        };
        if absorbing {
            return to_value(rhs);
        }
        if neutral {
            return to_value(lhs);
        }
    }
    to_attr(fold_int_binary(ctx, kind, cst(c, 0), cst(c, 1)))
}

/// `maxsi`
pub fn fold_maxsi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_minmax(ir, op, c, IntBinOp::MaxSI)
}
/// `minsi`
pub fn fold_minsi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_minmax(ir, op, c, IntBinOp::MinSI)
}
/// `maxui`
pub fn fold_maxui(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_minmax(ir, op, c, IntBinOp::MaxUI)
}
/// `minui`
pub fn fold_minui(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_minmax(ir, op, c, IntBinOp::MinUI)
}

/// `addui_extended`: `x + 0` gives `(x, false)`; constants give the sum
/// and the carry.
pub fn fold_addui_extended(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 2, 2) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let overflow_ty = ir.value_type(ir.result(op, 1));
    if is_zero_int(ctx, value_constant(ir, ir.operand(op, 1))) {
        let Some(f) = zero_attr(ctx, overflow_ty) else { return FoldOutcome::Failure };
        return FoldOutcome::Results(smallvec![OpFoldResult::Value(ir.operand(op, 0)), OpFoldResult::Attr(f)]);
    }
    let Some(sum) = fold_int_binary(ctx, IntBinOp::Add, cst(c, 0), cst(c, 1)) else { return FoldOutcome::Failure };
    if crate::ub::is_poison(ctx, sum) {
        // The carry of a poison sum is poison too.
        return FoldOutcome::Results(smallvec![OpFoldResult::Attr(sum), OpFoldResult::Attr(sum)]);
    }
    let Some(sum_ty) = view(ctx, sum).map(|v| v.ty) else { return FoldOutcome::Failure };
    let carry =
        fold_binary(ctx, Some(sum), cst(c, 0), Some(i1_same_shape(ctx, sum_ty)), false, |s, a| Some(u128::from(s < a)));
    match carry {
        Some(carry) => FoldOutcome::Results(smallvec![OpFoldResult::Attr(sum), OpFoldResult::Attr(carry)]),
        None => FoldOutcome::Failure,
    }
}

/// `mulsi_extended` / `mului_extended`: `x * 0` gives zeros (and for the
/// unsigned form `x * 1` gives `(x, 0)`); constants give both halves.
fn fold_mul_extended(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], high: IntBinOp) -> FoldOutcome {
    if !has_arity(ir, op, 2, 2) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    if let Some(z) = cst(c, 1).filter(|&a| is_zero_int(ctx, Some(a))) {
        return FoldOutcome::Results(smallvec![OpFoldResult::Attr(z), OpFoldResult::Attr(z)]);
    }
    if high == IntBinOp::MulHU && is_one_int(ctx, cst(c, 1)) {
        let lhs = ir.operand(op, 0);
        let Some(z) = zero_attr(ctx, ir.value_type(lhs)) else { return FoldOutcome::Failure };
        return FoldOutcome::Results(smallvec![OpFoldResult::Value(lhs), OpFoldResult::Attr(z)]);
    }
    let low = fold_int_binary(ctx, IntBinOp::Mul, cst(c, 0), cst(c, 1));
    let hi = fold_int_binary(ctx, high, cst(c, 0), cst(c, 1));
    match (low, hi) {
        (Some(l), Some(h)) => FoldOutcome::Results(smallvec![OpFoldResult::Attr(l), OpFoldResult::Attr(h)]),
        _ => FoldOutcome::Failure,
    }
}

/// `mulsi_extended`
pub fn fold_mulsi_extended(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_mul_extended(ir, op, c, IntBinOp::MulHS)
}
/// `mului_extended`
pub fn fold_mului_extended(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_mul_extended(ir, op, c, IntBinOp::MulHU)
}

// ----- float folders -------------------------------------------------------------

/// `negf`: `-(-x)`, constants.
pub fn fold_negf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 1, 1) {
        return FoldOutcome::Failure;
    }
    if let Some(inner) = def_op(ir, ir.operand(op, 0), "arith.negf") {
        return to_value(ir.operand(inner, 0));
    }
    let ctx = ir.ctx();
    if let Some(p) = poison(ctx, c) {
        return to_attr(Some(p));
    }
    let Some(ElemKind::Float(k)) = cst(c, 0).and_then(|a| view(ctx, a)).map(|v| v.kind) else {
        return FoldOutcome::Failure;
    };
    to_attr(fold_unary(ctx, cst(c, 0), None, true, |a| Some(eval_float_neg(k, a))))
}

/// The identity a float binary folder checks before folding constants.
#[derive(Clone, Copy)]
enum FloatIdentity {
    /// `x op -0 = x` (`addf`)
    NegZero,
    /// `x op +0 = x` (`subf`)
    PosZero,
    /// `x op 1 = x` (`mulf`, `divf`)
    One,
    /// `x op x = x` and `x op -inf = x` (`maximumf`, `maxnumf`)
    SelfOrNegInf,
    /// `x op x = x` and `x op +inf = x` (`minimumf`, `minnumf`)
    SelfOrPosInf,
    /// none (`remf`)
    None,
}

fn fold_float_op(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], kind: FloatBinOp, id: FloatIdentity) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    let r = cst(c, 1);
    let identity = match id {
        FloatIdentity::NegZero => is_zero_float(ctx, r, true),
        FloatIdentity::PosZero => is_zero_float(ctx, r, false),
        FloatIdentity::One => is_one_float(ctx, r),
        FloatIdentity::SelfOrNegInf | FloatIdentity::SelfOrPosInf if lhs == rhs => return to_value(rhs),
        FloatIdentity::SelfOrNegInf => is_inf_float(ctx, r, true),
        FloatIdentity::SelfOrPosInf => is_inf_float(ctx, r, false),
        FloatIdentity::None => false,
    };
    if identity {
        return to_value(lhs);
    }
    to_attr(fold_float_binary(ctx, kind, cst(c, 0), r))
}

/// `addf`
pub fn fold_addf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_float_op(ir, op, c, FloatBinOp::Add, FloatIdentity::NegZero)
}
/// `subf`
pub fn fold_subf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_float_op(ir, op, c, FloatBinOp::Sub, FloatIdentity::PosZero)
}
/// `mulf`
pub fn fold_mulf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_float_op(ir, op, c, FloatBinOp::Mul, FloatIdentity::One)
}
/// `divf`
pub fn fold_divf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_float_op(ir, op, c, FloatBinOp::Div, FloatIdentity::One)
}
/// `remf`
pub fn fold_remf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_float_op(ir, op, c, FloatBinOp::Rem, FloatIdentity::None)
}
/// `maximumf`
pub fn fold_maximumf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_float_op(ir, op, c, FloatBinOp::Maximum, FloatIdentity::SelfOrNegInf)
}
/// `maxnumf` (upstream folds constants with `maximum`, NaN-propagating)
pub fn fold_maxnumf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_float_op(ir, op, c, FloatBinOp::Maximum, FloatIdentity::SelfOrNegInf)
}
/// `minimumf`
pub fn fold_minimumf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_float_op(ir, op, c, FloatBinOp::Minimum, FloatIdentity::SelfOrPosInf)
}
/// `minnumf`
pub fn fold_minnumf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_float_op(ir, op, c, FloatBinOp::MinNum, FloatIdentity::SelfOrPosInf)
}

// ----- comparisons and select ------------------------------------------------

/// The integer width of a scalar or vector type (not of tensors), as
/// upstream's `getIntegerWidth`.
fn int_or_vector_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Vector { elem, .. } => ctx.int_width(*elem),
        _ => None,
    }
}

/// A `true`/`false` constant of `ty` (splat for shaped types).
fn bool_of_type(ctx: &Context, ty: Type, v: bool) -> Option<Attribute> {
    if ctx.is_shaped(ty) {
        splat_or_scalar(ctx, ty, u128::from(v))
    } else {
        Some(ctx.bool_attr(v))
    }
}

/// `cmpi`: equal operands, `ext(i1) != 0`, constants moved to the right
/// (in place), constants.
pub fn fold_cmpi_op(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let Some(pred) = ir.attr(op, "predicate").and_then(|a| flags::cmpi_predicate(ctx, a)) else {
        return FoldOutcome::Failure;
    };
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    if lhs == rhs {
        return to_attr(bool_of_type(ctx, result_type(ir, op), pred.holds_for_equal()));
    }
    if is_zero_int(ctx, cst(c, 1)) && pred == CmpIPredicate::Ne {
        for ext in ["arith.extsi", "arith.extui"] {
            if let Some(e) = def_op(ir, lhs, ext) {
                let src = ir.operand(e, 0);
                if int_or_vector_width(ctx, ir.value_type(src)) == Some(1) {
                    return to_value(src);
                }
            }
        }
    }
    if cst(c, 0).is_some() && cst(c, 1).is_none() {
        let swapped = flags::predicate_attr(ctx, pred.swapped() as i64);
        ir.set_attr_str(op, "predicate", swapped);
        ir.set_operand(op, 0, rhs);
        ir.set_operand(op, 1, lhs);
        return FoldOutcome::InPlace;
    }
    to_attr(fold_cmpi(ctx, pred, cst(c, 0), cst(c, 1)))
}

/// `cmpf`: constants (a NaN operand suffices).
pub fn fold_cmpf_op(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 2, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let Some(pred) = ir.attr(op, "predicate").and_then(|a| flags::cmpf_predicate(ctx, a)) else {
        return FoldOutcome::Failure;
    };
    to_attr(fold_cmpf(ctx, pred, cst(c, 0), cst(c, 1)))
}

/// `select`: equal arms, constant condition, `select c, true, false`,
/// `select (a == b), a, b`, and elementwise constant selection.
pub fn fold_select(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 3, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let (cond, t, f) = (ir.operand(op, 0), ir.operand(op, 1), ir.operand(op, 2));
    if t == f {
        return to_value(t);
    }
    if is_one_int(ctx, cst(c, 0)) {
        return to_value(t);
    }
    if is_zero_int(ctx, cst(c, 0)) {
        return to_value(f);
    }
    let ty = result_type(ir, op);
    // Either arm fully poisoned: the other.
    if cst(c, 1).is_some_and(|a| crate::ub::is_poison(ctx, a)) {
        return to_value(f);
    }
    if cst(c, 2).is_some_and(|a| crate::ub::is_poison(ctx, a)) {
        return to_value(t);
    }
    if ctx.int_width(ty) == Some(1) && is_one_int(ctx, cst(c, 1)) && is_zero_int(ctx, cst(c, 2)) {
        return to_value(cond);
    }
    if let Some(cmp) = def_op(ir, cond, "arith.cmpi").filter(|&d| ir.num_operands(d) == 2) {
        let pred = ir.attr(cmp, "predicate").and_then(|a| flags::cmpi_predicate(ctx, a));
        if matches!(pred, Some(CmpIPredicate::Eq | CmpIPredicate::Ne)) {
            let (a, b) = (ir.operand(cmp, 0), ir.operand(cmp, 1));
            if (a == t && b == f) || (b == t && a == f) {
                return to_value(if pred == Some(CmpIPredicate::Ne) { t } else { f });
            }
        }
    }
    to_attr(select_elementwise(ctx, cst(c, 0), cst(c, 1), cst(c, 2)))
}

/// Elementwise `select` of dense constants.
fn select_elementwise(
    ctx: &Context,
    cond: Option<Attribute>,
    t: Option<Attribute>,
    f: Option<Attribute>,
) -> Option<Attribute> {
    let is_dense = |a: Attribute| matches!(ctx.attr_kind(a), AttrKind::DenseElements { .. });
    let (cond, t, f) = (cond.filter(|&a| is_dense(a))?, t.filter(|&a| is_dense(a))?, f.filter(|&a| is_dense(a))?);
    let (cv, tv, fv) = (view(ctx, cond)?, view(ctx, t)?, view(ctx, f)?);
    let n = static_num_elements(ctx, tv.ty)?;
    let bits = (0..n).map(|i| if cv.get(i) & 1 == 1 { tv.get(i) } else { fv.get(i) }).collect();
    super::constant::dense_attr(ctx, tv.ty, bits)
}

// ----- casts ------------------------------------------------------------------------

fn fold_cast_op(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], kind: CastKind) -> FoldOutcome {
    if !has_arity(ir, op, 1, 1) {
        return FoldOutcome::Failure;
    }
    let ty = result_type(ir, op);
    to_attr(fold_cast(ir.ctx(), kind, cst(c, 0), ty))
}

/// `extui(extui(x))` → `extui(x)` in place (likewise `extsi`), constants.
fn fold_ext(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], name: &str, kind: CastKind) -> FoldOutcome {
    if !has_arity(ir, op, 1, 1) {
        return FoldOutcome::Failure;
    }
    if let Some(inner) = def_op(ir, ir.operand(op, 0), name) {
        let src = ir.operand(inner, 0);
        ir.set_operand(op, 0, src);
        return FoldOutcome::InPlace;
    }
    fold_cast_op(ir, op, c, kind)
}

/// `extui`
pub fn fold_extui(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_ext(ir, op, c, "arith.extui", CastKind::ExtUI)
}
/// `extsi`
pub fn fold_extsi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_ext(ir, op, c, "arith.extsi", CastKind::ExtSI)
}

/// `trunci`: through `extui`/`extsi` and `trunci` producers, constants.
pub fn fold_trunci(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 1, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let input = ir.operand(op, 0);
    let dst = ctx.element_type(result_type(ir, op)).unwrap_or(result_type(ir, op));
    if let Some(ext) = def_op(ir, input, "arith.extui").or_else(|| def_op(ir, input, "arith.extsi")) {
        let src = ir.operand(ext, 0);
        let src_ty = ir.value_type(src);
        let src_elem = ctx.element_type(src_ty).unwrap_or(src_ty);
        match (ctx.int_width(src_elem), ctx.int_width(dst)) {
            (Some(sw), Some(dw)) if sw > dw => {
                ir.set_operand(op, 0, src);
                return FoldOutcome::InPlace;
            }
            _ if src_elem == dst => return to_value(src),
            _ => {}
        }
    }
    if let Some(inner) = def_op(ir, input, "arith.trunci") {
        let src = ir.operand(inner, 0);
        ir.set_operand(op, 0, src);
        return FoldOutcome::InPlace;
    }
    fold_cast_op(ir, op, c, CastKind::TruncI)
}

/// `extf`: `extf(truncf(x))` → `x` when both carry `contract`; exact
/// constants.
pub fn fold_extf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 1, 1) {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    if let Some(trunc) = def_op(ir, ir.operand(op, 0), "arith.truncf") {
        let src = ir.operand(trunc, 0);
        let contract = |o: OpId| {
            ir.attr(o, "fastmath").and_then(|a| FASTMATH.value(ctx, a)).is_some_and(|f| f & FASTMATH_CONTRACT != 0)
        };
        if ir.value_type(src) == result_type(ir, op) && contract(trunc) && contract(op) {
            return to_value(src);
        }
    }
    fold_cast_op(ir, op, c, CastKind::ExtF)
}

/// `truncf`: exact constants (the rounding mode cannot matter then).
pub fn fold_truncf(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_cast_op(ir, op, c, CastKind::TruncF)
}
/// `sitofp`
pub fn fold_sitofp(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_cast_op(ir, op, c, CastKind::SIToFP)
}
/// `uitofp`
pub fn fold_uitofp(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_cast_op(ir, op, c, CastKind::UIToFP)
}
/// `fptosi`
pub fn fold_fptosi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_cast_op(ir, op, c, CastKind::FPToSI)
}
/// `fptoui`
pub fn fold_fptoui(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_cast_op(ir, op, c, CastKind::FPToUI)
}

/// `index_cast(index_cast(x))` → `x` when the types round-trip (upstream's
/// canonicalization pattern), then constants; likewise `index_castui`.
fn fold_index_cast_like(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], name: &str, kind: CastKind) -> FoldOutcome {
    if !has_arity(ir, op, 1, 1) {
        return FoldOutcome::Failure;
    }
    if let Some(inner) = def_op(ir, ir.operand(op, 0), name) {
        let src = ir.operand(inner, 0);
        if ir.value_type(src) == result_type(ir, op) {
            return to_value(src);
        }
    }
    fold_cast_op(ir, op, c, kind)
}

/// `index_cast`
pub fn fold_index_cast(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_index_cast_like(ir, op, c, "arith.index_cast", CastKind::IndexCast)
}
/// `index_castui`
pub fn fold_index_castui(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_index_cast_like(ir, op, c, "arith.index_castui", CastKind::IndexCastUI)
}

/// `bitcast(bitcast(x))` → `x` when the types round-trip (upstream's
/// canonicalization pattern), then constants.
pub fn fold_bitcast_op(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if !has_arity(ir, op, 1, 1) {
        return FoldOutcome::Failure;
    }
    if let Some(inner) = def_op(ir, ir.operand(op, 0), "arith.bitcast") {
        let src = ir.operand(inner, 0);
        if ir.value_type(src) == result_type(ir, op) {
            return to_value(src);
        }
    }
    let ty = result_type(ir, op);
    to_attr(fold_bitcast(ir.ctx(), cst(c, 0), ty))
}

/// The float kind of a float constant's elements.
pub fn float_kind_of(ctx: &Context, a: Option<Attribute>) -> Option<FloatKind> {
    match view(ctx, a?)?.kind {
        ElemKind::Float(k) => Some(k),
        ElemKind::Int(_) => None,
    }
}
