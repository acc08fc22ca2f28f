//! The `math` op declarations: one [`declare_op!`](crate::declare_op) per
//! op with its traits, operands, the `fastmath` property of the float ops,
//! verifier, folder and custom assembly; and the registration of the
//! dialect's ops.
//!
//! All but `fpowi` share a few elementwise shapes (float unary, binary and
//! ternary with `fastmath`; integer unary and binary without properties),
//! so the local `math_op!` macro expands one row per op into arith's
//! shared `elementwise_op!` shape, reusing arith's elementwise assembly and
//! verifiers.

use super::eval::{FloatBinary, FloatUnary};
use super::fold;
use crate::arith::asm::{ElementwiseAsm, Flag, FASTMATH_DEFAULT};
use crate::arith::elementwise::elementwise_op;
use crate::arith::eval::IntUnaryOp;
use crate::arith::verify::{self, is_like, Check, Elem};
use crate::declare_op;
use ir::op_decl::AnyAttr;
use ir::{Attribute, Context, Diagnostic, Ir, OpId, OpTraits};

const PURE: OpTraits = OpTraits::PURE;
const PURE_SAME: OpTraits = OpTraits(OpTraits::PURE.0 | OpTraits::SAME_OPERANDS_AND_RESULT_TYPE.0);

/// One row per op of a common shape, expanded by arith's
/// [`elementwise_op!`](crate::arith::elementwise); the optional last item
/// names the function the folder computes (ops without it do not fold):
/// - `float_unary`: `operand` → `result`, with the `fastmath` property;
/// - `float_binary`: `lhs`, `rhs` → `result`, with `fastmath`;
/// - `float_ternary`: `a`, `b`, `c` → `result`, with `fastmath`;
/// - `int_unary`: `operand` → `result`, no properties.
macro_rules! math_op {
    (float_unary $Name:ident = $n:literal $(, $f:ident)?) => {
        elementwise_op!(float_unary $Name = $n, PURE_SAME $(, fold: |ir: &mut Ir, op: OpId, c: &[Option<Attribute>]| {
            fold::float_unary(ir, op, c, FloatUnary::$f)
        })?);
    };
    (float_binary $Name:ident = $n:literal $(, $f:ident)?) => {
        elementwise_op!(float_binary $Name = $n, PURE_SAME $(, fold: |ir: &mut Ir, op: OpId, c: &[Option<Attribute>]| {
            fold::float_binary(ir, op, c, FloatBinary::$f)
        })?);
    };
    (float_ternary $Name:ident = $n:literal) => {
        elementwise_op!(@op $Name = $n, ", with fast-math flags.", PURE_SAME, [a, b, c] [fastmath] -> result,
            |ir: &Ir, op: OpId| verify::verify_float_n(ir, op, 3), ElementwiseAsm::new(3, FASTMATH_DEFAULT), []);
    };
    (int_unary $Name:ident = $n:literal, $f:ident) => {
        elementwise_op!(@op $Name = $n, ".", PURE_SAME, [operand] [] -> result,
            |ir: &Ir, op: OpId| verify::verify_int_n(ir, op, 1), ElementwiseAsm::new(1, Flag::None), [],
            fold: |ir: &mut Ir, op: OpId, c: &[Option<Attribute>]| fold::int_unary(ir, op, c, IntUnaryOp::$f));
    };
}

math_op!(float_unary AbsFOp = "math.absf", Abs);
math_op!(int_unary AbsIOp = "math.absi", Abs);
math_op!(float_unary AcosOp = "math.acos", Acos);
math_op!(float_unary AcoshOp = "math.acosh", Acosh);
math_op!(float_unary AsinOp = "math.asin", Asin);
math_op!(float_unary AsinhOp = "math.asinh", Asinh);
math_op!(float_unary AtanOp = "math.atan", Atan);
math_op!(float_unary AtanhOp = "math.atanh", Atanh);
math_op!(float_binary Atan2Op = "math.atan2", Atan2);
math_op!(float_unary CbrtOp = "math.cbrt");
math_op!(float_unary CeilOp = "math.ceil", Ceil);
math_op!(float_binary CopySignOp = "math.copysign", CopySign);
math_op!(float_unary CosOp = "math.cos", Cos);
math_op!(float_unary CoshOp = "math.cosh", Cosh);
math_op!(float_unary SinOp = "math.sin", Sin);
math_op!(float_unary SinhOp = "math.sinh", Sinh);
math_op!(int_unary CountLeadingZerosOp = "math.ctlz", CountLeadingZeros);
math_op!(int_unary CountTrailingZerosOp = "math.cttz", CountTrailingZeros);
math_op!(int_unary CtPopOp = "math.ctpop", CountOnes);
math_op!(float_unary ErfOp = "math.erf", Erf);
math_op!(float_unary ExpOp = "math.exp", Exp);
math_op!(float_unary Exp2Op = "math.exp2", Exp2);
math_op!(float_unary ExpM1Op = "math.expm1", Expm1);
math_op!(float_unary FloorOp = "math.floor", Floor);
math_op!(float_ternary FmaOp = "math.fma");

