//! mlir-opt-19's custom syntax for the vector ops other than the
//! transfers.

use super::{
    is_vector, print_punctuation, reduction_kind, vector_parts, ConstantMaskOp, ExtractOp, InsertOp, PrintOp,
    ReductionOp, SplatOp, COMBINING_KINDS,
};
use crate::static_dynamic::{parse_dynamic_index_list_in, print_dynamic_index_list, Delimiter};
use crate::util::{
    parse_builtin_type, parse_opt_attr_dict, parse_square_operands, print_attr_dict_eliding_false, print_indexed,
    print_operands_attr_dict_colon,
};
use ir::{AttrKind, Attribute, Context, OpId, Type, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

const PUNCTUATIONS: [&str; 5] = ["no_punctuation", "newline", "comma", "open", "close"];

fn punctuation_attr(ctx: &Context, kw: &str) -> Attribute {
    ctx.attr(AttrKind::Opaque {
        dialect: ctx.intern_str("vector"),
        body: ctx.intern_str(&format!("punctuation<{kw}>")),
        ty: None,
    })
}

pub(super) struct PrintAsm;

impl OpAsm for PrintAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        if p.p.at(TokenKind::PercentIdent) {
            let v = p.parse_operand()?;
            p.p.expect(TokenKind::Colon, "expected ':'")?;
            let t = p.p.parse_type()?;
            st.operands.push(p.resolve_operand(v, t)?);
        }
        let (mut seen_str, mut seen_punct) = (false, false);
        loop {
            if p.p.at_keyword("str") {
                if seen_str {
                    return Err(p
                        .p
                        .error_here("`str` clause can appear at most once in the expansion of the oilist directive"));
                }
                p.p.bump();
                seen_str = true;
                let s = p.p.parse_string()?;
                st.add_attr(
                    ctx.intern_str("stringLiteral"),
                    ctx.attr(AttrKind::String { value: s.into_boxed_slice(), ty: None }),
                );
            } else if p.p.at_keyword("punctuation") {
                if seen_punct {
                    return Err(p.p.error_here(
                        "`punctuation` clause can appear at most once in the expansion of the oilist directive",
                    ));
                }
                p.p.bump();
                seen_punct = true;
                p.p.expect(TokenKind::Less, "expected '<'")?;
                let pos = p.p.tok.start;
                let kw = p.p.tok_text();
                if !p.p.at(TokenKind::BareIdent) || !PUNCTUATIONS.contains(&kw) {
                    return Err(p.p.error_at(pos, "expected ::mlir::vector::PrintPunctuation to be one of: no_punctuation, newline, comma, open, close"));
                }
                p.p.bump();
                p.p.expect(TokenKind::Greater, "expected '>'")?;
                st.add_attr(ctx.intern_str("punctuation"), punctuation_attr(ctx, kw));
            } else {
                break;
            }
        }
        parse_opt_attr_dict(p, st)?;
        if !st.attrs.iter().any(|a| ctx.str(a.name) == "punctuation") {
            st.add_attr(ctx.intern_str("punctuation"), punctuation_attr(ctx, "newline"));
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        if let Some(v) = PrintOp(op).source(ir) {
            pr.out.push(' ');
            pr.print_value(v);
            pr.out.push_str(" : ");
            pr.print_type(ir.value_type(v));
        }
        if let Some(s) = PrintOp(op).stringLiteral(ir) {
            pr.out.push_str(" str ");
            pr.print_attr(s);
        }
        let punct = print_punctuation(ir, op);
        if punct != "newline" {
            pr.out.push_str(" punctuation <");
            pr.out.push_str(&punct);
            pr.out.push('>');
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["punctuation", "stringLiteral"]);
    }
}

/// Parses a vector type (`expected builtin.vector`).
fn parse_vector_type(p: &mut IrParser<'_, '_>) -> PResult<Type> {
    parse_builtin_type(p, "vector", |ctx, t| is_vector(ctx, t).then_some(())).map(|(t, ())| t)
}

pub(super) struct SplatAsm;

impl OpAsm for SplatAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let v = p.parse_operand()?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let (r, elem) = parse_builtin_type(p, "vector", |ctx, t| vector_parts(ctx, t).map(|(_, _, e)| e))?;
        st.operands.push(p.resolve_operand(v, elem)?);
        st.result_types.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(SplatOp(op).input(ir));
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        pr.print_types(ir.result_types(op));
    }
}

