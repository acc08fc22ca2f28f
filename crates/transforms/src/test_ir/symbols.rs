//! `--test-symbol-uses` (upstream's `TestSymbolUses.cpp`) over MLIR's
//! symbol-use queries, re-stated here with their exact rules:
//! `SymbolTable::getSymbolUses` (every symbol reference in the attributes
//! of the ops under an op or region, not entering nested symbol tables,
//! `None` at an op of an unknown dialect with one region, which may be a
//! symbol table), the per-symbol form (the references valid for a symbol in
//! each scope between it and the limit, `collectSymbolScopes`, matched as
//! prefixes) and `symbolKnownUseEmpty`.

use crate::pass::PassContext;
use ir::symbol::SYM_NAME;
use ir::{AttrKind, Attribute, Diagnostic, Ir, OpId, OpTraits, RegionId, Str};

/// A symbol reference: root and nested names.
type Ref = (Str, Vec<Str>);

/// A use: the op whose attribute holds the reference, and the reference.
type Use = (OpId, Attribute);

fn sym_ref(ir: &Ir, a: Attribute) -> Option<Ref> {
    match ir.ctx().attr_kind(a) {
        AttrKind::SymbolRef { root, nested } => Some((*root, nested.to_vec())),
        _ => None,
    }
}

/// The symbol references in `op`'s attributes, in the order of MLIR's
/// pre-order attribute walk (arrays, dictionaries and distinct attributes
/// are entered, references are not).
fn op_refs(ir: &Ir, op: OpId) -> Vec<Attribute> {
    let mut out = Vec::new();
    for na in ir.attrs(op) {
        ir::symbol::symbol_refs_in(ir.ctx(), na.value, &mut out);
    }
    out
}

/// MLIR's `isPotentiallyUnknownSymbolTable`: one region and no dialect.
fn may_be_unknown_table(ir: &Ir, op: OpId) -> bool {
    if ir.regions(op).len() != 1 || ir.op_info(op).is_some() {
        return false;
    }
    let name = ir.op_name_str(op);
    let dialect = name.split_once('.').map_or("", |(d, _)| d);
    ir.ctx().lookup_str(dialect).and_then(|s| ir.ctx().registry().dialect(s)).is_none()
}

/// The uses in the ops nested in `regions`, not entering nested symbol
/// tables (`walkSymbolUses` over regions); `None` at a possibly unknown
/// symbol table.
fn uses_in_regions(ir: &Ir, regions: &[RegionId], out: &mut Vec<Use>) -> Option<()> {
    let mut work: Vec<RegionId> = regions.to_vec();
    while let Some(r) = work.pop() {
        for b in ir.region_blocks(r) {
            for op in ir.block_ops(b) {
                if may_be_unknown_table(ir, op) {
                    return None;
                }
                out.extend(op_refs(ir, op).into_iter().map(|a| (op, a)));
                if !ir.is_symbol_table(op) {
                    work.extend(ir.regions(op).iter().copied());
                }
            }
        }
    }
    Some(())
}

/// The uses on `op` and under it (`walkSymbolUses` from an op).
fn uses_from_op(ir: &Ir, op: OpId, out: &mut Vec<Use>) -> Option<()> {
    if may_be_unknown_table(ir, op) {
        return None;
    }
    out.extend(op_refs(ir, op).into_iter().map(|a| (op, a)));
    if ir.is_symbol_table(op) {
        return Some(());
    }
    uses_in_regions(ir, ir.regions(op), out)
}

/// Where a scope's uses are looked for.
#[derive(Clone, Copy)]
enum Limit {
    Op(OpId),
    Region(RegionId),
}

fn sym_name(ir: &Ir, op: OpId) -> Option<Str> {
    let a = ir.attr(op, SYM_NAME)?;
    match ir.ctx().attr_kind(a) {
        AttrKind::String { .. } => ir.ctx().str_value(a).map(|s| ir.ctx().intern_str(s)),
        _ => None,
    }
}

