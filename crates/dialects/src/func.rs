//! The `func` dialect: `func.func`, `func.return`, `func.call`,
//! `func.call_indirect` and `func.constant`, with mlir-opt-19's custom
//! syntax and verifiers.

use crate::declare_op;
use crate::func_interfaces::{FuncInterfaces, IndirectCallee, SymbolCallee};
use crate::util::{check_min_operands, check_num_operands, check_num_results, op_error, register_dialect};
use ir::op_decl::{AnyAttr, FlatSymbolRef, Opt, StrAttr, TypeAttr};
use ir::{AttrKind, Attribute, Context, Diagnostic, Ir, NamedAttr, OpId, OpTraits, Type, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{ArgDecl, IrParser};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

declare_op! {
    /// `func.func`: a function (a declaration when its body is empty).
    pub struct FuncOp = "func.func" {
        traits: OpTraits(OpTraits::ISOLATED_FROM_ABOVE.0 | OpTraits::SYMBOL.0 | OpTraits::AUTOMATIC_ALLOCATION_SCOPE.0),
        attrs: [arg_attrs: AnyAttr, function_type: TypeAttr, res_attrs: AnyAttr, sym_name: StrAttr, sym_visibility: Opt<StrAttr>],
        regions: [body: Single],
        verify: verify_func,
        asm: FuncAsm,
        interfaces: [
            ir::interfaces::Callable => FuncInterfaces,
            ir::interfaces::SymbolOp => FuncInterfaces,
        ],
    }
}

declare_op! {
    /// `func.return`: returns from the enclosing function.
    pub struct ReturnOp = "func.return" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::RETURN_LIKE.0 | OpTraits::PURE.0),
        operands: [operands: Variadic],
        verify: verify_return,
        format: "attr-dict ($operands^ `:` type($operands))?",
    }
}

declare_op! {
    /// `func.call`: a direct call of a symbol.
    pub struct CallOp = "func.call" {
        traits: OpTraits::SYMBOL_USER,
        operands: [operands: Variadic],
        attrs: [callee: FlatSymbolRef],
        results: [results: Variadic],
        verify: verify_call,
        asm: CallAsm,
        interfaces: [ir::interfaces::CallOp => SymbolCallee],
    }
}

declare_op! {
    /// `func.call_indirect`: a call of a function value.
    pub struct CallIndirectOp = "func.call_indirect" {
        traits: OpTraits::default(),
        operands: [callee: Single, callee_operands: Variadic],
        results: [results: Variadic],
        verify: verify_call_indirect,
        asm: CallIndirectAsm,
        interfaces: [ir::interfaces::CallOp => IndirectCallee],
        patterns: ["CallIndirectOp" => call_indirect_of_constant],
    }
}

declare_op! {
    /// `func.constant`: a function symbol as a value. A symbol user: its
    /// verifier looks the function up in the module.
    pub struct ConstantOp = "func.constant" {
        traits: OpTraits(OpTraits::PURE.0 | OpTraits::CONSTANT_LIKE.0 | OpTraits::SYMBOL_USER.0),
        attrs: [value: AnyAttr],
        results: [result: Single],
        verify: verify_constant,
        asm: ConstantAsm,
    }
}

/// The tail of a function-like op's custom form (upstream's
/// `parseFunctionOp`): the optional `attributes {...}`, then the optional
/// body with `args` as its entry arguments (a present body must not be
/// empty). With type-only arguments the body spells its entry block
/// (`^bb0(...)`) and the verifier matches it against the signature.
pub(crate) fn parse_function_tail<'a>(p: &mut IrParser<'a, '_>, st: &mut OpState, args: &[ArgDecl<'a>]) -> PResult<()> {
    if p.p.eat_keyword("attributes") {
        p.p.parse_attr_dict(&mut st.attrs)?;
    }
    let r = p.ir.create_region();
    if p.p.at(TokenKind::LBrace) {
        let body_pos = p.p.tok.start;
        p.parse_region(r, args, false)?;
        if p.ir.region_is_empty(r) {
            return Err(p.p.error_at(body_pos, "expected non-empty function body"));
        }
    }
    st.regions.push(r);
    Ok(())
}

