//! The custom syntax of the memref ops (parsers, printers and result-name
//! hints), in mlir-opt-19's format.

use super::*;
use crate::static_dynamic::set_slice_operands;
use crate::util::{ensure_terminator, parse_square_operands, print_indexed};

/// The inherent attributes of `subview` and `reinterpret_cast` the custom
/// printer leaves out of the attr-dict.
pub(super) const SLICE_ATTRS: [&str; 4] = ["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"];

// ===== custom syntax ==========================================================

/// `alloca_scope`: `-> (types)? region attr-dict` (two spaces after the
/// name, as upstream prints them).
pub(super) struct AllocaScopeAsm;

impl OpAsm for AllocaScopeAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        if p.p.eat(TokenKind::Arrow) {
            if p.p.at(TokenKind::LParen) {
                st.result_types = p.p.parse_type_list_parens()?;
            } else {
                st.result_types = vec![p.p.parse_type()?];
            }
        }
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        ensure_terminator(p.ir, r, "memref.alloca_scope.return", st.loc);
        st.regions.push(r);
        parse_opt_attr_dict(p, st)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        let has_results = ir.num_results(op) > 0;
        if has_results {
            pr.out.push_str(" -> (");
            pr.print_types(ir.result_types(op));
            pr.out.push(')');
        }
        pr.out.push(' ');
        if let Some(&r) = ir.regions(op).first() {
            pr.print_region(r, false, has_results, false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

/// `atomic_rmw`: `addf %v, %m[%i] attr-dict : (f32, memref<..>) -> f32`.
pub(super) struct AtomicRmwAsm;

impl OpAsm for AtomicRmwAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let pos = p.p.tok.start;
        let kw = p.p.tok_text();
        let Some(kind) = ATOMIC_RMW_KINDS.iter().position(|&k| p.p.at(TokenKind::BareIdent) && k == kw) else {
            return Err(custom_error(p, st, pos, "expected keyword for kind"));
        };
        p.p.bump();
        let i64t = p.p.ctx.int_ty(64);
        add_attr(p, st, "kind", p.p.ctx.int_attr(i64t, kind as i128));
        let v = p.parse_operand()?;
        expect_token(p, TokenKind::Comma)?;
        let m = p.parse_operand()?;
        let idx = parse_square_operands(p)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        expect_token(p, TokenKind::LParen)?;
        let vt = p.p.parse_type()?;
        expect_token(p, TokenKind::Comma)?;
        let mt = parse_type_of(p, st, is_ranked_memref)?;
        expect_token(p, TokenKind::RParen)?;
        p.p.expect(TokenKind::Arrow, "expected '->'")?;
        let rt = p.p.parse_type()?;
        let index = p.p.ctx.index_ty();
        let mut operands = vec![p.resolve_operand(v, vt)?, p.resolve_operand(m, mt)?];
        operands.extend(resolve_all(p, &idx, index)?);
        st.operands = operands;
        st.result_types = vec![rt];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let kind = AtomicRmwOp(op).kind_attr(ir).and_then(|a| pr.ctx().int_value(a));
        match kind.and_then(|k| usize::try_from(k).ok()).and_then(|k| ATOMIC_RMW_KINDS.get(k)) {
            Some(k) => {
                pr.out.push(' ');
                pr.out.push_str(k);
            }
            None => pr.out.push_str(" <<invalid kind>>"),
        }
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push_str(", ");
        print_indexed(pr, op, 1);
        pr.print_optional_attr_dict(ir.attrs(op), &["kind"]);
        pr.out.push_str(" : (");
        print_operand_type(pr, op, 0);
        pr.out.push_str(", ");
        print_operand_type(pr, op, 1);
        pr.out.push_str(") -> ");
        print_result_type(pr, op);
    }
}

/// `generic_atomic_rmw`: `%m[%i] : type region attr-dict`.
pub(super) struct GenericAtomicRmwAsm;

