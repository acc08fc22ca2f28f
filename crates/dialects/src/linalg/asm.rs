//! mlir-opt-19's custom syntax of the linalg ops: `linalg.generic`'s
//! trait dictionary form, the shared `ins(..) outs(..) -> types` parts,
//! the named ops (whose region is built, not parsed), `map`/`reduce` with
//! their short `{ payload.op }` form, `transpose`/`broadcast`,
//! `linalg.yield` and `linalg.index`; result and block-argument name hints.

use super::named::{self, NamedDef};
use super::{elem_or_self, MEMOIZED_MAPS};
use crate::static_dynamic::segment_sizes_attr;
use ir::op_decl::IrBuilder;
use ir::{AttrKind, Attribute, InsertPoint, Ir, NamedAttr, OpId, OpSpec, RegionId, Type, TypeKind, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{ArgDecl, IrParser, UnresolvedOperand};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

// ----- shared pieces ---------------------------------------------------------

/// `custom op 'name' message`, MLIR's wording for errors a custom parser
/// emits through `emitError`.
fn op_parse_error(p: &IrParser<'_, '_>, pos: u32, st: &OpState, msg: &str) -> syntax::parser::ParseError {
    let name = p.p.ctx.str(st.name).to_string();
    p.p.error_at(pos, format!("custom op '{name}' {msg}"))
}

/// `ins(%a, %b : t1, t2)` or `outs(...)` after its keyword.
fn parse_operand_group<'a>(p: &mut IrParser<'a, '_>) -> PResult<(Vec<UnresolvedOperand<'a>>, Vec<Type>, u32)> {
    p.p.expect(TokenKind::LParen, "expected '('")?;
    let pos = p.p.tok.start;
    let ops = p.parse_operand_list()?;
    p.p.expect(TokenKind::Colon, "expected ':'")?;
    let tys = p.parse_type_list()?;
    p.p.expect(TokenKind::RParen, "expected ')'")?;
    Ok((ops, tys, pos))
}

/// MLIR's `parseCommonStructuredOpParts`: optional `<{properties}>`,
/// optional attribute dictionary, `ins(...)`, `outs(...)`. Resolves the
/// operands into `st` and returns the ins and outs types, the position of
/// the attribute dictionary and the number of attributes given as
/// properties (they come first among those this call adds to `st.attrs`).
fn parse_common(
    p: &mut IrParser<'_, '_>,
    st: &mut OpState,
    segments: bool,
) -> PResult<(Vec<Type>, Vec<Type>, u32, usize)> {
    let ctx = p.p.ctx;
    let before = st.attrs.len();
    if p.p.eat(TokenKind::Less) {
        let a = p.p.parse_attribute(None)?;
        let AttrKind::Dictionary(entries) = ctx.attr_kind(a) else {
            return Err(p.p.error_here("expected properties dictionary"));
        };
        st.attrs.extend(entries.iter().copied());
        p.p.expect(TokenKind::Greater, "expected '>'")?;
    }
    let num_props = st.attrs.len() - before;
    let attrs_pos = p.p.tok.start;
    if p.p.at(TokenKind::LBrace) {
        p.p.parse_attr_dict(&mut st.attrs)?;
    }
    let mut ins = (Vec::new(), Vec::new(), p.p.tok.start);
    let mut outs = (Vec::new(), Vec::new(), p.p.tok.start);
    if p.p.eat_keyword("ins") {
        ins = parse_operand_group(p)?;
    }
    if p.p.eat_keyword("outs") {
        outs = parse_operand_group(p)?;
    }
    let mut operands = p.resolve_operands(&ins.0, &ins.1, ins.2)?;
    operands.extend(p.resolve_operands(&outs.0, &outs.1, outs.2)?);
    st.operands = operands;
    if segments {
        st.attrs.retain(|a| ctx.str(a.name) != "operandSegmentSizes");
        st.add_attr(ctx.intern_str("operandSegmentSizes"), segment_sizes_attr(ctx, &[ins.0.len(), outs.0.len()]));
    }
    Ok((ins.1, outs.1, attrs_pos, num_props))
}

