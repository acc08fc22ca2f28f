//! Constant evaluation of `arith` semantics on single values: integers of
//! any width up to 128 bits ([`IntVal`]) and floats of every builtin float
//! type (raw bit patterns of an [`ir::FloatKind`]).
//!
//! These are the pure functions behind the folders, public so the
//! interpreter can reuse them. They follow LLVM's `APInt`/`APFloat`
//! semantics exactly (wrap-around integer arithmetic, IEEE
//! round-to-nearest-even float arithmetic, NaN propagation). A `None`
//! result means "no value": undefined behaviour (division by zero, signed
//! overflow of a division, over-wide shifts) or an inexact/invalid
//! conversion, which the folders leave unfolded.
//!
//! Float arithmetic runs on `rustc_apfloat` (a port of LLVM's `APFloat`)
//! for the formats it models; the remaining 8-bit formats and `tf32` are
//! computed exactly in `f32` semantics and rounded once to the target,
//! which is correctly rounded because `f32` has more than twice their
//! precision plus two bits.

use ir::float::{self, FloatKind};
use rustc_apfloat::ieee;
use rustc_apfloat::{Float, Round, Status};
use std::cmp::Ordering;

// ---------------------------------------------------------------------------
// Integers.
// ---------------------------------------------------------------------------

/// An integer of `width` bits (1..=128), held zero-extended in `bits`.
/// Signless: operations decide how to interpret the sign bit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct IntVal {
    /// The value's bits, zero-extended (bits above `width` are clear).
    pub bits: u128,
    /// Bit width, 1..=128.
    pub width: u32,
}

/// The low `width` bits set.
pub fn low_mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

impl IntVal {
    /// `bits` truncated to `width` (which is clamped to 1..=128).
    pub fn new(width: u32, bits: u128) -> IntVal {
        let width = width.clamp(1, 128);
        IntVal { bits: bits & low_mask(width), width }
    }
    /// A signed value truncated to `width`.
    pub fn from_i128(width: u32, v: i128) -> IntVal {
        IntVal::new(width, v as u128)
    }
    /// Zero.
    pub fn zero(width: u32) -> IntVal {
        IntVal::new(width, 0)
    }
    /// The value read as signed.
    pub fn sext(self) -> i128 {
        ir::attrs::sign_extend(self.bits, self.width)
    }
    /// The value read as unsigned.
    pub fn zext(self) -> u128 {
        self.bits
    }
    /// True for 0.
    pub fn is_zero(self) -> bool {
        self.bits == 0
    }
    /// True for 1.
    pub fn is_one(self) -> bool {
        self.bits == 1
    }
    /// True when every bit is set (-1).
    pub fn is_all_ones(self) -> bool {
        self.bits == low_mask(self.width)
    }
    /// True when the sign bit is set.
    pub fn is_negative(self) -> bool {
        (self.bits >> (self.width.clamp(1, 128) - 1)) & 1 == 1
    }
    /// True for the most negative signed value.
    pub fn is_min_signed(self) -> bool {
        self.bits == 1u128 << (self.width.clamp(1, 128) - 1)
    }
    /// True for the largest signed value.
    pub fn is_max_signed(self) -> bool {
        self.bits == low_mask(self.width.clamp(1, 128) - 1)
    }
    /// Zero-extends or truncates to `width`.
    pub fn zext_or_trunc(self, width: u32) -> IntVal {
        IntVal::new(width, self.bits)
    }
    /// Sign-extends or truncates to `width`.
    pub fn sext_or_trunc(self, width: u32) -> IntVal {
        IntVal::from_i128(width, self.sext())
    }
}

/// The binary integer operations of `arith` (and `math.ipowi`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IntBinOp {
    /// `addi`
    Add,
    /// `subi`
    Sub,
    /// `muli`
    Mul,
    /// `divsi`
    DivSI,
    /// `divui`
    DivUI,
    /// `ceildivsi`
    CeilDivSI,
    /// `ceildivui`
    CeilDivUI,
    /// `floordivsi`
    FloorDivSI,
    /// `remsi`
    RemSI,
    /// `remui`
    RemUI,
    /// `andi`
    And,
    /// `ori`
    Or,
    /// `xori`
    Xor,
    /// `shli`
    Shl,
    /// `shrsi`
    ShrSI,
    /// `shrui`
    ShrUI,
    /// `maxsi`
    MaxSI,
    /// `minsi`
    MinSI,
    /// `maxui`
    MaxUI,
    /// `minui`
    MinUI,
    /// high half of the signed double-width product (`mulsi_extended`)
    MulHS,
    /// high half of the unsigned double-width product (`mului_extended`)
    MulHU,
    /// `math.ipowi` (signed exponent)
    IPowI,
}

