//! mlir-opt-19's custom syntax for the bufferization ops: `alloc_tensor`'s
//! hand-written format, the conversions' unit keywords, `materialize_in_destination`
//! and `dealloc`'s optional groups.

use super::ops::{AllocTensorOp, DeallocOp};
use crate::static_dynamic::segment_sizes_attr;
use crate::tensor::is_tensor;
use crate::util::{expect_colon, expect_keyword, parse_opt_attr_dict, parse_type_of, resolve_all, resolve_list};
use ir::{OpId, Type};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{IrParser, UnresolvedOperand};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// `alloc_tensor`: `($sizes) (copy($c))? (size_hint=$h)? attr-dict : type`.
pub(super) struct AllocTensorAsm;

impl OpAsm for AllocTensorAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let sizes = p.parse_operand_list()?;
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        let mut copy = None;
        if p.p.eat_keyword("copy") {
            p.p.expect(TokenKind::LParen, "expected '('")?;
            copy = Some(p.parse_operand()?);
            p.p.expect(TokenKind::RParen, "expected ')'")?;
        }
        let mut hint = None;
        if p.p.eat_keyword("size_hint") {
            p.p.expect(TokenKind::Equal, "expected '='")?;
            hint = Some(p.parse_operand()?);
        }
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let ty = parse_type_of(p, st, is_tensor)?;
        let index = ctx.index_ty();
        let mut operands = resolve_all(p, &sizes, index)?;
        if let Some(c) = copy {
            operands.push(p.resolve_operand(c, ty)?);
        }
        if let Some(h) = hint {
            operands.push(p.resolve_operand(h, index)?);
        }
        st.operands = operands;
        st.result_types = vec![ty];
        st.add_attr(
            ctx.intern_str("operandSegmentSizes"),
            segment_sizes_attr(ctx, &[sizes.len(), usize::from(copy.is_some()), usize::from(hint.is_some())]),
        );
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let at = AllocTensorOp(op);
        pr.out.push('(');
        pr.print_values(at.dynamic_sizes(ir).iter());
        pr.out.push(')');
        if let Some(c) = at.copy(ir) {
            pr.out.push_str(" copy(");
            pr.print_value(c);
            pr.out.push(')');
        }
        if let Some(h) = at.size_hint(ir) {
            pr.out.push_str(" size_hint=");
            pr.print_value(h);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["operandSegmentSizes"]);
        pr.out.push_str(" : ");
        if ir.num_results(op) > 0 {
            pr.print_type(ir.value_type(ir.result(op, 0)));
        }
    }
}

/// Parses `%a, %b : t1, t2)`: a non-empty operand list, its types and the
/// closing `)`; returns the list's position, operands and types.
fn parse_typed_operands_to_rparen<'a>(
    p: &mut IrParser<'a, '_>,
) -> PResult<(u32, Vec<UnresolvedOperand<'a>>, Vec<Type>)> {
    let ops_pos = p.p.tok.start;
    let ops = p.parse_operand_list()?;
    if ops.is_empty() {
        return Err(p.p.error_here("expected SSA operand"));
    }
    expect_colon(p)?;
    let tys = p.parse_type_list()?;
    p.p.expect(TokenKind::RParen, "expected ')'")?;
    Ok((ops_pos, ops, tys))
}

/// `dealloc`: `((memrefs : types) if (conditions))? (retain (values : types))?
/// attr-dict`.
pub(super) struct DeallocAsm;

impl OpAsm for DeallocAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let mut memrefs = Vec::new();
        let mut conditions = Vec::new();
        let mut retained = Vec::new();
        if p.p.eat(TokenKind::LParen) {
            let (ops_pos, ops, tys) = parse_typed_operands_to_rparen(p)?;
            expect_keyword(p, "if")?;
            p.p.expect(TokenKind::LParen, "expected '('")?;
            let conds = p.parse_operand_list()?;
            p.p.expect(TokenKind::RParen, "expected ')'")?;
            memrefs = resolve_list(p, st, &ops, &tys, ops_pos)?;
            conditions = resolve_all(p, &conds, ctx.i1_ty())?;
        }
        if p.p.eat_keyword("retain") {
            p.p.expect(TokenKind::LParen, "expected '('")?;
            let (ops_pos, ops, tys) = parse_typed_operands_to_rparen(p)?;
            retained = resolve_list(p, st, &ops, &tys, ops_pos)?;
        }
        parse_opt_attr_dict(p, st)?;
        st.add_attr(
            ctx.intern_str("operandSegmentSizes"),
            segment_sizes_attr(ctx, &[memrefs.len(), conditions.len(), retained.len()]),
        );
        // InferTypeOpInterface: one `i1` per retained memref.
        st.result_types = vec![ctx.i1_ty(); retained.len()];
        st.operands = memrefs.into_iter().chain(conditions).chain(retained).collect();
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let d = DeallocOp(op);
        let (memrefs, conditions, retained) = (d.memrefs(ir).to_vec(), d.conditions(ir), d.retained(ir).to_vec());
        if !memrefs.is_empty() {
            pr.out.push_str(" (");
            let tys: Vec<Type> = memrefs.iter().map(|&v| ir.value_type(v)).collect();
            pr.print_values(memrefs);
            pr.out.push_str(" : ");
            pr.print_types(tys);
            pr.out.push_str(") if (");
            pr.print_values(conditions.iter());
            pr.out.push(')');
        }
        if !retained.is_empty() {
            pr.out.push_str(" retain (");
            let tys: Vec<Type> = retained.iter().map(|&v| ir.value_type(v)).collect();
            pr.print_values(retained);
            pr.out.push_str(" : ");
            pr.print_types(tys);
            pr.out.push(')');
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["operandSegmentSizes"]);
    }
}
