//! Custom syntax of the `index` ops that the declarative formats do not
//! cover: `index.cmp` (`index.cmp slt(%a, %b)`: the predicate written as
//! its bare keyword), `index.constant` (`index.constant 27`, named
//! `%idx27`) and `index.bool.constant` (`index.bool.constant true`, named
//! `%true`).

use super::{CmpPredicate, CMP_KEYWORDS};
use crate::util::custom_error;
use ir::{Context, Ir, OpId, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// `$pred ( $lhs , $rhs ) attr-dict`.
pub(super) struct CmpAsm;

impl OpAsm for CmpAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let pos = p.p.tok.start;
        let keyword = match p.p.tok.kind {
            TokenKind::BareIdent => p.p.tok_text().to_string(),
            TokenKind::String => p.p.string_text(p.p.tok),
            _ => String::new(),
        };
        let Some(pred) = CMP_KEYWORDS.iter().position(|k| *k == keyword).and_then(CmpPredicate::from_index) else {
            let msg = format!("expected ::mlir::index::IndexCmpPredicate to be one of: {}", CMP_KEYWORDS.join(", "));
            return Err(custom_error(p, st, pos, &msg));
        };
        p.p.bump();
        st.add_attr(ctx.intern_str("pred"), pred.attr(ctx));
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let lhs = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let rhs = p.parse_operand()?;
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let index = ctx.index_ty();
        st.operands = vec![p.resolve_operand(lhs, index)?, p.resolve_operand(rhs, index)?];
        st.result_types.push(ctx.i1_ty());
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = ir.ctx();
        pr.out.push(' ');
        match ir.attr(op, "pred").and_then(|a| CmpPredicate::from_attr(ctx, a)) {
            Some(p) => pr.out.push_str(p.keyword()),
            None => {
                if let Some(a) = ir.attr(op, "pred") {
                    pr.print_attr(a);
                }
            }
        }
        pr.out.push('(');
        pr.print_values(ir.operands(op));
        pr.out.push(')');
        pr.print_optional_attr_dict(ir.attrs(op), &["pred"]);
    }
}

/// `attr-dict $value`, the value an integer of type `index`.
pub(super) struct ConstantAsm;

impl OpAsm for ConstantAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let index = ctx.index_ty();
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let value = p.p.parse_attribute(Some(index))?;
        st.add_attr(ctx.intern_str("value"), value);
        st.result_types.push(index);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        print_value(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        if ir.num_results(op) != 1 {
            return;
        }
        if let Some(n) = ir.attr(op, "value").and_then(|a| ir.ctx().int_value(a)) {
            set(ir.result(op, 0), &format!("idx{n}"));
        }
    }
}

/// `attr-dict $value`, the value a boolean.
pub(super) struct BoolConstantAsm;

impl OpAsm for BoolConstantAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx: &Context = p.p.ctx;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let pos = p.p.tok.start;
        let value = p.p.parse_attribute(None)?;
        if !matches!(ctx.attr_kind(value), ir::AttrKind::Bool(_)) {
            return Err(custom_error(p, st, pos, "invalid kind of attribute specified"));
        }
        st.add_attr(ctx.intern_str("value"), value);
        st.result_types.push(ctx.i1_ty());
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        print_value(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        if ir.num_results(op) != 1 {
            return;
        }
        if let Some(ir::AttrKind::Bool(b)) = ir.attr(op, "value").map(|a| ir.ctx().attr_kind(a)) {
            set(ir.result(op, 0), if *b { "true" } else { "false" });
        }
    }
}

/// `attr-dict $value` of both constants.
fn print_value(pr: &mut OpPrinter<'_>, op: OpId) {
    let ir = pr.ir;
    pr.print_optional_attr_dict(ir.attrs(op), &["value"]);
    if let Some(v) = ir.attr(op, "value") {
        pr.out.push(' ');
        pr.print_attr_no_type(v);
    }
}