/// MLIR's `verifyInherentAttrs` as the custom parser reports it.
fn inherent_attr_error(
    p: &IrParser<'_, '_>,
    pos: u32,
    st: &OpState,
    attr: &str,
    constraint: &str,
) -> syntax::parser::ParseError {
    let name = p.p.ctx.str(st.name).to_string();
    let msg = format!("'{name}' op attribute '{attr}' failed to satisfy constraint: {constraint}");
    op_parse_error(p, pos, st, &msg)
}

/// `-> t1, t2` or `-> (t1, t2)` (optional).
fn parse_optional_arrow_types(p: &mut IrParser<'_, '_>) -> PResult<Vec<Type>> {
    if !p.p.eat(TokenKind::Arrow) {
        return Ok(Vec::new());
    }
    if p.p.at(TokenKind::LParen) {
        return p.p.parse_type_list_parens();
    }
    p.parse_type_list()
}

/// ` ins(%a : t) outs(%b : t)`, each part only when non-empty.
fn print_ins_outs(pr: &mut OpPrinter<'_>, op: OpId, num_inputs: usize) {
    let ir = pr.ir;
    let ops: Vec<ValueId> = ir.operands(op).collect();
    let split = num_inputs.min(ops.len());
    for (kw, vals) in [("ins", &ops[..split]), ("outs", &ops[split..])] {
        if vals.is_empty() {
            continue;
        }
        pr.out.push(' ');
        pr.out.push_str(kw);
        pr.out.push('(');
        pr.print_values(vals.iter().copied());
        pr.out.push_str(" : ");
        pr.print_types(vals.iter().map(|&v| ir.value_type(v)));
        pr.out.push(')');
    }
}

/// MLIR's `printOptionalArrowTypeList`.
fn print_arrow_types(pr: &mut OpPrinter<'_>, types: &[Type]) {
    if types.is_empty() {
        return;
    }
    pr.out.push_str(" -> ");
    let ctx = pr.ctx();
    let wrapped = types.len() != 1 || matches!(ctx.kind(types[0]), TypeKind::Function { .. });
    if wrapped {
        pr.out.push('(');
    }
    pr.print_types(types.iter().copied());
    if wrapped {
        pr.out.push(')');
    }
}

/// The number of `ins` operands of a printed op (from its segment sizes, or
/// all but the last `outs` for ops without them).
fn num_inputs(ir: &Ir, op: OpId) -> usize {
    super::op_kind(ir.op_name_str(op)).and_then(|k| super::io_split(ir, op, k)).map_or(ir.num_operands(op), |(i, _)| i)
}

/// Result types: the ranked-tensor `outs` types.
fn tensor_results(p: &IrParser<'_, '_>, outs: &[Type]) -> Vec<Type> {
    outs.iter().copied().filter(|&t| matches!(p.p.ctx.kind(t), TypeKind::Tensor { .. })).collect()
}

/// A region with one block whose arguments are the element types (or the
/// types themselves) of `operands`, each at `arg_loc` or else at its
/// operand's location.
fn new_body(ir: &mut Ir, operands: &[ValueId], arg_loc: Option<ir::Location>) -> (RegionId, ir::BlockId) {
    let ctx = ir.ctx_arc().clone();
    let tys: Vec<Type> = operands.iter().map(|&v| elem_or_self(&ctx, ir.value_type(v))).collect();
    let locs: Vec<ir::Location> = operands.iter().map(|&v| arg_loc.unwrap_or_else(|| ir.value_loc(v))).collect();
    let r = ir.create_region();
    let b = ir.append_block(r, &tys, &locs);
    (r, b)
}

/// The body of `linalg.transpose` and `linalg.broadcast`: block arguments
/// for every operand (ins and outs, as upstream builds it), yielding the
/// first, at `loc`. Block arguments sit at `arg_loc`, or else at their
/// operands' locations.
pub(super) fn identity_body(
    ir: &mut Ir,
    operands: &[ValueId],
    arg_loc: Option<ir::Location>,
    loc: ir::Location,
) -> RegionId {
    let (r, b) = new_body(ir, operands, arg_loc);
    if let Some(&first) = ir.block_args(b).first() {
        super::YieldOp::build(&mut IrBuilder::at(ir, InsertPoint::BlockEnd(b)), loc, &[first]);
    }
    r
}

/// Sets the first result's name hint.
fn name_first_result(ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str), name: &str) {
    if ir.num_results(op) > 0 {
        set(ir.result(op, 0), name);
    }
}

// ----- linalg.generic ------------------------------------------------------