/// Evaluates `a op b` on integers of the same width. `None` when the
/// result is undefined (division by zero, `MIN / -1` for the signed
/// divisions, shift amounts of at least the width, `0 ** negative`) or the
/// widths differ.
pub fn eval_int_binop(op: IntBinOp, a: IntVal, b: IntVal) -> Option<IntVal> {
    if a.width != b.width {
        return None;
    }
    let w = a.width;
    let int = |v: u128| IntVal::new(w, v);
    let sint = |v: i128| IntVal::from_i128(w, v);
    Some(match op {
        IntBinOp::Add => int(a.bits.wrapping_add(b.bits)),
        IntBinOp::Sub => int(a.bits.wrapping_sub(b.bits)),
        IntBinOp::Mul => int(a.bits.wrapping_mul(b.bits)),
        IntBinOp::DivUI => int(a.bits.checked_div(b.bits)?),
        IntBinOp::DivSI => {
            if b.is_zero() || (a.is_min_signed() && b.is_all_ones()) {
                return None;
            }
            sint(a.sext().wrapping_div(b.sext()))
        }
        IntBinOp::CeilDivUI => {
            let q = a.bits.checked_div(b.bits)?;
            if q.wrapping_mul(b.bits) == a.bits {
                int(q)
            } else if q == low_mask(w) {
                return None;
            } else {
                int(q + 1)
            }
        }
        IntBinOp::CeilDivSI => {
            if b.is_zero() {
                return None;
            }
            if a.is_zero() {
                return Some(a);
            }
            // Upstream negates negative operands first; negating MIN
            // overflows and blocks the fold.
            if a.is_min_signed() || b.is_min_signed() {
                return None;
            }
            let (x, y) = (a.sext(), b.sext());
            let q = x.wrapping_div(y);
            let exact = x.wrapping_rem(y) == 0;
            // Truncating division rounds toward zero; ceiling differs only
            // for inexact positive quotients.
            let positive = (x > 0) == (y > 0);
            sint(if !exact && positive { q + 1 } else { q })
        }
        IntBinOp::FloorDivSI => {
            if b.is_zero() || (a.is_min_signed() && b.is_all_ones()) {
                return None;
            }
            let (x, y) = (a.sext(), b.sext());
            let q = x.wrapping_div(y);
            let adjust = q.wrapping_mul(y) != x && (x < 0) != (y < 0);
            sint(if adjust { q.wrapping_sub(1) } else { q })
        }
        IntBinOp::RemUI => int(a.bits.checked_rem(b.bits)?),
        IntBinOp::RemSI => {
            if b.is_zero() {
                return None;
            }
            sint(a.sext().wrapping_rem(b.sext()))
        }
        IntBinOp::And => int(a.bits & b.bits),
        IntBinOp::Or => int(a.bits | b.bits),
        IntBinOp::Xor => int(a.bits ^ b.bits),
        IntBinOp::Shl => int(a.bits << shift_amount(b)?),
        IntBinOp::ShrUI => int(a.bits >> shift_amount(b)?),
        IntBinOp::ShrSI => sint(a.sext() >> shift_amount(b)?),
        IntBinOp::MaxSI => pick(a.sext() >= b.sext(), a, b),
        IntBinOp::MinSI => pick(a.sext() <= b.sext(), a, b),
        IntBinOp::MaxUI => pick(a.bits >= b.bits, a, b),
        IntBinOp::MinUI => pick(a.bits <= b.bits, a, b),
        IntBinOp::MulHU => int(mul_high_unsigned(a, b)),
        IntBinOp::MulHS => {
            // mulhs = mulhu - (a < 0 ? b : 0) - (b < 0 ? a : 0)  (mod 2^w)
            let mut hi = mul_high_unsigned(a, b);
            if a.is_negative() {
                hi = hi.wrapping_sub(b.bits);
            }
            if b.is_negative() {
                hi = hi.wrapping_sub(a.bits);
            }
            int(hi)
        }
        IntBinOp::IPowI => return ipowi(a, b),
    })
}

fn pick(first: bool, a: IntVal, b: IntVal) -> IntVal {
    if first {
        a
    } else {
        b
    }
}

/// The shift amount when it is below the width.
fn shift_amount(b: IntVal) -> Option<u32> {
    (b.bits < u128::from(b.width)).then_some(b.bits as u32)
}

/// Bits `[w, 2w)` of the full unsigned product of two `w`-bit values.
fn mul_high_unsigned(a: IntVal, b: IntVal) -> u128 {
    let (hi, lo) = widening_mul(a.bits, b.bits);
    let w = a.width.clamp(1, 128);
    let high = if w >= 128 { hi } else { (lo >> w) | (hi << (128 - w)) };
    high & low_mask(w)
}

/// The 256-bit product of two `u128`s as (high, low).
fn widening_mul(a: u128, b: u128) -> (u128, u128) {
    const HALF: u32 = 64;
    let mask = u128::from(u64::MAX);
    let (a0, a1) = (a & mask, a >> HALF);
    let (b0, b1) = (b & mask, b >> HALF);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = (p00 >> HALF) + (p01 & mask) + (p10 & mask);
    let lo = (p00 & mask) | (mid << HALF);
    let hi = p11 + (p01 >> HALF) + (p10 >> HALF) + (mid >> HALF);
    (hi, lo)
}

/// `math.ipowi` as upstream folds it (`None` for `0 ** negative`).
fn ipowi(base: IntVal, power: IntVal) -> Option<IntVal> {
    let w = base.width;
    let one = IntVal::new(w, 1);
    if power.is_zero() {
        return Some(one);
    }
    if power.is_negative() {
        if base.is_zero() {
            return None;
        }
        if base == one {
            return Some(one);
        }
        if !base.is_all_ones() {
            return Some(IntVal::zero(w));
        }
        return Some(if power.bits & 1 == 1 { base } else { one });
    }
    let mut result = one.bits;
    let mut cur = base.bits;
    let mut p = power.bits;
    loop {
        if p & 1 == 1 {
            result = result.wrapping_mul(cur) & low_mask(w);
        }
        p >>= 1;
        if p == 0 {
            return Some(IntVal::new(w, result));
        }
        cur = cur.wrapping_mul(cur) & low_mask(w);
    }
}

