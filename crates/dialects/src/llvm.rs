//! A minimal subset of the `llvm` dialect: `llvm.func`, `llvm.call`,
//! `llvm.return` and `llvm.unreachable`, enough for modules that mix LLVM functions with `func`
//! ones (bufferization leaves them alone: they are neither `func.func` nor
//! `func.call`). Every inherent attribute of mlir-opt-19's ODS is declared
//! (so generic printing sorts them as upstream does); the LLVM dialect's own
//! attributes and types are kept as opaque attributes and types
//! (`#llvm.cconv<ccc>`, `!llvm.func<void ()>`).
//!
//! Custom syntax supported (mlir-opt-19's spelling):
//! * `llvm.func [linkage] @name(<types> | <%arg: type, ...>) [-> type]
//!   [attributes {...}] [{ body }]`: external linkage and the default
//!   visibility, `unnamed_addr` and calling convention (what the parser
//!   fills in when they are absent); no variadic functions;
//! * `llvm.call @callee(%args) [attr-dict] : (types) -> results` (direct
//!   calls with the default calling convention and tail-call kind);
//! * `llvm.return [%v : type]`;
//! * `llvm.unreachable`.

use crate::declare_op;
use crate::util::{op_error, register_dialect};
use ir::interfaces::{Callee, SymbolOp};
use ir::op_decl::{AnyAttr, FlatSymbolRef, Opt, StrAttr};
use ir::{AttrKind, Context, Diagnostic, Ir, OpId, OpTraits, Type, TypeKind, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{ArgDecl, IrParser};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

declare_op! {
    /// `llvm.func`: an LLVM function (a declaration when its body is empty).
    pub struct LLVMFuncOp = "llvm.func" {
        traits: OpTraits(OpTraits::ISOLATED_FROM_ABOVE.0 | OpTraits::SYMBOL.0 | OpTraits::AUTOMATIC_ALLOCATION_SCOPE.0),
        attrs: [
            sym_name: StrAttr,
            sym_visibility: Opt<StrAttr>,
            function_type: AnyAttr,
            linkage: Opt<AnyAttr>,
            dso_local: Opt<AnyAttr>,
            cconv as "CConv": Opt<AnyAttr>,
            comdat: Opt<AnyAttr>,
            convergent: Opt<AnyAttr>,
            personality: Opt<AnyAttr>,
            garbage_collector as "garbageCollector": Opt<AnyAttr>,
            passthrough: Opt<AnyAttr>,
            arg_attrs: Opt<AnyAttr>,
            res_attrs: Opt<AnyAttr>,
            function_entry_count: Opt<AnyAttr>,
            memory: Opt<AnyAttr>,
            visibility_: Opt<AnyAttr>,
            arm_streaming: Opt<AnyAttr>,
            arm_locally_streaming: Opt<AnyAttr>,
            arm_streaming_compatible: Opt<AnyAttr>,
            arm_new_za: Opt<AnyAttr>,
            arm_in_za: Opt<AnyAttr>,
            arm_out_za: Opt<AnyAttr>,
            arm_inout_za: Opt<AnyAttr>,
            arm_preserves_za: Opt<AnyAttr>,
            section: Opt<AnyAttr>,
            unnamed_addr: Opt<AnyAttr>,
            alignment: Opt<AnyAttr>,
            vscale_range: Opt<AnyAttr>,
            frame_pointer: Opt<AnyAttr>,
            target_cpu: Opt<AnyAttr>,
            tune_cpu: Opt<AnyAttr>,
            target_features: Opt<AnyAttr>,
            unsafe_fp_math: Opt<AnyAttr>,
            no_infs_fp_math: Opt<AnyAttr>,
            no_nans_fp_math: Opt<AnyAttr>,
            approx_func_fp_math: Opt<AnyAttr>,
            no_signed_zeros_fp_math: Opt<AnyAttr>,
            denormal_fp_math: Opt<AnyAttr>,
            denormal_fp_math_f32: Opt<AnyAttr>,
            fp_contract: Opt<AnyAttr>,
            no_inline: Opt<AnyAttr>,
            always_inline: Opt<AnyAttr>,
            no_unwind: Opt<AnyAttr>,
            will_return: Opt<AnyAttr>,
            optimize_none: Opt<AnyAttr>,
        ],
        regions: [body: Single],
        verify: verify_func,
        asm: FuncAsm,
        interfaces: [SymbolOp => LLVMSymbol],
    }
}

declare_op! {
    /// `llvm.call`: a call of an LLVM function (direct calls only here).
    pub struct LLVMCallOp = "llvm.call" {
        traits: OpTraits::SYMBOL_USER,
        operands: [callee_operands: Variadic],
        attrs: [
            var_callee_type: Opt<AnyAttr>,
            callee: Opt<FlatSymbolRef>,
            fastmath_flags as "fastmathFlags": Opt<AnyAttr>,
            branch_weights: Opt<AnyAttr>,
            cconv as "CConv": Opt<AnyAttr>,
            tail_call_kind as "TailCallKind": Opt<AnyAttr>,
            access_groups: Opt<AnyAttr>,
            alias_scopes: Opt<AnyAttr>,
            noalias_scopes: Opt<AnyAttr>,
            tbaa: Opt<AnyAttr>,
        ],
        results: [result: Optional],
        verify: verify_call,
        asm: CallAsm,
        interfaces: [ir::interfaces::CallOp => LLVMSymbol],
    }
}

declare_op! {
    /// `llvm.return`: returns from the enclosing `llvm.func`.
    pub struct LLVMReturnOp = "llvm.return" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::RETURN_LIKE.0 | OpTraits::PURE.0),
        operands: [arg: Optional],
        format: "attr-dict ($arg^ `:` type($arg))?",
    }
}