/// `linalg.generic`.
pub struct GenericAsm;

/// The trait attributes `linalg.generic` prints in its leading dictionary.
const TRAIT_ATTRS: [&str; 4] = ["doc", "indexing_maps", "library_call", "iterator_types"];

impl OpAsm for GenericAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let attr_pos = p.p.tok.start;
        let dict = p.p.parse_attribute(None)?;
        let AttrKind::Dictionary(entries) = ctx.attr_kind(dict) else {
            return Err(op_parse_error(p, attr_pos, st, "invalid kind of attribute specified"));
        };
        st.attrs.extend(entries.iter().copied());
        let it_name = ctx.intern_str("iterator_types");
        let Some(its) = st.attrs.iter().find(|a| a.name == it_name).and_then(|a| ctx.array_value(a.value)) else {
            return Err(op_parse_error(p, attr_pos, st, "expected \"iterator_types\" array attribute"));
        };
        let mut kinds = Vec::with_capacity(its.len());
        for &it in its {
            let s = ctx.str_value(it).unwrap_or("");
            if s != "parallel" && s != "reduction" {
                let pos = p.p.tok.start;
                return Err(op_parse_error(p, pos, st, &format!("unexpected iterator_type ({s})")));
            }
            kinds.push(named::enum_attr(ctx, "iterator_type", s));
        }
        let arr = ctx.array_attr(&kinds);
        for a in st.attrs.iter_mut() {
            if a.name == it_name {
                a.value = arr;
            }
        }
        let (_, _, attrs_pos, _) = parse_common(p, st, true)?;
        for a in &st.attrs {
            let name = ctx.str(a.name);
            let bad = match name {
                "indexing_maps" => super::map_array(ctx, a.value).is_none().then_some("AffineMap array attribute"),
                "doc" | "library_call" => {
                    (!matches!(ctx.attr_kind(a.value), AttrKind::String { ty: None, .. })).then_some("string attribute")
                }
                _ => None,
            };
            if let Some(c) = bad {
                return Err(inherent_attr_error(p, attrs_pos, st, name, c));
            }
        }
        if p.p.eat_keyword("attrs") {
            p.p.expect(TokenKind::Equal, "expected '='")?;
            if p.p.at(TokenKind::LBrace) {
                p.p.parse_attr_dict(&mut st.attrs)?;
            }
        }
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        st.regions.push(r);
        st.result_types = parse_optional_arrow_types(p)?;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        pr.out.push(' ');
        let mut traits: Vec<NamedAttr> = Vec::new();
        for a in ir.attrs(op) {
            let name = ctx.str(a.name);
            if name == "iterator_types" {
                let strs: Option<Vec<Attribute>> = ctx.array_value(a.value).map(|v| {
                    v.iter()
                        .map(|&it| named::enum_case(ctx, it, "iterator_type").map_or(it, |s| ctx.str_attr(s)))
                        .collect()
                });
                let value = strs.map_or(a.value, |s| ctx.array_attr(&s));
                traits.push(NamedAttr { name: a.name, value });
            } else if TRAIT_ATTRS.contains(&name) {
                traits.push(*a);
            }
        }
        if !traits.is_empty() {
            pr.print_attr(ctx.dict_attr(&traits));
        }
        print_ins_outs(pr, op, num_inputs(ir, op));
        let mut elided: Vec<&str> = TRAIT_ATTRS.to_vec();
        elided.push("operandSegmentSizes");
        if ir.attrs(op).iter().any(|a| !elided.contains(&ctx.str(a.name))) {
            pr.out.push_str(" attrs = ");
            pr.print_optional_attr_dict(ir.attrs(op), &elided);
        }
        if let Some(&r) = ir.regions(op).first() {
            if !ir.region_is_empty(r) {
                pr.out.push(' ');
                pr.print_region(r, true, true, false);
            }
        }
        print_arrow_types(pr, &ir.result_types(op));
    }

    fn block_arg_names(&self, ir: &Ir, op: OpId, region: RegionId, set: &mut dyn FnMut(ValueId, &str)) {
        let Some(b) = ir.entry_block(region) else { return };
        let n_in = num_inputs(ir, op);
        let outs = ir.num_operands(op) - n_in.min(ir.num_operands(op));
        let args = ir.block_args(b);
        for &a in args.iter().take(n_in) {
            set(a, "in");
        }
        for &a in args.iter().skip(args.len().saturating_sub(outs)) {
            set(a, "out");
        }
    }
}