/// The unary integer operations of `math`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IntUnaryOp {
    /// `math.absi` (`abs(MIN) == MIN`)
    Abs,
    /// `math.ctlz`
    CountLeadingZeros,
    /// `math.cttz`
    CountTrailingZeros,
    /// `math.ctpop`
    CountOnes,
}

/// Evaluates a unary integer operation.
pub fn eval_int_unary(op: IntUnaryOp, a: IntVal) -> IntVal {
    let w = a.width.clamp(1, 128);
    match op {
        IntUnaryOp::Abs => IntVal::from_i128(w, a.sext().wrapping_abs()),
        IntUnaryOp::CountLeadingZeros => {
            let zeros = (a.bits & low_mask(w)).leading_zeros().saturating_sub(128 - w);
            IntVal::new(w, u128::from(zeros))
        }
        IntUnaryOp::CountTrailingZeros => IntVal::new(w, u128::from(a.bits.trailing_zeros().min(w))),
        IntUnaryOp::CountOnes => IntVal::new(w, u128::from(a.bits.count_ones())),
    }
}

/// `arith.cmpi` predicates, with their enum values.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CmpIPredicate {
    /// `eq` (0)
    Eq = 0,
    /// `ne` (1)
    Ne = 1,
    /// `slt` (2)
    Slt = 2,
    /// `sle` (3)
    Sle = 3,
    /// `sgt` (4)
    Sgt = 4,
    /// `sge` (5)
    Sge = 5,
    /// `ult` (6)
    Ult = 6,
    /// `ule` (7)
    Ule = 7,
    /// `ugt` (8)
    Ugt = 8,
    /// `uge` (9)
    Uge = 9,
}

impl CmpIPredicate {
    /// Every predicate in enum order.
    pub const ALL: [CmpIPredicate; 10] = [
        CmpIPredicate::Eq,
        CmpIPredicate::Ne,
        CmpIPredicate::Slt,
        CmpIPredicate::Sle,
        CmpIPredicate::Sgt,
        CmpIPredicate::Sge,
        CmpIPredicate::Ult,
        CmpIPredicate::Ule,
        CmpIPredicate::Ugt,
        CmpIPredicate::Uge,
    ];
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"][self as usize]
    }
    /// The predicate of enum value `v`.
    pub fn from_value(v: i128) -> Option<Self> {
        usize::try_from(v).ok().and_then(|i| Self::ALL.get(i).copied())
    }
    /// The predicate spelled `s`.
    pub fn from_keyword(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.keyword() == s)
    }
    /// The predicate with operands swapped (`slt` ↔ `sgt`, `eq` stays).
    pub fn swapped(self) -> Self {
        use CmpIPredicate::*;
        match self {
            Slt => Sgt,
            Sgt => Slt,
            Sle => Sge,
            Sge => Sle,
            Ult => Ugt,
            Ugt => Ult,
            Ule => Uge,
            Uge => Ule,
            p => p,
        }
    }
    /// The negated predicate (`slt` ↔ `sge`, `eq` ↔ `ne`).
    pub fn inverted(self) -> Self {
        use CmpIPredicate::*;
        match self {
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
    /// The result for two equal operands.
    pub fn holds_for_equal(self) -> bool {
        use CmpIPredicate::*;
        matches!(self, Eq | Sle | Sge | Ule | Uge)
    }
}

/// Evaluates `a pred b`.
pub fn eval_cmpi(pred: CmpIPredicate, a: IntVal, b: IntVal) -> bool {
    use CmpIPredicate::*;
    let (sa, sb) = (a.sext(), b.sext());
    match pred {
        Eq => a.bits == b.bits,
        Ne => a.bits != b.bits,
        Slt => sa < sb,
        Sle => sa <= sb,
        Sgt => sa > sb,
        Sge => sa >= sb,
        Ult => a.bits < b.bits,
        Ule => a.bits <= b.bits,
        Ugt => a.bits > b.bits,
        Uge => a.bits >= b.bits,
    }
}

// ---------------------------------------------------------------------------
// Floats.
// ---------------------------------------------------------------------------

/// Runs `$body` with `$T` bound to the `rustc_apfloat` type of `$kind`, or
/// evaluates `$fallback` for the formats it does not model.
macro_rules! with_apfloat {
    ($kind:expr, $T:ident => $body:expr, _ => $fallback:expr) => {
        match $kind {
            FloatKind::F16 => {
                type $T = ieee::Half;
                $body
            }
            FloatKind::BF16 => {
                type $T = ieee::BFloat;
                $body
            }
            FloatKind::F32 => {
                type $T = ieee::Single;
                $body
            }
            FloatKind::F64 => {
                type $T = ieee::Double;
                $body
            }
            FloatKind::F80 => {
                type $T = ieee::X87DoubleExtended;
                $body
            }
            FloatKind::F128 => {
                type $T = ieee::Quad;
                $body
            }
            FloatKind::F8E5M2 => {
                type $T = ieee::Float8E5M2;
                $body
            }
            FloatKind::F8E4M3FN => {
                type $T = ieee::Float8E4M3FN;
                $body
            }
            _ => $fallback,
        }
    };
}

/// A value of a fallback format, exactly, as `f32` bits.
fn widen(kind: FloatKind, bits: u128) -> ieee::Single {
    ieee::Single::from_bits(float::convert(kind, FloatKind::F32, bits))
}

/// An `f32` result rounded once to a fallback format.
fn narrow(kind: FloatKind, v: ieee::Single) -> u128 {
    float::convert(FloatKind::F32, kind, v.to_bits())
}

/// The binary float operations of `arith` and `math`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatBinOp {
    /// `addf`
    Add,
    /// `subf`
    Sub,
    /// `mulf`
    Mul,
    /// `divf`
    Div,
    /// `remf` (C `fmod`: the result has the sign of the dividend)
    Rem,
    /// `maximumf` (NaN-propagating, `-0 < +0`)
    Maximum,
    /// `minimumf`
    Minimum,
    /// `maxnumf` (a NaN operand yields the other operand)
    MaxNum,
    /// `minnumf`
    MinNum,
    /// `math.copysign`
    CopySign,
}

