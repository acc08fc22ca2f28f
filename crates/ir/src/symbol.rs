//! Symbol tables: ops with a `sym_name` inside a symbol-table op
//! (`builtin.module`), looked up by name or by (nested) symbol reference.
//!
//! [`SymbolTable`] caches one table's name → op map, so repeated lookups
//! (every `func.call` in a module) are O(1) after an O(n) build.

use crate::arena::{Ir, OpId};
use crate::attrs::AttrKind;
use crate::context::Str;
use crate::registry::OpTraits;
use rustc_hash::FxHashMap;

/// Name of the symbol attribute.
pub const SYM_NAME: &str = "sym_name";
/// Name of the symbol visibility attribute.
pub const SYM_VISIBILITY: &str = "sym_visibility";

impl Ir {
    /// The symbol name of an op, if it has one.
    pub fn symbol_name(&self, op: OpId) -> Option<Str> {
        let a = self.attr(op, SYM_NAME)?;
        match self.ctx().attr_kind(a) {
            AttrKind::String { value, .. } => std::str::from_utf8(value).ok().map(|s| self.ctx().intern_str(s)),
            _ => None,
        }
    }
    /// True when the op is a symbol table (registered trait, or an
    /// unregistered op that is the implicit top-level module).
    pub fn is_symbol_table(&self, op: OpId) -> bool {
        self.has_trait(op, OpTraits::SYMBOL_TABLE)
    }
    /// The nearest enclosing symbol table of `op` (excluding `op`).
    pub fn nearest_symbol_table(&self, op: OpId) -> Option<OpId> {
        let mut cur = self.parent_op(op);
        while let Some(c) = cur {
            if self.is_symbol_table(c) {
                return Some(c);
            }
            cur = self.parent_op(c);
        }
        None
    }
    /// Finds the symbol `name` directly inside symbol table `table` (linear scan).
    pub fn lookup_symbol_in(&self, table: OpId, name: Str) -> Option<OpId> {
        let r = *self.regions(table).first()?;
        let b = self.entry_block(r)?;
        self.block_ops(b).find(|&o| self.symbol_name(o) == Some(name))
    }
    /// Resolves a symbol reference attribute (`@a` or `@a::@b`) from `from`,
    /// searching the enclosing symbol tables outward.
    pub fn resolve_symbol_ref(&self, from: OpId, sym: crate::attrs::Attribute) -> Option<OpId> {
        let (root, nested) = match self.ctx().attr_kind(sym) {
            AttrKind::SymbolRef { root, nested } => (*root, nested.clone()),
            _ => return None,
        };
        let mut table = if self.is_symbol_table(from) { Some(from) } else { self.nearest_symbol_table(from) };
        while let Some(t) = table {
            if let Some(mut found) = self.lookup_symbol_in(t, root) {
                for &n in nested.iter() {
                    found = self.lookup_symbol_in(found, n)?;
                }
                return Some(found);
            }
            table = self.nearest_symbol_table(t);
        }
        None
    }
}

/// A cached symbol table of one op.
#[derive(Debug, Default, Clone)]
pub struct SymbolTable {
    map: FxHashMap<Str, OpId>,
}

impl SymbolTable {
    /// Builds the table of `table_op`'s direct symbols.
    pub fn build(ir: &Ir, table_op: OpId) -> SymbolTable {
        let mut map = FxHashMap::default();
        for &r in ir.regions(table_op) {
            for b in ir.region_blocks(r) {
                for o in ir.block_ops(b) {
                    if let Some(n) = ir.symbol_name(o) {
                        map.entry(n).or_insert(o);
                    }
                }
            }
        }
        SymbolTable { map }
    }
    /// Looks a name up.
    pub fn lookup(&self, name: Str) -> Option<OpId> {
        self.map.get(&name).copied()
    }
    /// Records a new symbol.
    pub fn insert(&mut self, name: Str, op: OpId) {
        self.map.insert(name, op);
    }
    /// Forgets a symbol.
    pub fn remove(&mut self, name: Str) {
        self.map.remove(&name);
    }
}
