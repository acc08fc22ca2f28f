//! The `math` dialect: the elementwise transcendental, rounding and bit
//! counting ops of MLIR 19 (`exp`, `log`, `sqrt`, `rsqrt`, `tanh`, `absf`,
//! `absi`, `ceil`, `floor`, `powf`, `fma`, `sin`, `cos`, `erf`, ... and
//! `fpowi`/`ipowi`), with their custom syntax, verifiers and upstream's
//! folders. Constants materialize as `arith.constant`
//! ([`crate::arith::materialize_constant`]).
//!
//! Upstream folds the libm functions only for `f32` and `f64`, calling the
//! C library; so do these folders (through the platform's libm), keeping
//! results bit-identical to mlir-opt-19's on the same platform. The
//! evaluation is public ([`eval_float_unary`], [`eval_float_binary`]) for
//! the interpreter.

use crate::arith::asm::{ElementwiseAsm, Flag, FASTMATH_DEFAULT};
use crate::arith::constant::{fold_binary, fold_unary, view, ElemKind};
use crate::arith::eval::{
    eval_float_abs, eval_float_binop, eval_int_binop, eval_int_unary, eval_round_to_integral, with_libm, FloatBinOp,
    IntBinOp, IntUnaryOp, IntVal, Rounding,
};
use crate::arith::verify::{is_like, Check, Elem};
use crate::util::{register_dialect, register_op};
use ir::float::{self, FloatKind};
use ir::registry::FoldFn;
use ir::{Attribute, Context, Diagnostic, FoldOutcome, Ir, OpFoldResult, OpId, OpTraits};
use smallvec::smallvec;

/// The platform C math library, which upstream's folders call.
mod libm {
    #[allow(unsafe_code)]
    mod sys {
        extern "C" {
            pub fn acos(x: f64) -> f64;
            pub fn acosf(x: f32) -> f32;
            pub fn acosh(x: f64) -> f64;
            pub fn acoshf(x: f32) -> f32;
            pub fn asin(x: f64) -> f64;
            pub fn asinf(x: f32) -> f32;
            pub fn asinh(x: f64) -> f64;
            pub fn asinhf(x: f32) -> f32;
            pub fn atan(x: f64) -> f64;
            pub fn atanf(x: f32) -> f32;
            pub fn atanh(x: f64) -> f64;
            pub fn atanhf(x: f32) -> f32;
            pub fn atan2(y: f64, x: f64) -> f64;
            pub fn atan2f(y: f32, x: f32) -> f32;
            pub fn cos(x: f64) -> f64;
            pub fn cosf(x: f32) -> f32;
            pub fn cosh(x: f64) -> f64;
            pub fn coshf(x: f32) -> f32;
            pub fn sin(x: f64) -> f64;
            pub fn sinf(x: f32) -> f32;
            pub fn sinh(x: f64) -> f64;
            pub fn sinhf(x: f32) -> f32;
            pub fn tan(x: f64) -> f64;
            pub fn tanf(x: f32) -> f32;
            pub fn tanh(x: f64) -> f64;
            pub fn tanhf(x: f32) -> f32;
            pub fn erf(x: f64) -> f64;
            pub fn erff(x: f32) -> f32;
            pub fn exp(x: f64) -> f64;
            pub fn expf(x: f32) -> f32;
            pub fn exp2(x: f64) -> f64;
            pub fn exp2f(x: f32) -> f32;
            pub fn expm1(x: f64) -> f64;
            pub fn expm1f(x: f32) -> f32;
            pub fn log(x: f64) -> f64;
            pub fn logf(x: f32) -> f32;
            pub fn log2(x: f64) -> f64;
            pub fn log2f(x: f32) -> f32;
            pub fn log10(x: f64) -> f64;
            pub fn log10f(x: f32) -> f32;
            pub fn log1p(x: f64) -> f64;
            pub fn log1pf(x: f32) -> f32;
            pub fn pow(x: f64, y: f64) -> f64;
            pub fn powf(x: f32, y: f32) -> f32;
            pub fn round(x: f64) -> f64;
            pub fn roundf(x: f32) -> f32;
            pub fn trunc(x: f64) -> f64;
            pub fn truncf(x: f32) -> f32;
        }
    }

    macro_rules! safe {
        ($($name:ident($($a:ident),*) -> $t:ty;)*) => {$(
            /// The C library function of the same name.
            pub fn $name($($a: $t),*) -> $t {
                // SAFETY: a pure libm function of plain floats; any input
                // (NaN and infinities included) is defined behaviour.
                #[allow(unsafe_code)]
                unsafe { sys::$name($($a),*) }
            }
        )*};
    }