fn binop_apfloat<F: Float>(op: FloatBinOp, a: F, b: F) -> F {
    match op {
        FloatBinOp::Add => (a + b).value,
        FloatBinOp::Sub => (a - b).value,
        FloatBinOp::Mul => (a * b).value,
        FloatBinOp::Div => (a / b).value,
        FloatBinOp::Rem => a.c_fmod(b).value,
        FloatBinOp::Maximum => a.maximum(b),
        FloatBinOp::Minimum => a.minimum(b),
        FloatBinOp::MaxNum => maxnum(a, b),
        FloatBinOp::MinNum => minnum(a, b),
        FloatBinOp::CopySign => a.copy_sign(b),
    }
}

/// LLVM 19's `minnum`: a NaN operand yields the other one, and `-0 < +0`.
fn minnum<F: Float>(a: F, b: F) -> F {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a.is_zero() && b.is_zero() && a.is_negative() != b.is_negative() {
        return if a.is_negative() { a } else { b };
    }
    if b < a {
        b
    } else {
        a
    }
}

/// LLVM 19's `maxnum`: a NaN operand yields the other one, and `-0 < +0`.
fn maxnum<F: Float>(a: F, b: F) -> F {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a.is_zero() && b.is_zero() && a.is_negative() != b.is_negative() {
        return if a.is_negative() { b } else { a };
    }
    if a < b {
        b
    } else {
        a
    }
}

/// Evaluates `a op b` on two values of `kind` with round-to-nearest-even,
/// as `APFloat` does.
pub fn eval_float_binop(op: FloatBinOp, kind: FloatKind, a: u128, b: u128) -> u128 {
    with_apfloat!(kind, T => binop_apfloat(op, T::from_bits(a), T::from_bits(b)).to_bits(), _ => {
        // The sign of a NaN-only format's NaN does not survive widening.
        if op == FloatBinOp::CopySign {
            let flip = float::is_negative(kind, a) != float::is_negative(kind, b);
            return if flip { eval_float_neg(kind, a) } else { a };
        }
        // NaN operands of maximum/minimum come back unchanged.
        if matches!(op, FloatBinOp::Maximum | FloatBinOp::Minimum) {
            if float::is_nan(kind, a) {
                return a;
            }
            if float::is_nan(kind, b) {
                return b;
            }
        }
        narrow(kind, binop_apfloat(op, widen(kind, a), widen(kind, b)))
    })
}

/// `-a` (flips the sign bit; formats without negative zero keep `+0`).
pub fn eval_float_neg(kind: FloatKind, a: u128) -> u128 {
    with_apfloat!(kind, T => (-T::from_bits(a)).to_bits(), _ => narrow(kind, -widen(kind, a)))
}

/// `|a|`.
pub fn eval_float_abs(kind: FloatKind, a: u128) -> u128 {
    with_apfloat!(kind, T => T::from_bits(a).abs().to_bits(), _ => narrow(kind, widen(kind, a).abs()))
}

/// Rounding directions (LLVM's `RoundingMode`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rounding {
    /// Round to nearest, ties to even.
    NearestEven,
    /// Round toward negative infinity.
    Down,
    /// Round toward positive infinity.
    Up,
    /// Round toward zero.
    TowardZero,
    /// Round to nearest, ties away from zero.
    NearestAway,
}

impl Rounding {
    fn apfloat(self) -> Round {
        match self {
            Rounding::NearestEven => Round::NearestTiesToEven,
            Rounding::Down => Round::TowardNegative,
            Rounding::Up => Round::TowardPositive,
            Rounding::TowardZero => Round::TowardZero,
            Rounding::NearestAway => Round::NearestTiesToAway,
        }
    }
}

/// `a` rounded to an integral value in the same format (`math.ceil`,
/// `math.floor`, `math.roundeven`, ...).
pub fn eval_round_to_integral(kind: FloatKind, a: u128, mode: Rounding) -> u128 {
    let r = mode.apfloat();
    with_apfloat!(kind, T => T::from_bits(a).round_to_integral(r).value.to_bits(),
        _ => narrow(kind, widen(kind, a).round_to_integral(r).value))
}

/// The ordering of two values (`None` when either is NaN).
pub fn float_compare(kind: FloatKind, a: u128, b: u128) -> Option<Ordering> {
    with_apfloat!(kind, T => T::from_bits(a).partial_cmp(&T::from_bits(b)),
        _ => widen(kind, a).partial_cmp(&widen(kind, b)))
}