impl OpAsm for GenericAtomicRmwAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let m = p.parse_operand()?;
        let idx = parse_square_operands(p)?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_ranked_memref)?;
        let index = p.p.ctx.index_ty();
        let mut operands = vec![p.resolve_operand(m, t)?];
        operands.extend(resolve_all(p, &idx, index)?);
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        st.regions.push(r);
        parse_opt_attr_dict(p, st)?;
        st.operands = operands;
        st.result_types = vec![p.p.ctx.element_type(t).unwrap_or(t)];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_indexed(pr, op, 0);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push(' ');
        if let Some(&r) = ir.regions(op).first() {
            pr.print_region(r, true, true, false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

/// `prefetch`: `%m[%i], read, locality<3>, data : type`. Like upstream, the
/// printer puts extra attributes before the `:` and the parser reads none.
pub(super) struct PrefetchAsm;

impl OpAsm for PrefetchAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let m = p.parse_operand()?;
        let idx = parse_square_operands(p)?;
        expect_token(p, TokenKind::Comma)?;
        let rw = parse_keyword(p)?;
        expect_token(p, TokenKind::Comma)?;
        expect_keyword(p, "locality")?;
        expect_token(p, TokenKind::Less)?;
        let hint = p.p.parse_attribute(Some(ctx.int_ty(32)))?;
        add_attr(p, st, "localityHint", hint);
        expect_token(p, TokenKind::Greater)?;
        expect_token(p, TokenKind::Comma)?;
        let cache = parse_keyword(p)?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_ranked_memref)?;
        let index = ctx.index_ty();
        let mut operands = vec![p.resolve_operand(m, t)?];
        operands.extend(resolve_all(p, &idx, index)?);
        st.operands = operands;
        if rw != "read" && rw != "write" {
            return Err(custom_error_at_name(st, ctx, "rw specifier has to be 'read' or 'write'"));
        }
        add_attr(p, st, "isWrite", ctx.bool_attr(rw == "write"));
        if cache != "data" && cache != "instr" {
            return Err(custom_error_at_name(st, ctx, "cache type has to be 'data' or 'instr'"));
        }
        add_attr(p, st, "isDataCache", ctx.bool_attr(cache == "data"));
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        let flag = |name: &str| ir.attr(op, name).is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Bool(true)));
        pr.out.push(' ');
        print_indexed(pr, op, 0);
        pr.out.push_str(", ");
        pr.out.push_str(if flag("isWrite") { "write" } else { "read" });
        pr.out.push_str(", locality<");
        if let Some(h) = PrefetchOp(op).localityHint_attr(ir) {
            pr.print_attr_no_type(h);
        }
        pr.out.push_str(">, ");
        pr.out.push_str(if flag("isDataCache") { "data" } else { "instr" });
        pr.print_optional_attr_dict(ir.attrs(op), &["localityHint", "isWrite", "isDataCache"]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
    }
}

/// Parses a bare keyword and returns its text.
pub(super) fn parse_keyword<'a>(p: &mut IrParser<'a, '_>) -> PResult<&'a str> {
    if !p.p.at(TokenKind::BareIdent) {
        return Err(p.p.wrong_token_error("expected valid keyword"));
    }
    let t = p.p.tok_text();
    p.p.bump();
    Ok(t)
}

/// The result names of `extract_strided_metadata`: `%base_buffer`,
/// `%offset`, `%sizes`, `%strides`.
pub(super) fn metadata_result_names(ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
    let n = ir.num_results(op);
    if n < 2 {
        return;
    }
    set(ir.result(op, 0), "base_buffer");
    set(ir.result(op, 1), "offset");
    let rank = (n - 2) / 2;
    if rank > 0 {
        set(ir.result(op, 2), "sizes");
        set(ir.result(op, 2 + rank), "strides");
    }
}

/// `global`: `"vis"? constant? @name : type (= init)? attr-dict`.
pub(super) struct GlobalAsm;

impl OpAsm for GlobalAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        if p.p.at(TokenKind::String) {
            let v = p.p.parse_string()?;
            let s = String::from_utf8_lossy(&v).into_owned();
            add_attr(p, st, "sym_visibility", ctx.str_attr(&s));
        }
        if p.p.eat_keyword("constant") {
            add_attr(p, st, "constant", ctx.unit_attr());
        }
        let name = p.parse_symbol_name()?;
        add_attr(p, st, "sym_name", ctx.str_attr(&name));
        expect_colon(p)?;
        let t = p.p.parse_type()?;
        if !is_static_memref(ctx, t) {
            return Err(custom_error_at_name(
                st,
                ctx,
                &format!("type should be static shaped memref, but got {}", q(ctx, t)),
            ));
        }
        add_attr(p, st, "type", ctx.type_attr(t));
        if p.p.eat(TokenKind::Equal) {
            if p.p.eat_keyword("uninitialized") {
                add_attr(p, st, "initial_value", ctx.unit_attr());
            } else {
                let tensor = tensor_type_from_memref(ctx, t).unwrap_or_else(|| ctx.none_ty());
                let init = p.p.parse_attribute(Some(tensor))?;
                if !matches!(
                    ctx.attr_kind(init),
                    AttrKind::DenseElements { .. } | AttrKind::DenseString { .. } | AttrKind::DenseResource { .. }
                ) {
                    return Err(custom_error_at_name(st, ctx, "initial value should be a unit or elements attribute"));
                }
                add_attr(p, st, "initial_value", init);
            }
        }
        parse_opt_attr_dict(p, st)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        if let Some(v) = GlobalOp(op).sym_visibility_attr(ir) {
            pr.out.push(' ');
            pr.print_attr(v);
        }
        if GlobalOp(op).constant_attr(ir).is_some() {
            pr.out.push_str(" constant");
        }
        pr.out.push(' ');
        let name = GlobalOp(op).sym_name_attr(ir).and_then(|a| ctx.str_value(a)).unwrap_or("");
        syntax::print_attr::print_symbol_name(name, &mut pr.out);
        pr.out.push_str(" : ");
        if let Some(t) = GlobalOp(op).global_type(ir) {
            pr.print_type(t);
        }
        if let Some(init) = GlobalOp(op).initial_value_attr(ir) {
            pr.out.push_str(" = ");
            if matches!(ctx.attr_kind(init), AttrKind::Unit) {
                pr.out.push_str("uninitialized");
            } else {
                pr.print_attr_no_type(init);
            }
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["sym_visibility", "constant", "sym_name", "type", "initial_value"]);
    }
}

