//! The `complex` op declarations: one [`declare_op!`](crate::declare_op)
//! row per op of MLIR 19's complex dialect, with its traits, the `fastmath`
//! property of the arithmetic and unary ops, its verifier (upstream's
//! messages, in ODS's order: properties, operand and result constraints,
//! then the type-matching predicates), folder, canonicalization patterns and
//! custom assembly; and the registration of the dialect's ops.

use super::asm::{
    complex_elem, is_complex_float, CompareAsm, ComplexAsm, ConstantAsm, CreateAsm, ResultTy, COMPLEX_FLOAT,
};
use super::fold;
use crate::arith::verify::Check;
use crate::declare_op;
use ir::op_decl::AnyAttr;
use ir::{AttrKind, Context, Diagnostic, Ir, OpId, OpTraits, Type, TypeKind};

const PURE: OpTraits = OpTraits::PURE;
const PURE_SAME: OpTraits = OpTraits(OpTraits::PURE.0 | OpTraits::SAME_OPERANDS_AND_RESULT_TYPE.0);
const CONSTANT: OpTraits = OpTraits(OpTraits::PURE.0 | OpTraits::CONSTANT_LIKE.0);

/// One row per op of a common shape:
/// - `binary`: `ComplexArithmeticOp` (`lhs`, `rhs` → `result`, all the same
///   complex type, with `fastmath`);
/// - `unary`: `ComplexUnaryOp` with `SameOperandsAndResultType`;
/// - `to_elem`: `ComplexUnaryOp` whose result is the element type
///   (`TypesMatchWith`), the result named as upstream names it.
macro_rules! complex_op {
    (binary $Name:ident = $n:literal, $doc:literal $(, fold: $fold:expr)?) => {
        declare_op! {
            #[doc = concat!("`", $n, "`: ", $doc)]
            pub struct $Name = $n {
                traits: PURE_SAME,
                operands: [lhs: Single, rhs: Single],
                attrs: [fastmath: AnyAttr],
                results: [result: Single],
                verify: verify_binary,
                $(fold: $fold,)?
                asm: ComplexAsm { operands: 2, result: ResultTy::Same },
            }
        }
    };
    (unary $Name:ident = $n:literal, $doc:literal $(, fold: $fold:expr)?) => {
        declare_op! {
            #[doc = concat!("`", $n, "`: ", $doc)]
            pub struct $Name = $n {
                traits: PURE_SAME,
                operands: [complex: Single],
                attrs: [fastmath: AnyAttr],
                results: [result: Single],
                verify: verify_unary,
                $(fold: $fold,)?
                asm: ComplexAsm { operands: 1, result: ResultTy::Same },
            }
        }
    };
    (to_elem $Name:ident = $n:literal -> $r:ident, $doc:literal $(, fold: $fold:expr)? $(, patterns: [$($pl:literal => $pf:expr),*])?) => {
        declare_op! {
            #[doc = concat!("`", $n, "`: ", $doc)]
            pub struct $Name = $n {
                traits: PURE,
                operands: [complex: Single],
                attrs: [fastmath: AnyAttr],
                results: [$r: Single],
                verify: verify_to_elem,
                $(fold: $fold,)?
                asm: ComplexAsm { operands: 1, result: ResultTy::Elem },
                patterns: [$($($pl => $pf),*)?],
            }
        }
    };
}

complex_op!(to_elem AbsOp = "complex.abs" -> result, "the absolute value of a complex number.");
complex_op!(binary AddOp = "complex.add", "complex addition.", fold: fold::fold_add);
complex_op!(to_elem AngleOp = "complex.angle" -> result, "the argument of a complex number.");
complex_op!(binary Atan2Op = "complex.atan2", "the complex two-argument arctangent.");
complex_op!(unary ConjOp = "complex.conj", "the complex conjugate.", fold: fold::fold_conj);
complex_op!(unary CosOp = "complex.cos", "the complex cosine.");
complex_op!(binary DivOp = "complex.div", "complex division.", fold: fold::fold_div);
complex_op!(unary ExpOp = "complex.exp", "the complex exponential.", fold: fold::fold_exp);
complex_op!(unary Expm1Op = "complex.expm1", "the complex exponential minus one.");
complex_op!(to_elem ImOp = "complex.im" -> imaginary, "the imaginary part.", fold: fold::fold_im,
    patterns: ["FoldComponentNeg" => fold::im_of_neg]);