fn print_position(pr: &mut OpPrinter<'_>, op: OpId, first: usize) {
    let ir = pr.ir;
    let statics = ir.attr(op, "static_position").and_then(|a| ir.ctx().dense_i64_array(a)).unwrap_or_default();
    let dynamics: Vec<ValueId> = ir.operands(op).skip(first).collect();
    print_dynamic_index_list(pr, &dynamics, &statics, &[], Delimiter::Square);
}

fn parse_position(p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<(Vec<ValueId>, Vec<i64>)> {
    crate::static_dynamic::parse_index_list_in(p, st, Delimiter::Square)
}

pub(super) struct ExtractAsm;

impl OpAsm for ExtractAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let v = p.parse_operand()?;
        let list = parse_dynamic_index_list_in(p, st, Delimiter::Square)?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let r = p.p.parse_type()?;
        if !p.p.eat_keyword("from") {
            return Err(p.p.error_here("expected 'from'"));
        }
        let vt = parse_vector_type(p)?;
        st.operands.push(p.resolve_operand(v, vt)?);
        let index = ctx.index_ty();
        for o in list.operands {
            st.operands.push(p.resolve_operand(o, index)?);
        }
        st.add_attr(ctx.intern_str("static_position"), ctx.dense_i64_array_attr(&list.statics));
        st.result_types.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(ExtractOp(op).vector(ir));
        print_position(pr, op, 1);
        pr.print_optional_attr_dict(ir.attrs(op), &["static_position"]);
        pr.out.push_str(" : ");
        pr.print_types(ir.result_types(op));
        pr.out.push_str(" from ");
        pr.print_type(ir.value_type(ExtractOp(op).vector(ir)));
    }
}

pub(super) struct InsertAsm;

impl OpAsm for InsertAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let s = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let d = p.parse_operand()?;
        let (dyns, statics) = parse_position(p, st)?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let st_ty = p.p.parse_type()?;
        if !p.p.eat_keyword("into") {
            return Err(p.p.error_here("expected 'into'"));
        }
        let dt = parse_vector_type(p)?;
        st.operands.push(p.resolve_operand(s, st_ty)?);
        st.operands.push(p.resolve_operand(d, dt)?);
        st.operands.extend(dyns);
        st.add_attr(ctx.intern_str("static_position"), ctx.dense_i64_array_attr(&statics));
        st.result_types.push(dt);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(InsertOp(op).source(ir));
        pr.out.push_str(", ");
        pr.print_value(InsertOp(op).dest(ir));
        pr.out.push(' ');
        print_position(pr, op, 2);
        pr.print_optional_attr_dict(ir.attrs(op), &["static_position"]);
        pr.out.push_str(" : ");
        pr.print_type(ir.value_type(InsertOp(op).source(ir)));
        pr.out.push_str(" into ");
        pr.print_type(ir.value_type(InsertOp(op).dest(ir)));
    }
}

pub(super) struct ConstantMaskAsm;

impl OpAsm for ConstantMaskAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let a = p.p.parse_attribute(None)?;
        st.add_attr(ctx.intern_str("mask_dim_sizes"), a);
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        st.result_types.push(p.p.parse_type()?);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        if let Some(a) = ConstantMaskOp(op).mask_dim_sizes(ir) {
            pr.print_attr(a);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["mask_dim_sizes"]);
        pr.out.push_str(" : ");
        pr.print_types(ir.result_types(op));
    }
}

fn kind_attr(ctx: &Context, kw: &str) -> Attribute {
    ctx.attr(AttrKind::Opaque {
        dialect: ctx.intern_str("vector"),
        body: ctx.intern_str(&format!("kind<{kw}>")),
        ty: None,
    })
}

pub(super) struct LoadStoreAsm {
    pub(super) store: bool,
}