/// Registers the func dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "func", false);
    crate::register_ops!(ctx, [FuncOp, ReturnOp, CallOp, CallIndirectOp, ConstantOp]);
}

/// `func.call_indirect` of a `func.constant` callee → `func.call` of the
/// symbol (upstream's `CallIndirectOp::canonicalize`).
fn call_indirect_of_constant(op: OpId, rw: &mut ir::rewrite_api::PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) == 0 {
        return false;
    }
    let Some(callee) = crate::util::const_attr(ir, CallIndirectOp(op).callee(ir)) else { return false };
    if !matches!(ir.ctx().attr_kind(callee), ir::AttrKind::SymbolRef { .. }) {
        return false;
    }
    let args: Vec<ValueId> = ir.operands(op).skip(1).collect();
    let results: Vec<Type> = ir.result_types(op).to_vec();
    let loc = ir.op_loc(op);
    let attrs = [NamedAttr { name: ir.ctx().intern_str("callee"), value: callee }];
    rw.set_insertion_point(ir::InsertPoint::Before(op));
    let call = crate::util::build(rw, "func.call", loc, &args, &results, &attrs, 0);
    let new: Vec<ValueId> = rw.ir().results(call).collect();
    rw.replace_op(op, &new);
    true
}

/// The function type of a `func.func`.
pub fn func_type(ir: &Ir, f: OpId) -> Option<Type> {
    FuncOp(f).function_type(ir)
}

fn verify_func(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(fty) = func_type(ir, op) else {
        return Err(Diagnostic::error(ir.op_loc(op), "'func.func' op requires attribute 'function_type'"));
    };
    let Some((ins, _)) = ctx.function_sig(fty) else {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type",
        ));
    };
    verify_arg_result_attrs(ir, op, ins.len(), ctx.function_sig(fty).map_or(0, |(_, o)| o.len()))?;
    let body = ir.region(op, 0);
    if let Some(entry) = ir.entry_block(body) {
        let args = ir.block_args(entry);
        if args.len() != ins.len() {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("'func.func' op entry block must have {} arguments to match function signature", ins.len()),
            ));
        }
        for (i, (&a, &t)) in args.iter().zip(ins.iter()).enumerate() {
            if ir.value_type(a) != t {
                return Err(Diagnostic::error(
                    ir.op_loc(op),
                    format!(
                        "'func.func' op type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                        syntax::print_attr::type_to_string(ctx, ir.value_type(a)),
                        syntax::print_attr::type_to_string(ctx, t)
                    ),
                ));
            }
        }
    } else if FuncOp(op).sym_visibility(ir) == Some("public") || ir.attr(op, "sym_visibility").is_none() {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'func.func' op symbol declaration cannot have public visibility",
        ));
    }
    Ok(())
}

/// `FunctionOpInterface`'s checks of `arg_attrs` / `res_attrs`: one
/// dictionary per argument / result, holding only dialect attributes (a
/// `.` in the name), each checked by its dialect's attribute verifier.
fn verify_arg_result_attrs(ir: &Ir, op: OpId, num_args: usize, num_results: usize) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let lists = [("arg_attrs", "argument", "arguments", num_args), ("res_attrs", "result", "results", num_results)];
    for (attr, one, many, n) in lists {
        let Some(a) = ir.attr(op, attr) else { continue };
        let Some(list) = ctx.array_value(a) else { continue };
        if list.len() != n {
            return Err(op_error(
                ir,
                op,
                format!(
                    "expects {one} attribute array to have the same number of elements as the number of function {many}, got {}, but expected {n}",
                    list.len()
                ),
            ));
        }
        for (i, &d) in list.iter().enumerate() {
            let AttrKind::Dictionary(entries) = ctx.attr_kind(d) else {
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        "expects {one} attribute dictionary to be a DictionaryAttr, but got `{}`",
                        syntax::print_attr::attr_to_string(ctx, d)
                    ),
                ));
            };
            // Each is a dialect attribute, checked by its dialect.
            for &e in entries {
                if !ctx.str(e.name).contains('.') {
                    return Err(op_error(ir, op, format!("{many} may only have dialect attributes")));
                }
                let Some(v) = ctx.registry().attr_verifier_for(ctx.str(e.name)) else { continue };
                if one == "argument" {
                    v.verify_region_arg_attr(ir, op, 0, i, e)?;
                } else {
                    v.verify_region_result_attr(ir, op, 0, i, e)?;
                }
            }
        }
    }
    Ok(())
}