complex_op!(unary LogOp = "complex.log", "the complex natural logarithm.", fold: fold::fold_log);
complex_op!(unary Log1pOp = "complex.log1p", "the complex natural logarithm of one plus the operand.");
complex_op!(binary MulOp = "complex.mul", "complex multiplication.", fold: fold::fold_mul);
complex_op!(unary NegOp = "complex.neg", "complex negation.", fold: fold::fold_neg);
complex_op!(binary PowOp = "complex.pow", "the complex power function.");
complex_op!(to_elem ReOp = "complex.re" -> real, "the real part.", fold: fold::fold_re,
    patterns: ["FoldComponentNeg" => fold::re_of_neg]);
complex_op!(unary RsqrtOp = "complex.rsqrt", "the complex reciprocal square root.");
complex_op!(unary SignOp = "complex.sign", "the complex sign (the operand over its modulus).");
complex_op!(unary SinOp = "complex.sin", "the complex sine.");
complex_op!(unary SqrtOp = "complex.sqrt", "the complex square root.");
complex_op!(binary SubOp = "complex.sub", "complex subtraction.", fold: fold::fold_sub);
complex_op!(unary TanOp = "complex.tan", "the complex tangent.");
complex_op!(unary TanhOp = "complex.tanh", "the complex hyperbolic tangent.");

declare_op! {
    /// `complex.eq`: whether two complex numbers are equal.
    pub struct EqualOp = "complex.eq" {
        traits: PURE,
        operands: [lhs: Single, rhs: Single],
        results: [result: Single],
        verify: verify_compare,
        asm: CompareAsm,
    }
}

declare_op! {
    /// `complex.neq`: whether two complex numbers differ.
    pub struct NotEqualOp = "complex.neq" {
        traits: PURE,
        operands: [lhs: Single, rhs: Single],
        results: [result: Single],
        verify: verify_compare,
        asm: CompareAsm,
    }
}

declare_op! {
    /// `complex.create`: a complex number from its real and imaginary parts.
    pub struct CreateOp = "complex.create" {
        traits: PURE,
        operands: [real: Single, imaginary: Single],
        results: [complex: Single],
        verify: verify_create,
        fold: fold::fold_create,
        asm: CreateAsm,
    }
}

declare_op! {
    /// `complex.constant`: a complex constant, its `value` an array of the
    /// real and imaginary parts.
    pub struct ConstantOp = "complex.constant" {
        traits: CONSTANT,
        attrs: [value: AnyAttr],
        results: [complex: Single],
        verify: verify_constant,
        fold: fold::fold_constant,
        asm: ConstantAsm,
    }
}

declare_op! {
    /// `complex.bitcast`: between a complex type and an integer or float of
    /// twice its element width.
    pub struct BitcastOp = "complex.bitcast" {
        traits: PURE,
        operands: [operand: Single],
        results: [result: Single],
        verify: verify_bitcast,
        fold: fold::fold_bitcast,
        format: "$operand attr-dict `:` type($operand) `to` type($result)",
        patterns: [
            "MergeComplexBitcast" => fold::merge_complex_bitcast,
            "MergeArithBitcast" on "arith.bitcast" => fold::merge_arith_bitcast,
        ],
    }
}

/// The checks every op with `Complex<AnyFloat>` operands shares: the
/// structure, the `fastmath` property, then each operand's constraint.
fn check_complex_operands(c: &Check<'_>, operands: usize, results: usize) -> Result<(), Diagnostic> {
    c.shape(operands, results)?;
    c.fastmath()?;
    let ctx = c.ctx();
    for i in 0..operands {
        c.operand_constraint(i, is_complex_float(ctx, c.operand_ty(i)), COMPLEX_FLOAT)?;
    }
    Ok(())
}