elementwise_op!(@op IPowIOp = "math.ipowi", ": an integer raised to an integer power.", PURE_SAME,
    [lhs, rhs] [] -> result, |ir: &Ir, op: OpId| verify::verify_int_n(ir, op, 2), ElementwiseAsm::new(2, Flag::None),
    [], fold: fold::ipowi);

math_op!(float_unary LogOp = "math.log", Log);
math_op!(float_unary Log10Op = "math.log10", Log10);
math_op!(float_unary Log1pOp = "math.log1p", Log1p);
math_op!(float_unary Log2Op = "math.log2", Log2);
math_op!(float_binary PowFOp = "math.powf", PowF);
math_op!(float_unary RsqrtOp = "math.rsqrt");
math_op!(float_unary SqrtOp = "math.sqrt", Sqrt);
math_op!(float_unary TanOp = "math.tan", Tan);
math_op!(float_unary TanhOp = "math.tanh", Tanh);
math_op!(float_unary RoundEvenOp = "math.roundeven", RoundEven);
math_op!(float_unary RoundOp = "math.round", Round);
math_op!(float_unary TruncOp = "math.trunc", Trunc);

declare_op! {
    /// `math.fpowi`: a float raised to a signless-integer power, with
    /// fast-math flags; its custom form also prints the exponent's type.
    pub struct FPowIOp = "math.fpowi" {
        traits: PURE,
        operands: [lhs: Single, rhs: Single],
        attrs: [fastmath: AnyAttr],
        results: [result: Single],
        verify: verify_fpowi,
        asm: ElementwiseAsm { operands: 2, flag: FASTMATH_DEFAULT, second_type: true },
    }
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

/// Registers every `math` op.
pub fn register_ops(ctx: &mut Context) {
    crate::register_ops!(
        ctx,
        [
            AbsFOp,
            AbsIOp,
            AcoshOp,
            AsinOp,
            AsinhOp,
            AtanOp,
            AtanhOp,
            Atan2Op,
            CbrtOp,
            CeilOp,
            CopySignOp,
            CosOp,
            AcosOp,
            CoshOp,
            SinOp,
            SinhOp,
            CountLeadingZerosOp,
            CountTrailingZerosOp,
            CtPopOp,
            ErfOp,
            ExpOp,
            Exp2Op,
            ExpM1Op,
            FloorOp,
            FmaOp,
            IPowIOp,
            LogOp,
            Log10Op,
            Log1pOp,
            Log2Op,
            PowFOp,
            RsqrtOp,
            SqrtOp,
            TanOp,
            TanhOp,
            RoundEvenOp,
            RoundOp,
            TruncOp,
            FPowIOp,
        ]
    );
}

#[cfg(test)]
mod tests {
    use ir::{Context, OpTraits};

    /// The registration states each op's ODS properties, traits and whether
    /// it folds: `fastmath` on the float ops only, `fpowi` without
    /// `SameOperandsAndResultType`, no folder where upstream has none.
    #[test]
    fn registration_matches_ods() {
        let mut ctx = Context::new();
        super::super::register(&mut ctx);
        let fastmath = ctx.intern_str("fastmath");
        let same = OpTraits::SAME_OPERANDS_AND_RESULT_TYPE;
        assert!(ctx.registry().check(&ctx).is_ok());
        let math = ctx.intern_str("math");
        assert_eq!(ctx.registry().ops().filter(|info| info.dialect == math).count(), 39);
        for (name, float, folds) in [
            ("math.sqrt", true, true),
            ("math.rsqrt", true, false),
            ("math.fma", true, false),
            ("math.atan2", true, true),
            ("math.ctpop", false, true),
            ("math.ipowi", false, true),
            ("math.fpowi", true, false),
        ] {
            let n = ctx.intern_str(name);
            let info = ctx.registry().op(n).expect(name);
            assert_eq!(info.is_inherent(fastmath), float, "{name}");
            assert_eq!(info.inherent_attrs.len(), usize::from(float), "{name}");
            assert_eq!(info.fold.is_some(), folds, "{name}");
            assert!(info.has(OpTraits::PURE), "{name}");
            assert_eq!(info.has(same), name != "math.fpowi", "{name}");
        }
    }
}
