//! Helpers shared by the dialect modules: registration shorthands (ops,
//! dialects, folder tables), the small pieces of declarative-format syntax
//! many ops share (parsing and printing building blocks for hand-written
//! custom syntax, and `ExpandShapeAsm`, which two dialects use; ops whose
//! syntax is a plain directive sequence declare a `format:` instead,
//! `syntax::format`), and
//! ODS-style diagnostics and structural checks; and the helpers the
//! canonicalization patterns of several dialects share (constant matching,
//! `build` for ops without a typed builder, `arith.constant` creation).

use crate::static_dynamic::{self, parse_index_list_in, print_dynamic_index_list, Delimiter};
use ir::op_decl::OpBuilder;
use ir::{Attribute, Context, Diagnostic, DialectInfo, Ir, OpId, OpInfo, OpTraits, Type, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{IrParser, UnresolvedOperand};
use syntax::parser::{PResult, ParseError};
use syntax::print_attr::type_to_string;
use syntax::printer::OpPrinter;

/// Registers an op with traits, inherent attributes, verifier and syntax.
pub fn register_op(
    ctx: &mut Context,
    name: &str,
    traits: OpTraits,
    inherent: &[&str],
    verify: Option<ir::registry::VerifyFn>,
    asm: Option<Box<dyn OpAsm>>,
) {
    let mut info = OpInfo::new(ctx, name);
    info.traits = traits;
    info.inherent_attrs = inherent.iter().map(|s| ctx.intern_str(s)).collect();
    info.verify = verify;
    let n = info.name;
    ctx.registry_mut().register_op(info);
    if let Some(a) = asm {
        ctx.registry_mut().add_interface::<dyn OpAsm>(n, a);
    }
}

/// Attaches each folder to its (registered) op.
pub fn set_folders(ctx: &mut Context, folders: &[(&str, ir::registry::FoldFn)]) {
    for &(name, f) in folders {
        let n = ctx.intern_str(name);
        match ctx.registry_mut().op_mut(n) {
            Some(info) => info.fold = Some(f),
            None => ctx.registry_mut().record_error(format!("folder attached to an unregistered op '{name}'")),
        }
    }
}

/// Registers a dialect namespace.
pub fn register_dialect(ctx: &mut Context, name: &str, allow_unknown_ops: bool) {
    let n = ctx.intern_str(name);
    ctx.registry_mut().register_dialect(n, DialectInfo { allow_unknown_ops, ..DialectInfo::default() });
}

/// Dialect namespaces whose ops are not modelled yet but that mlir-opt-19
/// knows: `test` accepts unknown ops (as upstream's test dialect does).
pub fn register_passthrough_dialects(ctx: &mut Context) {
    register_dialect(ctx, "test", true);
}

/// Parses `attr-dict ($operands^ `:` type($operands))?`, the syntax of
/// return-like terminators (`func.return`, `scf.yield`, …).
pub fn parse_attr_dict_operands_types(p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
    if p.p.at(TokenKind::LBrace) {
        p.p.parse_attr_dict(&mut st.attrs)?;
    }
    let ops = p.parse_operand_list()?;
    if !ops.is_empty() {
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let pos = p.p.tok.start;
        let tys = p.parse_type_list()?;
        p.resolve_operands_to(&ops, &tys, pos, &mut st.operands)?;
    }
    Ok(())
}

/// Prints `attr-dict ($operands^ `:` type($operands))?`.
pub fn print_attr_dict_operands_types(pr: &mut OpPrinter<'_>, op: ir::OpId) {
    let ir = pr.ir;
    pr.print_optional_attr_dict(ir.attrs(op), &[]);
    if ir.num_operands(op) > 0 {
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        pr.out.push_str(" : ");
        pr.print_types(ir.operand_types(op));
    }
}

// ----- ODS-style diagnostics and structural checks -------------------------

/// MLIR's `emitOpError`: `'name' op message`.
pub(crate) fn op_error(ir: &Ir, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), format!("'{}' op {msg}", ir.op_name_str(op)))
}

/// MLIR's `emitError` on an op (no name prefix).
pub(crate) fn plain_error(ir: &Ir, op: OpId, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), msg)
}

