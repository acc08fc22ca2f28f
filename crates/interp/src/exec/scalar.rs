//! Scalar semantics on raw element bits: integer and float binary
//! operations, the unary math functions, casts, atomic and reduction
//! combinators, and the affine-map arithmetic (linear forms, evaluation,
//! row-major index iteration) the executor runs on.

use super::Res;
use crate::compile::{CastK, FUn};
use crate::value::{mask, sext, ElemTy, Value};
use dialects::arith::eval::{self as ev, FloatBinOp, IntBinOp, IntVal};
use ir::affine::{AffineBinaryOp, AffineExpr, AffineMap};
use ir::FloatKind;
use smallvec::SmallVec;

#[inline]
pub(super) fn as_i64(v: &Value) -> i64 {
    v.s() as i64
}

pub(super) fn int_val(w: u32, bits: u64) -> IntVal {
    IntVal::new(w, u128::from(bits))
}

/// Integer binary operation on `w`-bit values; `None` for undefined
/// behaviour (division by zero, signed division overflow).
///
/// A shift by the bit width or more is not undefined behaviour in `arith`:
/// its result is poison, which is harmless until observed. Frontend lowerings
/// rely on that: TOSA's rounding `arithmetic_right_shift` computes
/// `shrsi x, (s - 1)` for every lane and masks the lanes where `s` is 0. The
/// interpreter does not track poison; it yields the shift by the amount
/// modulo the width (what x86 computes for 32- and 64-bit shifts), so such
/// programs run, and a program that does observe the value gets a
/// deterministic one. `ub.poison` follows the same concept: it yields a
/// deterministic value (zero).
///
/// The `index` ops run here too, at 64 bits (the interpreter's `index`).
#[inline]
pub fn ibin(op: IntBinOp, w: u32, a: u64, b: u64) -> Option<u64> {
    Some(match op {
        IntBinOp::Add => mask(a.wrapping_add(b), w),
        IntBinOp::Sub => mask(a.wrapping_sub(b), w),
        IntBinOp::Mul => mask(a.wrapping_mul(b), w),
        IntBinOp::And => a & b,
        IntBinOp::Or => a | b,
        IntBinOp::Xor => a ^ b,
        IntBinOp::Shl | IntBinOp::ShrUI | IntBinOp::ShrSI if w > 0 && b >= u64::from(w) => {
            ev::eval_int_binop(op, int_val(w, a), int_val(w, b % u64::from(w)))?.bits as u64
        }
        _ => ev::eval_int_binop(op, int_val(w, a), int_val(w, b))?.bits as u64,
    })
}

/// Float binary operation.
#[inline]
pub fn fbin(op: FloatBinOp, k: FloatKind, a: u64, b: u64) -> u64 {
    match (k, op) {
        (FloatKind::F32, FloatBinOp::Add) => (f32::from_bits(a as u32) + f32::from_bits(b as u32)).to_bits() as u64,
        (FloatKind::F32, FloatBinOp::Sub) => (f32::from_bits(a as u32) - f32::from_bits(b as u32)).to_bits() as u64,
        (FloatKind::F32, FloatBinOp::Mul) => (f32::from_bits(a as u32) * f32::from_bits(b as u32)).to_bits() as u64,
        (FloatKind::F32, FloatBinOp::Div) => (f32::from_bits(a as u32) / f32::from_bits(b as u32)).to_bits() as u64,
        (FloatKind::F64, FloatBinOp::Add) => (f64::from_bits(a) + f64::from_bits(b)).to_bits(),
        (FloatKind::F64, FloatBinOp::Sub) => (f64::from_bits(a) - f64::from_bits(b)).to_bits(),
        (FloatKind::F64, FloatBinOp::Mul) => (f64::from_bits(a) * f64::from_bits(b)).to_bits(),
        (FloatKind::F64, FloatBinOp::Div) => (f64::from_bits(a) / f64::from_bits(b)).to_bits(),
        _ => ev::eval_float_binop(op, k, u128::from(a), u128::from(b)) as u64,
    }
}

/// The native float types the unary math functions run on: one generic
/// table ([`fun_native`]) serves `f32` and `f64` alike.
trait NativeFloat: Copy + std::ops::Neg<Output = Self> + std::ops::Div<Output = Self> {
    const ONE: Self;
    fn to_f64(self) -> f64;
    fn from_f64(x: f64) -> Self;
}

