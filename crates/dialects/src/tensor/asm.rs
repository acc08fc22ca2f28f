//! The tensor dialect's custom assembly (mlir-opt-19's syntax) and
//! result-name hints, one `OpAsm` per hand-written format (the ops whose
//! format is declarative state it in their declaration, `syntax::format`).

use super::ops::{ExtractSliceOp, InsertSliceOp, PadOp, ParallelInsertSliceOp, Relayout};
use super::types::is_ranked_tensor;
use super::SLICE_ATTRS;
use crate::static_dynamic::{
    parse_index_list_in, print_dynamic_index_list, segment_sizes_attr, set_slice_operands, Delimiter, SliceParams,
};
use crate::util::{
    add_attr, ensure_terminator, expect_colon, expect_keyword, expect_token, name_result, parse_opt_attr_dict,
    parse_type_of, print_operand, print_operand_type, print_result_type, resolve_all,
};
use ir::{Context, Ir, OpId, Type, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// Parses the three `[...] [...] [...]` lists of a slice op and records the
/// static attributes; returns the resolved offsets, sizes and strides.
fn parse_slice_lists(p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<[Vec<ValueId>; 3]> {
    let (o, so) = parse_index_list_in(p, st, Delimiter::Square)?;
    let (s, ss) = parse_index_list_in(p, st, Delimiter::Square)?;
    let (t, sst) = parse_index_list_in(p, st, Delimiter::Square)?;
    let ctx = p.p.ctx;
    add_attr(p, st, "static_offsets", ctx.dense_i64_array_attr(&so));
    add_attr(p, st, "static_sizes", ctx.dense_i64_array_attr(&ss));
    add_attr(p, st, "static_strides", ctx.dense_i64_array_attr(&sst));
    Ok([o, s, t])
}

fn print_slice_lists(pr: &mut OpPrinter<'_>, p: &SliceParams) {
    print_dynamic_index_list(pr, &p.offsets, &p.static_offsets, &[], Delimiter::Square);
    pr.out.push(' ');
    print_dynamic_index_list(pr, &p.sizes, &p.static_sizes, &[], Delimiter::Square);
    pr.out.push(' ');
    print_dynamic_index_list(pr, &p.strides, &p.static_strides, &[], Delimiter::Square);
}

pub(crate) struct ExtractSliceAsm;

impl OpAsm for ExtractSliceAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let src = p.parse_operand()?;
        let [o, s, t] = parse_slice_lists(p, st)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let src_ty = parse_type_of(p, st, is_ranked_tensor)?;
        expect_keyword(p, "to")?;
        let res_ty = parse_type_of(p, st, is_ranked_tensor)?;
        let src = p.resolve_operand(src, src_ty)?;
        set_slice_operands(p.p.ctx, st, &[src], [o, s, t]);
        st.result_types = vec![res_ty];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        print_slice_lists(pr, &ExtractSliceOp(op).params(ir));
        pr.print_optional_attr_dict(ir.attrs(op), &SLICE_ATTRS);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" to ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "extracted_slice");
    }
}

pub(crate) struct InsertSliceAsm {
    pub(crate) parallel: bool,
}

impl OpAsm for InsertSliceAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let src = p.parse_operand()?;
        expect_keyword(p, "into")?;
        let dest = p.parse_operand()?;
        let [o, s, t] = parse_slice_lists(p, st)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let src_ty = parse_type_of(p, st, is_ranked_tensor)?;
        expect_keyword(p, "into")?;
        let dest_ty = parse_type_of(p, st, is_ranked_tensor)?;
        let leading = [p.resolve_operand(src, src_ty)?, p.resolve_operand(dest, dest_ty)?];
        set_slice_operands(p.p.ctx, st, &leading, [o, s, t]);
        if !self.parallel {
            st.result_types = vec![dest_ty];
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push_str(" into ");
        print_operand(pr, op, 1);
        // Both insert ops lay out `source`, `dest`, then the three lists.
        let params = match InsertSliceOp::cast(ir, op) {
            Some(s) => s.params(ir),
            None => ParallelInsertSliceOp(op).params(ir),
        };
        print_slice_lists(pr, &params);
        pr.print_optional_attr_dict(ir.attrs(op), &SLICE_ATTRS);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" into ");
        print_operand_type(pr, op, 1);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        if !self.parallel {
            name_result(ir, op, set, "inserted_slice");
        }
    }
}

pub(crate) struct GenerateAsm;

impl OpAsm for GenerateAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ops = p.parse_operand_list()?;
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        ensure_terminator(p.ir, r, "tensor.yield", st.loc);
        st.regions.push(r);
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let ty = parse_type_of(p, st, is_ranked_tensor)?;
        let index = p.p.ctx.index_ty();
        st.operands = resolve_all(p, &ops, index)?;
        st.result_types = vec![ty];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        pr.out.push(' ');
        if let Some(&r) = ir.regions(op).first() {
            let print_term = region_needs_terminator_printed(ir, r);
            pr.print_region(r, true, print_term, false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "generated");
    }
}

