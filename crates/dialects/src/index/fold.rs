//! The folders of the `index` ops, as MLIR 19's `IndexOps.cpp`.
//!
//! `index` is 32 or 64 bits wide depending on the target, so a fold must
//! be right for both. Ops whose low 32 result bits depend only on the low
//! 32 operand bits (add, sub, mul, and, or, xor, shl below 32) fold at 64
//! bits ("unchecked"); the others are computed at 64 and at 32 bits and
//! fold only when the 64-bit result truncated to 32 bits equals the 32-bit
//! one ("checked"). Comparisons fold when both widths give the same
//! answer; casts fold when the result does not depend on the width.

use super::{CmpPredicate, MaxSOp, MaxUOp, MinSOp, MinUOp};
use ir::{AttrKind, Attribute, Context, FoldOutcome, Ir, OpFoldResult, OpId, ValueId};
use smallvec::smallvec;

/// An integer of `width` (32 or 64) bits, held zero-extended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Int {
    bits: u64,
    width: u32,
}

impl Int {
    fn new(bits: u64, width: u32) -> Self {
        Int { bits: bits & mask(width), width }
    }
    fn trunc32(self) -> Self {
        Int::new(self.bits, 32)
    }
    fn s(self) -> i64 {
        let shift = 64 - self.width;
        ((self.bits << shift) as i64) >> shift
    }
    fn is_zero(self) -> bool {
        self.bits == 0
    }
    fn with(self, bits: u64) -> Self {
        Int::new(bits, self.width)
    }
    fn with_signed(self, v: i64) -> Self {
        Int::new(v as u64, self.width)
    }
    fn sdiv(self, rhs: Self) -> Self {
        self.with_signed(self.s().wrapping_div(rhs.s()))
    }
    fn neg(self) -> Self {
        self.with(self.bits.wrapping_neg())
    }
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The binary computations, `None` where the op must not fold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bin {
    Add,
    Sub,
    Mul,
    DivS,
    DivU,
    CeilDivS,
    CeilDivU,
    FloorDivS,
    RemS,
    RemU,
    MaxS,
    MaxU,
    MinS,
    MinU,
    Shl,
    ShrS,
    ShrU,
    And,
    Or,
    Xor,
}

fn calculate(op: Bin, l: Int, r: Int) -> Option<Int> {
    let zero_rhs = r.is_zero();
    Some(match op {
        Bin::Add => l.with(l.bits.wrapping_add(r.bits)),
        Bin::Sub => l.with(l.bits.wrapping_sub(r.bits)),
        Bin::Mul => l.with(l.bits.wrapping_mul(r.bits)),
        Bin::DivS if !zero_rhs => l.sdiv(r),
        Bin::DivU if !zero_rhs => l.with(l.bits / r.bits),
        Bin::CeilDivS if !zero_rhs => ceildivs(l, r),
        Bin::CeilDivU if !zero_rhs => {
            if l.is_zero() {
                l
            } else {
                l.with((l.bits - 1) / r.bits + 1)
            }
        }
        Bin::FloorDivS if !zero_rhs => floordivs(l, r),
        Bin::RemS if !zero_rhs => l.with_signed(l.s().wrapping_rem(r.s())),
        Bin::RemU if !zero_rhs => l.with(l.bits % r.bits),
        Bin::DivS | Bin::DivU | Bin::CeilDivS | Bin::CeilDivU | Bin::FloorDivS | Bin::RemS | Bin::RemU => return None,
        Bin::MaxS => {
            if l.s() > r.s() {
                l
            } else {
                r
            }
        }
        Bin::MaxU => {
            if l.bits > r.bits {
                l
            } else {
                r
            }
        }
        Bin::MinS => {
            if l.s() < r.s() {
                l
            } else {
                r
            }
        }
        Bin::MinU => {
            if l.bits < r.bits {
                l
            } else {
                r
            }
        }
        // A shift by 32 or more is undefined on a 32-bit target.
        Bin::Shl | Bin::ShrS | Bin::ShrU if r.bits >= 32 => return None,
        Bin::Shl => l.with(l.bits << r.bits),
        Bin::ShrS => l.with_signed(l.s() >> r.bits),
        Bin::ShrU => l.with(l.bits >> r.bits),
        Bin::And => l.with(l.bits & r.bits),
        Bin::Or => l.with(l.bits | r.bits),
        Bin::Xor => l.with(l.bits ^ r.bits),
    })
}

/// `ceildivs(n, m)`, `m != 0`, without signed overflow.
fn ceildivs(n: Int, m: Int) -> Int {
    if n.is_zero() {
        return n;
    }
    let m_gt_zero = m.s() > 0;
    if (n.s() > 0) != m_gt_zero {
        return n.neg().sdiv(m).neg();
    }
    let x: i64 = if m_gt_zero { -1 } else { 1 };
    let q = n.with_signed(n.s().wrapping_add(x)).sdiv(m);
    q.with_signed(q.s().wrapping_add(1))
}

/// `floordivs(n, m)`, `m != 0`, without signed overflow.
fn floordivs(n: Int, m: Int) -> Int {
    if n.is_zero() {
        return n;
    }
    let m_lt_zero = m.s() < 0;
    if (n.s() < 0) == m_lt_zero {
        return n.sdiv(m);
    }
    let x: i64 = if m_lt_zero { 1 } else { -1 };
    let q = n.with_signed(x.wrapping_sub(n.s())).sdiv(m);
    q.with_signed((-1i64).wrapping_sub(q.s()))
}

/// The 64-bit value of an integer attribute of any width ≤ 64 (`None` for
/// other attributes), with its width.
fn int_of(ctx: &Context, a: Option<Attribute>) -> Option<(i128, u32)> {
    let a = a?;
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } => {
            let width = crate::util::int_width(ctx, *ty)?;
            Some((ctx.int_value(a)?, width))
        }
        AttrKind::Bool(b) => Some((i128::from(*b), 1)),
        _ => None,
    }
}