fn enclosing_func(ir: &Ir, op: OpId) -> Option<OpId> {
    ir.parent_op(op).filter(|&p| ir.is_op(p, "func.func"))
}

fn verify_return(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(f) = enclosing_func(ir, op) else {
        return Err(Diagnostic::error(ir.op_loc(op), "'func.return' op expects parent op 'func.func'"));
    };
    let Some((_, outs)) = func_type(ir, f).and_then(|t| ctx.function_sig(t)) else { return Ok(()) };
    let name = FuncOp(f).sym_name(ir).unwrap_or("");
    if outs.len() != ir.num_operands(op) {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "'func.return' op has {} operands, but enclosing function (@{name}) returns {}",
                ir.num_operands(op),
                outs.len()
            ),
        ));
    }
    for (i, (v, &t)) in ir.operands(op).zip(outs.iter()).enumerate() {
        if ir.value_type(v) != t {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!(
                    "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{name}",
                    syntax::print_attr::type_to_string(ctx, ir.value_type(v)),
                    syntax::print_attr::type_to_string(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}

/// `func.call_indirect`: a callee of function type whose inputs and results
/// match the arguments and results.
fn verify_call_indirect(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_min_operands(ir, op, 1)?;
    let ctx = ir.ctx();
    let callee_ty = ir.value_type(ir.operand(op, 0));
    let Some((inputs, results)) = ctx.function_sig(callee_ty) else {
        let got = syntax::print_attr::type_to_string(ctx, callee_ty);
        return Err(op_error(ir, op, format!("operand #0 must be function type, but got '{got}'")));
    };
    if !inputs.iter().copied().eq(ir.operands(op).skip(1).map(|v| ir.value_type(v))) {
        return Err(op_error(ir, op, "failed to verify that callee input types match argument types"));
    }
    if !results.iter().copied().eq(ir.results(op).map(|v| ir.value_type(v))) {
        return Err(op_error(ir, op, "failed to verify that callee result types match result types"));
    }
    Ok(())
}

/// `func.constant`: one result, no operands, a flat symbol reference
/// `value` (symbol uses are checked with the symbol table).
fn verify_constant(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_results(ir, op, 1)?;
    check_num_operands(ir, op, 0)?;
    let flat = ir
        .attr(op, "value")
        .is_some_and(|a| matches!(ir.ctx().attr_kind(a), AttrKind::SymbolRef { nested, .. } if nested.is_empty()));
    if !flat {
        return Err(op_error(
            ir,
            op,
            "attribute 'value' failed to satisfy constraint: flat symbol reference attribute",
        ));
    }
    // `ConstantOp::verify`: the function must exist with the result's type.
    let ctx = ir.ctx();
    let Some(value) = ConstantOp(op).value(ir) else { return Ok(()) };
    let name = ctx.symbol_ref_root(value).map(|r| ctx.str(r).to_string()).unwrap_or_default();
    let Some(f) = ir.resolve_symbol_ref(op, value).filter(|&f| ir.is_op(f, "func.func")) else {
        return Err(op_error(ir, op, format!("reference to undefined function '{name}'")));
    };
    if func_type(ir, f) != Some(ir.value_type(ir.result(op, 0))) {
        return Err(op_error(ir, op, "reference to function with mismatched type"));
    }
    Ok(())
}

fn verify_call(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(callee) = ir.attr(op, "callee") else {
        return Err(Diagnostic::error(ir.op_loc(op), "'func.call' op requires attribute 'callee'"));
    };
    let Some(root) = ctx.symbol_ref_root(callee) else {
        return Err(Diagnostic::error(ir.op_loc(op), "'func.call' op requires a symbol reference 'callee'"));
    };
    let name = ctx.str(root).to_string();
    let target = ir.resolve_symbol_ref(op, callee).filter(|&f| ir.is_op(f, "func.func"));
    let Some(f) = target else {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!("'func.call' op '{name}' does not reference a valid function"),
        ));
    };
    let Some((ins, outs)) = func_type(ir, f).and_then(|t| ctx.function_sig(t)) else { return Ok(()) };
    if ins.len() != ir.num_operands(op) {
        return Err(Diagnostic::error(ir.op_loc(op), "'func.call' op incorrect number of operands for callee"));
    }
    for (i, (v, &t)) in ir.operands(op).zip(ins.iter()).enumerate() {
        if ir.value_type(v) != t {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!(
                    "'func.call' op operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    syntax::print_attr::type_to_string(ctx, t),
                    syntax::print_attr::type_to_string(ctx, ir.value_type(v))
                ),
            ));
        }
    }
    if outs.len() != ir.num_results(op) {
        return Err(Diagnostic::error(ir.op_loc(op), "'func.call' op incorrect number of results for callee"));
    }
    for (i, (v, &t)) in ir.results(op).zip(outs.iter()).enumerate() {
        if ir.value_type(v) != t {
            let e = Diagnostic::error(ir.op_loc(op), format!("'func.call' op result type mismatch at index {i}"))
                .with_note(ir.op_loc(op), format!("      op result types: {}", types_str(ctx, &ir.result_types(op))))
                .with_note(ir.op_loc(op), format!("function result types: {}", types_str(ctx, outs)));
            return Err(e);
        }
    }
    Ok(())
}