/// The nearest symbol table at or above `op` (`getNearestSymbolTable`).
fn nearest_table(ir: &Ir, mut op: Option<OpId>) -> Option<OpId> {
    while let Some(o) = op {
        if ir.is_symbol_table(o) {
            return Some(o);
        }
        op = ir.parent_op(o);
        if op.is_some_and(|p| may_be_unknown_table(ir, p)) {
            return None;
        }
    }
    None
}

/// The references to `symbol` valid in each symbol table from its parent up
/// to `within` (`collectValidReferencesFor`); false when a table on the way
/// is not a named symbol table.
fn valid_refs(ir: &Ir, symbol: OpId, name: Str, within: OpId, out: &mut Vec<Ref>) -> bool {
    out.push((name, Vec::new()));
    let mut table = ir.parent_op(symbol);
    if table == Some(within) {
        return true;
    }
    let mut nested = vec![name];
    while let Some(t) = table {
        if !ir.is_symbol_table(t) {
            return false;
        }
        let Some(tname) = sym_name(ir, t) else { return false };
        out.push((tname, nested.clone()));
        table = ir.parent_op(t);
        if table == Some(within) {
            break;
        }
        nested.insert(0, tname);
    }
    true
}

/// `collectSymbolScopes(symbol, limit)`: each reference `symbol` is known by
/// and where to look for it.
fn scopes_in_op(ir: &Ir, symbol: OpId, limit: OpId) -> Vec<(Ref, Limit)> {
    let Some(name) = sym_name(ir, symbol) else { return Vec::new() };
    let mut ancestors = Vec::new();
    let mut a = Some(limit);
    while let Some(x) = a {
        if x == symbol {
            let same = nearest_table(ir, ir.parent_op(limit)) == ir.parent_op(symbol);
            return if same { vec![((name, Vec::new()), Limit::Op(limit))] } else { Vec::new() };
        }
        ancestors.push(x);
        a = ir.parent_op(x);
    }
    let mut common = ir.parent_op(symbol);
    while let Some(c) = common {
        if ancestors.contains(&c) {
            break;
        }
        common = ir.parent_op(c);
    }
    let Some(common) = common else { return Vec::new() };
    let mut refs = Vec::new();
    let all = valid_refs(ir, symbol, name, common, &mut refs);
    if common == limit {
        let mut scopes = Vec::new();
        let mut table = ir.parent_op(symbol);
        for r in refs {
            let Some(t) = table else { break };
            let Some(&region) = ir.regions(t).first() else { break };
            scopes.push((r, Limit::Region(region)));
            table = ir.parent_op(t);
        }
        return scopes;
    }
    match refs.pop() {
        Some(r) if all => vec![(r, Limit::Op(limit))],
        _ => Vec::new(),
    }
}

fn scopes_in_region(ir: &Ir, symbol: OpId, limit: RegionId) -> Vec<(Ref, Limit)> {
    let Some(parent) = ir.region_parent_op(limit) else { return Vec::new() };
    let mut scopes = scopes_in_op(ir, symbol, parent);
    if let Some(last) = scopes.last_mut() {
        last.1 = Limit::Region(limit);
    }
    scopes
}

/// `isReferencePrefixOf(sub, r)`: `r` is `sub` or `sub` further qualified.
fn is_prefix(sub: &Ref, r: &Ref) -> bool {
    if sub == r {
        return true;
    }
    if r.1.is_empty() || r.0 != sub.0 {
        return false;
    }
    sub.1.len() < r.1.len() && r.1.starts_with(&sub.1)
}