/// An `index` operand's value at 64 bits.
fn index_of(ctx: &Context, a: Option<Attribute>) -> Option<Int> {
    let (v, _) = int_of(ctx, a)?;
    Some(Int::new(v as u64, 64))
}

fn attr(a: Attribute) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Attr(a)])
}

fn value(v: ValueId) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Value(v)])
}

fn index_attr(ctx: &Context, v: Int) -> Attribute {
    ctx.index_attr(v.s())
}

/// Folds at 64 bits when both operands are constant (upstream's
/// `foldBinaryOpUnchecked`).
fn unchecked(ctx: &Context, op: Bin, c: &[Option<Attribute>]) -> Option<Attribute> {
    let (l, r) = (index_of(ctx, c.first().copied().flatten())?, index_of(ctx, c.get(1).copied().flatten())?);
    let result = calculate(op, l, r)?;
    Some(index_attr(ctx, result))
}

/// Folds when the 64-bit result truncated equals the 32-bit one
/// (upstream's `foldBinaryOpChecked`).
fn checked(ctx: &Context, op: Bin, c: &[Option<Attribute>]) -> Option<Attribute> {
    let (l, r) = (index_of(ctx, c.first().copied().flatten())?, index_of(ctx, c.get(1).copied().flatten())?);
    let r64 = calculate(op, l, r)?;
    let r32 = calculate(op, l.trunc32(), r.trunc32())?;
    (r64.trunc32() == r32).then(|| index_attr(ctx, r64))
}

fn fold_with(ir: &Ir, op: Bin, c: &[Option<Attribute>], check: bool) -> FoldOutcome {
    let ctx = ir.ctx();
    let folded = if check { checked(ctx, op, c) } else { unchecked(ctx, op, c) };
    folded.map_or(FoldOutcome::Failure, attr)
}

/// The constant `rhs`, when it is an integer.
fn rhs_int(ctx: &Context, c: &[Option<Attribute>]) -> Option<Int> {
    index_of(ctx, c.get(1).copied().flatten())
}

/// `index.add`: constants, and `add(x, 0) -> x`.
pub fn fold_add(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if let Some(a) = unchecked(ir.ctx(), Bin::Add, c) {
        return attr(a);
    }
    match rhs_int(ir.ctx(), c) {
        Some(r) if r.is_zero() => value(ir.operand(op, 0)),
        _ => FoldOutcome::Failure,
    }
}

/// `index.sub`: constants, and `sub(x, 0) -> x`.
pub fn fold_sub(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if let Some(a) = unchecked(ir.ctx(), Bin::Sub, c) {
        return attr(a);
    }
    match rhs_int(ir.ctx(), c) {
        Some(r) if r.is_zero() => value(ir.operand(op, 0)),
        _ => FoldOutcome::Failure,
    }
}