declare_op! {
    /// `llvm.unreachable`: control never reaches it (a terminator with
    /// unknown effects, as upstream's).
    pub struct LLVMUnreachableOp = "llvm.unreachable" {
        traits: OpTraits::TERMINATOR,
        format: "attr-dict",
    }
}

/// Registers the `llvm` subset.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "llvm", false);
    crate::register_ops!(ctx, [LLVMFuncOp, LLVMCallOp, LLVMReturnOp, LLVMUnreachableOp]);
}

/// [`SymbolOp`] for `llvm.func` and [`ir::interfaces::CallOp`] for
/// `llvm.call`.
pub(crate) struct LLVMSymbol;

impl SymbolOp for LLVMSymbol {
    fn is_declaration(&self, ir: &Ir, op: OpId) -> bool {
        ir.regions(op).first().is_none_or(|&r| ir.region_is_empty(r))
    }
}

impl ir::interfaces::CallOp for LLVMSymbol {
    fn callee(&self, ir: &Ir, op: OpId) -> Option<Callee> {
        let a = ir.attr(op, "callee")?;
        ir.ctx().symbol_ref_root(a).map(|_| Callee::Symbol(a))
    }
    fn arg_operands(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        0..ir.num_operands(op)
    }
}

/// An attribute of the `llvm` dialect, kept verbatim: `#llvm.<body>`.
fn llvm_attr(ctx: &Context, body: &str) -> ir::Attribute {
    ctx.attr(AttrKind::Opaque { dialect: ctx.intern_str("llvm"), body: ctx.intern_str(body), ty: None })
}

/// A type as it is spelled inside an LLVM function type: the `llvm`
/// dialect's own types without their `!llvm.` prefix.
fn llvm_type_text(ctx: &Context, t: Type) -> String {
    let s = syntax::print_attr::type_to_string(ctx, t);
    s.strip_prefix("!llvm.").map(str::to_string).unwrap_or(s)
}

/// `!llvm.func<ret (args)>` with `void` for no result.
fn llvm_function_type(ctx: &Context, ins: &[Type], out: Option<Type>) -> Type {
    let ret = out.map_or_else(|| "void".to_string(), |t| llvm_type_text(ctx, t));
    let args: Vec<String> = ins.iter().map(|&t| llvm_type_text(ctx, t)).collect();
    let body = format!("func<{ret} ({})>", args.join(", "));
    ctx.ty(TypeKind::Opaque { dialect: ctx.intern_str("llvm"), body: ctx.intern_str(&body) })
}