/// `ComplexArithmeticOp`: `SameOperandsAndResultType` over complex floats.
fn verify_binary(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    check_complex_operands(&c, 2, 1)?;
    c.result_constraint(0, is_complex_float(c.ctx(), c.result_ty(0)), COMPLEX_FLOAT)?;
    c.same_operands_and_result_type()
}

/// A `ComplexUnaryOp` with `SameOperandsAndResultType`.
fn verify_unary(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    check_complex_operands(&c, 1, 1)?;
    c.result_constraint(0, is_complex_float(c.ctx(), c.result_ty(0)), COMPLEX_FLOAT)?;
    c.same_operands_and_result_type()
}

/// `abs`, `angle`, `re`, `im`: a float result of the operand's element type.
fn verify_to_elem(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    check_complex_operands(&c, 1, 1)?;
    let ctx = c.ctx();
    c.result_constraint(0, matches!(ctx.kind(c.result_ty(0)), TypeKind::Float(_)), "floating-point")?;
    if complex_elem(ctx, c.operand_ty(0)) != Some(c.result_ty(0)) {
        return Err(c.err("failed to verify that complex element type matches result type"));
    }
    Ok(())
}

/// `eq`/`neq`: two complex floats of one type, an `i1` result.
fn verify_compare(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    check_complex_operands(&c, 2, 1)?;
    let ctx = c.ctx();
    c.result_constraint(0, c.result_ty(0) == ctx.i1_ty(), "1-bit signless integer")?;
    if c.operand_ty(0) != c.operand_ty(1) {
        return Err(c.err("failed to verify that all of {lhs, rhs} have same type"));
    }
    Ok(())
}

/// `create`: float parts of the result's element type.
fn verify_create(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    c.shape(2, 1)?;
    let ctx = c.ctx();
    let is_float = |t: Type| matches!(ctx.kind(t), TypeKind::Float(_));
    c.operand_constraint(0, is_float(c.operand_ty(0)), "floating-point")?;
    c.operand_constraint(1, is_float(c.operand_ty(1)), "floating-point")?;
    c.result_constraint(0, is_complex_float(ctx, c.result_ty(0)), COMPLEX_FLOAT)?;
    if c.operand_ty(0) != c.operand_ty(1) {
        return Err(c.err("failed to verify that all of {real, imaginary} have same type"));
    }
    let elem = complex_elem(ctx, c.result_ty(0));
    if elem != Some(c.operand_ty(0)) {
        return Err(c.err("failed to verify that complex element type matches real operand type"));
    }
    if elem != Some(c.operand_ty(1)) {
        return Err(c.err("failed to verify that complex element type matches imaginary operand type"));
    }
    Ok(())
}

/// The type of an integer or float attribute.
fn int_or_float_type(ctx: &Context, a: ir::Attribute) -> Option<Type> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => Some(*ty),
        AttrKind::Bool(_) => Some(ctx.i1_ty()),
        _ => None,
    }
}

/// `constant`: `value` is an array of two integer or float attributes of
/// the result's element type.
fn verify_constant(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    c.shape(0, 1)?;
    let ctx = c.ctx();
    let value = c.required("value")?;
    c.attr_constraint("value", ctx.array_value(value).is_some(), "array attribute")?;
    let Some(elem) = complex_elem(ctx, c.result_ty(0)) else {
        return Err(c.err(format!("result #0 must be complex-type, but got '{}'", c.ty(c.result_ty(0)))));
    };
    let parts = ctx.array_value(value).unwrap_or_default();
    if parts.len() != 2 {
        return Err(c.err("requires 'value' to be a complex constant, represented as array of two values"));
    }
    let (Some(re), Some(im)) = (int_or_float_type(ctx, parts[0]), int_or_float_type(ctx, parts[1])) else {
        return Err(c.err("requires attribute's elements to be float or integer attributes"));
    };
    if re != elem || im != elem {
        return Err(c.err(format!(
            "requires attribute's element types ('{}', '{}') to match the element type of the op's return type ('{}')",
            c.ty(re),
            c.ty(im),
            c.ty(elem)
        )));
    }
    Ok(())
}