fn types_str(ctx: &Context, ts: &[Type]) -> String {
    ts.iter().map(|&t| format!("'{}'", syntax::print_attr::type_to_string(ctx, t))).collect::<Vec<_>>().join(", ")
}

pub(crate) struct FuncAsm;

fn dict_or_empty(ctx: &Context, attrs: &[NamedAttr]) -> Attribute {
    ctx.dict_attr(attrs)
}

impl OpAsm for FuncAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        // Visibility.
        for vis in ["private", "public", "nested"] {
            if p.p.at_keyword(vis) {
                p.p.bump();
                st.add_attr(ctx.intern_str("sym_visibility"), ctx.str_attr(vis));
                break;
            }
        }
        if !p.p.at(TokenKind::AtIdent) {
            return Err(p.p.error_here("expected valid '@'-identifier for symbol name"));
        }
        let name = p.parse_symbol_name()?;
        st.add_attr(ctx.intern_str("sym_name"), ctx.str_attr(&name));
        // Arguments.
        p.p.expect(TokenKind::LParen, "expected '(' in function signature")?;
        let mut args: Vec<ArgDecl<'_>> = Vec::new();
        let mut arg_types: Vec<Type> = Vec::new();
        let mut arg_attrs: Vec<Vec<NamedAttr>> = Vec::new();
        let mut named = None;
        if !p.p.at(TokenKind::RParen) {
            loop {
                let is_named = p.p.at(TokenKind::PercentIdent);
                match named {
                    None => named = Some(is_named),
                    Some(true) if !is_named => return Err(p.p.error_here("expected SSA identifier")),
                    Some(false) if is_named => {
                        return Err(p.p.error_here("expected type instead of SSA identifier"));
                    }
                    _ => {}
                }
                let mut attrs = Vec::new();
                if is_named {
                    let name = p.parse_operand()?;
                    p.p.expect(TokenKind::Colon, "expected ':'")?;
                    let ty = p.p.parse_type()?;
                    if p.p.at(TokenKind::LBrace) {
                        p.p.parse_attr_dict(&mut attrs)?;
                    }
                    let mut loc = p.p.loc_at(name.pos);
                    if p.p.at_keyword("loc") {
                        p.p.bump();
                        loc = p.p.parse_location_body()?;
                    }
                    args.push(ArgDecl { name, ty, loc });
                    arg_types.push(ty);
                } else {
                    let ty = p.p.parse_type()?;
                    if p.p.at(TokenKind::LBrace) {
                        p.p.parse_attr_dict(&mut attrs)?;
                    }
                    arg_types.push(ty);
                }
                arg_attrs.push(attrs);
                if !p.p.eat(TokenKind::Comma) {
                    break;
                }
            }
        }
        p.p.expect(TokenKind::RParen, "expected ')' in function signature")?;
        // Results.
        let mut res_types: Vec<Type> = Vec::new();
        let mut res_attrs: Vec<Vec<NamedAttr>> = Vec::new();
        if p.p.eat(TokenKind::Arrow) {
            if p.p.eat(TokenKind::LParen) {
                if !p.p.at(TokenKind::RParen) {
                    loop {
                        res_types.push(p.p.parse_type()?);
                        let mut attrs = Vec::new();
                        if p.p.at(TokenKind::LBrace) {
                            p.p.parse_attr_dict(&mut attrs)?;
                        }
                        res_attrs.push(attrs);
                        if !p.p.eat(TokenKind::Comma) {
                            break;
                        }
                    }
                }
                p.p.expect(TokenKind::RParen, "expected ')' in function result list")?;
            } else {
                res_types.push(p.p.parse_type()?);
                res_attrs.push(Vec::new());
            }
        }
        let fty = ctx.function_ty(&arg_types, &res_types);
        st.add_attr(ctx.intern_str("function_type"), ctx.type_attr(fty));
        if arg_attrs.iter().any(|a| !a.is_empty()) {
            let arr: Vec<Attribute> = arg_attrs.iter().map(|a| dict_or_empty(ctx, a)).collect();
            st.add_attr(ctx.intern_str("arg_attrs"), ctx.array_attr(&arr));
        }
        if res_attrs.iter().any(|a| !a.is_empty()) {
            let arr: Vec<Attribute> = res_attrs.iter().map(|a| dict_or_empty(ctx, a)).collect();
            st.add_attr(ctx.intern_str("res_attrs"), ctx.array_attr(&arr));
        }
        parse_function_tail(p, st, &args)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        pr.out.push(' ');
        if let Some(v) = FuncOp(op).sym_visibility(ir) {
            pr.out.push_str(v);
            pr.out.push(' ');
        }
        let name = FuncOp(op).sym_name(ir).unwrap_or("");
        syntax::print_attr::print_symbol_name(name, &mut pr.out);
        let (ins, outs) = func_type(ir, op)
            .and_then(|t| ctx.function_sig(t))
            .map(|(a, b)| (a.to_vec(), b.to_vec()))
            .unwrap_or_default();
        let body = ir.region(op, 0);
        let entry = ir.entry_block(body);
        let arg_attrs = FuncOp(op).arg_attrs(ir).and_then(|a| ctx.array_value(a)).map(|a| a.to_vec());
        let res_attrs = FuncOp(op).res_attrs(ir).and_then(|a| ctx.array_value(a)).map(|a| a.to_vec());
        pr.out.push('(');
        for (i, &t) in ins.iter().enumerate() {
            if i > 0 {
                pr.out.push_str(", ");
            }
            let attrs: Vec<NamedAttr> = arg_attrs
                .as_ref()
                .and_then(|a| a.get(i))
                .and_then(|&d| match ctx.attr_kind(d) {
                    AttrKind::Dictionary(e) => Some(e.to_vec()),
                    _ => None,
                })
                .unwrap_or_default();
            match entry {
                Some(b) => {
                    let a: ValueId = ir.block_arg(b, i);
                    pr.print_value(a);
                    pr.out.push_str(": ");
                    pr.print_type(ir.value_type(a));
                    // mlir-opt-19's alias pass does not look into the
                    // attributes of a body's arguments (`printRegionArgument`
                    // of its dummy printer), so they print without aliases.
                    if !pr.collecting_aliases() {
                        pr.print_optional_attr_dict(&attrs, &[]);
                    }
                    if pr.opts.debug_info {
                        pr.out.push(' ');
                        pr.print_arg_loc(ir.value_loc(a));
                    }
                }
                None => {
                    pr.print_type(t);
                    pr.print_optional_attr_dict(&attrs, &[]);
                }
            }
        }
        pr.out.push(')');
        if !outs.is_empty() {
            pr.out.push_str(" -> ");
            let attr_of = |i: usize| -> Vec<NamedAttr> {
                res_attrs
                    .as_ref()
                    .and_then(|a| a.get(i))
                    .and_then(|&d| match ctx.attr_kind(d) {
                        AttrKind::Dictionary(e) => Some(e.to_vec()),
                        _ => None,
                    })
                    .unwrap_or_default()
            };
            let parens = outs.len() > 1 || ctx.function_sig(outs[0]).is_some() || !attr_of(0).is_empty();
            if parens {
                pr.out.push('(');
            }
            for (i, &t) in outs.iter().enumerate() {
                if i > 0 {
                    pr.out.push_str(", ");
                }
                pr.print_type(t);
                pr.print_optional_attr_dict(&attr_of(i), &[]);
            }
            if parens {
                pr.out.push(')');
            }
        }
        pr.print_optional_attr_dict_with_keyword(
            ir.attrs(op),
            &["sym_visibility", "function_type", "arg_attrs", "res_attrs", "sym_name"],
        );
        if entry.is_some() {
            pr.out.push(' ');
            pr.print_region(body, false, true, false);
        }
    }

    fn default_dialect(&self) -> Option<&'static str> {
        Some("func")
    }
}