/// Exactly `n` operands (`ZeroOperands`, `OneOperand`, `NOperands<n>`).
pub(crate) fn check_num_operands(ir: &Ir, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let k = ir.num_operands(op);
    if k != n {
        let msg = match n {
            0 => "requires zero operands".to_string(),
            1 => "requires a single operand".to_string(),
            _ => format!("expected {n} operands, but found {k}"),
        };
        return Err(op_error(ir, op, msg));
    }
    Ok(())
}

/// At least `n` operands (`AtLeastNOperands<n>`).
pub(crate) fn check_min_operands(ir: &Ir, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let k = ir.num_operands(op);
    if k < n {
        return Err(op_error(ir, op, format!("expected {n} or more operands, but found {k}")));
    }
    Ok(())
}

/// Exactly `n` results (`ZeroResults`, `OneResult`, `NResults<n>`).
pub(crate) fn check_num_results(ir: &Ir, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let k = ir.num_results(op);
    if k != n {
        let msg = match n {
            0 => "requires zero results".to_string(),
            1 => "requires one result".to_string(),
            _ => format!("expected {n} results, but found {k}"),
        };
        return Err(op_error(ir, op, msg));
    }
    Ok(())
}

/// `<operand|result> #i must be <prefix><desc>, but got '<type>'` for the
/// first of the op's operands (or results) numbered in `range` whose type
/// fails `ok`; numbers past the op's count are skipped. (`prefix` is
/// `variadic of ` for the operands of a variadic group.)
pub(crate) fn check_types(
    ir: &Ir,
    op: OpId,
    results: bool,
    range: std::ops::Range<usize>,
    ok: impl Fn(&Context, Type) -> bool,
    prefix: &str,
    desc: &str,
) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let (what, count) = if results { ("result", ir.num_results(op)) } else { ("operand", ir.num_operands(op)) };
    for i in range.start..range.end.min(count) {
        let t = ir.value_type(if results { ir.result(op, i) } else { ir.operand(op, i) });
        if !ok(ctx, t) {
            return Err(op_error(ir, op, format!("{what} #{i} must be {prefix}{desc}, but got {}", q(ctx, t))));
        }
    }
    Ok(())
}

/// `operand #i must be <desc>, but got '<type>'` for every operand in
/// `range` whose type fails `ok`.
pub(crate) fn check_operands(
    ir: &Ir,
    op: OpId,
    range: std::ops::Range<usize>,
    ok: impl Fn(&Context, Type) -> bool,
    desc: &str,
) -> Result<(), Diagnostic> {
    check_types(ir, op, false, range, ok, "", desc)
}

/// `result #i must be <desc>, but got '<type>'`.
pub(crate) fn check_results(
    ir: &Ir,
    op: OpId,
    range: std::ops::Range<usize>,
    ok: impl Fn(&Context, Type) -> bool,
    desc: &str,
) -> Result<(), Diagnostic> {
    check_types(ir, op, true, range, ok, "", desc)
}

/// Exactly `n` regions (`ZeroRegions`, `OneRegion`).
pub(crate) fn check_num_regions(ir: &Ir, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let k = ir.regions(op).len();
    if k != n {
        let msg = match n {
            0 => "requires zero regions".to_string(),
            1 => "requires one region".to_string(),
            _ => format!("expected {n} regions"),
        };
        return Err(op_error(ir, op, msg));
    }
    Ok(())
}

/// The shape-operand checks `memref.reshape` and `tensor.reshape` share,
/// for a statically-ranked result: the shape operand (of type `shape_ty`)
/// has a static length equal to the result's rank. `kind` is `memref` or
/// `tensor`.
pub(crate) fn check_reshape_shape_length(
    ir: &Ir,
    op: OpId,
    shape_ty: Type,
    result_rank: usize,
    kind: &str,
) -> Result<(), Diagnostic> {
    let len = ir.ctx().shape(shape_ty).and_then(|s| s.first().copied()).unwrap_or(ir::DYNAMIC);
    if len == ir::DYNAMIC {
        let msg = format!("cannot use shape operand with dynamic length to reshape to statically-ranked {kind} type");
        return Err(op_error(ir, op, msg));
    }
    if len != result_rank as i64 {
        return Err(op_error(ir, op, format!("length of shape operand differs from the result's {kind} rank")));
    }
    Ok(())
}

// ----- building blocks of hand-written custom syntax -----------------------

/// A type constraint of a custom parser or a verifier.
pub(crate) type TypePred = fn(&Context, Type) -> bool;

