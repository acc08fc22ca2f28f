//! The subset of the `ml_program` dialect that bufferization works on:
//! module-level globals and the ops that read and write them.
//!
//! - `ml_program.global` (a `Symbol`): a named global of any type, mutable
//!   or not, with an optional initial value, in mlir-opt-19's syntax
//!   `ml_program.global <visibility> (mutable)? @name(<value>)? : <type>`;
//!   an immutable global must have an initial value.
//! - `ml_program.global_load`, `ml_program.global_load_const` and
//!   `ml_program.global_store` (symbol users): they name a global by a
//!   (possibly nested) symbol reference. As upstream's `verifySymbolUses`,
//!   the global must exist (`load` and `store` look it up in every
//!   enclosing symbol table, innermost first; `load_const` only in the
//!   nearest), have the loaded or stored type, be mutable for a store and
//!   immutable for `load_const`.
//!
//! Memory effects as upstream: `global_load` reads and `global_store`
//! writes the global (effects on a symbol, which bufopt represents as an
//! unspecified resource); `global_load_const` is pure. The token-ordered
//! graph variants, `ml_program.func`/`subgraph` and the dialect's
//! attributes (`#ml_program.extern`) are not modelled.

use crate::declare_op;
use crate::func_interfaces::DefinitionSymbol;
use crate::util::{add_attr, custom_error, op_error, parse_opt_attr_dict, q, register_dialect};
use ir::interfaces::{Effect, EffectKind, EffectOn, MemoryEffects, SymbolOp};
use ir::op_decl::{AnyAttr, AttrDecl, AttrSyntax, Opt, StrAttr, TypeAttr, UnitAttr};
use ir::{AttrKind, Attribute, Context, Diagnostic, Ir, OpId, OpTraits, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// `SymbolRefAttr`: a flat or nested symbol reference (`@a`, `@m::@a`).
pub struct SymbolRef;

impl AttrDecl for SymbolRef {
    type Get<'a> = Option<Attribute>;
    type Arg<'a> = Attribute;
    fn get(ctx: &Context, a: Option<Attribute>) -> Option<Attribute> {
        a.filter(|&a| is_symbol_ref(ctx, a))
    }
    fn make(_: &Context, arg: Attribute) -> Option<Attribute> {
        Some(arg)
    }
    const SYNTAX: AttrSyntax = AttrSyntax::Plain(is_symbol_ref);
}

fn is_symbol_ref(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::SymbolRef { .. })
}

declare_op! {
    /// `ml_program.global`: a module-level global variable (or constant).
    pub struct GlobalOp = "ml_program.global" {
        traits: OpTraits::SYMBOL,
        attrs: [
            sym_name: StrAttr,
            global_type as "type": TypeAttr,
            is_mutable: UnitAttr,
            value: AnyAttr,
            sym_visibility: Opt<StrAttr>,
        ],
        verify: verify_global,
        asm: GlobalAsm,
        interfaces: [SymbolOp => DefinitionSymbol],
    }
}

declare_op! {
    /// `ml_program.global_load`: loads the value of a (mutable) global.
    pub struct GlobalLoadOp = "ml_program.global_load" {
        traits: OpTraits::SYMBOL_USER,
        attrs: [global: SymbolRef],
        results: [result: Single],
        verify: verify_global_load,
        format: "$global `:` type($result) attr-dict",
        result_names: leaf_name_hint,
        interfaces: [MemoryEffects => GlobalEffect(EffectKind::Read)],
    }
}

declare_op! {
    /// `ml_program.global_load_const`: loads the value of an immutable
    /// global (no side effect).
    pub struct GlobalLoadConstOp = "ml_program.global_load_const" {
        traits: OpTraits(OpTraits::PURE.0 | OpTraits::SYMBOL_USER.0),
        attrs: [global: SymbolRef],
        results: [result: Single],
        verify: verify_global_load_const,
        format: "$global `:` type($result) attr-dict",
        result_names: leaf_name_hint,
    }
}

declare_op! {
    /// `ml_program.global_store`: stores a value into a mutable global.
    pub struct GlobalStoreOp = "ml_program.global_store" {
        traits: OpTraits::SYMBOL_USER,
        operands: [value: Single],
        attrs: [global: SymbolRef],
        verify: verify_global_store,
        format: "$global `=` $value `:` type($value) attr-dict",
        interfaces: [MemoryEffects => GlobalEffect(EffectKind::Write)],
    }
}