/// `arith.cmpf` predicates, with their enum values.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CmpFPredicate {
    /// `false` (0)
    AlwaysFalse = 0,
    /// `oeq` (1)
    Oeq = 1,
    /// `ogt` (2)
    Ogt = 2,
    /// `oge` (3)
    Oge = 3,
    /// `olt` (4)
    Olt = 4,
    /// `ole` (5)
    Ole = 5,
    /// `one` (6)
    One = 6,
    /// `ord` (7)
    Ord = 7,
    /// `ueq` (8)
    Ueq = 8,
    /// `ugt` (9)
    Ugt = 9,
    /// `uge` (10)
    Uge = 10,
    /// `ult` (11)
    Ult = 11,
    /// `ule` (12)
    Ule = 12,
    /// `une` (13)
    Une = 13,
    /// `uno` (14)
    Uno = 14,
    /// `true` (15)
    AlwaysTrue = 15,
}

impl CmpFPredicate {
    /// Every predicate in enum order.
    pub const ALL: [CmpFPredicate; 16] = [
        CmpFPredicate::AlwaysFalse,
        CmpFPredicate::Oeq,
        CmpFPredicate::Ogt,
        CmpFPredicate::Oge,
        CmpFPredicate::Olt,
        CmpFPredicate::Ole,
        CmpFPredicate::One,
        CmpFPredicate::Ord,
        CmpFPredicate::Ueq,
        CmpFPredicate::Ugt,
        CmpFPredicate::Uge,
        CmpFPredicate::Ult,
        CmpFPredicate::Ule,
        CmpFPredicate::Une,
        CmpFPredicate::Uno,
        CmpFPredicate::AlwaysTrue,
    ];
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        [
            "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno",
            "true",
        ][self as usize]
    }
    /// The predicate of enum value `v`.
    pub fn from_value(v: i128) -> Option<Self> {
        usize::try_from(v).ok().and_then(|i| Self::ALL.get(i).copied())
    }
    /// The predicate spelled `s`.
    pub fn from_keyword(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.keyword() == s)
    }
}

/// Evaluates `a pred b` on two values of `kind`.
pub fn eval_cmpf(pred: CmpFPredicate, kind: FloatKind, a: u128, b: u128) -> bool {
    use CmpFPredicate::*;
    let ord = float_compare(kind, a, b);
    let (lt, eq, gt) = (ord == Some(Ordering::Less), ord == Some(Ordering::Equal), ord == Some(Ordering::Greater));
    let uno = ord.is_none();
    match pred {
        AlwaysFalse => false,
        Oeq => eq,
        Ogt => gt,
        Oge => gt || eq,
        Olt => lt,
        Ole => lt || eq,
        One => !uno && !eq,
        Ord => !uno,
        Ueq => uno || eq,
        Ugt => uno || gt,
        Uge => uno || gt || eq,
        Ult => uno || lt,
        Ule => uno || lt || eq,
        Une => !eq,
        Uno => uno,
        AlwaysTrue => true,
    }
}

/// Converts an integer to `kind` with round-to-nearest-even (`sitofp` when
/// `signed`, else `uitofp`).
pub fn int_to_float(v: IntVal, signed: bool, kind: FloatKind) -> u128 {
    let negative = signed && v.is_negative();
    // |v| as an unsigned magnitude (`MIN` of i128 included).
    let magnitude = if negative { v.sext().unsigned_abs() } else { v.bits };
    with_apfloat!(kind, T => {
        let r = T::from_u128(magnitude).value;
        (if negative { -r } else { r }).to_bits()
    }, _ => {
        // Round to odd in f128 (more than twice the precision plus two
        // bits of every fallback format), then round once to the target.
        let r = ieee::Quad::from_u128_r(magnitude, Round::TowardZero);
        let mut bits = r.value.to_bits();
        if r.status.contains(Status::INEXACT) {
            bits |= 1;
        }
        let q = ieee::Quad::from_bits(bits);
        float::convert(FloatKind::F128, kind, (if negative { -q } else { q }).to_bits())
    })
}

fn to_int_apfloat<F: Float>(a: F, width: u32, signed: bool) -> Option<IntVal> {
    let mut exact = true;
    let w = width as usize;
    if signed {
        // Convert at full width and range-check (rustc_apfloat cannot
        // convert to 1-bit signed integers).
        let r = a.to_i128_r(128, Round::TowardZero, &mut exact);
        let half = 1i128 << (width - 1).min(126);
        let fits = width == 128 || (-half..half).contains(&r.value);
        (!r.status.contains(Status::INVALID_OP) && fits).then(|| IntVal::from_i128(width, r.value))
    } else {
        let r = a.to_u128_r(w, Round::TowardZero, &mut exact);
        (!r.status.contains(Status::INVALID_OP)).then(|| IntVal::new(width, r.value))
    }
}

/// Converts a float to a `width`-bit integer, rounding toward zero
/// (`fptosi` when `signed`, else `fptoui`). `None` when the value is NaN,
/// infinite or out of range.
pub fn float_to_int(kind: FloatKind, a: u128, width: u32, signed: bool) -> Option<IntVal> {
    if !(1..=128).contains(&width) {
        return None;
    }
    with_apfloat!(kind, T => to_int_apfloat(T::from_bits(a), width, signed),
        _ => to_int_apfloat(widen(kind, a), width, signed))
}

/// Converts between float formats with round-to-nearest-even.
pub fn float_convert(from: FloatKind, to: FloatKind, a: u128) -> u128 {
    float::convert(from, to, a)
}