// ----- named ops ---------------------------------------------------------------

/// A named op of [`named::NAMED_OPS`]: `attr-dict ins(..) outs(..) -> types`
/// with the body built from the op's definition.
pub struct NamedAsm(pub &'static NamedDef);

impl OpAsm for NamedAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let (ins, outs, attrs_pos, num_props) = parse_common(p, st, true)?;
        // Upstream checks the inherent attributes only when no properties
        // were given, and its region builder sees only the attributes
        // outside `<{...}>`.
        let body_attrs: Vec<NamedAttr> = st.attrs[num_props..].to_vec();
        if num_props == 0 {
            if let Err((attr, constraint)) = super::verify::fn_attrs_error(ctx, &st.attrs, self.0) {
                return Err(inherent_attr_error(p, attrs_pos, st, attr, constraint));
            }
        }
        st.result_types = parse_optional_arrow_types(p)?;
        let pos = p.p.tok.start;
        if ins.len() + outs.len() != self.0.num_args {
            let msg = format!(
                "[parseNamedStructuredOpRegion] ods-gen generated region expects {} args, got {}",
                self.0.num_args,
                ins.len() + outs.len()
            );
            return Err(op_parse_error(p, pos, st, &msg));
        }
        let (r, b) = new_body(p.ir, &st.operands, Some(p.p.ctx.unknown_loc()));
        let unknown = ctx.unknown_loc();
        if let Err(msg) = named::build_body(p.ir, b, self.0, &body_attrs, unknown) {
            return Err(op_parse_error(p, pos, st, &format!("cannot build its body: {msg}")));
        }
        st.regions.push(r);
        if num_props > 0 {
            if let Some(msg) = property_conversion_error(ctx, st, self.0, num_props) {
                return Err(syntax::parser::ParseError(ir::Diagnostic::error(st.loc, msg)));
            }
        }
        // mlir-opt-19 memoizes the static maps while verifying.
        if let Some(maps) = self.0.maps_with(ctx, &st.attrs) {
            let name = ctx.intern_str(MEMOIZED_MAPS);
            if !st.attrs.iter().any(|a| a.name == name) {
                let elems: Vec<Attribute> = maps.into_iter().map(|m| ctx.attr(AttrKind::AffineMap(m))).collect();
                st.add_attr(name, ctx.array_attr(&elems));
            }
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.print_optional_attr_dict(ir.attrs(op), &["operandSegmentSizes", MEMOIZED_MAPS]);
        print_ins_outs(pr, op, num_inputs(ir, op));
        print_arrow_types(pr, &ir.result_types(op));
    }
}

/// The error mlir-opt-19 reports once the op is built when a property
/// given in `<{...}>` cannot be stored: `strides` and `dilations` are kept
/// as integer elements attributes (their shape is checked by the
/// verifier). The first `num_props` attributes of `st` are the properties.
fn property_conversion_error(ctx: &ir::Context, st: &OpState, def: &NamedDef, num_props: usize) -> Option<String> {
    let props = &st.attrs[..num_props];
    let bad = def.attrs.iter().filter(|&&a| a == "strides" || a == "dilations").find_map(|&name| {
        let a = props.iter().find(|a| ctx.str(a.name) == name)?;
        let is_int_elements = match ctx.attr_kind(a.value) {
            AttrKind::DenseElements { ty, .. } => {
                ctx.element_type(*ty).is_some_and(|e| matches!(ctx.kind(e), TypeKind::Integer { .. } | TypeKind::Index))
            }
            _ => false,
        };
        (!is_int_elements).then_some((name, a.value))
    })?;
    let mut entries = props.to_vec();
    let segments = ctx.intern_str("operandSegmentSizes");
    entries.extend(st.attrs.iter().filter(|a| a.name == segments).copied());
    let dict = syntax::printer::attr_text(ctx, ctx.dict_attr(&entries));
    let name = ctx.str(st.name);
    let value = syntax::printer::attr_text(ctx, bad.1);
    Some(format!(
        "invalid properties {dict} for op {name}: Invalid attribute `{}` in property conversion: {value}",
        bad.0
    ))
}

// ----- map / reduce ----------------------------------------------------------

