//! The custom assembly of the `shape` ops that upstream writes by hand
//! (`assuming`, `const_shape`, `reduce`, `func`, `function_library`) and
//! the `attr-dict ($operands^ : type($operands))?` form of its
//! terminators. The other ops use declarative formats (see `ops.rs`).

use super::ops::{AssumingOp, AssumingYieldOp, ReduceOp};
use super::types::witness_type;
use ir::{AttrKind, OpId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// `attr-dict ($operands^ : type($operands))?`.
pub(super) struct TerminatorAsm;

impl OpAsm for TerminatorAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        crate::util::parse_attr_dict_operands_types(p, st)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        crate::util::print_attr_dict_operands_types(pr, op);
    }
}

/// `shape.assuming %w (-> (types))? region attr-dict`.
pub(super) struct AssumingAsm;

impl OpAsm for AssumingAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let w = p.parse_operand()?;
        let w = p.resolve_operand(w, witness_type(p.p.ctx))?;
        st.operands.push(w);
        if p.p.eat(TokenKind::Arrow) {
            st.result_types = p.p.parse_function_result_types()?;
        }
        let loc = st.loc;
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        // `ensureTerminator`: an operand-less yield ends a block without one.
        crate::util::ensure_terminator(p.ir, r, AssumingYieldOp::NAME, loc);
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        st.regions.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let a = AssumingOp(op);
        pr.out.push(' ');
        pr.print_value(a.witness(ir));
        let results = ir.result_types(op);
        if !results.is_empty() {
            pr.out.push_str(" -> (");
            pr.print_types(results.iter().copied());
            pr.out.push(')');
        }
        pr.out.push(' ');
        pr.print_region(a.do_region(ir), false, !results.is_empty(), false);
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

/// `shape.const_shape attr-dict [e0, e1, ...] : type`.
pub(super) struct ConstShapeAsm;

impl OpAsm for ConstShapeAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let pos = p.p.tok.start;
        let raw = p.p.parse_attribute(None)?;
        let fail = |p: &IrParser<'_, '_>| Err(p.p.error_at(pos, "expected array of integers"));
        let Some(elems) = ctx.array_value(raw) else { return fail(p) };
        let mut ints = Vec::with_capacity(elems.len());
        for &e in elems {
            match ctx.int_value(e) {
                Some(v) if matches!(ctx.attr_kind(e), AttrKind::Integer { .. }) => ints.push(v as i64),
                _ => return fail(p),
            }
        }
        st.add_attr(ctx.intern_str("shape"), super::index_tensor_attr(ctx, &ints));
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let t = p.p.parse_type()?;
        st.result_types.push(t);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_optional_attr_dict(ir.attrs(op), &["shape"]);
        pr.out.push('[');
        let extents = super::ConstShapeOp(op).shape(ir).and_then(|a| super::extents(ir.ctx(), a)).unwrap_or_default();
        let text: Vec<String> = extents.iter().map(i64::to_string).collect();
        pr.out.push_str(&text.join(", "));
        pr.out.push_str("] : ");
        pr.print_type(ir.result_types(op)[0]);
    }
}

/// `shape.reduce(%shape, %inits...) : type (-> types)? region attr-dict`.
pub(super) struct ReduceAsm;

impl OpAsm for ReduceAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let pos = p.p.tok.start;
        let operands = p.parse_paren_operand_list()?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let shape_ty = p.p.parse_type()?;
        if p.p.eat(TokenKind::Arrow) {
            st.result_types = p.p.parse_function_result_types()?;
        }
        let Some((first, inits)) = operands.split_first() else {
            return Err(p.p.error_here("expected SSA operand"));
        };
        let shape = p.resolve_operand(*first, shape_ty)?;
        st.operands.push(shape);
        let types = st.result_types.clone();
        let inits = p.resolve_operands(inits, &types, pos)?;
        st.operands.extend(inits);
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        st.regions.push(r);
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let r = ReduceOp(op);
        pr.out.push('(');
        pr.print_value(r.shape(ir));
        pr.out.push_str(", ");
        pr.print_values(r.init_vals(ir).iter());
        pr.out.push_str(") : ");
        pr.print_type(ir.value_type(r.shape(ir)));
        let results = ir.result_types(op);
        if !results.is_empty() {
            pr.out.push_str(" -> ");
            let paren = results.len() > 1 || matches!(ir.ctx().kind(results[0]), ir::TypeKind::Function { .. });
            if paren {
                pr.out.push('(');
            }
            pr.print_types(results.iter().copied());
            if paren {
                pr.out.push(')');
            }
        }
        pr.out.push(' ');
        pr.print_region(r.region(ir), true, true, false);
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

/// `shape.func`: the function syntax of `func.func`, with `shape` as the
/// default dialect of its body.
pub(super) struct FuncAsm;

impl OpAsm for FuncAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        crate::func::FuncAsm.parse(p, st)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        crate::func::FuncAsm.print(pr, op);
    }

    fn default_dialect(&self) -> Option<&'static str> {
        Some("shape")
    }
}

/// `shape.function_library @name (attributes {...})? region mapping {...}`.
pub(super) struct FunctionLibraryAsm;

impl OpAsm for FunctionLibraryAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let name = p.parse_symbol_name()?;
        st.add_attr(ctx.intern_str("sym_name"), ctx.str_attr(&name));
        if p.p.at_keyword("attributes") {
            p.p.bump();
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        st.regions.push(r);
        crate::util::expect_keyword(p, "mapping")?;
        let pos = p.p.tok.start;
        let mapping = p.p.parse_attribute(Some(ctx.none_ty()))?;
        if !matches!(ctx.attr_kind(mapping), AttrKind::Dictionary(_)) {
            return Err(p.p.error_at(pos, "invalid kind of attribute specified"));
        }
        st.add_attr(ctx.intern_str("mapping"), mapping);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let lib = super::FunctionLibraryOp(op);
        pr.out.push(' ');
        syntax::print_attr::print_symbol_name(lib.sym_name(ir).unwrap_or(""), &mut pr.out);
        pr.print_optional_attr_dict_with_keyword(ir.attrs(op), &["sym_name", "mapping"]);
        pr.out.push(' ');
        pr.print_region(lib.body(ir), false, false, false);
        pr.out.push_str(" mapping ");
        if let Some(m) = lib.mapping(ir) {
            pr.print_attr(m);
        }
    }

    fn default_dialect(&self) -> Option<&'static str> {
        Some("shape")
    }
}

/// `shape.with_shape operands attr-dict : type($operand), type($shape)`.
pub(super) struct WithShapeAsm;

impl OpAsm for WithShapeAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let pos = p.p.tok.start;
        let operands = p.parse_operand_list()?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let a = p.p.parse_type()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let b = p.p.parse_type()?;
        let vals = p.resolve_operands(&operands, &[a, b], pos)?;
        st.operands.extend(vals);
        st.result_types.push(super::types::value_shape_type(p.p.ctx));
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        pr.print_types(ir.operands(op).map(|v| ir.value_type(v)));
    }
}