/// `subview` (`%m[..] [..] [..]`) and, with `labelled` set,
/// `reinterpret_cast` (`%m to offset: [..], sizes: [..], strides: [..]`),
/// both followed by `attr-dict : type to type`.
pub(super) struct SliceAsm {
    pub(super) labelled: bool,
    pub(super) source: TypePred,
    pub(super) name: &'static str,
}

/// The keywords before the lists of a labelled [`SliceAsm`].
pub(super) const SLICE_LABELS: [&str; 3] = ["offset", "sizes", "strides"];

impl OpAsm for SliceAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let src = p.parse_operand()?;
        if self.labelled {
            expect_keyword(p, "to")?;
        }
        let mut lists: [(Vec<ValueId>, Vec<i64>); 3] = Default::default();
        for (k, label) in SLICE_LABELS.iter().enumerate() {
            if self.labelled {
                if k > 0 {
                    expect_token(p, TokenKind::Comma)?;
                }
                expect_keyword(p, label)?;
                expect_colon(p)?;
            }
            lists[k] = parse_index_list(p, Delimiter::Square)?;
        }
        let [(o, so), (s, ss), (t, sst)] = lists;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let a = parse_type_of(p, st, self.source)?;
        expect_keyword(p, "to")?;
        let b = parse_type_of(p, st, is_ranked_memref)?;
        let ctx = p.p.ctx;
        add_attr(p, st, "static_offsets", ctx.dense_i64_array_attr(&so));
        add_attr(p, st, "static_sizes", ctx.dense_i64_array_attr(&ss));
        add_attr(p, st, "static_strides", ctx.dense_i64_array_attr(&sst));
        let src = p.resolve_operand(src, a)?;
        set_slice_operands(ctx, st, &[src], [o, s, t]);
        st.result_types = vec![b];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        let sp = slice_params_of(ir, op);
        let lists =
            [(&sp.offsets, &sp.static_offsets), (&sp.sizes, &sp.static_sizes), (&sp.strides, &sp.static_strides)];
        let separators = if self.labelled { [" to offset: ", ", sizes: ", ", strides: "] } else { ["", " ", " "] };
        for ((values, statics), separator) in lists.into_iter().zip(separators) {
            pr.out.push_str(separator);
            print_dynamic_index_list(pr, values, statics, &[], Delimiter::Square);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &SLICE_ATTRS);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" to ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, self.name);
    }
}

/// `transpose`: `%m (d0, d1) -> (d1, d0) attr-dict : type to type`.
pub(super) struct TransposeAsm;

impl OpAsm for TransposeAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let src = p.parse_operand()?;
        let map = parse_bare_affine_map(p)?;
        add_attr(p, st, "permutation", p.p.ctx.attr(AttrKind::AffineMap(map)));
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let a = parse_type_of(p, st, is_ranked_memref)?;
        expect_keyword(p, "to")?;
        let b = parse_type_of(p, st, is_ranked_memref)?;
        st.operands = vec![p.resolve_operand(src, a)?];
        st.result_types = vec![b];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push(' ');
        if let Some(a) = TransposeOp(op).permutation_attr(ir) {
            match pr.ctx().attr_kind(a) {
                AttrKind::AffineMap(m) => pr.out.push_str(&m.to_string()),
                _ => pr.print_attr(a),
            }
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["permutation"]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" to ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "transpose");
    }
}

/// Parses an affine map written without `affine_map<...>` (MLIR's
/// `parseAffineMap`): `(d0, d1) -> (d1, d0)`; dims may have any names.
pub(super) fn parse_bare_affine_map(p: &mut IrParser<'_, '_>) -> PResult<ir::affine::AffineMap> {
    if !p.p.at(TokenKind::LParen) {
        return Err(p.p.error_here("expected '('"));
    }
    let start = p.p.tok.start;
    let text = p.p.src.get(start as usize..).unwrap_or("");
    match syntax::affine_parse::parse_affine_map(text) {
        Ok((map, consumed)) => {
            let end = u32::try_from(start as usize + consumed).unwrap_or(u32::MAX);
            p.p.reset_to(end);
            Ok(map)
        }
        Err(e) => {
            let pos = u32::try_from(start as usize + e.offset).unwrap_or(start);
            Err(p.p.error_at(pos, e.message))
        }
    }
}