impl OpAsm for LoadStoreAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let value = if self.store {
            let v = p.parse_operand()?;
            p.p.expect(TokenKind::Comma, "expected ','")?;
            Some(v)
        } else {
            None
        };
        let base = p.parse_operand()?;
        let idx = parse_square_operands(p)?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let mpos = p.p.tok.start;
        let mt = p.p.parse_type()?;
        if !ctx.is_memref(mt) {
            return Err(p.p.error_at(
                mpos,
                format!(
                    "'base' must be memref of any type values, but got '{}'",
                    syntax::print_attr::type_to_string(ctx, mt)
                ),
            ));
        }
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let vt = parse_vector_type(p)?;
        if let Some(v) = value {
            st.operands.push(p.resolve_operand(v, vt)?);
        }
        st.operands.push(p.resolve_operand(base, mt)?);
        let index = ctx.index_ty();
        for i in idx {
            st.operands.push(p.resolve_operand(i, index)?);
        }
        if !self.store {
            st.result_types.push(vt);
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ops: Vec<ValueId> = ir.operands(op).collect();
        let base = usize::from(self.store);
        if ops.len() <= base {
            return;
        }
        pr.out.push(' ');
        if self.store {
            pr.print_value(ops[0]);
            pr.out.push_str(", ");
        }
        print_indexed(pr, op, base);
        print_attr_dict_eliding_false(pr, op, &[], "nontemporal");
        pr.out.push_str(" : ");
        pr.print_type(ir.value_type(ops[base]));
        pr.out.push_str(", ");
        if self.store {
            pr.print_type(ir.value_type(ops[0]));
        } else {
            pr.print_types(ir.result_types(op));
        }
    }
}

pub(super) struct FmaAsm;

impl OpAsm for FmaAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let a = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let b = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let c = p.parse_operand()?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let t = p.p.parse_type()?;
        for v in [a, b, c] {
            st.operands.push(p.resolve_operand(v, t)?);
        }
        st.result_types.push(t);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        print_operands_attr_dict_colon(pr, op, &[]);
        if let Some(v) = ir.operands(op).next() {
            pr.print_type(ir.value_type(v));
        }
    }
}

pub(super) struct ReductionAsm;

impl OpAsm for ReductionAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let fm = &crate::arith::flags::FASTMATH;
        p.p.expect(TokenKind::Less, "expected '<'")?;
        let pos = p.p.tok.start;
        let kw = p.p.tok_text();
        if !p.p.at(TokenKind::BareIdent) || !COMBINING_KINDS.contains(&kw) {
            return Err(p.p.error_at(
                pos,
                format!("expected ::mlir::vector::CombiningKind to be one of: {}", COMBINING_KINDS.join(", ")),
            ));
        }
        p.p.bump();
        p.p.expect(TokenKind::Greater, "expected '>'")?;
        st.add_attr(ctx.intern_str("kind"), kind_attr(ctx, kw));
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let v = p.parse_operand()?;
        let acc = if p.p.eat(TokenKind::Comma) { Some(p.parse_operand()?) } else { None };
        let mut bits = 0;
        if p.p.eat_keyword("fastmath") {
            let name = ctx.str(st.name).to_string();
            bits = fm.parse_body(p, &name)?;
        }
        parse_opt_attr_dict(p, st)?;
        if !st.attrs.iter().any(|a| ctx.str(a.name) == "fastmath") {
            st.add_attr(ctx.intern_str("fastmath"), fm.attr(ctx, bits));
        }
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let vt = p.p.parse_type()?;
        if !p.p.eat_keyword("into") {
            return Err(p.p.error_here("expected 'into'"));
        }
        let dt = p.p.parse_type()?;
        st.operands.push(p.resolve_operand(v, vt)?);
        if let Some(a) = acc {
            st.operands.push(p.resolve_operand(a, dt)?);
        }
        st.result_types.push(dt);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let fm = &crate::arith::flags::FASTMATH;
        pr.out.push_str(" <");
        pr.out.push_str(reduction_kind(ir, op).unwrap_or("add"));
        pr.out.push_str(">, ");
        pr.print_values(ir.operands(op));
        let bits = ReductionOp(op).fastmath(ir).and_then(|a| fm.value(pr.ctx(), a)).unwrap_or(0);
        if bits != 0 {
            pr.out.push_str(" fastmath<");
            pr.out.push_str(&fm.spell(bits));
            pr.out.push('>');
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["kind", "fastmath"]);
        pr.out.push_str(" : ");
        if let Some(v) = ir.operands(op).next() {
            pr.print_type(ir.value_type(v));
        }
        pr.out.push_str(" into ");
        pr.print_types(ir.result_types(op));
    }
}