/// Calls `$cb!($args; <every forwarded std math method>)`: the method list
/// is written once and used for the trait and both implementations.
macro_rules! with_math_methods {
    ($cb:ident!($($args:tt)*)) => {
        $cb!($($args)*; abs, sqrt, exp, exp2, exp_m1, ln, log2, log10, ln_1p, sin, cos, tan, tanh, sinh, cosh,
            asin, acos, atan, asinh, acosh, atanh, cbrt, floor, ceil, round, round_ties_even, trunc);
    };
}

macro_rules! declare_native_math {
    (; $($m:ident),*) => {
        /// The inherent `std` math methods of `f32`/`f64`, as trait methods.
        trait NativeMath: NativeFloat {
            $(fn $m(self) -> Self;)*
        }
    };
}

macro_rules! impl_native_math {
    ($t:ty; $($m:ident),*) => {
        impl NativeFloat for $t {
            const ONE: Self = 1.0;
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn from_f64(x: f64) -> Self {
                x as $t
            }
        }
        impl NativeMath for $t {
            $(fn $m(self) -> Self {
                <$t>::$m(self)
            })*
        }
    };
}

with_math_methods!(declare_native_math!());
with_math_methods!(impl_native_math!(f32));
with_math_methods!(impl_native_math!(f64));

/// A unary math function in the precision of `T`.
fn fun_native<T: NativeMath>(f: FUn, x: T) -> T {
    match f {
        FUn::Neg => -x,
        FUn::Abs => x.abs(),
        FUn::Sqrt => x.sqrt(),
        FUn::Rsqrt => T::ONE / x.sqrt(),
        FUn::Exp => x.exp(),
        FUn::Exp2 => x.exp2(),
        FUn::Expm1 => x.exp_m1(),
        FUn::Log => x.ln(),
        FUn::Log2 => x.log2(),
        FUn::Log10 => x.log10(),
        FUn::Log1p => x.ln_1p(),
        FUn::Sin => x.sin(),
        FUn::Cos => x.cos(),
        FUn::Tan => x.tan(),
        FUn::Tanh => x.tanh(),
        FUn::Sinh => x.sinh(),
        FUn::Cosh => x.cosh(),
        FUn::Asin => x.asin(),
        FUn::Acos => x.acos(),
        FUn::Atan => x.atan(),
        FUn::Asinh => x.asinh(),
        FUn::Acosh => x.acosh(),
        FUn::Atanh => x.atanh(),
        FUn::Cbrt => x.cbrt(),
        FUn::Floor => x.floor(),
        FUn::Ceil => x.ceil(),
        FUn::Round => x.round(),
        FUn::RoundEven => x.round_ties_even(),
        FUn::Trunc => x.trunc(),
        FUn::Erf => T::from_f64(erf(x.to_f64())),
    }
}

/// The error function in double precision: a Taylor series near zero and
/// a continued fraction for `erfc` in the tails.
fn erf(x: f64) -> f64 {
    if x.is_nan() || x == 0.0 {
        return x;
    }
    let ax = x.abs();
    if ax < 2.5 {
        // erf(x) = 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1))
        let x2 = x * x;
        let mut term = x;
        let mut sum = x;
        let mut n = 0.0;
        loop {
            n += 1.0;
            term *= -x2 / n;
            let add = term / (2.0 * n + 1.0);
            sum += add;
            // `<=` so that erf(0) (every term zero) ends too.
            if add.abs() <= 1e-17 * sum.abs() {
                break;
            }
        }
        return sum * std::f64::consts::FRAC_2_SQRT_PI;
    }
    if ax > 6.0 {
        return x.signum();
    }
    // erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + ...)))))
    let mut frac = 0.0;
    for k in (1..60).rev() {
        frac = (k as f64 / 2.0) / (ax + frac);
    }
    let erfc = (-ax * ax).exp() / std::f64::consts::PI.sqrt() / (ax + frac);
    (1.0 - erfc).copysign(x)
}