    safe! {
        acos(x) -> f64; acosf(x) -> f32; acosh(x) -> f64; acoshf(x) -> f32;
        asin(x) -> f64; asinf(x) -> f32; asinh(x) -> f64; asinhf(x) -> f32;
        atan(x) -> f64; atanf(x) -> f32; atanh(x) -> f64; atanhf(x) -> f32;
        atan2(y, x) -> f64; atan2f(y, x) -> f32;
        cos(x) -> f64; cosf(x) -> f32; cosh(x) -> f64; coshf(x) -> f32;
        sin(x) -> f64; sinf(x) -> f32; sinh(x) -> f64; sinhf(x) -> f32;
        tan(x) -> f64; tanf(x) -> f32; tanh(x) -> f64; tanhf(x) -> f32;
        erf(x) -> f64; erff(x) -> f32;
        exp(x) -> f64; expf(x) -> f32; exp2(x) -> f64; exp2f(x) -> f32; expm1(x) -> f64; expm1f(x) -> f32;
        log(x) -> f64; logf(x) -> f32; log2(x) -> f64; log2f(x) -> f32;
        log10(x) -> f64; log10f(x) -> f32; log1p(x) -> f64; log1pf(x) -> f32;
        pow(x, y) -> f64; powf(x, y) -> f32;
        round(x) -> f64; roundf(x) -> f32; trunc(x) -> f64; truncf(x) -> f32;
    }
}

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

// ----- folders -------------------------------------------------------------

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
    let kind = float_kind(ctx, lhs)?;
    fold_binary(ctx, lhs, rhs, None, true, |a, b| eval_float_binary(op, kind, a, b))
}

macro_rules! unary_folders {
    ($($fn_name:ident => $op:ident),* $(,)?) => {$(
        fn $fn_name(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
            if ir.num_operands(op) != 1 {
                return FoldOutcome::Failure;
            }
            outcome(fold_float_unary(ir.ctx(), FloatUnary::$op, cst(c, 0)))
        }
    )*};
}

unary_folders! {
    fold_absf => Abs, fold_acos => Acos, fold_acosh => Acosh, fold_asin => Asin, fold_asinh => Asinh,
    fold_atan => Atan, fold_atanh => Atanh, fold_ceil => Ceil, fold_cos => Cos, fold_cosh => Cosh,
    fold_erf => Erf, fold_exp => Exp, fold_exp2 => Exp2, fold_expm1 => Expm1, fold_floor => Floor,
    fold_log => Log, fold_log10 => Log10, fold_log1p => Log1p, fold_log2 => Log2, fold_round => Round,
    fold_roundeven => RoundEven, fold_sin => Sin, fold_sinh => Sinh, fold_sqrt => Sqrt, fold_tan => Tan,
    fold_tanh => Tanh, fold_trunc => Trunc,
}

macro_rules! binary_folders {
    ($($fn_name:ident => $op:ident),* $(,)?) => {$(
        fn $fn_name(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
            if ir.num_operands(op) != 2 {
                return FoldOutcome::Failure;
            }
            outcome(fold_float_binary(ir.ctx(), FloatBinary::$op, cst(c, 0), cst(c, 1)))
        }
    )*};
}

binary_folders! { fold_atan2 => Atan2, fold_copysign => CopySign, fold_powf => PowF }

fn fold_int_unary_op(ir: &mut Ir, op: OpId, c: &[Option<Attribute>], kind: IntUnaryOp) -> FoldOutcome {
    if ir.num_operands(op) != 1 {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let Some(w) = int_width(ctx, cst(c, 0)) else { return FoldOutcome::Failure };
    outcome(fold_unary(ctx, cst(c, 0), None, false, |a| Some(eval_int_unary(kind, IntVal::new(w, a)).bits)))
}

fn fold_absi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_int_unary_op(ir, op, c, IntUnaryOp::Abs)
}
fn fold_ctlz(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_int_unary_op(ir, op, c, IntUnaryOp::CountLeadingZeros)
}
fn fold_cttz(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_int_unary_op(ir, op, c, IntUnaryOp::CountTrailingZeros)
}
fn fold_ctpop(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_int_unary_op(ir, op, c, IntUnaryOp::CountOnes)
}