/// A signless integer, `index` or float type (the scalar of `tensor.splat`
/// and `vector.splat`).
pub(crate) fn is_signless_int_index_or_float(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), ir::TypeKind::Integer { signedness: ir::Signedness::Signless, .. })
        || ctx.is_index(t)
        || ctx.float_kind(t).is_some()
}

/// `'type'` as MLIR prints a type in a diagnostic.
pub(crate) fn q(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

/// An error from inside a custom op parser, prefixed like MLIR's
/// `CustomOpAsmParser::emitError`.
pub(crate) fn custom_error(p: &IrParser<'_, '_>, st: &OpState, pos: u32, msg: &str) -> ParseError {
    p.p.error_at(pos, format!("custom op '{}' {msg}", p.p.ctx.str(st.name)))
}

/// Like [`custom_error`], located at the op name (`parser.getNameLoc()`).
pub(crate) fn custom_error_at_name(st: &OpState, ctx: &Context, msg: &str) -> ParseError {
    ParseError(Diagnostic::error(st.loc, format!("custom op '{}' {msg}", ctx.str(st.name))))
}

/// Parses a builtin type of kind `name` (`vector`, `memref`): one that
/// `kind` maps to `Some`, returned with the type. Any other type is the
/// error of MLIR's `parseCustomTypeWithFallback`: `invalid kind of type
/// specified: expected builtin.<name>, but found '<type>'`.
pub(crate) fn parse_builtin_type<R>(
    p: &mut IrParser<'_, '_>,
    name: &str,
    kind: impl FnOnce(&Context, Type) -> Option<R>,
) -> PResult<(Type, R)> {
    let pos = p.p.tok.start;
    let t = p.p.parse_type()?;
    match kind(p.p.ctx, t) {
        Some(r) => Ok((t, r)),
        None => Err(p.p.error_at(
            pos,
            format!("invalid kind of type specified: expected builtin.{name}, but found {}", q(p.p.ctx, t)),
        )),
    }
}

/// Parses a type that must satisfy `ok` (`invalid kind of type specified`).
pub(crate) fn parse_type_of(p: &mut IrParser<'_, '_>, st: &OpState, ok: TypePred) -> PResult<Type> {
    let pos = p.p.tok.start;
    let t = p.p.parse_type()?;
    if !ok(p.p.ctx, t) {
        return Err(custom_error(p, st, pos, "invalid kind of type specified"));
    }
    Ok(t)
}

/// Resolves operands against types, with MLIR's count error.
pub(crate) fn resolve_list<'a>(
    p: &mut IrParser<'a, '_>,
    st: &OpState,
    ops: &[UnresolvedOperand<'a>],
    tys: &[Type],
    pos: u32,
) -> PResult<Vec<ValueId>> {
    if ops.len() != tys.len() {
        return Err(custom_error(p, st, pos, &format!("{} operands present, but expected {}", ops.len(), tys.len())));
    }
    ops.iter().zip(tys).map(|(&o, &t)| p.resolve_operand(o, t)).collect()
}

/// Resolves every operand to the same type.
pub(crate) fn resolve_all<'a>(
    p: &mut IrParser<'a, '_>,
    ops: &[UnresolvedOperand<'a>],
    ty: Type,
) -> PResult<Vec<ValueId>> {
    ops.iter().map(|&o| p.resolve_operand(o, ty)).collect()
}

/// Parses an optional attribute dictionary.
pub(crate) fn parse_opt_attr_dict(p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
    if p.p.at(TokenKind::LBrace) {
        p.p.parse_attr_dict(&mut st.attrs)?;
    }
    Ok(())
}

/// Parses `:`.
pub(crate) fn expect_colon(p: &mut IrParser<'_, '_>) -> PResult<()> {
    p.p.expect(TokenKind::Colon, "expected ':'")
}

/// Parses a keyword (`expected 'kw'`).
pub(crate) fn expect_keyword(p: &mut IrParser<'_, '_>, kw: &str) -> PResult<()> {
    if p.p.eat_keyword(kw) {
        Ok(())
    } else {
        Err(p.p.error_here(format!("expected '{kw}'")))
    }
}

/// Parses the punctuation token `k` (`expected '<spelling>'`).
pub(crate) fn expect_token(p: &mut IrParser<'_, '_>, k: TokenKind) -> PResult<()> {
    p.p.expect(k, &format!("expected '{}'", k.spelling()))
}

/// Adds the attribute `name = value` to the op being parsed.
pub(crate) fn add_attr(p: &IrParser<'_, '_>, st: &mut OpState, name: &str, value: Attribute) {
    st.add_attr(p.p.ctx.intern_str(name), value);
}

/// Parses the `reassociation` array attribute of `collapse_shape` and
/// `expand_shape` (`[[0, 1], [2]]`).
fn parse_reassociation(p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
    let pos = p.p.tok.start;
    let a = p.p.parse_attribute(None)?;
    if p.p.ctx.array_value(a).is_none() {
        return Err(custom_error(p, st, pos, "invalid kind of attribute specified"));
    }
    add_attr(p, st, "reassociation", a);
    Ok(())
}

/// Prints operand `i` of `op` (nothing when it has fewer operands).
pub(crate) fn print_operand(pr: &mut OpPrinter<'_>, op: OpId, i: usize) {
    let ir = pr.ir;
    if i < ir.num_operands(op) {
        pr.print_value(ir.operand(op, i));
    }
}

/// Prints the type of operand `i` of `op` (nothing when it has fewer
/// operands).
pub(crate) fn print_operand_type(pr: &mut OpPrinter<'_>, op: OpId, i: usize) {
    let ir = pr.ir;
    if i < ir.num_operands(op) {
        pr.print_type(ir.value_type(ir.operand(op, i)));
    }
}

/// Prints the type of the first result of `op` (nothing when it has none).
pub(crate) fn print_result_type(pr: &mut OpPrinter<'_>, op: OpId) {
    let ir = pr.ir;
    if ir.num_results(op) > 0 {
        pr.print_type(ir.value_type(ir.result(op, 0)));
    }
}

/// Prints ` <keyword>(%a = %v, ...)`: region arguments bound to initial
/// values (`iter_args`, `shared_outs`).
pub(crate) fn print_bound_args(pr: &mut OpPrinter<'_>, keyword: &str, args: &[ValueId], inits: &[ValueId]) {
    pr.out.push(' ');
    pr.out.push_str(keyword);
    pr.out.push('(');
    for (i, (&a, &v)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            pr.out.push_str(", ");
        }
        pr.print_value(a);
        pr.out.push_str(" = ");
        pr.print_value(v);
    }
    pr.out.push(')');
}