/// Float unary function on raw bits.
pub fn funary(f: FUn, k: FloatKind, a: u64) -> Option<u64> {
    match (f, k) {
        (FUn::Neg, _) => Some(ev::eval_float_neg(k, u128::from(a)) as u64),
        (FUn::Abs, _) => Some(ev::eval_float_abs(k, u128::from(a)) as u64),
        (_, FloatKind::F32) => Some(u64::from(fun_native(f, f32::from_bits(a as u32)).to_bits())),
        (_, FloatKind::F64) => Some(fun_native(f, f64::from_bits(a)).to_bits()),
        _ => {
            let x = f64::from_bits(ev::float_convert(k, FloatKind::F64, u128::from(a)) as u64);
            let y = fun_native(f, x);
            Some(ev::float_convert(FloatKind::F64, k, u128::from(y.to_bits())) as u64)
        }
    }
}

pub(super) fn to_f64(k: FloatKind, a: u64) -> f64 {
    match k {
        FloatKind::F64 => f64::from_bits(a),
        FloatKind::F32 => f64::from(f32::from_bits(a as u32)),
        _ => f64::from_bits(ev::float_convert(k, FloatKind::F64, u128::from(a)) as u64),
    }
}

/// The lanes a `vector.reduction` under `vector.mask` combines, and the
/// value it starts from without an accumulator, as MLIR 19 lowers it:
/// `maximumf`/`minimumf` replace the masked-off lanes by `-denorm_min` /
/// the largest finite value (`lowerMaskedReductionWithRegular`); the
/// other kinds combine the active lanes into the kind's neutral value (0,
/// 1, all ones, the integer extremes, and a quiet NaN for
/// `minnumf`/`maxnumf`). `None` for a kind or float type without one.
pub(super) fn masked_reduction_lanes(
    kind: &str,
    elem: ElemTy,
    data: &[u64],
    lanes: &[u64],
) -> Option<(Vec<u64>, Option<u64>)> {
    if lanes.len() != data.len() {
        return None;
    }
    let w = elem.bits();
    let sign = 1u64.checked_shl(w.checked_sub(1)?)?;
    let active = |lane: usize| lanes[lane] & 1 != 0;
    if let ("maximumf" | "minimumf", ElemTy::Float(k)) = (kind, elem) {
        let neutral = match (kind, k) {
            ("maximumf", FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64) => sign | 1,
            (_, FloatKind::F16) => 0x7bff,
            (_, FloatKind::BF16) => 0x7f7f,
            (_, FloatKind::F32) => u64::from(f32::MAX.to_bits()),
            (_, FloatKind::F64) => f64::MAX.to_bits(),
            _ => return None,
        };
        let data = data.iter().enumerate().map(|(i, &x)| if active(i) { x } else { neutral }).collect();
        return Some((data, None));
    }
    let start = match (kind, elem) {
        ("add", _) => 0,
        ("mul", ElemTy::Float(k)) => from_f64(k, 1.0),
        ("minnumf", ElemTy::Float(k)) => from_f64(k, f64::NAN) | sign,
        ("maxnumf", ElemTy::Float(k)) => from_f64(k, f64::NAN) & !sign,
        (_, ElemTy::Float(_)) => return None,
        ("or" | "xor" | "maxui", _) => 0,
        ("mul", _) => 1,
        ("and" | "minui", _) => mask(u64::MAX, w),
        ("minsi", _) => sign - 1,
        ("maxsi", _) => sign,
        _ => return None,
    };
    let data = data.iter().enumerate().filter(|&(i, _)| active(i)).map(|(_, &x)| x).collect();
    Some((data, Some(start)))
}

pub(super) fn from_f64(k: FloatKind, x: f64) -> u64 {
    match k {
        FloatKind::F64 => x.to_bits(),
        FloatKind::F32 => u64::from((x as f32).to_bits()),
        _ => ev::float_convert(FloatKind::F64, k, u128::from(x.to_bits())) as u64,
    }
}

/// Scalar cast.
pub fn cast(c: CastK, from: ElemTy, to: ElemTy, a: u64) -> u64 {
    let (fw, tw) = (from.bits(), to.bits());
    match c {
        CastK::SExt => mask(sext(a, fw) as u64, tw),
        CastK::ZExt | CastK::Trunc | CastK::Bitcast => mask(a, tw),
        CastK::SIToFP | CastK::UIToFP => match to {
            ElemTy::Float(k) => ev::int_to_float(int_val(fw, a), c == CastK::SIToFP, k) as u64,
            _ => 0,
        },
        CastK::FPToSI | CastK::FPToUI => match from {
            ElemTy::Float(k) => {
                ev::float_to_int(k, u128::from(a), tw, c == CastK::FPToSI).map(|v| v.bits as u64).unwrap_or(0)
            }
            _ => 0,
        },
        CastK::FConv => match (from, to) {
            (ElemTy::Float(FloatKind::F32), ElemTy::Float(FloatKind::F64)) => {
                f64::from(f32::from_bits(a as u32)).to_bits()
            }
            (ElemTy::Float(FloatKind::F64), ElemTy::Float(FloatKind::F32)) => {
                u64::from((f64::from_bits(a) as f32).to_bits())
            }
            (ElemTy::Float(fk), ElemTy::Float(tk)) => ev::float_convert(fk, tk, u128::from(a)) as u64,
            _ => a,
        },
    }
}

