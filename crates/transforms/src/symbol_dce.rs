//! The `symbol-dce` pass: erases symbols of a symbol table (and of nested
//! symbol tables) that are private, or non-public inside a hidden table, and
//! not referenced from live code, as MLIR's `SymbolDCE`.
//!
//! Liveness starts from every non-symbol op and every symbol that cannot be
//! discarded, then follows symbol references found in attributes (nested in
//! arrays and dictionaries) of the ops and their nested ops, stopping at
//! nested symbol tables, which are processed recursively.

use crate::pass::{Pass, PassContext, PassInfo};
use ir::symbol::SYM_VISIBILITY;
use ir::{AttrKind, Attribute, Diagnostic, Ir, OpId, OpTraits, Str};
use rustc_hash::FxHashSet;

fn visibility(ir: &Ir, op: OpId) -> &str {
    ir.attr(op, SYM_VISIBILITY).and_then(|a| ir.ctx().str_value(a)).unwrap_or("public")
}

fn is_symbol(ir: &Ir, op: OpId) -> bool {
    ir.has_trait(op, OpTraits::SYMBOL)
}

fn collect_refs(ir: &Ir, a: Attribute, out: &mut Vec<(Str, Vec<Str>)>) {
    let mut refs = Vec::new();
    ir::symbol::symbol_refs_in(ir.ctx(), a, &mut refs);
    out.extend(refs.into_iter().filter_map(|r| match ir.ctx().attr_kind(r) {
        AttrKind::SymbolRef { root, nested } => Some((*root, nested.to_vec())),
        _ => None,
    }));
}

/// Symbol references used by `op` and its nested ops (not descending into
/// nested symbol tables); `Err(op)` at an op that may be an unknown symbol
/// table.
fn symbol_uses(ir: &Ir, op: OpId) -> Result<Vec<(Str, Vec<Str>)>, OpId> {
    let mut out = Vec::new();
    let mut stack = vec![op];
    while let Some(o) = stack.pop() {
        for na in ir.attrs(o) {
            collect_refs(ir, na.value, &mut out);
        }
        if let Some(p) = ir.props(o) {
            collect_refs(ir, p, &mut out);
        }
        if o != op && ir.is_symbol_table(o) {
            continue;
        }
        for &r in ir.regions(o) {
            for b in ir.region_blocks(r) {
                for n in ir.block_ops(b) {
                    let unknown_dialect = ir.op_info(n).is_none() && {
                        let name = ir.op_name_str(n);
                        let d = name.split_once('.').map(|(d, _)| d).unwrap_or("");
                        ir.ctx().lookup_str(d).and_then(|s| ir.ctx().registry().dialect(s)).is_none()
                    };
                    if unknown_dialect && ir.regions(n).len() == 1 {
                        return Err(n);
                    }
                    stack.push(n);
                }
            }
        }
    }
    Ok(out)
}

/// The symbols along `root::nested…` looked up from `table`.
fn resolve_chain(ir: &Ir, table: OpId, root: Str, nested: &[Str]) -> Vec<OpId> {
    let mut out = Vec::new();
    if !ir.is_symbol_table(table) {
        return out;
    }
    let Some(mut cur) = ir.lookup_symbol_in(table, root) else { return out };
    out.push(cur);
    for &n in nested {
        if !ir.is_symbol_table(cur) {
            return Vec::new();
        }
        match ir.lookup_symbol_in(cur, n) {
            Some(next) => {
                out.push(next);
                cur = next;
            }
            None => return Vec::new(),
        }
    }
    out
}

fn table_ops(ir: &Ir, table: OpId) -> Vec<OpId> {
    let Some(&r) = ir.regions(table).first() else { return Vec::new() };
    ir.region_blocks(r).flat_map(|b| ir.block_ops(b).collect::<Vec<_>>()).collect()
}

fn compute_liveness(ir: &Ir, table: OpId, hidden: bool, live: &mut FxHashSet<OpId>) -> Result<(), Diagnostic> {
    let mut worklist: Vec<OpId> = Vec::new();
    for op in table_ops(ir, table) {
        if !is_symbol(ir, op) {
            worklist.push(op);
            continue;
        }
        let vis = visibility(ir, op);
        let discardable = (hidden || vis == "private") && vis != "public";
        if !discardable && live.insert(op) {
            worklist.push(op);
        }
    }
    while let Some(op) = worklist.pop() {
        if ir.is_symbol_table(op) {
            let hidden = hidden || !is_symbol(ir, op) || visibility(ir, op) == "private";
            compute_liveness(ir, op, hidden, live)?;
        }
        let uses = symbol_uses(ir, op).map_err(|_| {
            Diagnostic::error(
                ir.op_loc(op),
                "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
            )
            .with_op(op)
        })?;
        let Some(parent) = ir.parent_op(op) else { continue };
        for (root, nested) in uses {
            for s in resolve_chain(ir, parent, root, &nested) {
                if live.insert(s) {
                    worklist.push(s);
                }
            }
        }
    }
    Ok(())
}

/// The `symbol-dce` pass.
pub struct SymbolDce;

impl Pass for SymbolDce {
    fn name(&self) -> &'static str {
        "symbol-dce"
    }
    fn title(&self) -> String {
        "SymbolDCE".to_string()
    }
    fn statistics(&self) -> &'static [(&'static str, &'static str)] {
        &[("num-dce'd", "Number of symbols DCE'd")]
    }
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        if !ir.is_symbol_table(op) {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!(
                    "'{}' op  was scheduled to run under SymbolDCE, but does not define a symbol table",
                    ir.op_name_str(op)
                ),
            )
            .with_op(op));
        }
        let hidden = ir.parent_op(op).is_some() && is_symbol(ir, op) && visibility(ir, op) == "private"
            || (ir.parent_op(op).is_none() || !is_symbol(ir, op));
        let mut live: FxHashSet<OpId> = FxHashSet::default();
        compute_liveness(ir, op, hidden, &mut live)?;
        let mut erased = 0u64;
        for t in ir.pre_order(op) {
            if !ir.is_alive(t) || !ir.is_symbol_table(t) {
                continue;
            }
            for o in table_ops(ir, t) {
                if is_symbol(ir, o) && !live.contains(&o) {
                    ir.erase_op(o);
                    erased += 1;
                }
            }
        }
        cx.stats.push(("num-dce'd", erased));
        Ok(())
    }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "symbol-dce",
        summary: "Eliminate dead symbols",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(SymbolDce)),
    }
}