/// Suggests `name` for the result of a single-result op.
pub(crate) fn name_result(ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str), name: &str) {
    if ir.num_results(op) == 1 {
        set(ir.result(op, 0), name);
    }
}

/// `$src $reassociation output_shape [..] attr-dict : type into type`, the
/// custom syntax of `memref.expand_shape` and `tensor.expand_shape`.
pub(crate) struct ExpandShapeAsm {
    /// The constraint on the source and the result type.
    pub ok: TypePred,
    /// The name suggested for the result.
    pub hint: &'static str,
}

impl OpAsm for ExpandShapeAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let src = p.parse_operand()?;
        parse_reassociation(p, st)?;
        expect_keyword(p, "output_shape")?;
        let (values, statics) = parse_index_list_in(p, st, Delimiter::Square)?;
        add_attr(p, st, "static_output_shape", p.p.ctx.dense_i64_array_attr(&statics));
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let a = parse_type_of(p, st, self.ok)?;
        expect_keyword(p, "into")?;
        let b = parse_type_of(p, st, self.ok)?;
        let mut operands = vec![p.resolve_operand(src, a)?];
        operands.extend(values);
        st.operands = operands;
        st.result_types = vec![b];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push(' ');
        if let Some(a) = ir.attr(op, "reassociation") {
            pr.print_attr(a);
        }
        pr.out.push_str(" output_shape ");
        let values: Vec<ValueId> = ir.operands(op).skip(1).collect();
        let statics = static_dynamic::i64_array(ir, op, "static_output_shape");
        print_dynamic_index_list(pr, &values, &statics, &[], Delimiter::Square);
        pr.print_optional_attr_dict(ir.attrs(op), &["reassociation", "static_output_shape"]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" into ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, self.hint);
    }
}

/// MLIR's `ensureTerminator` for a single-block region with an implicit
/// terminator: adds the block if missing and appends `terminator` (with no
/// operands) when the block does not end in a terminator.
pub(crate) fn ensure_terminator(ir: &mut Ir, region: ir::RegionId, terminator: &str, loc: ir::Location) {
    let b = match ir.entry_block(region) {
        Some(b) => b,
        None => ir.append_block(region, &[], &[]),
    };
    let has_term = ir.last_op(b).is_some_and(|o| ir.has_trait(o, OpTraits::TERMINATOR));
    if !has_term {
        let name = ir.ctx().intern_str(terminator);
        ir.insert_new_op(ir::InsertPoint::BlockEnd(b), ir::OpSpec::new(name, loc));
    }
}

