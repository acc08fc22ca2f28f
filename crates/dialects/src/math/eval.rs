//! The scalar semantics of the `math` float functions: [`FloatUnary`],
//! [`FloatBinary`] and their evaluation exactly as upstream's folders
//! compute them (libm for `f32`/`f64` only, as upstream), public for the
//! interpreter.

use super::libm;
use crate::arith::eval::{eval_float_abs, eval_float_binop, eval_round_to_integral, with_libm, FloatBinOp, Rounding};
use ir::float::{self, FloatKind};

/// The unary float functions of `math`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatUnary {
    /// `absf`
    Abs,
    /// `acos`
    Acos,
    /// `acosh`
    Acosh,
    /// `asin`
    Asin,
    /// `asinh`
    Asinh,
    /// `atan`
    Atan,
    /// `atanh`
    Atanh,
    /// `cbrt` (not folded upstream)
    Cbrt,
    /// `ceil`
    Ceil,
    /// `cos`
    Cos,
    /// `cosh`
    Cosh,
    /// `erf`
    Erf,
    /// `exp`
    Exp,
    /// `exp2`
    Exp2,
    /// `expm1`
    Expm1,
    /// `floor`
    Floor,
    /// `log`
    Log,
    /// `log10`
    Log10,
    /// `log1p`
    Log1p,
    /// `log2`
    Log2,
    /// `round` (halfway cases away from zero)
    Round,
    /// `roundeven`
    RoundEven,
    /// `rsqrt` (not folded upstream)
    Rsqrt,
    /// `sin`
    Sin,
    /// `sinh`
    Sinh,
    /// `sqrt`
    Sqrt,
    /// `tan`
    Tan,
    /// `tanh`
    Tanh,
    /// `trunc`
    Trunc,
}

/// Evaluates a unary `math` function on a value of `kind` exactly as
/// upstream's folder does; `None` where upstream does not fold (formats
/// other than `f32`/`f64` for libm functions, negative inputs of `log`,
/// `log2`, `log10` and `sqrt`, `log1p` below -1, and `cbrt`/`rsqrt`).
pub fn eval_float_unary(op: FloatUnary, kind: FloatKind, a: u128) -> Option<u128> {
    use FloatUnary::*;
    let negative = float::is_negative(kind, a);
    match op {
        Abs => Some(eval_float_abs(kind, a)),
        Ceil => Some(eval_round_to_integral(kind, a, Rounding::Up)),
        Floor => Some(eval_round_to_integral(kind, a, Rounding::Down)),
        RoundEven => Some(eval_round_to_integral(kind, a, Rounding::NearestEven)),
        Cbrt | Rsqrt => None,
        Acos => with_libm(kind, a, libm::acos, libm::acosf),
        Acosh => with_libm(kind, a, libm::acosh, libm::acoshf),
        Asin => with_libm(kind, a, libm::asin, libm::asinf),
        Asinh => with_libm(kind, a, libm::asinh, libm::asinhf),
        Atan => with_libm(kind, a, libm::atan, libm::atanf),
        Atanh => with_libm(kind, a, libm::atanh, libm::atanhf),
        Cos => with_libm(kind, a, libm::cos, libm::cosf),
        Cosh => with_libm(kind, a, libm::cosh, libm::coshf),
        Erf => with_libm(kind, a, libm::erf, libm::erff),
        Exp => with_libm(kind, a, libm::exp, libm::expf),
        Exp2 => with_libm(kind, a, libm::exp2, libm::exp2f),
        Expm1 => with_libm(kind, a, libm::expm1, libm::expm1f),
        Sin => with_libm(kind, a, libm::sin, libm::sinf),
        Sinh => with_libm(kind, a, libm::sinh, libm::sinhf),
        Tan => with_libm(kind, a, libm::tan, libm::tanf),
        Tanh => with_libm(kind, a, libm::tanh, libm::tanhf),
        Round => with_libm(kind, a, libm::round, libm::roundf),
        Trunc => with_libm(kind, a, libm::trunc, libm::truncf),
        Log | Log2 | Log10 | Sqrt if negative => None,
        Log => with_libm(kind, a, libm::log, libm::logf),
        Log2 => with_libm(kind, a, libm::log2, libm::log2f),
        Log10 => with_libm(kind, a, libm::log10, libm::log10f),
        Sqrt => with_libm(kind, a, f64::sqrt, f32::sqrt),
        Log1p => {
            let one = float::from_f64(kind, 1.0);
            if float::is_negative(kind, eval_float_binop(FloatBinOp::Add, kind, a, one)) {
                return None;
            }
            with_libm(kind, a, libm::log1p, libm::log1pf)
        }
    }
}

/// The binary float functions of `math`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatBinary {
    /// `atan2`
    Atan2,
    /// `copysign`
    CopySign,
    /// `powf`
    PowF,
}