/// `{ payload.op attr-dict }` before `ins`: the payload op's name, its
/// position and attributes.
fn parse_payload(p: &mut IrParser<'_, '_>) -> PResult<Option<(String, u32, Vec<NamedAttr>)>> {
    if !p.p.eat(TokenKind::LBrace) {
        return Ok(None);
    }
    let pos = p.p.tok.start;
    if !p.p.at(TokenKind::BareIdent) {
        return Err(p.p.wrong_token_error("expected operation name"));
    }
    let name = p.p.tok_text().to_string();
    p.p.bump();
    let mut attrs = Vec::new();
    if p.p.at(TokenKind::LBrace) {
        p.p.parse_attr_dict(&mut attrs)?;
    }
    p.p.expect(TokenKind::RBrace, "expected '}'")?;
    Ok(Some((name, pos, attrs)))
}

/// MLIR's `addBodyWithPayloadOp`: a block with one argument per operand in
/// `operands` and the payload applied to them (the init first when
/// `init_first`), yielded.
fn add_payload_body(
    p: &mut IrParser<'_, '_>,
    st: &mut OpState,
    payload: &(String, u32, Vec<NamedAttr>),
    operands: &[ValueId],
    init_first: bool,
) -> PResult<()> {
    let ctx = p.p.ctx;
    let Some(&last) = st.operands.last() else {
        st.regions.push(p.ir.create_region());
        return Ok(());
    };
    let shaped = |t: Type| ctx.element_type(t).filter(|_| ctx.is_tensor(t) || ctx.is_memref(t));
    let mut tys = Vec::with_capacity(operands.len());
    for &v in operands {
        let Some(e) = shaped(p.ir.value_type(v)) else {
            return Err(op_parse_error(p, payload.1, st, "expects shaped operands for its payload"));
        };
        tys.push(e);
    }
    let Some(result_ty) = shaped(p.ir.value_type(last)) else {
        return Err(op_parse_error(p, payload.1, st, "expects shaped operands for its payload"));
    };
    let unknown = ctx.unknown_loc();
    let locs = vec![unknown; tys.len()];
    let r = p.ir.create_region();
    let b = p.ir.append_block(r, &tys, &locs);
    let args: Vec<ValueId> = p.ir.block_args(b).to_vec();
    let mut ops = args.clone();
    if init_first {
        if let Some(init) = ops.pop() {
            ops.insert(0, init);
        }
    }
    let mut attrs = crate::arith::default_properties(ctx, &payload.0);
    attrs.retain(|d| !payload.2.iter().any(|a| a.name == d.name));
    attrs.extend(payload.2.iter().copied());
    let name = ctx.intern_str(&payload.0);
    let results = [result_ty];
    let pop = p.ir.insert_new_op(
        InsertPoint::BlockEnd(b),
        OpSpec { operands: &ops, results: &results, attrs: &attrs, ..OpSpec::new(name, st.loc) },
    );
    let res = p.ir.result(pop, 0);
    super::YieldOp::build(&mut IrBuilder::at(p.ir, InsertPoint::BlockEnd(b)), st.loc, &[res]);
    st.regions.push(r);
    Ok(())
}

/// `(%a: t, ...) { region }` after the dst-style parts.
fn parse_explicit_body(p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
    p.p.expect(TokenKind::LParen, "expected '('")?;
    let mut args: Vec<ArgDecl<'_>> = Vec::new();
    if !p.p.at(TokenKind::RParen) {
        loop {
            let a = p.parse_arg_decl(true)?;
            if p.p.at(TokenKind::LBrace) {
                // Argument attributes are accepted and dropped, as MLIR
                // keeps them nowhere for these ops.
                let mut ignored = Vec::new();
                p.p.parse_attr_dict(&mut ignored)?;
            }
            args.push(a);
            if !p.p.eat(TokenKind::Comma) {
                break;
            }
        }
    }
    p.p.expect(TokenKind::RParen, "expected ')'")?;
    let r = p.ir.create_region();
    p.parse_region(r, &args, false)?;
    st.regions.push(r);
    Ok(())
}