/// ODS prints the implicit terminator of a region only when it carries
/// something (operands, results or attributes).
fn region_needs_terminator_printed(ir: &Ir, r: ir::RegionId) -> bool {
    match ir.entry_block(r).and_then(|b| ir.terminator(b)) {
        Some(t) => ir.num_operands(t) != 0 || ir.num_results(t) != 0 || !ir.attrs(t).is_empty(),
        None => true,
    }
}

pub(crate) struct PadAsm;

impl OpAsm for PadAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let src = p.parse_operand()?;
        if p.p.eat_keyword("nofold") {
            add_attr(p, st, "nofold", ctx.unit_attr());
        }
        expect_keyword(p, "low")?;
        let (low, slow) = parse_index_list_in(p, st, Delimiter::Square)?;
        expect_keyword(p, "high")?;
        let (high, shigh) = parse_index_list_in(p, st, Delimiter::Square)?;
        add_attr(p, st, "static_low", ctx.dense_i64_array_attr(&slow));
        add_attr(p, st, "static_high", ctx.dense_i64_array_attr(&shigh));
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        ensure_terminator(p.ir, r, "tensor.yield", st.loc);
        st.regions.push(r);
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let src_ty = parse_type_of(p, st, is_ranked_tensor)?;
        expect_keyword(p, "to")?;
        let res_ty = parse_type_of(p, st, is_ranked_tensor)?;
        add_attr(p, st, "operandSegmentSizes", segment_sizes_attr(ctx, &[1, low.len(), high.len()]));
        let mut operands = vec![p.resolve_operand(src, src_ty)?];
        operands.extend(low);
        operands.extend(high);
        st.operands = operands;
        st.result_types = vec![res_ty];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        let pad = PadOp(op);
        if pad.nofold(ir) {
            pr.out.push_str(" nofold");
        }
        let (low, high) = (pad.low(ir).to_vec(), pad.high(ir).to_vec());
        pr.out.push_str(" low");
        print_dynamic_index_list(pr, &low, &pad.static_low(ir), &[], Delimiter::Square);
        pr.out.push_str(" high");
        print_dynamic_index_list(pr, &high, &pad.static_high(ir), &[], Delimiter::Square);
        pr.out.push(' ');
        if let Some(&r) = ir.regions(op).first() {
            let print_term = region_needs_terminator_printed(ir, r);
            pr.print_region(r, true, print_term, false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["nofold", "operandSegmentSizes", "static_high", "static_low"]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" to ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "padded");
    }
}

/// The operand types of `tensor.from_elements` (`TypesMatchWith` its
/// result): the element type, once per element of the static result shape
/// (once per operand written when the shape is not static, for the
/// verifier to reject).
pub(crate) fn from_elements_types(ctx: &Context, ty: Type, written: usize) -> Vec<Type> {
    let n = ctx
        .shape(ty)
        .and_then(|s| s.iter().try_fold(1usize, |a, &d| a.checked_mul(usize::try_from(d).ok()?)))
        .unwrap_or(written);
    vec![ctx.element_type(ty).unwrap_or(ty); n]
}

/// Parses an ODS `DenseI64ArrayAttr` variable: `[1, 2]`.
fn parse_i64_list(p: &mut IrParser<'_, '_>) -> PResult<Vec<i64>> {
    let mut values: Vec<i64> = Vec::new();
    p.p.parse_delimited_list(TokenKind::LSquare, TokenKind::RSquare, "", |pp| {
        let pos = pp.tok.start;
        let (neg, v) = pp.parse_int()?;
        match i64::try_from(v).ok().and_then(|v| if neg { v.checked_neg() } else { Some(v) }) {
            Some(v) => {
                values.push(v);
                Ok(())
            }
            None => Err(pp.error_at(pos, "integer value too large")),
        }
    })?;
    Ok(values)
}

/// Prints an ODS `DenseI64ArrayAttr` variable: `[1, 2]`.
fn print_i64_list(pr: &mut OpPrinter<'_>, values: &[i64]) {
    pr.out.push('[');
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            pr.out.push_str(", ");
        }
        pr.out.push_str(&v.to_string());
    }
    pr.out.push(']');
}

/// `tensor.gather` and `tensor.scatter`:
/// `$source (into $dest)? [$indices] <kind>_dims([..]) (unique)? attr-dict
/// : functional-type(operands, results)`.
pub(crate) struct GatherScatterAsm {
    pub(crate) scatter: bool,
}

impl GatherScatterAsm {
    fn dims_attr(&self) -> &'static str {
        if self.scatter {
            "scatter_dims"
        } else {
            "gather_dims"
        }
    }
}