/// Splits `s` at top-level `sep` (outside `<>`, `()`, `[]`, `{}`, quotes).
fn split_top(s: &str, sep: char) -> Vec<&str> {
    let (mut depth, mut start, mut quoted) = (0i32, 0usize, false);
    let mut out = Vec::new();
    for (i, c) in s.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '<' | '(' | '[' | '{' if !quoted => depth += 1,
            '>' | ')' | ']' | '}' if !quoted => depth -= 1,
            c if c == sep && depth == 0 && !quoted => {
                out.push(&s[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// The parameter and result texts of an `!llvm.func<ret (args)>` type
/// (`None` for a `void` result), as the custom syntax spells them.
fn signature_texts(ir: &Ir, op: OpId) -> Option<(Vec<String>, Option<String>)> {
    let ctx = ir.ctx();
    let ty = ctx.type_value(LLVMFuncOp(op).function_type(ir)?)?;
    let TypeKind::Opaque { dialect, body } = ctx.kind(ty) else { return None };
    if ctx.str(*dialect) != "llvm" {
        return None;
    }
    let inner = ctx.str(*body).strip_prefix("func<")?.strip_suffix('>')?;
    let parts = split_top(inner, ' ');
    // `ret (args)`: the first top-level space separates the result.
    let ret = parts.first()?.to_string();
    let rest = inner[ret.len()..].trim_start();
    let args = rest.strip_prefix('(')?.strip_suffix(')')?;
    let full = |t: &str| -> String {
        let builtin = t.starts_with('!')
            || t.starts_with("tensor<")
            || t.starts_with("vector<")
            || t.starts_with("memref<")
            || t.starts_with("complex<")
            || ["index", "none", "bf16", "tf32"].contains(&t)
            || (t.len() > 1
                && (t.starts_with('i') || t.starts_with('f'))
                && t[1..].bytes().all(|b| b.is_ascii_digit()));
        if builtin {
            t.to_string()
        } else {
            format!("!llvm.{t}")
        }
    };
    let params =
        if args.trim().is_empty() { Vec::new() } else { split_top(args, ',').iter().map(|a| full(a.trim())).collect() };
    Some((params, (ret != "void").then(|| full(&ret))))
}

fn verify_func(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if signature_texts(ir, op).is_none() {
        return Err(op_error(
            ir,
            op,
            "attribute 'function_type' failed to satisfy constraint: type attribute of LLVM function type",
        ));
    }
    Ok(())
}

/// Direct calls: the callee must be an `llvm.func` in scope (upstream's
/// `verifySymbolUses` wording).
fn verify_call(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(callee) = ir.attr(op, "callee") else {
        return Err(op_error(ir, op, "indirect calls are not supported by bufopt's llvm subset"));
    };
    let name = ctx.symbol_ref_root(callee).map(|r| ctx.str(r).to_string()).unwrap_or_default();
    let Some(f) = ir.resolve_symbol_ref(op, callee) else {
        return Err(op_error(ir, op, format!("'{name}' does not reference a symbol in the current scope")));
    };
    if !LLVMFuncOp::matches(ir, f) {
        return Err(op_error(ir, op, format!("'{name}' does not reference a valid LLVM function")));
    }
    Ok(())
}

/// The linkage keywords of `llvm.func` (mlir-opt-19's `Linkage` enum).
const LINKAGES: [&str; 11] = [
    "private",
    "internal",
    "available_externally",
    "linkonce",
    "weak",
    "common",
    "appending",
    "extern_weak",
    "linkonce_odr",
    "weak_odr",
    "external",
];

struct FuncAsm;

impl OpAsm for FuncAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let mut linkage = "external";
        for l in LINKAGES {
            if p.p.at_keyword(l) {
                p.p.bump();
                linkage = l;
                break;
            }
        }
        if !p.p.at(TokenKind::AtIdent) {
            return Err(p.p.error_here("expected valid '@'-identifier for symbol name"));
        }
        let name_pos = p.p.tok.start;
        let name = p.parse_symbol_name()?;
        p.p.expect(TokenKind::LParen, "expected '(' in function signature")?;
        let mut args: Vec<ArgDecl<'_>> = Vec::new();
        let mut ins: Vec<Type> = Vec::new();
        if !p.p.at(TokenKind::RParen) {
            loop {
                if p.p.at(TokenKind::Ellipsis) {
                    return Err(p.p.error_here("variadic llvm.func is not supported by bufopt's llvm subset"));
                }
                if p.p.at(TokenKind::PercentIdent) {
                    let a = p.parse_arg_decl(true)?;
                    ins.push(a.ty);
                    args.push(a);
                } else {
                    ins.push(p.p.parse_type()?);
                }
                if !p.p.eat(TokenKind::Comma) {
                    break;
                }
            }
        }
        p.p.expect(TokenKind::RParen, "expected ')' in function signature")?;
        // `-> ()` is a void result, as upstream's `parseFunctionResultList`.
        let out = if p.p.eat(TokenKind::Arrow) {
            match p.p.parse_function_result_types()?.as_slice() {
                [] => None,
                [t] => Some(*t),
                _ => {
                    let msg =
                        "custom op 'llvm.func' failed to construct function type: expected zero or one function result";
                    return Err(p.p.error_at(name_pos, msg));
                }
            }
        } else {
            None
        };
        let attr = |n: &str| ctx.intern_str(n);
        st.add_attr(attr("sym_name"), ctx.str_attr(&name));
        st.add_attr(attr("function_type"), ctx.type_attr(llvm_function_type(ctx, &ins, out)));
        st.add_attr(attr("linkage"), llvm_attr(ctx, &format!("linkage<{linkage}>")));
        st.add_attr(attr("CConv"), llvm_attr(ctx, "cconv<ccc>"));
        st.add_attr(attr("unnamed_addr"), ctx.int_attr(ctx.int_ty(64), 0));
        st.add_attr(attr("visibility_"), ctx.int_attr(ctx.int_ty(64), 0));
        crate::func::parse_function_tail(p, st, &args)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        pr.out.push(' ');
        if let Some(l) = LLVMFuncOp(op).linkage(ir) {
            if let AttrKind::Opaque { body, .. } = ctx.attr_kind(l) {
                let kind = ctx.str(*body).strip_prefix("linkage<").and_then(|b| b.strip_suffix('>'));
                if let Some(k) = kind.filter(|&k| k != "external") {
                    pr.out.push_str(k);
                    pr.out.push(' ');
                }
            }
        }
        syntax::print_attr::print_symbol_name(LLVMFuncOp(op).sym_name(ir).unwrap_or(""), &mut pr.out);
        let (params, ret) = signature_texts(ir, op).unwrap_or_default();
        let body = ir.region(op, 0);
        let entry = ir.entry_block(body);
        pr.out.push('(');
        for (i, t) in params.iter().enumerate() {
            if i > 0 {
                pr.out.push_str(", ");
            }
            match entry {
                Some(b) => {
                    let a: ValueId = ir.block_arg(b, i);
                    pr.print_value(a);
                    pr.out.push_str(": ");
                    pr.print_type(ir.value_type(a));
                }
                None => pr.out.push_str(t),
            }
        }
        pr.out.push(')');
        if let Some(r) = ret {
            pr.out.push_str(" -> ");
            pr.out.push_str(&r);
        }
        pr.print_optional_attr_dict_with_keyword(
            ir.attrs(op),
            &[
                "sym_name",
                "function_type",
                "arg_attrs",
                "res_attrs",
                "linkage",
                "CConv",
                "visibility_",
                "comdat",
                "unnamed_addr",
                "vscale_range",
            ],
        );
        if entry.is_some() {
            pr.out.push(' ');
            pr.print_region(body, false, true, false);
        }
    }
}

struct CallAsm;

impl OpAsm for CallAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        if !p.p.at(TokenKind::AtIdent) {
            return Err(p.p.error_here("expected a direct callee ('@'-identifier): bufopt's llvm subset"));
        }
        let callee = p.p.parse_attribute(None)?;
        let ops = p.parse_paren_operand_list()?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let sig = p.parse_function_signature("expected function type")?;
        if sig.results.len() > 1 {
            return Err(p.p.error_at(sig.pos, "expected function with 0 or 1 result"));
        }
        st.operands = p.resolve_operands(&ops, &sig.inputs, sig.pos)?;
        st.result_types = sig.results;
        st.add_attr(ctx.intern_str("callee"), callee);
        st.add_attr(ctx.intern_str("CConv"), llvm_attr(ctx, "cconv<ccc>"));
        st.add_attr(ctx.intern_str("TailCallKind"), llvm_attr(ctx, "tailcallkind<none>"));
        if !st.attrs.iter().any(|a| ctx.str(a.name) == "fastmathFlags") {
            st.add_attr(ctx.intern_str("fastmathFlags"), llvm_attr(ctx, "fastmath<none>"));
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        pr.out.push(' ');
        if let Some(c) = LLVMCallOp(op).callee_attr(ir) {
            pr.print_attr(c);
        }
        pr.out.push('(');
        pr.print_values(ir.operands(op));
        pr.out.push(')');
        let default_fmf = |a: &ir::NamedAttr| {
            ctx.str(a.name) == "fastmathFlags"
                && matches!(ctx.attr_kind(a.value), AttrKind::Opaque { body, .. } if ctx.str(*body) == "fastmath<none>")
        };
        let attrs: Vec<ir::NamedAttr> = ir.attrs(op).iter().copied().filter(|a| !default_fmf(a)).collect();
        pr.print_optional_attr_dict(&attrs, &["callee", "TailCallKind", "var_callee_type", "CConv"]);
        pr.out.push_str(" : ");
        pr.print_functional_type(&ir.operand_types(op), &ir.result_types(op));
    }
}