/// MLIR's `findPayloadOp`: the single op before the yield when it takes
/// exactly the block arguments in order (the init first for `reduce`).
fn find_payload(ir: &Ir, op: OpId, init_first: bool) -> Option<OpId> {
    let r = *ir.regions(op).first()?;
    let b = ir.entry_block(r)?;
    let ops = ir.block_ops_vec(b);
    if ops.len() != 2 || !super::YieldOp::matches(ir, ops[1]) {
        return None;
    }
    let payload = ops[0];
    let args = ir.block_args(b);
    let operands: Vec<ValueId> = ir.operands(payload).collect();
    if operands.is_empty() || operands.len() != args.len() {
        return None;
    }
    if init_first {
        if operands.last() != args.first() {
            return None;
        }
        if operands.iter().zip(args.iter().skip(1)).any(|(o, a)| o != a) {
            return None;
        }
    } else if operands.iter().zip(args).any(|(o, a)| o != a) {
        return None;
    }
    Some(payload)
}

/// ` { payload.op attrs }` with a `none` fastmath flag elided.
fn print_short_form(pr: &mut OpPrinter<'_>, payload: OpId) {
    let ir = pr.ir;
    let ctx = pr.ctx();
    pr.out.push_str(" { ");
    pr.out.push_str(ir.op_name_str(payload));
    let mut elided: Vec<&str> = Vec::new();
    for a in ir.attrs(payload) {
        if let AttrKind::Opaque { dialect, body, ty: None } = ctx.attr_kind(a.value) {
            if ctx.str(*dialect) == "arith" && ctx.str(*body).replace(' ', "") == "fastmath<none>" {
                elided.push(ctx.str(a.name));
                break;
            }
        }
    }
    pr.print_optional_attr_dict(ir.attrs(payload), &elided);
    pr.out.push_str(" }");
}

/// The explicit region on its own line: `(%a: t, ...) { ... }`, indented
/// by two more columns than the op.
fn print_explicit_body(pr: &mut OpPrinter<'_>, op: OpId) {
    let ir = pr.ir;
    let Some(&r) = ir.regions(op).first() else { return };
    let base = pr.indent();
    pr.set_indent(base + 2);
    pr.out.push('\n');
    for _ in 0..base + 2 {
        pr.out.push(' ');
    }
    pr.out.push('(');
    if let Some(b) = ir.entry_block(r) {
        for (i, &a) in ir.block_args(b).iter().enumerate() {
            if i > 0 {
                pr.out.push_str(", ");
            }
            pr.print_value(a);
            pr.out.push_str(": ");
            pr.print_type(ir.value_type(a));
            if pr.opts.debug_info {
                pr.out.push(' ');
                pr.print_arg_loc(ir.value_loc(a));
            }
        }
    }
    pr.out.push_str(") ");
    pr.print_region(r, false, true, false);
    pr.set_indent(base);
}

/// `linalg.map`.
pub struct MapAsm;

impl OpAsm for MapAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let payload = parse_payload(p)?;
        let (_, outs, _, _) = parse_common(p, st, false)?;
        st.result_types = tensor_results(p, &outs);
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        match payload {
            Some(pl) => {
                let inputs: Vec<ValueId> =
                    st.operands.iter().copied().take(st.operands.len().saturating_sub(1)).collect();
                add_payload_body(p, st, &pl, &inputs, false)
            }
            None => parse_explicit_body(p, st),
        }
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let payload = find_payload(ir, op, false);
        if let Some(pl) = payload {
            print_short_form(pr, pl);
        }
        print_ins_outs(pr, op, ir.num_operands(op).saturating_sub(1));
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        if payload.is_none() {
            print_explicit_body(pr, op);
        }
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_first_result(ir, op, set, "mapped");
    }

    fn block_arg_names(&self, ir: &Ir, op: OpId, region: RegionId, set: &mut dyn FnMut(ValueId, &str)) {
        let Some(b) = ir.entry_block(region) else { return };
        let n_in = ir.num_operands(op).saturating_sub(1);
        for &a in ir.block_args(b).iter().take(n_in) {
            set(a, "in");
        }
    }
}