/// The region terminator that forwards all its operands to whichever
/// successor it returns to (`affine.yield`, `shape.assuming_yield`).
pub(crate) struct ForwardAllOperands;

impl ir::interfaces::RegionTerminator for ForwardAllOperands {
    fn forwarded_operands(
        &self,
        ir: &Ir,
        op: OpId,
        _to: ir::interfaces::RegionSuccessor,
    ) -> smallvec::SmallVec<[ValueId; 4]> {
        ir.operands(op).collect()
    }
}

/// `LoopLikeOpInterface` of a loop whose body is its first region
/// (`scf.for`, `scf.forall`, `scf.parallel`, `affine.for`,
/// `affine.parallel`).
pub(crate) struct FirstRegionLoop;

impl ir::interfaces::LoopLike for FirstRegionLoop {
    fn loop_regions(&self, ir: &Ir, op: OpId) -> smallvec::SmallVec<[ir::RegionId; 2]> {
        ir.regions(op).first().copied().into_iter().collect()
    }
}

/// Parses `[%a, %b]` (possibly empty): the index list of an indexed access.
pub(crate) fn parse_square_operands<'a>(p: &mut IrParser<'a, '_>) -> PResult<Vec<UnresolvedOperand<'a>>> {
    expect_token(p, TokenKind::LSquare)?;
    let l = p.parse_operand_list()?;
    expect_token(p, TokenKind::RSquare)?;
    Ok(l)
}

/// Prints ` %a, %b attr-dict : `: all operands of `op`, its attr-dict
/// without `elided`, and the colon before the types of an
/// `$operands attr-dict : type` format.
pub(crate) fn print_operands_attr_dict_colon(pr: &mut OpPrinter<'_>, op: OpId, elided: &[&str]) {
    let ir = pr.ir;
    pr.out.push(' ');
    pr.print_values(ir.operands(op));
    pr.print_optional_attr_dict(ir.attrs(op), elided);
    pr.out.push_str(" : ");
}

/// Prints `%m[%i, %j]`: operand `container` of `op` indexed by all the
/// operands after it.
pub(crate) fn print_indexed(pr: &mut OpPrinter<'_>, op: OpId, container: usize) {
    let ir = pr.ir;
    print_operand(pr, op, container);
    pr.out.push('[');
    pr.print_values(ir.operands(op).skip(container + 1));
    pr.out.push(']');
}

/// Prints the attr-dict of `op` without `elided`, and without the boolean
/// attribute `flag` when it holds its default, `false` (`nontemporal`).
pub(crate) fn print_attr_dict_eliding_false(pr: &mut OpPrinter<'_>, op: OpId, elided: &[&str], flag: &str) {
    let ir = pr.ir;
    let is_false = ir.attr(op, flag).is_some_and(|a| matches!(ir.ctx().attr_kind(a), ir::AttrKind::Bool(false)));
    if is_false {
        let mut names = elided.to_vec();
        names.push(flag);
        pr.print_optional_attr_dict(ir.attrs(op), &names);
    } else {
        pr.print_optional_attr_dict(ir.attrs(op), elided);
    }
}

// ----- pattern helpers ---------------------------------------------------------
// Constant matching and op creation shared by the canonicalization patterns
// of several dialects.

/// The attribute of a constant-like op defining `v` (MLIR's `m_Constant`).
pub fn const_attr(ir: &Ir, v: ValueId) -> Option<Attribute> {
    let def = ir.defining_op(v)?;
    if !ir.has_trait(def, OpTraits::CONSTANT_LIKE) {
        return None;
    }
    ir.attr_by(def, crate::arith::constant::VALUE_NAME.get(ir.ctx()))
}

/// The integer (or boolean) constant defining `v`.
pub fn const_int(ir: &Ir, v: ValueId) -> Option<i128> {
    let a = const_attr(ir, v)?;
    ir.ctx().int_value(a)
}

/// The bit width of an integer or index type (index: 64).
pub fn int_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.kind(t) {
        ir::TypeKind::Integer { width, .. } => Some(*width),
        ir::TypeKind::Index => Some(64),
        _ => None,
    }
}