/// `arith.atomic_rmw` kind `kind` (enum index) applied to `old` and `x`;
/// `None` for unknown kinds and undefined results.
pub(super) fn atomic_combine(kind: i64, elem: ElemTy, old: u64, x: u64) -> Option<u64> {
    let w = elem.bits();
    let fk = match elem {
        ElemTy::Float(k) => Some(k),
        _ => None,
    };
    let fl = |b: FloatBinOp| fk.map(|k| fbin(b, k, old, x));
    let il = |b: IntBinOp| ibin(b, w, old, x);
    match kind {
        0 => fl(FloatBinOp::Add),
        1 => il(IntBinOp::Add),
        2 => Some(x),
        3 => fl(FloatBinOp::Maximum),
        4 => il(IntBinOp::MaxSI),
        5 => il(IntBinOp::MaxUI),
        6 => fl(FloatBinOp::Minimum),
        7 => il(IntBinOp::MinSI),
        8 => il(IntBinOp::MinUI),
        9 => fl(FloatBinOp::Mul),
        10 => il(IntBinOp::Mul),
        11 => il(IntBinOp::Or),
        12 => il(IntBinOp::And),
        13 => fl(FloatBinOp::MaxNum),
        14 => fl(FloatBinOp::MinNum),
        _ => None,
    }
}

/// The identity of reduction kind `kind` (`arith::getIdentityValueAttr`):
/// the value the lowering of `affine.parallel` starts each reduction from.
pub(super) fn reduction_identity(kind: i64, elem: ElemTy) -> Option<u64> {
    let w = elem.bits();
    let float = |x: f64| match elem {
        ElemTy::Float(k) => Some(from_f64(k, x)),
        _ => None,
    };
    match kind {
        0 => float(0.0),
        1 | 5 | 11 => Some(0),
        3 => float(f64::NEG_INFINITY),
        4 => Some(mask(1u64 << (w - 1), w)),
        6 => float(f64::INFINITY),
        7 => Some(mask((1u64 << (w - 1)).wrapping_sub(1), w)),
        8 | 12 => Some(mask(u64::MAX, w)),
        9 => float(1.0),
        10 => Some(1),
        13 => float(-f64::NAN),
        14 => float(f64::NAN),
        _ => None,
    }
}

/// Linear form of an affine expression over dims: per-dim coefficients and
/// a constant, or `None` when it is not linear in constant terms.
pub(super) fn linearize(e: &AffineExpr, ndims: usize) -> Option<(Vec<i64>, i64)> {
    match e {
        AffineExpr::Constant(c) => Some((vec![0; ndims], *c)),
        AffineExpr::Dim(d) => {
            let mut v = vec![0; ndims];
            *v.get_mut(*d)? = 1;
            Some((v, 0))
        }
        AffineExpr::Symbol(_) => None,
        AffineExpr::Binary(b) => {
            let (l, lc) = linearize(b.lhs(), ndims)?;
            let (r, rc) = linearize(b.rhs(), ndims)?;
            match b.op() {
                AffineBinaryOp::Add => Some((l.iter().zip(&r).map(|(a, b)| a + b).collect(), lc + rc)),
                AffineBinaryOp::Mul => {
                    if r.iter().all(|&x| x == 0) {
                        Some((l.iter().map(|a| a * rc).collect(), lc * rc))
                    } else if l.iter().all(|&x| x == 0) {
                        Some((r.iter().map(|a| a * lc).collect(), lc * rc))
                    } else {
                        None
                    }
                }
                _ => None,
            }
        }
    }
}

pub(super) fn eval_map(map: &AffineMap, vals: &[i64]) -> Option<SmallVec<[i64; 4]>> {
    let (dims, syms) = vals.split_at(map.num_dims.min(vals.len()));
    map.results.iter().map(|e| e.evaluate(dims, syms)).collect()
}