/// `name = [1, 2]` (a dense i64 array in its bracketed form).
fn parse_named_i64_array(p: &mut IrParser<'_, '_>, st: &mut OpState, name: &str) -> PResult<()> {
    let ctx = p.p.ctx;
    if !p.p.eat_keyword(name) {
        return Err(p.p.error_here(format!("expected '{name}'")));
    }
    p.p.expect(TokenKind::Equal, "expected '='")?;
    let mut values: Vec<i64> = Vec::new();
    p.p.parse_delimited_list(TokenKind::LSquare, TokenKind::RSquare, "", |pp| {
        let pos = pp.tok.start;
        let (neg, v) = pp.parse_int()?;
        let v = i64::try_from(v).ok().and_then(|v| if neg { v.checked_neg() } else { Some(v) });
        match v {
            Some(v) => {
                values.push(v);
                Ok(())
            }
            None => Err(pp.error_at(pos, "integer value too large")),
        }
    })?;
    st.attrs.retain(|a| ctx.str(a.name) != name);
    st.add_attr(ctx.intern_str(name), ctx.dense_i64_array_attr(&values));
    Ok(())
}

/// ` name = [1, 2] ` (with upstream's trailing space).
fn print_named_i64_array(pr: &mut OpPrinter<'_>, op: OpId, name: &str) {
    let ir = pr.ir;
    let values = crate::static_dynamic::i64_array(ir, op, name);
    pr.out.push(' ');
    pr.out.push_str(name);
    pr.out.push_str(" = [");
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            pr.out.push_str(", ");
        }
        pr.out.push_str(&v.to_string());
    }
    pr.out.push_str("] ");
}

/// `linalg.reduce`.
pub struct ReduceAsm;

impl OpAsm for ReduceAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let payload = parse_payload(p)?;
        let (_, outs, _, _) = parse_common(p, st, false)?;
        st.result_types = tensor_results(p, &outs);
        parse_named_i64_array(p, st, "dimensions")?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        match payload {
            Some(pl) => {
                let all = st.operands.clone();
                add_payload_body(p, st, &pl, &all, true)
            }
            None => parse_explicit_body(p, st),
        }
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let payload = find_payload(ir, op, true);
        if let Some(pl) = payload {
            print_short_form(pr, pl);
        }
        print_ins_outs(pr, op, ir.num_operands(op) / 2);
        print_named_i64_array(pr, op, "dimensions");
        pr.print_optional_attr_dict(ir.attrs(op), &["dimensions"]);
        if payload.is_none() {
            print_explicit_body(pr, op);
        }
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_first_result(ir, op, set, "reduced");
    }

    fn block_arg_names(&self, ir: &Ir, op: OpId, region: RegionId, set: &mut dyn FnMut(ValueId, &str)) {
        let Some(b) = ir.entry_block(region) else { return };
        let n = ir.num_operands(op);
        let (n_in, n_out) = (n / 2, n - n / 2);
        let args = ir.block_args(b);
        for &a in args.iter().take(n_in) {
            set(a, "in");
        }
        for &a in args.iter().skip(args.len().saturating_sub(n_out)) {
            set(a, "init");
        }
    }
}

// ----- transpose / broadcast -----------------------------------------------

/// `linalg.transpose` (`permutation`) and `linalg.broadcast` (`dimensions`).
pub struct TransposeAsm {
    /// The op's array attribute.
    pub attr: &'static str,
}

impl OpAsm for TransposeAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let (_, outs, _, _) = parse_common(p, st, false)?;
        st.result_types = tensor_results(p, &outs);
        parse_named_i64_array(p, st, self.attr)?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let operands = st.operands.clone();
        let r = identity_body(p.ir, &operands, None, st.loc);
        st.regions.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        print_ins_outs(pr, op, 1);
        print_named_i64_array(pr, op, self.attr);
        pr.print_optional_attr_dict(ir.attrs(op), &[self.attr]);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_first_result(ir, op, set, if self.attr == "permutation" { "transposed" } else { "broadcasted" });
    }
}

// ----- yield / index -----------------------------------------------------------

/// `linalg.yield %a, %b attr-dict : t1, t2`.
pub struct YieldAsm;

impl OpAsm for YieldAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let pos = p.p.tok.start;
        let ops = p.parse_operand_list()?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let mut tys = Vec::new();
        if !ops.is_empty() {
            p.p.expect(TokenKind::Colon, "expected ':'")?;
            tys = p.parse_type_list()?;
        }
        st.operands = p.resolve_operands(&ops, &tys, pos)?;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        if ir.num_operands(op) > 0 {
            pr.out.push(' ');
            pr.print_values(ir.operands(op));
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        if ir.num_operands(op) > 0 {
            pr.out.push_str(" : ");
            pr.print_types(ir.operand_types(op));
        }
    }
}