/// Converts between float formats only when nothing is lost (as the
/// `extf`/`truncf` folders require): `None` for inexact results,
/// overflow, underflow, NaN payload loss and signaling NaNs.
pub fn float_convert_exact(from: FloatKind, to: FloatKind, a: u128) -> Option<u128> {
    // A NaN entering a NaN-only format (no infinities) loses its sign and
    // payload, which `APFloat::convert` reports.
    if float::is_nan(from, a) && !to.has_infinity() {
        return None;
    }
    let r = float::convert(from, to, a);
    let back = float::convert(to, from, r);
    (back == float::canonicalize(from, a) && !is_signaling_nan(from, a)).then_some(r)
}

/// True for signaling NaNs.
pub fn is_signaling_nan(kind: FloatKind, a: u128) -> bool {
    with_apfloat!(kind, T => T::from_bits(a).is_signaling(), _ => {
        // Widening quiets signaling NaNs, so look at the quiet bit itself:
        // the top stored significand bit of the IEEE-like formats.
        let mantissa = kind.precision() - 1;
        float::is_nan(kind, a) && kind.has_infinity() && (a >> (mantissa - 1)) & 1 == 0
    })
}

/// True when `a` is exactly `v` (MLIR's `APFloat::isExactlyValue`).
pub fn float_is_exactly(kind: FloatKind, a: u128, v: f64) -> bool {
    float::canonicalize(kind, a) == float::from_f64(kind, v) && !float::is_nan(kind, a)
}

/// Reinterprets the bits of a float of `kind` from an integer pattern
/// (`arith.bitcast`).
pub fn float_from_bits(kind: FloatKind, bits: u128) -> u128 {
    float::canonicalize(kind, bits & low_mask(kind.semantics_bits()))
}