impl OpAsm for GatherScatterAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let mut ops = vec![p.parse_operand()?];
        if self.scatter {
            expect_keyword(p, "into")?;
            ops.push(p.parse_operand()?);
        }
        expect_token(p, TokenKind::LSquare)?;
        ops.push(p.parse_operand()?);
        expect_token(p, TokenKind::RSquare)?;
        let attr = self.dims_attr();
        expect_keyword(p, attr)?;
        expect_token(p, TokenKind::LParen)?;
        let dims = parse_i64_list(p)?;
        expect_token(p, TokenKind::RParen)?;
        add_attr(p, st, attr, ctx.dense_i64_array_attr(&dims));
        if p.p.eat_keyword("unique") {
            add_attr(p, st, "unique", ctx.unit_attr());
        }
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        (st.operands, st.result_types) = p.parse_call_signature(&ops, "invalid kind of type specified")?;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let attr = self.dims_attr();
        pr.out.push(' ');
        print_operand(pr, op, 0);
        let idx = if self.scatter {
            pr.out.push_str(" into ");
            print_operand(pr, op, 1);
            2
        } else {
            1
        };
        pr.out.push('[');
        print_operand(pr, op, idx);
        pr.out.push_str("] ");
        pr.out.push_str(attr);
        pr.out.push('(');
        print_i64_list(pr, &crate::static_dynamic::i64_array(ir, op, attr));
        pr.out.push(')');
        if ir.attr(op, "unique").is_some() {
            pr.out.push_str(" unique");
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[attr, "unique"]);
        pr.out.push_str(" : ");
        pr.print_functional_type(&ir.operand_types(op), &ir.result_types(op));
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, if self.scatter { "scatter" } else { "gather" });
    }
}

/// `tensor.pack` and `tensor.unpack`: `$source (padding_value(%p : t))?
/// (outer_dims_perm = [..])? inner_dims_pos = [..] inner_tiles = [..]
/// into $dest attr-dict : type($source) -> type($dest)`.
pub(crate) struct RelayoutAsm {
    pub(crate) pack: bool,
}

impl OpAsm for RelayoutAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let src = p.parse_operand()?;
        let mut padding = None;
        if self.pack && p.p.eat_keyword("padding_value") {
            expect_token(p, TokenKind::LParen)?;
            let v = p.parse_operand()?;
            expect_colon(p)?;
            let t = p.p.parse_type()?;
            expect_token(p, TokenKind::RParen)?;
            padding = Some((v, t));
        }
        if p.p.eat_keyword("outer_dims_perm") {
            expect_token(p, TokenKind::Equal)?;
            let perm = parse_i64_list(p)?;
            add_attr(p, st, "outer_dims_perm", ctx.dense_i64_array_attr(&perm));
        }
        expect_keyword(p, "inner_dims_pos")?;
        expect_token(p, TokenKind::Equal)?;
        let inner = parse_i64_list(p)?;
        add_attr(p, st, "inner_dims_pos", ctx.dense_i64_array_attr(&inner));
        expect_keyword(p, "inner_tiles")?;
        expect_token(p, TokenKind::Equal)?;
        let (tiles, static_tiles) = parse_index_list_in(p, st, Delimiter::Square)?;
        add_attr(p, st, "static_inner_tiles", ctx.dense_i64_array_attr(&static_tiles));
        expect_keyword(p, "into")?;
        let dest = p.parse_operand()?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let src_ty = parse_type_of(p, st, is_ranked_tensor)?;
        expect_token(p, TokenKind::Arrow)?;
        let dest_ty = parse_type_of(p, st, is_ranked_tensor)?;
        let mut operands = vec![p.resolve_operand(src, src_ty)?, p.resolve_operand(dest, dest_ty)?];
        if let Some((v, t)) = padding {
            operands.push(p.resolve_operand(v, t)?);
        }
        if self.pack {
            let sizes = [1, 1, operands.len() - 2, tiles.len()];
            add_attr(p, st, "operandSegmentSizes", segment_sizes_attr(ctx, &sizes));
        }
        operands.extend(tiles);
        st.operands = operands;
        st.result_types = vec![dest_ty];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let Some(r) = Relayout::cast(ir, op) else { return };
        pr.out.push(' ');
        print_operand(pr, op, 0);
        if let Relayout::Pack(pack) = r {
            if let Some(v) = pack.padding_value(ir) {
                pr.out.push_str(" padding_value(");
                pr.print_value(v);
                pr.out.push_str(" : ");
                pr.print_type(ir.value_type(v));
                pr.out.push(')');
            }
        }
        // The optional group prints whenever the attribute is present (even
        // when empty, its default).
        if ir.attr(op, "outer_dims_perm").is_some() {
            let outer = r.outer_dims_perm(ir);
            pr.out.push_str(" outer_dims_perm = ");
            print_i64_list(pr, &outer);
        }
        pr.out.push_str(" inner_dims_pos = ");
        print_i64_list(pr, &r.inner_dims_pos(ir));
        pr.out.push_str(" inner_tiles = ");
        print_dynamic_index_list(pr, &r.inner_tiles(ir), &r.static_inner_tiles(ir), &[], Delimiter::Square);
        pr.out.push_str(" into ");
        print_operand(pr, op, 1);
        pr.print_optional_attr_dict(
            ir.attrs(op),
            &["inner_dims_pos", "operandSegmentSizes", "outer_dims_perm", "static_inner_tiles"],
        );
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" -> ");
        print_operand_type(pr, op, 1);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, if self.pack { "pack" } else { "unpack" });
    }
}