/// `bitcast`: between a complex type and an integer or float of the same
/// total width (an identity cast is allowed, as it folds away).
fn verify_bitcast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    c.shape(1, 1)?;
    let ctx = c.ctx();
    let (mut from, mut to) = (c.operand_ty(0), c.result_ty(0));
    if from == to {
        return Ok(());
    }
    let int_or_float = |t: Type| matches!(ctx.kind(t), TypeKind::Integer { .. } | TypeKind::Float(_));
    let is_complex = |t: Type| complex_elem(ctx, t).is_some();
    if !int_or_float(from) && !is_complex(from) {
        return Err(c.err("operand must be int/float/complex"));
    }
    if !int_or_float(to) && !is_complex(to) {
        return Err(c.err("result must be int/float/complex"));
    }
    if is_complex(from) == is_complex(to) {
        return Err(c.err("requires that either input or output has a complex type"));
    }
    if is_complex(to) {
        std::mem::swap(&mut from, &mut to);
    }
    let width = |t: Type| ctx.scalar_bit_width(t).unwrap_or(0);
    let from_width = complex_elem(ctx, from).map_or(0, |e| width(e) * 2);
    if from_width != width(to) {
        return Err(c.err("casting bitwidths do not match"));
    }
    Ok(())
}

/// Registers every `complex` op.
pub fn register_ops(ctx: &mut Context) {
    crate::register_ops!(
        ctx,
        [
            AbsOp, AddOp, AngleOp, Atan2Op, BitcastOp, ConjOp, ConstantOp, CosOp, CreateOp, DivOp, EqualOp, ExpOp,
            Expm1Op, ImOp, LogOp, Log1pOp, MulOp, NegOp, NotEqualOp, PowOp, ReOp, RsqrtOp, SignOp, SinOp, SqrtOp,
            SubOp, TanOp, TanhOp,
        ]
    );
}

#[cfg(test)]
mod tests {
    use ir::{Context, OpTraits};

    /// The registration states each op's ODS properties and traits: 28 ops,
    /// `fastmath` on the arithmetic and unary ops only,
    /// `SameOperandsAndResultType` where ODS says so, a folder where
    /// upstream has one, `constant` constant-like.
    #[test]
    fn registration_matches_ods() {
        let mut ctx = Context::new();
        crate::arith::register(&mut ctx);
        super::super::register(&mut ctx);
        assert!(ctx.registry().check(&ctx).is_ok());
        let (complex, fastmath) = (ctx.intern_str("complex"), ctx.intern_str("fastmath"));
        assert_eq!(ctx.registry().ops().filter(|info| info.dialect == complex).count(), 28);
        let same = OpTraits::SAME_OPERANDS_AND_RESULT_TYPE;
        for (name, flags, same_type, folds) in [
            ("complex.add", true, true, true),
            ("complex.pow", true, true, false),
            ("complex.abs", true, false, false),
            ("complex.re", true, false, true),
            ("complex.sqrt", true, true, false),
            ("complex.conj", true, true, true),
            ("complex.eq", false, false, false),
            ("complex.create", false, false, true),
            ("complex.bitcast", false, false, true),
            ("complex.constant", false, false, true),
        ] {
            let n = ctx.intern_str(name);
            let info = ctx.registry().op(n).expect(name);
            assert_eq!(info.is_inherent(fastmath), flags, "{name}");
            assert_eq!(info.has(same), same_type, "{name}");
            assert_eq!(info.fold.is_some(), folds, "{name}");
            assert!(info.has(OpTraits::PURE), "{name}");
            assert_eq!(info.has(OpTraits::CONSTANT_LIKE), name == "complex.constant", "{name}");
        }
    }
}