/// The uses of `symbol` in `limit` (`getSymbolUses(symbol, region)`).
fn symbol_uses_in(ir: &Ir, symbol: OpId, limit: RegionId) -> Option<Vec<Use>> {
    let mut out = Vec::new();
    for (sref, lim) in scopes_in_region(ir, symbol, limit) {
        let mut all = Vec::new();
        match lim {
            Limit::Op(o) => uses_from_op(ir, o, &mut all)?,
            Limit::Region(r) => uses_in_regions(ir, &[r], &mut all)?,
        }
        out.extend(all.into_iter().filter(|&(_, a)| sym_ref(ir, a).is_some_and(|r| is_prefix(&sref, &r))));
    }
    Some(out)
}

/// `symbolKnownUseEmpty(symbol, region)`.
fn known_use_empty(ir: &Ir, symbol: OpId, limit: RegionId) -> bool {
    symbol_uses_in(ir, symbol, limit).is_some_and(|u| u.is_empty())
}

/// An op `isa<SymbolOpInterface>`: a symbol op with a name.
fn is_symbol(ir: &Ir, op: OpId) -> bool {
    (ir.has_trait(op, OpTraits::SYMBOL) || ir::interfaces::symbol_op(ir, op).is_some())
        && ir.attr(op, SYM_NAME).is_some()
}

/// `--test-symbol-uses`: remarks on each symbol's nested references and
/// uses in the module; unused external functions are erased.
pub(super) fn symbol_uses(ir: &mut Ir, module: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
    let Some(&body) = ir.regions(module).first() else { return Ok(()) };
    let mut dead = Vec::new();
    // `Region::walk` is post-order.
    let ops: Vec<OpId> = ir.region_blocks(body).flat_map(|b| ir.block_ops(b)).flat_map(|o| ir.post_order(o)).collect();
    for op in ops {
        if is_symbol(ir, op) && !symbol_remarks(ir, op, module, body, &mut dead, cx) {
            break;
        }
    }
    for f in dead {
        let name = ir.attr(f, SYM_NAME).and_then(|a| ir.ctx().str_value(a)).unwrap_or("").to_string();
        ir.erase_op(f);
        let d = Diagnostic::remark(ir.op_loc(module), format!("{name} function successfully erased")).with_op(module);
        cx.report(ir, d);
    }
    Ok(())
}

/// `operateOnSymbol`; false to stop the walk.
fn symbol_remarks(
    ir: &Ir,
    symbol: OpId,
    module: OpId,
    body: RegionId,
    dead: &mut Vec<OpId>,
    cx: &mut PassContext,
) -> bool {
    let remark = |cx: &mut PassContext, op: OpId, msg: String| {
        cx.report(ir, Diagnostic::remark(ir.op_loc(op), msg).with_op(op));
    };
    let mut nested = Vec::new();
    if uses_from_op(ir, symbol, &mut nested).is_none() {
        remark(cx, symbol, "symbol contains an unknown nested operation that 'may' define a new symbol table".into());
        return false;
    }
    if !nested.is_empty() {
        remark(cx, symbol, format!("symbol contains {} nested references", nested.len()));
    }
    if known_use_empty(ir, symbol, body) {
        let external = ir::interfaces::callable(ir, symbol).is_some()
            && ir.regions(symbol).first().is_none_or(|&r| ir.region_is_empty(r));
        if external {
            dead.push(symbol);
        }
        remark(cx, symbol, "symbol has no uses".into());
        return true;
    }
    let uses = symbol_uses_in(ir, symbol, body).unwrap_or_default();
    let ctx = ir.ctx();
    let name = ir.attr(symbol, SYM_NAME).map(|a| syntax::print_attr::attr_to_string(ctx, a)).unwrap_or_default();
    for &(user, r) in &uses {
        let from = ir.parent_op(user).unwrap_or(module);
        if ir.resolve_symbol_ref(from, r).is_some() {
            let text = syntax::print_attr::attr_to_string(ctx, r);
            remark(cx, user, format!("found use of symbol : {text} : {name}"));
        }
    }
    remark(cx, symbol, format!("symbol has {} uses", uses.len()));
    true
}