fn fold_ipowi(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 2 {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let Some(w) = int_width(ctx, cst(c, 0)) else { return FoldOutcome::Failure };
    outcome(fold_binary(ctx, cst(c, 0), cst(c, 1), None, false, |a, b| {
        eval_int_binop(IntBinOp::IPowI, IntVal::new(w, a), IntVal::new(w, b)).map(|v| v.bits)
    }))
}

// ----- verifiers --------------------------------------------------------------

fn verify_float_unary(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    crate::arith::verify::verify_float_n(ir, op, 1)
}
fn verify_float_binary(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    crate::arith::verify::verify_float_n(ir, op, 2)
}
fn verify_float_ternary(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    crate::arith::verify::verify_float_n(ir, op, 3)
}
fn verify_int_unary(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    crate::arith::verify::verify_int_n(ir, op, 1)
}
fn verify_int_binary(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    crate::arith::verify::verify_int_n(ir, op, 2)
}

/// `fpowi`: a float base and a signless-integer exponent of the same shape.
fn verify_fpowi(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    let ctx = c.ctx();
    c.shape(2, 1)?;
    c.fastmath()?;
    c.operand_constraint(0, is_like(ctx, c.operand_ty(0), Elem::Float), "floating-point-like")?;
    c.operand_constraint(1, is_like(ctx, c.operand_ty(1), Elem::SignlessIntOrIndex), "signless-integer-like")?;
    c.result_constraint(0, is_like(ctx, c.result_ty(0), Elem::Float), "floating-point-like")?;
    if c.operand_ty(0) != c.result_ty(0) {
        return Err(c.err("failed to verify that all of {lhs, result} have same type"));
    }
    c.same_operands_and_result_shape()?;
    c.elementwise()
}

// ----- registration ----------------------------------------------------------------

/// Operand count and flag of an op's custom form.
#[derive(Clone, Copy)]
enum Form {
    FloatUnary,
    FloatBinary,
    FloatTernary,
    IntUnary,
    IntBinary,
    FPowI,
}

const OPS: &[(&str, Form, Option<FoldFn>)] = &[
    ("math.absf", Form::FloatUnary, Some(fold_absf)),
    ("math.absi", Form::IntUnary, Some(fold_absi)),
    ("math.acosh", Form::FloatUnary, Some(fold_acosh)),
    ("math.asin", Form::FloatUnary, Some(fold_asin)),
    ("math.asinh", Form::FloatUnary, Some(fold_asinh)),
    ("math.atan", Form::FloatUnary, Some(fold_atan)),
    ("math.atanh", Form::FloatUnary, Some(fold_atanh)),
    ("math.atan2", Form::FloatBinary, Some(fold_atan2)),
    ("math.cbrt", Form::FloatUnary, None),
    ("math.ceil", Form::FloatUnary, Some(fold_ceil)),
    ("math.copysign", Form::FloatBinary, Some(fold_copysign)),
    ("math.cos", Form::FloatUnary, Some(fold_cos)),
    ("math.acos", Form::FloatUnary, Some(fold_acos)),
    ("math.cosh", Form::FloatUnary, Some(fold_cosh)),
    ("math.sin", Form::FloatUnary, Some(fold_sin)),
    ("math.sinh", Form::FloatUnary, Some(fold_sinh)),
    ("math.ctlz", Form::IntUnary, Some(fold_ctlz)),
    ("math.cttz", Form::IntUnary, Some(fold_cttz)),
    ("math.ctpop", Form::IntUnary, Some(fold_ctpop)),
    ("math.erf", Form::FloatUnary, Some(fold_erf)),
    ("math.exp", Form::FloatUnary, Some(fold_exp)),
    ("math.exp2", Form::FloatUnary, Some(fold_exp2)),
    ("math.expm1", Form::FloatUnary, Some(fold_expm1)),
    ("math.floor", Form::FloatUnary, Some(fold_floor)),
    ("math.fma", Form::FloatTernary, None),
    ("math.ipowi", Form::IntBinary, Some(fold_ipowi)),
    ("math.log", Form::FloatUnary, Some(fold_log)),
    ("math.log10", Form::FloatUnary, Some(fold_log10)),
    ("math.log1p", Form::FloatUnary, Some(fold_log1p)),
    ("math.log2", Form::FloatUnary, Some(fold_log2)),
    ("math.powf", Form::FloatBinary, Some(fold_powf)),
    ("math.rsqrt", Form::FloatUnary, None),
    ("math.sqrt", Form::FloatUnary, Some(fold_sqrt)),
    ("math.tan", Form::FloatUnary, Some(fold_tan)),
    ("math.tanh", Form::FloatUnary, Some(fold_tanh)),
    ("math.roundeven", Form::FloatUnary, Some(fold_roundeven)),
    ("math.round", Form::FloatUnary, Some(fold_round)),
    ("math.trunc", Form::FloatUnary, Some(fold_trunc)),
    ("math.fpowi", Form::FPowI, None),
];

/// Registers the math dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "math", false);
    crate::arith::use_arith_materializer(ctx, "math");
    for &(name, form, fold) in OPS {
        let (verify, asm, inherent): (ir::registry::VerifyFn, ElementwiseAsm, &[&str]) = match form {
            Form::FloatUnary => (verify_float_unary, ElementwiseAsm::new(1, FASTMATH_DEFAULT), &["fastmath"]),
            Form::FloatBinary => (verify_float_binary, ElementwiseAsm::new(2, FASTMATH_DEFAULT), &["fastmath"]),
            Form::FloatTernary => (verify_float_ternary, ElementwiseAsm::new(3, FASTMATH_DEFAULT), &["fastmath"]),
            Form::IntUnary => (verify_int_unary, ElementwiseAsm::new(1, Flag::None), &[]),
            Form::IntBinary => (verify_int_binary, ElementwiseAsm::new(2, Flag::None), &[]),
            Form::FPowI => {
                (verify_fpowi, ElementwiseAsm { operands: 2, flag: FASTMATH_DEFAULT, second_type: true }, &["fastmath"])
            }
        };
        let traits = match form {
            Form::FPowI => OpTraits::PURE,
            _ => OpTraits(OpTraits::PURE.0 | OpTraits::SAME_OPERANDS_AND_RESULT_TYPE.0),
        };
        register_op(ctx, name, traits, inherent, Some(verify), Some(Box::new(asm)));
        let n = ctx.intern_str(name);
        if let Some(info) = ctx.registry_mut().op_mut(n) {
            info.fold = fold;
        }
    }
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