struct CallAsm;

impl OpAsm for CallAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        if !p.p.at(TokenKind::AtIdent) {
            return Err(p.p.error_here("expected attribute value"));
        }
        let callee = p.p.parse_attribute(None)?;
        st.add_attr(ctx.intern_str("callee"), callee);
        let ops = p.parse_paren_operand_list()?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        (st.operands, st.result_types) = p.parse_call_signature(&ops, "expected function type")?;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        if let Some(c) = CallOp(op).callee_attr(ir) {
            pr.print_attr(c);
        }
        pr.out.push('(');
        pr.print_values(ir.operands(op));
        pr.out.push(')');
        pr.print_optional_attr_dict(ir.attrs(op), &["callee"]);
        pr.out.push_str(" : ");
        pr.print_functional_type(&ir.operand_types(op), &ir.result_types(op));
    }
}

struct CallIndirectAsm;

impl OpAsm for CallIndirectAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let callee = p.parse_operand()?;
        let ops = p.parse_paren_operand_list()?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let sig = p.parse_function_signature("expected function type")?;
        let c = p.resolve_operand(callee, sig.ty)?;
        let mut operands = vec![c];
        operands.extend(p.resolve_operands(&ops, &sig.inputs, sig.pos)?);
        st.operands = operands;
        st.result_types = sig.results;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(CallIndirectOp(op).callee(ir));
        pr.out.push('(');
        pr.print_values(ir.operands(op).skip(1));
        pr.out.push(')');
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        pr.print_type(ir.value_type(CallIndirectOp(op).callee(ir)));
    }
}

struct ConstantAsm;

impl OpAsm for ConstantAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let pos = p.p.tok.start;
        let v = p.p.parse_attribute(None)?;
        // `FlatSymbolRefAttr:$value`.
        if !matches!(ctx.attr_kind(v), AttrKind::SymbolRef { nested, .. } if nested.is_empty()) {
            return Err(p.p.error_at(pos, "invalid kind of attribute specified"));
        }
        st.add_attr(ctx.intern_str("value"), v);
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        st.result_types = vec![p.p.parse_type()?];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.print_optional_attr_dict(ir.attrs(op), &["value"]);
        pr.out.push(' ');
        if let Some(v) = ConstantOp(op).value(ir) {
            pr.print_attr(v);
        }
        pr.out.push_str(" : ");
        pr.print_types(ir.result_types(op));
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        set(ir.result(op, 0), "f");
    }
}