/// Applies a C library function to a value of `kind`: `f64_fn` for `f64`,
/// `f32_fn` for `f32` (the only formats upstream folds libm functions in),
/// `None` for other formats.
pub fn with_libm(
    kind: FloatKind,
    a: u128,
    f64_fn: impl FnOnce(f64) -> f64,
    f32_fn: impl FnOnce(f32) -> f32,
) -> Option<u128> {
    match kind {
        FloatKind::F64 => Some(u128::from(f64_fn(f64::from_bits(a as u64)).to_bits())),
        FloatKind::F32 => Some(u128::from(f32_fn(f32::from_bits(a as u32)).to_bits())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(w: u32, v: i128) -> IntVal {
        IntVal::from_i128(w, v)
    }

    #[test]
    fn wraparound_at_width() {
        assert_eq!(eval_int_binop(IntBinOp::Add, i(8, 127), i(8, 1)), Some(i(8, -128)));
        assert_eq!(eval_int_binop(IntBinOp::Add, i(8, 255), i(8, 1)), Some(i(8, 0)));
        assert_eq!(eval_int_binop(IntBinOp::Mul, i(8, 16), i(8, 16)), Some(i(8, 0)));
        assert_eq!(eval_int_binop(IntBinOp::Sub, i(1, 0), i(1, 1)), Some(i(1, 1)));
        assert_eq!(eval_int_binop(IntBinOp::Add, i(1, 1), i(1, 1)), Some(i(1, 0)));
        assert_eq!(eval_int_binop(IntBinOp::Mul, i(128, -1), i(128, -1)), Some(i(128, 1)));
        assert_eq!(eval_int_binop(IntBinOp::Add, i(128, i128::MAX), i(128, 1)), Some(i(128, i128::MIN)));
    }

    #[test]
    fn divisions() {
        assert_eq!(eval_int_binop(IntBinOp::DivSI, i(8, -128), i(8, -1)), None);
        assert_eq!(eval_int_binop(IntBinOp::DivSI, i(8, -7), i(8, 2)), Some(i(8, -3)));
        assert_eq!(eval_int_binop(IntBinOp::DivUI, i(8, -7), i(8, 2)), Some(i(8, 124)));
        assert_eq!(eval_int_binop(IntBinOp::DivUI, i(8, 1), i(8, 0)), None);
        assert_eq!(eval_int_binop(IntBinOp::DivSI, i(128, i128::MIN), i(128, -1)), None);
        assert_eq!(eval_int_binop(IntBinOp::RemSI, i(8, -128), i(8, -1)), Some(i(8, 0)));
        assert_eq!(eval_int_binop(IntBinOp::RemSI, i(128, i128::MIN), i(128, -1)), Some(i(128, 0)));
        assert_eq!(eval_int_binop(IntBinOp::RemSI, i(8, -7), i(8, 2)), Some(i(8, -1)));
        assert_eq!(eval_int_binop(IntBinOp::RemUI, i(8, -7), i(8, 2)), Some(i(8, 1)));
        assert_eq!(eval_int_binop(IntBinOp::RemUI, i(8, 7), i(8, 0)), None);
        assert_eq!(eval_int_binop(IntBinOp::FloorDivSI, i(8, -7), i(8, 2)), Some(i(8, -4)));
        assert_eq!(eval_int_binop(IntBinOp::FloorDivSI, i(8, 7), i(8, -2)), Some(i(8, -4)));
        assert_eq!(eval_int_binop(IntBinOp::FloorDivSI, i(8, -8), i(8, 2)), Some(i(8, -4)));
        assert_eq!(eval_int_binop(IntBinOp::FloorDivSI, i(8, -128), i(8, -1)), None);
        assert_eq!(eval_int_binop(IntBinOp::CeilDivSI, i(8, 7), i(8, 2)), Some(i(8, 4)));
        assert_eq!(eval_int_binop(IntBinOp::CeilDivSI, i(8, -7), i(8, 2)), Some(i(8, -3)));
        assert_eq!(eval_int_binop(IntBinOp::CeilDivSI, i(8, -7), i(8, -2)), Some(i(8, 4)));
        assert_eq!(eval_int_binop(IntBinOp::CeilDivSI, i(8, 7), i(8, -2)), Some(i(8, -3)));
        assert_eq!(eval_int_binop(IntBinOp::CeilDivSI, i(8, -128), i(8, 2)), None);
        assert_eq!(eval_int_binop(IntBinOp::CeilDivSI, i(8, 0), i(8, -128)), Some(i(8, 0)));
        assert_eq!(eval_int_binop(IntBinOp::CeilDivUI, i(8, 7), i(8, 2)), Some(i(8, 4)));
        assert_eq!(eval_int_binop(IntBinOp::CeilDivUI, i(8, -1), i(8, 2)), Some(i(8, -128)));
        assert_eq!(eval_int_binop(IntBinOp::CeilDivUI, i(8, 1), i(8, 0)), None);
    }

    #[test]
    fn shifts_and_extremes() {
        assert_eq!(eval_int_binop(IntBinOp::Shl, i(8, 1), i(8, 7)), Some(i(8, -128)));
        assert_eq!(eval_int_binop(IntBinOp::Shl, i(8, 1), i(8, 8)), None);
        assert_eq!(eval_int_binop(IntBinOp::ShrSI, i(8, -128), i(8, 7)), Some(i(8, -1)));
        assert_eq!(eval_int_binop(IntBinOp::ShrUI, i(8, -128), i(8, 7)), Some(i(8, 1)));
        assert_eq!(eval_int_binop(IntBinOp::ShrUI, i(8, -128), i(8, -1)), None);
        assert_eq!(eval_int_binop(IntBinOp::MaxSI, i(8, -1), i(8, 1)), Some(i(8, 1)));
        assert_eq!(eval_int_binop(IntBinOp::MaxUI, i(8, -1), i(8, 1)), Some(i(8, -1)));
        assert_eq!(eval_int_binop(IntBinOp::MinSI, i(8, -1), i(8, 1)), Some(i(8, -1)));
        assert_eq!(eval_int_binop(IntBinOp::MinUI, i(8, -1), i(8, 1)), Some(i(8, 1)));
    }

    #[test]
    fn extended_multiplication() {
        assert_eq!(eval_int_binop(IntBinOp::MulHU, i(8, -1), i(8, -1)), Some(i(8, -2)));
        assert_eq!(eval_int_binop(IntBinOp::MulHS, i(8, -1), i(8, -1)), Some(i(8, 0)));
        assert_eq!(eval_int_binop(IntBinOp::MulHS, i(8, -128), i(8, 127)), Some(i(8, -64)));
        assert_eq!(eval_int_binop(IntBinOp::MulHU, i(128, -1), i(128, -1)), Some(i(128, -2)));
        assert_eq!(eval_int_binop(IntBinOp::MulHS, i(128, -1), i(128, -1)), Some(i(128, 0)));
        assert_eq!(eval_int_binop(IntBinOp::MulHS, i(64, i64::MIN.into()), i(64, 2)), Some(i(64, -1)));
    }

    #[test]
    fn ipowi_and_unary() {
        assert_eq!(eval_int_binop(IntBinOp::IPowI, i(32, 3), i(32, 4)), Some(i(32, 81)));
        assert_eq!(eval_int_binop(IntBinOp::IPowI, i(8, 2), i(8, 8)), Some(i(8, 0)));
        assert_eq!(eval_int_binop(IntBinOp::IPowI, i(8, 0), i(8, -1)), None);
        assert_eq!(eval_int_binop(IntBinOp::IPowI, i(8, -1), i(8, -3)), Some(i(8, -1)));
        assert_eq!(eval_int_binop(IntBinOp::IPowI, i(8, 5), i(8, -3)), Some(i(8, 0)));
        assert_eq!(eval_int_unary(IntUnaryOp::Abs, i(8, -128)), i(8, -128));
        assert_eq!(eval_int_unary(IntUnaryOp::Abs, i(8, -5)), i(8, 5));
        assert_eq!(eval_int_unary(IntUnaryOp::CountLeadingZeros, i(8, 1)), i(8, 7));
        assert_eq!(eval_int_unary(IntUnaryOp::CountLeadingZeros, i(8, 0)), i(8, 8));
        assert_eq!(eval_int_unary(IntUnaryOp::CountTrailingZeros, i(8, 0)), i(8, 8));
        assert_eq!(eval_int_unary(IntUnaryOp::CountOnes, i(8, -1)), i(8, 8));
    }

    #[test]
    fn comparisons() {
        assert!(eval_cmpi(CmpIPredicate::Slt, i(8, -1), i(8, 0)));
        assert!(!eval_cmpi(CmpIPredicate::Ult, i(8, -1), i(8, 0)));
        assert!(eval_cmpi(CmpIPredicate::Sgt, i(1, 0), i(1, 1)));
        let f = |v: f32| u128::from(v.to_bits());
        let nan = f(f32::NAN);
        assert!(eval_cmpf(CmpFPredicate::Une, FloatKind::F32, nan, nan));
        assert!(!eval_cmpf(CmpFPredicate::Oeq, FloatKind::F32, nan, nan));
        assert!(eval_cmpf(CmpFPredicate::Oeq, FloatKind::F32, f(0.0), f(-0.0)));
        assert!(eval_cmpf(CmpFPredicate::Uno, FloatKind::F32, nan, f(1.0)));
        assert!(!eval_cmpf(CmpFPredicate::One, FloatKind::F32, nan, f(1.0)));
    }

    #[test]
    fn float_arithmetic() {
        let f = |v: f64| u128::from(v.to_bits());
        let k = FloatKind::F64;
        assert_eq!(eval_float_binop(FloatBinOp::Add, k, f(0.1), f(0.2)), f(0.1 + 0.2));
        assert_eq!(eval_float_binop(FloatBinOp::Add, k, f(-0.0), f(-0.0)), f(-0.0));
        assert_eq!(eval_float_binop(FloatBinOp::Add, k, f(0.0), f(-0.0)), f(0.0));
        assert_eq!(eval_float_binop(FloatBinOp::Rem, k, f(-7.5), f(2.0)), f(-1.5));
        assert_eq!(eval_float_binop(FloatBinOp::Maximum, k, f(-0.0), f(0.0)), f(0.0));
        assert_eq!(eval_float_binop(FloatBinOp::Minimum, k, f(-0.0), f(0.0)), f(-0.0));
        assert!(float::is_nan(k, eval_float_binop(FloatBinOp::Maximum, k, f(f64::NAN), f(1.0))));
        assert_eq!(eval_float_binop(FloatBinOp::MaxNum, k, f(f64::NAN), f(1.0)), f(1.0));
        assert_eq!(eval_float_binop(FloatBinOp::MinNum, k, f(0.0), f(-0.0)), f(-0.0));
        assert_eq!(eval_float_binop(FloatBinOp::MinNum, k, f(-0.0), f(0.0)), f(-0.0));
        assert_eq!(eval_float_binop(FloatBinOp::MaxNum, k, f(-0.0), f(0.0)), f(0.0));
        assert_eq!(eval_float_binop(FloatBinOp::Div, k, f(1.0), f(0.0)), f(f64::INFINITY));
        assert_eq!(eval_float_neg(k, f(0.0)), f(-0.0));
        // f16: 1 + 2^-11 rounds to even (1.0); f8E4M3 through the fallback.
        let h1 = float::from_f64(FloatKind::F16, 1.0);
        let tiny = float::from_f64(FloatKind::F16, 2f64.powi(-11));
        assert_eq!(eval_float_binop(FloatBinOp::Add, FloatKind::F16, h1, tiny), h1);
        let e = FloatKind::F8E4M3;
        let r = eval_float_binop(FloatBinOp::Mul, e, float::from_f64(e, 3.0), float::from_f64(e, 5.5));
        assert_eq!(float::to_f64(e, r), 16.0);
        let z = FloatKind::F8E5M2FNUZ;
        assert_eq!(eval_float_neg(z, float::from_f64(z, 0.0)), 0);
    }

    #[test]
    fn conversions() {
        let k = FloatKind::F32;
        let f = |v: f32| u128::from(v.to_bits());
        assert_eq!(float_to_int(k, f(-1.9), 8, true), Some(i(8, -1)));
        assert_eq!(float_to_int(k, f(-1.0), 1, true), Some(i(1, -1)));
        assert_eq!(float_to_int(k, f(1.0), 1, true), None);
        assert_eq!(float_to_int(k, f(-128.0), 8, true), Some(i(8, -128)));
        assert_eq!(float_to_int(k, f(-129.0), 8, true), None);
        assert_eq!(float_to_int(k, f(1.0), 1, false), Some(i(1, 1)));
        assert_eq!(float_to_int(k, f(200.0), 8, true), None);
        assert_eq!(float_to_int(k, f(200.0), 8, false), Some(i(8, 200)));
        assert_eq!(float_to_int(k, f(-0.5), 8, false), Some(i(8, 0)));
        assert_eq!(float_to_int(k, f(-1.0), 8, false), None);
        assert_eq!(float_to_int(k, f(f32::NAN), 32, true), None);
        assert_eq!(int_to_float(i(8, -1), true, k), f(-1.0));
        assert_eq!(int_to_float(i(8, -1), false, k), f(255.0));
        assert_eq!(int_to_float(i(32, 16_777_217), true, k), f(16_777_216.0));
        assert_eq!(int_to_float(i(128, i128::MIN), true, FloatKind::F64), u128::from((-(2f64.powi(127))).to_bits()));
        // 17 rounds to 16 (ties to even) in f8E4M3 (3 mantissa bits).
        let e = FloatKind::F8E4M3;
        assert_eq!(float::to_f64(e, int_to_float(i(32, 17), true, e)), 16.0);
        assert_eq!(float::to_f64(e, int_to_float(i(32, 19), true, e)), 20.0);
        // Exact conversions only.
        let half = float::from_f64(FloatKind::F16, 1.5);
        assert_eq!(float_convert_exact(FloatKind::F32, FloatKind::F16, f(1.5)), Some(half));
        assert_eq!(float_convert_exact(FloatKind::F32, FloatKind::F16, f(0.1)), None);
        assert_eq!(float_convert_exact(FloatKind::F32, FloatKind::F16, f(1e10)), None);
        assert!(is_signaling_nan(k, 0x7F80_0001));
        assert!(!is_signaling_nan(k, 0x7FC0_0000));
        assert_eq!(float_convert_exact(FloatKind::F32, FloatKind::F64, 0x7F80_0001), None);
    }
}
