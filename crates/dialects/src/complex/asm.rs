//! Custom syntax of the `complex` ops, following each op's ODS
//! `assemblyFormat`:
//! - the arithmetic and unary ops: `$a (, $b)? (fastmath<...>)? attr-dict :
//!   type` ([`ComplexAsm`]), the `fastmath` flag read and written by arith's
//!   `Flag`;
//! - `eq`/`neq`: `$lhs, $rhs attr-dict : type($lhs)` ([`CompareAsm`]);
//! - `create`: `$real, $imaginary attr-dict : type($complex)` ([`CreateAsm`]);
//! - `constant`: `$value attr-dict : type($complex)` ([`ConstantAsm`]).
//!
//! Where ODS infers another type from the written complex type
//! (`TypesMatchWith`), the parser checks the written type's constraint
//! first, with upstream's `'complex' must be ...` message.

use crate::arith::asm::FASTMATH_DEFAULT;
use crate::util::{
    custom_error, custom_error_at_name, expect_colon, parse_opt_attr_dict, print_operand_type,
    print_operands_attr_dict_colon, print_result_type, q, resolve_list,
};
use ir::{AttrKind, Context, Ir, OpId, Type, TypeKind, ValueId};
use smallvec::SmallVec;
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{IrParser, UnresolvedOperand};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// ODS's summary of `Complex<AnyFloat>`.
pub(crate) const COMPLEX_FLOAT: &str = "complex type with floating-point elements";

/// The element type of a complex type.
pub(crate) fn complex_elem(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.kind(t) {
        TypeKind::Complex(e) => Some(*e),
        _ => None,
    }
}

/// `Complex<AnyFloat>`: a complex type with float elements.
pub(crate) fn is_complex_float(ctx: &Context, t: Type) -> bool {
    complex_elem(ctx, t).is_some_and(|e| matches!(ctx.kind(e), TypeKind::Float(_)))
}

/// What the result type of a [`ComplexAsm`] op is.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ResultTy {
    /// The written (complex) type.
    Same,
    /// Its element type (`abs`, `re`, `im`, `angle`).
    Elem,
}

/// Parses `n` comma-separated operands.
fn parse_operands<'a>(p: &mut IrParser<'a, '_>, n: usize) -> PResult<SmallVec<[UnresolvedOperand<'a>; 2]>> {
    let mut ops = SmallVec::new();
    for i in 0..n {
        if i > 0 {
            p.p.expect(TokenKind::Comma, "expected ','")?;
        }
        ops.push(p.parse_operand()?);
    }
    Ok(ops)
}

/// Parses the written complex type: any other type is `invalid kind of type
/// specified`; with `check_float`, a non-float element type is the
/// constraint error ODS's parser emits before inferring a type from it.
fn parse_complex_type(p: &mut IrParser<'_, '_>, st: &OpState, check_float: bool) -> PResult<(Type, Type, u32)> {
    let pos = p.p.tok.start;
    let ty = p.p.parse_type()?;
    let ctx = p.p.ctx;
    let Some(elem) = complex_elem(ctx, ty) else {
        return Err(custom_error(p, st, pos, "invalid kind of type specified"));
    };
    if check_float && !is_complex_float(ctx, ty) {
        let msg = format!("'complex' must be {COMPLEX_FLOAT}, but got {}", q(ctx, ty));
        return Err(custom_error_at_name(st, ctx, &msg));
    }
    Ok((ty, elem, pos))
}

/// The arithmetic (`ComplexArithmeticOp`) and unary (`ComplexUnaryOp`)
/// ops: `$lhs, $rhs (fastmath<...>)? attr-dict : type($result)` and
/// `$complex (fastmath<...>)? attr-dict : type($complex)`.
pub(crate) struct ComplexAsm {
    /// Number of operands (1 or 2).
    pub operands: usize,
    /// The result type.
    pub result: ResultTy,
}

impl OpAsm for ComplexAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ops = parse_operands(p, self.operands)?;
        FASTMATH_DEFAULT.parse(p, st)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let (ty, elem, pos) = parse_complex_type(p, st, matches!(self.result, ResultTy::Elem))?;
        let tys: SmallVec<[Type; 2]> = smallvec::smallvec![ty; self.operands];
        st.operands = resolve_list(p, st, &ops, &tys, pos)?;
        st.result_types.push(match self.result {
            ResultTy::Same => ty,
            ResultTy::Elem => elem,
        });
        FASTMATH_DEFAULT.fill_default(p, st);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        FASTMATH_DEFAULT.print(pr, op);
        pr.print_optional_attr_dict(ir.attrs(op), &[FASTMATH_DEFAULT.name()]);
        pr.out.push_str(" : ");
        let ty = match self.result {
            ResultTy::Same => ir.result_types(op).first().copied(),
            ResultTy::Elem => ir.operand_types(op).first().copied(),
        };
        if let Some(t) = ty {
            pr.print_type(t);
        }
    }
}

/// `eq`/`neq`: `$lhs, $rhs attr-dict : type($lhs)`, with an `i1` result.
pub(crate) struct CompareAsm;

impl OpAsm for CompareAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ops = parse_operands(p, 2)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let (ty, _, pos) = parse_complex_type(p, st, false)?;
        st.operands = resolve_list(p, st, &ops, &[ty, ty], pos)?;
        st.result_types.push(p.p.ctx.i1_ty());
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        print_operands_attr_dict_colon(pr, op, &[]);
        print_operand_type(pr, op, 0);
    }
}

/// `create`: `$real, $imaginary attr-dict : type($complex)`; both operands
/// take the complex type's element type.
pub(crate) struct CreateAsm;

impl OpAsm for CreateAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ops = parse_operands(p, 2)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let (ty, elem, pos) = parse_complex_type(p, st, true)?;
        st.operands = resolve_list(p, st, &ops, &[elem, elem], pos)?;
        st.result_types.push(ty);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        print_operands_attr_dict_colon(pr, op, &[]);
        print_result_type(pr, op);
    }
}

/// `constant`: `$value attr-dict : type($complex)`, `value` an array.
pub(crate) struct ConstantAsm;

impl OpAsm for ConstantAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let pos = p.p.tok.start;
        let value = p.p.parse_attribute(None)?;
        if !matches!(ctx.attr_kind(value), AttrKind::Array(_)) {
            return Err(custom_error(p, st, pos, "invalid kind of attribute specified"));
        }
        st.add_attr(ctx.intern_str("value"), value);
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let (ty, _, _) = parse_complex_type(p, st, false)?;
        st.result_types.push(ty);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        if let Some(v) = ir.attr(op, "value") {
            pr.print_attr(v);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["value"]);
        pr.out.push_str(" : ");
        if let Some(&t) = ir.result_types(op).first() {
            pr.print_type(t);
        }
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        if ir.num_results(op) == 1 {
            set(ir.result(op, 0), "cst");
        }
    }
}