/// Evaluates a binary `math` function as upstream's folder does.
pub fn eval_float_binary(op: FloatBinary, kind: FloatKind, a: u128, b: u128) -> Option<u128> {
    match op {
        FloatBinary::CopySign => Some(eval_float_binop(FloatBinOp::CopySign, kind, a, b)),
        FloatBinary::Atan2 if float::is_zero(kind, a) && float::is_zero(kind, b) => {
            Some(float::from_f64(kind, f64::NAN))
        }
        FloatBinary::Atan2 => match kind {
            FloatKind::F64 => Some(u128::from(libm::atan2(f64_of(a), f64_of(b)).to_bits())),
            FloatKind::F32 => Some(u128::from(libm::atan2f(f32_of(a), f32_of(b)).to_bits())),
            _ => None,
        },
        FloatBinary::PowF => match kind {
            FloatKind::F64 => Some(u128::from(libm::pow(f64_of(a), f64_of(b)).to_bits())),
            FloatKind::F32 => Some(u128::from(libm::powf(f32_of(a), f32_of(b)).to_bits())),
            _ => None,
        },
    }
}

fn f64_of(bits: u128) -> f64 {
    f64::from_bits(bits as u64)
}

fn f32_of(bits: u128) -> f32 {
    f32::from_bits(bits as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32b(v: f32) -> u128 {
        u128::from(v.to_bits())
    }
    fn f64b(v: f64) -> u128 {
        u128::from(v.to_bits())
    }

    #[test]
    fn libm_formats_only() {
        let k = FloatKind::F32;
        assert_eq!(eval_float_unary(FloatUnary::Exp, k, f32b(0.0)), Some(f32b(1.0)));
        assert_eq!(eval_float_unary(FloatUnary::Exp, FloatKind::F16, float::from_f64(FloatKind::F16, 0.0)), None);
        assert_eq!(eval_float_unary(FloatUnary::Erf, FloatKind::F64, f64b(0.0)), Some(f64b(0.0)));
        assert_eq!(eval_float_unary(FloatUnary::Tanh, FloatKind::F64, f64b(f64::INFINITY)), Some(f64b(1.0)));
        assert_eq!(eval_float_unary(FloatUnary::Rsqrt, k, f32b(4.0)), None);
    }

    #[test]
    fn domain_checks() {
        let k = FloatKind::F64;
        assert_eq!(eval_float_unary(FloatUnary::Sqrt, k, f64b(-4.0)), None);
        assert_eq!(eval_float_unary(FloatUnary::Sqrt, k, f64b(-0.0)), None);
        assert_eq!(eval_float_unary(FloatUnary::Sqrt, k, f64b(4.0)), Some(f64b(2.0)));
        assert_eq!(eval_float_unary(FloatUnary::Log, k, f64b(-1.0)), None);
        assert_eq!(eval_float_unary(FloatUnary::Log, k, f64b(0.0)), Some(f64b(f64::NEG_INFINITY)));
        assert_eq!(eval_float_unary(FloatUnary::Log1p, k, f64b(-2.0)), None);
        assert_eq!(eval_float_unary(FloatUnary::Log1p, k, f64b(-0.5)), Some(f64b((-0.5f64).ln_1p())));
    }

    #[test]
    fn rounding_in_every_format() {
        let h = FloatKind::F16;
        let v = float::from_f64(h, -2.5);
        assert_eq!(float::to_f64(h, eval_float_unary(FloatUnary::Ceil, h, v).unwrap_or(0)), -2.0);
        assert_eq!(float::to_f64(h, eval_float_unary(FloatUnary::Floor, h, v).unwrap_or(0)), -3.0);
        assert_eq!(float::to_f64(h, eval_float_unary(FloatUnary::RoundEven, h, v).unwrap_or(0)), -2.0);
        assert_eq!(float::to_f64(h, eval_float_unary(FloatUnary::Abs, h, v).unwrap_or(0)), 2.5);
        assert_eq!(eval_float_unary(FloatUnary::Round, FloatKind::F64, f64b(-2.5)), Some(f64b(-3.0)));
        assert_eq!(eval_float_unary(FloatUnary::Round, h, v), None);
    }

    #[test]
    fn binary() {
        let k = FloatKind::F64;
        assert_eq!(eval_float_binary(FloatBinary::PowF, k, f64b(2.0), f64b(10.0)), Some(f64b(1024.0)));
        assert_eq!(eval_float_binary(FloatBinary::CopySign, k, f64b(2.0), f64b(-0.0)), Some(f64b(-2.0)));
        let nan = eval_float_binary(FloatBinary::Atan2, k, f64b(0.0), f64b(-0.0)).unwrap_or(0);
        assert!(float::is_nan(k, nan));
    }
}