/// `index.mul`: constants, `mul(x, 1) -> x` and `mul(x, 0) -> 0`.
pub fn fold_mul(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if let Some(a) = unchecked(ir.ctx(), Bin::Mul, c) {
        return attr(a);
    }
    match rhs_int(ir.ctx(), c) {
        Some(r) if r.bits == 1 => value(ir.operand(op, 0)),
        Some(r) if r.is_zero() => c[1].map_or(FoldOutcome::Failure, attr),
        _ => FoldOutcome::Failure,
    }
}

macro_rules! folders {
    ($($(#[$m:meta])* $name:ident => $op:ident, $check:expr;)*) => {$(
        $(#[$m])*
        pub fn $name(ir: &mut Ir, _: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
            fold_with(ir, Bin::$op, c, $check)
        }
    )*};
}

folders! {
    /// `index.divs` on constants (not by zero).
    fold_divs => DivS, true;
    /// `index.divu` on constants (not by zero).
    fold_divu => DivU, true;
    /// `index.ceildivs` on constants (not by zero).
    fold_ceildivs => CeilDivS, true;
    /// `index.ceildivu` on constants (not by zero).
    fold_ceildivu => CeilDivU, true;
    /// `index.floordivs` on constants (not by zero).
    fold_floordivs => FloorDivS, true;
    /// `index.rems` on constants (not by zero).
    fold_rems => RemS, true;
    /// `index.remu` on constants (not by zero).
    fold_remu => RemU, true;
    /// `index.maxs` on constants.
    fold_maxs => MaxS, true;
    /// `index.maxu` on constants.
    fold_maxu => MaxU, true;
    /// `index.mins` on constants.
    fold_mins => MinS, true;
    /// `index.minu` on constants.
    fold_minu => MinU, true;
    /// `index.shl` on constants, shift below 32.
    fold_shl => Shl, false;
    /// `index.shrs` on constants, shift below 32.
    fold_shrs => ShrS, true;
    /// `index.shru` on constants, shift below 32.
    fold_shru => ShrU, true;
    /// `index.and` on constants.
    fold_and => And, false;
    /// `index.or` on constants.
    fold_or => Or, false;
    /// `index.xor` on constants.
    fold_xor => Xor, false;
}

// ----- casts -------------------------------------------------------------------

/// `v`'s low `width` bits, sign- or zero-extended to `i128`.
fn extend(v: i128, width: u32, signed: bool) -> i128 {
    if width == 0 {
        return 0;
    }
    if width >= 128 {
        return v;
    }
    let shift = 128 - width;
    if signed {
        (v << shift) >> shift
    } else {
        ((v as u128) << shift >> shift) as i128
    }
}

/// Upstream's `foldCastOp`: to `index`, cast as on a 64-bit target; from
/// `index`, only when the result is the same from a 32-bit value.
fn fold_cast(ir: &Ir, op: OpId, c: &[Option<Attribute>], signed: bool) -> FoldOutcome {
    let ctx = ir.ctx();
    let Some((v, in_width)) = int_of(ctx, c.first().copied().flatten()) else { return FoldOutcome::Failure };
    let ty = ir.value_type(ir.result(op, 0));
    // The input's value as its own width (APInt semantics).
    let v = extend(v, in_width, signed);
    if ctx.is_index(ty) {
        return attr(ctx.int_attr(ty, extend(v, 64.min(in_width), signed)));
    }
    let Some(width) = crate::util::int_width(ctx, ty) else { return FoldOutcome::Failure };
    if width <= 32 {
        return attr(ctx.int_attr(ty, v));
    }
    let from32 = extend(v, 32, signed);
    if width >= 64 {
        if extend(from32, 64, signed) != extend(v, 64, signed) {
            return FoldOutcome::Failure;
        }
        return attr(ctx.int_attr(ty, extend(v, 64, signed)));
    }
    if extend(v, width, false) != extend(from32, width, false) {
        return FoldOutcome::Failure;
    }
    attr(ctx.int_attr(ty, v))
}

/// `index.casts` on a constant.
pub fn fold_casts(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_cast(ir, op, c, true)
}

/// `index.castu` on a constant.
pub fn fold_castu(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_cast(ir, op, c, false)
}

// ----- cmp ---------------------------------------------------------------------

fn compare(pred: CmpPredicate, l: Int, r: Int) -> bool {
    match pred {
        CmpPredicate::Eq => l.bits == r.bits,
        CmpPredicate::Ne => l.bits != r.bits,
        CmpPredicate::Slt => l.s() < r.s(),
        CmpPredicate::Sle => l.s() <= r.s(),
        CmpPredicate::Sgt => l.s() > r.s(),
        CmpPredicate::Sge => l.s() >= r.s(),
        CmpPredicate::Ult => l.bits < r.bits,
        CmpPredicate::Ule => l.bits <= r.bits,
        CmpPredicate::Ugt => l.bits > r.bits,
        CmpPredicate::Uge => l.bits >= r.bits,
    }
}

/// The bounds of a value, signed and unsigned (upstream's
/// `ConstantIntRanges`).
#[derive(Clone, Copy)]
struct Range {
    umin: Int,
    umax: Int,
    smin: Int,
    smax: Int,
}

impl Range {
    fn constant(v: Int) -> Self {
        Range { umin: v, umax: v, smin: v, smax: v }
    }
    fn from_signed(smin: Int, smax: Int) -> Self {
        let w = smin.width;
        let (umin, umax) = if (smin.s() >= 0) == (smax.s() >= 0) {
            (smin.min_u(smax), smin.max_u(smax))
        } else {
            (Int::new(0, w), Int::new(u64::MAX, w))
        };
        Range { umin, umax, smin, smax }
    }
    fn from_unsigned(umin: Int, umax: Int) -> Self {
        let w = umin.width;
        let (smin, smax) = if (umin.s() >= 0) == (umax.s() >= 0) {
            (if umin.s() < umax.s() { umin } else { umax }, if umin.s() > umax.s() { umin } else { umax })
        } else {
            (Int::new(1 << (w - 1), w), Int::new(mask(w) >> 1, w))
        };
        Range { umin, umax, smin, smax }
    }
    fn constant_value(&self) -> Option<Int> {
        if self.umin == self.umax {
            Some(self.umin)
        } else if self.smin == self.smax {
            Some(self.smin)
        } else {
            None
        }
    }
}

impl Int {
    fn min_u(self, o: Self) -> Self {
        if self.bits < o.bits {
            self
        } else {
            o
        }
    }
    fn max_u(self, o: Self) -> Self {
        if self.bits > o.bits {
            self
        } else {
            o
        }
    }
}

fn invert(pred: CmpPredicate) -> CmpPredicate {
    use CmpPredicate::*;
    match pred {
        Eq => Ne,
        Ne => Eq,
        Slt => Sge,
        Sle => Sgt,
        Sgt => Sle,
        Sge => Slt,
        Ult => Uge,
        Ule => Ugt,
        Ugt => Ule,
        Uge => Ult,
    }
}

fn statically_true(pred: CmpPredicate, l: &Range, r: &Range) -> bool {
    use CmpPredicate::*;
    match pred {
        Sle => l.smax.s() <= r.smin.s(),
        Slt => l.smax.s() < r.smin.s(),
        Ule => l.umax.bits <= r.umin.bits,
        Ult => l.umax.bits < r.umin.bits,
        Sge => l.smin.s() >= r.smax.s(),
        Sgt => l.smin.s() > r.smax.s(),
        Uge => l.umin.bits >= r.umax.bits,
        Ugt => l.umin.bits > r.umax.bits,
        Eq => matches!((l.constant_value(), r.constant_value()), (Some(a), Some(b)) if a == b),
        Ne => {
            let sne = statically_true(Slt, l, r) || statically_true(Sgt, l, r);
            let une = statically_true(Ult, l, r) || statically_true(Ugt, l, r);
            sne && une
        }
    }
}

/// Upstream's `intrange::evaluatePred`.
fn evaluate(pred: CmpPredicate, l: &Range, r: &Range) -> Option<bool> {
    if statically_true(pred, l, r) {
        Some(true)
    } else if statically_true(invert(pred), l, r) {
        Some(false)
    } else {
        None
    }
}

/// Which of min/max defines the compared value.
#[derive(Clone, Copy)]
enum MinMax {
    MinS,
    MinU,
    MaxS,
    MaxU,
}

/// `cmp(minmax(x, a), b)` at one width.
fn cmp_of_min_max(kind: MinMax, a: Int, b: Int, pred: CmpPredicate) -> Option<bool> {
    let w = a.width;
    let lhs = match kind {
        MinMax::MinS => Range::from_signed(Int::new(1 << (w - 1), w), a),
        MinMax::MinU => Range::from_unsigned(Int::new(0, w), a),
        MinMax::MaxS => Range::from_signed(a, Int::new(mask(w) >> 1, w)),
        MinMax::MaxU => Range::from_unsigned(a, Int::new(u64::MAX, w)),
    };
    evaluate(pred, &lhs, &Range::constant(b))
}

/// Upstream's `compareSameArgs`.
fn compare_same(pred: CmpPredicate) -> bool {
    use CmpPredicate::*;
    matches!(pred, Eq | Sge | Sle | Uge | Ule)
}

/// `index.cmp`: constants (when both widths agree), `cmp(max/min(x, a),
/// b)` decided by ranges at both widths, and `cmp(x, x)`.
pub fn fold_cmp(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let Some(pred) = ir.attr(op, "pred").and_then(|a| CmpPredicate::from_attr(ctx, a)) else {
        return FoldOutcome::Failure;
    };
    let lhs = index_of(ctx, c.first().copied().flatten());
    let rhs = index_of(ctx, c.get(1).copied().flatten());
    if let (Some(l), Some(r)) = (lhs, rhs) {
        let r64 = compare(pred, l, r);
        if r64 == compare(pred, l.trunc32(), r.trunc32()) {
            return attr(ctx.bool_attr(r64));
        }
    }
    let (l, r) = (ir.operand(op, 0), ir.operand(op, 1));
    if let (Some(def), Some(b)) = (ir.defining_op(l), rhs) {
        let kind = if MinSOp::matches(ir, def) {
            Some(MinMax::MinS)
        } else if MinUOp::matches(ir, def) {
            Some(MinMax::MinU)
        } else if MaxSOp::matches(ir, def) {
            Some(MinMax::MaxS)
        } else if MaxUOp::matches(ir, def) {
            Some(MinMax::MaxU)
        } else {
            None
        };
        let a = kind.and_then(|_| index_of(ctx, crate::util::const_attr(ir, ir.operand(def, 1))));
        if let (Some(kind), Some(a)) = (kind, a) {
            let r64 = cmp_of_min_max(kind, a, b, pred);
            let r32 = cmp_of_min_max(kind, a.trunc32(), b.trunc32(), pred);
            if let (Some(x), Some(y)) = (r64, r32) {
                if x == y {
                    return attr(ctx.bool_attr(x));
                }
            }
        }
    }
    if l == r {
        return attr(ctx.bool_attr(compare_same(pred)));
    }
    FoldOutcome::Failure
}

/// `index.constant` and `index.bool.constant`: their value.
pub fn fold_constant(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    match ir.attr(op, "value") {
        Some(a) => attr(a),
        None => FoldOutcome::Failure,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ceil_and_floor_division_match_upstream_formulas() {
        let i = |v: i64| Int::new(v as u64, 64);
        assert_eq!(ceildivs(i(7), i(2)).s(), 4);
        assert_eq!(ceildivs(i(-7), i(2)).s(), -3);
        assert_eq!(ceildivs(i(7), i(-2)).s(), -3);
        assert_eq!(ceildivs(i(-7), i(-2)).s(), 4);
        assert_eq!(floordivs(i(7), i(2)).s(), 3);
        assert_eq!(floordivs(i(-7), i(2)).s(), -4);
        assert_eq!(floordivs(i(7), i(-2)).s(), -4);
        assert_eq!(floordivs(i(-7), i(-2)).s(), 3);
    }

    #[test]
    fn checked_folds_only_when_widths_agree() {
        let ctx = Context::new();
        let c = |v: i64| Some(ctx.index_attr(v));
        // 2^32 / 2: the 32-bit operands are 0 and 2, the results differ.
        assert_eq!(checked(&ctx, Bin::DivU, &[c(1 << 32), c(2)]), None);
        assert_eq!(checked(&ctx, Bin::DivU, &[c(10), c(2)]), Some(ctx.index_attr(5)));
        // Unchecked ops fold at 64 bits.
        assert_eq!(unchecked(&ctx, Bin::Add, &[c(i64::MAX), c(1)]), Some(ctx.index_attr(i64::MIN)));
        assert_eq!(unchecked(&ctx, Bin::Shl, &[c(1), c(32)]), None);
    }
}