/// Registers the `ml_program` subset.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "ml_program", false);
    crate::register_ops!(ctx, [GlobalOp, GlobalLoadOp, GlobalLoadConstOp, GlobalStoreOp]);
}

/// The name of the global a symbol reference ends in (its leaf).
pub fn leaf_reference(ctx: &Context, sym: Attribute) -> Option<&str> {
    match ctx.attr_kind(sym) {
        AttrKind::SymbolRef { root, nested } => Some(ctx.str(*nested.last().unwrap_or(root))),
        _ => None,
    }
}

/// The result is named after the global (upstream's `getAsmResultNames`).
fn leaf_name_hint(ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
    let Some(sym) = ir.attr(op, "global") else { return };
    if let (Some(name), 1) = (leaf_reference(ir.ctx(), sym), ir.num_results(op)) {
        set(ir.result(op, 0), name);
    }
}

/// The effect of a load or store on the global it names.
struct GlobalEffect(EffectKind);

impl MemoryEffects for GlobalEffect {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::new(self.0, EffectOn::Unknown));
    }
}

// ----- verification -----------------------------------------------------------

fn verify_global(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    crate::util::check_num_operands(ir, op, 0)?;
    crate::util::check_num_results(ir, op, 0)?;
    crate::util::check_num_regions(ir, op, 0)?;
    let ctx = ir.ctx();
    let g = GlobalOp(op);
    let Some(name) = g.sym_name_attr(ir) else {
        return Err(op_error(ir, op, "requires attribute 'sym_name'"));
    };
    let Some(ty) = g.global_type_attr(ir) else {
        return Err(op_error(ir, op, "requires attribute 'type'"));
    };
    if ctx.str_value(name).is_none() {
        return Err(op_error(ir, op, "attribute 'sym_name' failed to satisfy constraint: string attribute"));
    }
    if ctx.type_value(ty).is_none() {
        return Err(op_error(ir, op, "attribute 'type' failed to satisfy constraint: any type attribute"));
    }
    if g.is_mutable_attr(ir).is_some_and(|a| !matches!(ctx.attr_kind(a), AttrKind::Unit)) {
        return Err(op_error(ir, op, "attribute 'is_mutable' failed to satisfy constraint: unit attribute"));
    }
    if let Some(v) = g.sym_visibility_attr(ir) {
        let Some(vis) = ctx.str_value(v) else {
            return Err(op_error(ir, op, "attribute 'sym_visibility' failed to satisfy constraint: string attribute"));
        };
        // The `Symbol` interface's check.
        if !["public", "private", "nested"].contains(&vis) {
            return Err(op_error(
                ir,
                op,
                format!(
                    "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                    syntax::print_attr::attr_to_string(ctx, v)
                ),
            ));
        }
    }
    if !g.is_mutable(ir) && g.value(ir).is_none() {
        return Err(op_error(ir, op, "immutable global must have an initial value"));
    }
    Ok(())
}

/// The ODS checks of a symbol user: the `global` attribute and the
/// operand and result counts.
fn verify_user_structure(ir: &Ir, op: OpId, operands: usize, results: usize) -> Result<Attribute, Diagnostic> {
    crate::util::check_num_operands(ir, op, operands)?;
    crate::util::check_num_results(ir, op, results)?;
    let Some(sym) = ir.attr(op, "global") else {
        return Err(op_error(ir, op, "requires attribute 'global'"));
    };
    if !is_symbol_ref(ir.ctx(), sym) {
        return Err(op_error(ir, op, "attribute 'global' failed to satisfy constraint: symbol reference attribute"));
    }
    Ok(sym)
}

/// The `ml_program.global` that `sym` names from `op`: looked up in the
/// nearest symbol table around `op`, then (with `outward`) in each
/// enclosing one until a global is found (upstream's `getGlobalOp`). A
/// symbol that names something else is not a global.
pub fn lookup_global(ir: &Ir, op: OpId, sym: Attribute, outward: bool) -> Option<GlobalOp> {
    let mut table = ir.nearest_symbol_table(op)?;
    loop {
        if let Some(g) = ir.resolve_symbol_ref(table, sym).and_then(|g| GlobalOp::cast(ir, g)) {
            return Some(g);
        }
        if !outward {
            return None;
        }
        table = ir.nearest_symbol_table(table)?;
    }
}

fn sym_text(ir: &Ir, sym: Attribute) -> String {
    syntax::print_attr::attr_to_string(ir.ctx(), sym)
}