/// Wraps `v` to a `width`-bit two's complement value, sign-extended.
pub fn wrap_signed(v: i128, width: u32) -> i128 {
    if width == 0 || width >= 128 {
        return v;
    }
    let shift = 128 - width;
    (v << shift) >> shift
}

/// Creates op `name` at the builder's insertion point, for patterns whose op
/// has no typed builder yet (a declared op is built with its own
/// `FooOp::build`).
pub fn build<B: OpBuilder + ?Sized>(
    b: &mut B,
    name: &str,
    loc: ir::Location,
    operands: &[ValueId],
    results: &[Type],
    attrs: &[ir::NamedAttr],
    num_regions: usize,
) -> OpId {
    let n = b.ir().ctx().intern_str(name);
    b.create(ir::OpSpec { operands, results, attrs, num_regions, ..ir::OpSpec::new(n, loc) })
}

/// `arith.constant` of `value` (typed `ty`) at the insertion point.
pub fn build_constant<B: OpBuilder + ?Sized>(b: &mut B, loc: ir::Location, value: Attribute, ty: Type) -> ValueId {
    let name = b.ir().ctx().intern_str("value");
    let c = build(b, "arith.constant", loc, &[], &[ty], &[ir::NamedAttr { name, value }], 0);
    b.ir().result(c, 0)
}

/// An `i1` `arith.constant` at the insertion point.
pub fn build_bool<B: OpBuilder + ?Sized>(b: &mut B, loc: ir::Location, v: bool) -> ValueId {
    let ctx = b.ir().ctx_arc().clone();
    build_constant(b, loc, ctx.bool_attr(v), ctx.i1_ty())
}

/// An op without a custom form that still names its results (shape's
/// `split_at` and `debug_print`, `test.custom_result_name`): printed in
/// generic form even by the custom printer, with the result names that
/// ODS or the op's `getAsmResultNames` gives.
pub(crate) struct GenericOnlyAsm {
    /// The result names, if any.
    pub result_names: Option<syntax::format::ResultNamesFn>,
}

impl OpAsm for GenericOnlyAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        Err(custom_error_at_name(st, p.p.ctx, "has no custom assembly form"))
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        // The printer wrote the (possibly shortened) op name; the generic
        // form writes the quoted full name instead.
        let name = pr.ir.op_name_str(op);
        let short = name.split_once('.').map_or(name, |(_, s)| s);
        for written in [name, short] {
            if pr.out.ends_with(written) {
                pr.out.truncate(pr.out.len() - written.len());
                break;
            }
        }
        pr.print_generic_op(op);
    }

    fn result_names(&self, ir: &ir::Ir, op: OpId, set: &mut dyn FnMut(ir::ValueId, &str)) {
        if let Some(f) = self.result_names {
            f(ir, op, set);
        }
    }
}

#[cfg(test)]
mod tests {
    //! The shared operand/result type checks on a parsed op.

    use super::*;
    use crate::test_util::{find, parse};

    fn is_index(ctx: &Context, t: Type) -> bool {
        ctx.is_index(t)
    }

    fn message(r: Result<(), Diagnostic>) -> String {
        r.err().map(|d| d.message).unwrap_or_default()
    }

    #[test]
    fn operand_and_result_type_checks() {
        let (ir, top) = parse(
            r#"
func.func @f(%a: i32, %b: index) {
  %r = "test.op"(%b, %a) : (index, i32) -> i32
  return
}
"#,
        );
        let op = find(&ir, top, "test.op");
        assert_eq!(
            message(check_operands(&ir, op, 0..2, is_index, "index")),
            "'test.op' op operand #1 must be index, but got 'i32'"
        );
        assert_eq!(
            message(check_types(&ir, op, false, 1..2, is_index, "variadic of ", "index")),
            "'test.op' op operand #1 must be variadic of index, but got 'i32'"
        );
        assert_eq!(
            message(check_results(&ir, op, 0..3, is_index, "index")),
            "'test.op' op result #0 must be index, but got 'i32'"
        );
        // Numbers past the op's operands are skipped, not reported.
        assert!(check_operands(&ir, op, 0..1, is_index, "index").is_ok());
        assert!(check_operands(&ir, op, 2..9, |_, _| false, "nothing").is_ok());
        assert!(check_results(&ir, op, 1..4, |_, _| false, "nothing").is_ok());
    }
}