/// Iterates a multi-index over `shape` in row-major order.
pub(super) fn for_each_index(shape: &[i64], mut f: impl FnMut(&[i64]) -> Res<()>) -> Res<()> {
    if shape.iter().any(|&s| s <= 0) {
        return Ok(());
    }
    let mut idx: SmallVec<[i64; 4]> = SmallVec::from_elem(0, shape.len());
    loop {
        f(&idx)?;
        let mut d = shape.len();
        loop {
            if d == 0 {
                return Ok(());
            }
            d -= 1;
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_ops_wrap_at_their_width() {
        assert_eq!(ibin(IntBinOp::Add, 8, 200, 100), Some(44));
        assert_eq!(ibin(IntBinOp::Mul, 32, 0xffff_ffff, 2), Some(0xffff_fffe));
        assert_eq!(ibin(IntBinOp::DivSI, 16, 7, 0), None);
        assert_eq!(ibin(IntBinOp::DivSI, 8, mask(-7i64 as u64, 8), 2), Some(mask(-3i64 as u64, 8)));
    }

    #[test]
    fn casts() {
        let i8t = ElemTy::Int(8);
        let i32t = ElemTy::Int(32);
        let f32t = ElemTy::Float(FloatKind::F32);
        assert_eq!(cast(CastK::SExt, i8t, i32t, 0xff), 0xffff_ffff);
        assert_eq!(cast(CastK::ZExt, i8t, i32t, 0xff), 0xff);
        assert_eq!(cast(CastK::Trunc, i32t, i8t, 0x1234), 0x34);
        assert_eq!(cast(CastK::SIToFP, i8t, f32t, 0xfe), u64::from((-2.0f32).to_bits()));
        assert_eq!(cast(CastK::FPToSI, f32t, i32t, u64::from((-7.9f32).to_bits())), mask(-7i64 as u64, 32));
    }

    #[test]
    fn linear_forms_of_indexing_maps() {
        let d0 = AffineExpr::dim(0);
        let d1 = AffineExpr::dim(1);
        let e = AffineExpr::binary(
            AffineBinaryOp::Add,
            &AffineExpr::binary(AffineBinaryOp::Mul, &d0, &AffineExpr::constant(2)),
            &d1,
        );
        assert_eq!(linearize(&e, 2), Some((vec![2, 1], 0)));
        let m = AffineExpr::binary(AffineBinaryOp::Mod, &d0, &AffineExpr::constant(2));
        assert_eq!(linearize(&m, 2), None);
    }

    #[test]
    fn erf_is_accurate() {
        for (x, want) in
            [(0.5, 0.520_499_877_813_046_5), (1.0, 0.842_700_792_949_714_9), (3.0, 0.999_977_909_503_001_4)]
        {
            assert!((erf(x) - want).abs() < 1e-14, "erf({x}) = {}", erf(x));
            assert!((erf(-x) + want).abs() < 1e-14);
        }
        // Every Taylor term is zero: the series must still end.
        assert_eq!(erf(0.0), 0.0);
        assert!(erf(-0.0).is_sign_negative());
        assert_eq!(erf(1e-300), 1e-300 * std::f64::consts::FRAC_2_SQRT_PI);
    }

    #[test]
    fn one_math_table_for_both_precisions() {
        for f in [FUn::Rsqrt, FUn::Exp, FUn::Tanh, FUn::Erf, FUn::RoundEven] {
            let x32 = funary(f, FloatKind::F32, u64::from(2.5f32.to_bits())).map(|b| f32::from_bits(b as u32));
            let x64 = funary(f, FloatKind::F64, 2.5f64.to_bits()).map(f64::from_bits);
            let (x32, x64) = (x32.unwrap_or(f32::NAN), x64.unwrap_or(f64::NAN));
            assert!((f64::from(x32) - x64).abs() < 1e-6 * x64.abs().max(1.0), "{f:?}: {x32} vs {x64}");
        }
        assert_eq!(
            funary(FUn::RoundEven, FloatKind::F32, u64::from(2.5f32.to_bits())),
            Some(u64::from(2f32.to_bits()))
        );
        assert_eq!(funary(FUn::Rsqrt, FloatKind::F64, 4f64.to_bits()), Some(0.5f64.to_bits()));
    }
}