/// The global a symbol user names, or upstream's `undefined global` error.
fn referenced_global(ir: &Ir, op: OpId, sym: Attribute, outward: bool) -> Result<GlobalOp, Diagnostic> {
    lookup_global(ir, op, sym, outward)
        .ok_or_else(|| op_error(ir, op, format!("undefined global: {}", sym_text(ir, sym))))
}

fn check_load_type(ir: &Ir, op: OpId, g: GlobalOp) -> Result<(), Diagnostic> {
    let result = ir.value_type(ir.result(op, 0));
    match g.global_type(ir) {
        Some(t) if t == result => Ok(()),
        t => Err(op_error(
            ir,
            op,
            format!("cannot load from global typed {} as {}", type_or_null(ir, t), q(ir.ctx(), result)),
        )),
    }
}

fn type_or_null(ir: &Ir, t: Option<ir::Type>) -> String {
    t.map_or_else(|| "<<NULL TYPE>>".to_string(), |t| q(ir.ctx(), t))
}

fn verify_global_load(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let sym = verify_user_structure(ir, op, 0, 1)?;
    let g = referenced_global(ir, op, sym, true)?;
    check_load_type(ir, op, g)
}

fn verify_global_load_const(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let sym = verify_user_structure(ir, op, 0, 1)?;
    let g = referenced_global(ir, op, sym, false)?;
    if g.is_mutable(ir) {
        return Err(op_error(ir, op, format!("cannot load as const from mutable global {}", sym_text(ir, sym))));
    }
    check_load_type(ir, op, g)
}

fn verify_global_store(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let sym = verify_user_structure(ir, op, 1, 0)?;
    let g = referenced_global(ir, op, sym, true)?;
    if !g.is_mutable(ir) {
        return Err(op_error(ir, op, format!("cannot store to an immutable global {}", sym_text(ir, sym))));
    }
    let value = ir.value_type(GlobalStoreOp(op).value(ir));
    match g.global_type(ir) {
        Some(t) if t == value => Ok(()),
        t => Err(op_error(
            ir,
            op,
            format!("cannot store to a global typed {} from {}", type_or_null(ir, t), q(ir.ctx(), value)),
        )),
    }
}

// ----- custom syntax ------------------------------------------------------------

/// `custom<SymbolVisibility>($sym_visibility) (`mutable` $is_mutable^)?
/// $sym_name `` custom<TypedInitialValue>($type, $value) attr-dict`.
struct GlobalAsm;

impl OpAsm for GlobalAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        // The visibility is required in this syntax; a written `public` is
        // stored.
        let Some(vis) = ["public", "private", "nested"].into_iter().find(|&k| p.p.eat_keyword(k)) else {
            let pos = p.p.tok.start;
            return Err(custom_error(p, st, pos, "expected 'public', 'private', or 'nested'"));
        };
        add_attr(p, st, "sym_visibility", ctx.str_attr(vis));
        if p.p.eat_keyword("mutable") {
            add_attr(p, st, "is_mutable", ctx.unit_attr());
        }
        let name = p.parse_symbol_name()?;
        add_attr(p, st, "sym_name", ctx.str_attr(&name));
        if p.p.eat(TokenKind::LParen) {
            let value = p.p.parse_attribute(None)?;
            p.p.expect(TokenKind::RParen, "expected ')'")?;
            add_attr(p, st, "value", value);
        }
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let ty = p.p.parse_type()?;
        add_attr(p, st, "type", ctx.type_attr(ty));
        parse_opt_attr_dict(p, st)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let g = GlobalOp(op);
        pr.out.push(' ');
        match g.sym_visibility_attr(ir).and_then(|v| ir.ctx().str_value(v)) {
            Some(v) => pr.out.push_str(v),
            None => pr.out.push_str("public"),
        }
        if g.is_mutable(ir) {
            pr.out.push_str(" mutable");
        }
        pr.out.push(' ');
        syntax::print_attr::print_symbol_name(g.sym_name(ir).unwrap_or(""), &mut pr.out);
        if let Some(v) = g.value(ir) {
            pr.out.push('(');
            pr.print_attr(v);
            pr.out.push(')');
        }
        pr.out.push_str(" : ");
        if let Some(t) = g.global_type(ir) {
            pr.print_type(t);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["sym_visibility", "is_mutable", "sym_name", "type", "value"]);
    }
}
