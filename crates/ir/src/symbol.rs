//! Symbol tables: ops with a `sym_name` inside a symbol-table op
//! (`builtin.module`), looked up by name or by (nested) symbol reference.
//!
//! [`SymbolTable`] is one table's name → op map. Each arena keeps a
//! [`SymbolCache`] of the tables looked up so far, kept current as the IR
//! changes, so repeated lookups (every `func.call` of a module, the call
//! graph, symbol-dce) are O(1) after one O(n) build per table, as with
//! MLIR's `SymbolTableCollection`.

use crate::arena::{BlockId, Ir, OpId};
use crate::attrs::{AttrKind, Attribute};
use crate::context::{Context, Str};
use crate::registry::OpTraits;
use parking_lot::RwLock;
use rustc_hash::FxHashMap;

/// Name of the symbol attribute.
pub const SYM_NAME: &str = "sym_name";
/// Name of the symbol visibility attribute.
pub const SYM_VISIBILITY: &str = "sym_visibility";

/// Appends the symbol references inside `a` to `out`, in the order of
/// MLIR's pre-order attribute walk: arrays, dictionaries and distinct
/// attributes are entered, and a reference is one use (its nested parts are
/// not entered).
pub fn symbol_refs_in(ctx: &Context, a: Attribute, out: &mut Vec<Attribute>) {
    let mut stack = vec![a];
    while let Some(a) = stack.pop() {
        match ctx.attr_kind(a) {
            AttrKind::SymbolRef { .. } => out.push(a),
            AttrKind::Array(xs) => stack.extend(xs.iter().rev().copied()),
            AttrKind::Dictionary(xs) => stack.extend(xs.iter().rev().map(|n| n.value)),
            AttrKind::Distinct { referenced, .. } => stack.push(*referenced),
            _ => {}
        }
    }
}

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
    /// Finds the symbol `name` directly inside `table` (the first op of the
    /// entry block of its first region named `name`). O(1) after the first
    /// lookup in `table`, which builds its [`SymbolTable`] in O(n) and keeps
    /// it in the arena's [`SymbolCache`].
    pub fn lookup_symbol_in(&self, table: OpId, name: Str) -> Option<OpId> {
        if let Some(t) = self.symbol_cache().tables.read().get(&table) {
            return t.lookup(name);
        }
        let t = SymbolTable::build(self, table);
        let found = t.lookup(name);
        self.symbol_cache().tables.write().entry(table).or_insert(t);
        found
    }
    /// Finds the symbol `name` directly inside `table` by scanning its entry
    /// block, without the cache (the reference [`Ir::lookup_symbol_in`] is
    /// checked against).
    pub fn lookup_symbol_in_uncached(&self, table: OpId, name: Str) -> Option<OpId> {
        let b = symbol_block(self, table)?;
        self.block_ops(b).find(|&o| self.symbol_name(o) == Some(name))
    }
    /// The symbols directly inside `table`, name → op (the first op of each
    /// name), from the arena's cache (built on first use).
    pub fn symbol_table(&self, table: OpId) -> SymbolTable {
        if let Some(t) = self.symbol_cache().tables.read().get(&table) {
            return t.clone();
        }
        let t = SymbolTable::build(self, table);
        self.symbol_cache().tables.write().entry(table).or_insert_with(|| t.clone());
        t
    }
    /// `Some(true)` when `table`'s symbol table is cached and no name in it
    /// was ever defined twice since it was built (so the table's block has
    /// no duplicate), `Some(false)` when it may have, `None` when it is not
    /// cached.
    pub fn cached_symbols_are_unique(&self, table: OpId) -> Option<bool> {
        self.symbol_cache().tables.read().get(&table).map(|t| !t.shadowed)
    }
    /// Caches `map` (name → op, every name once) as the symbol table of
    /// `table`, found by a caller that scanned the table's block anyway
    /// (the verifier's redefinition check). It replaces a cached table that
    /// saw a duplicate since the scan shows the names are unique now.
    pub(crate) fn seed_symbol_table(&self, table: OpId, map: FxHashMap<Str, OpId>) {
        self.symbol_cache().tables.write().insert(table, SymbolTable { map, shadowed: false });
    }
    /// True when the arena holds a cached symbol table for `table`.
    pub fn has_cached_symbol_table(&self, table: OpId) -> bool {
        self.symbol_cache().tables.read().contains_key(&table)
    }
    /// Resolves a symbol reference attribute (`@a` or `@a::@b`) from `from`
    /// in the nearest symbol table (`from` itself when it is one), as MLIR's
    /// `SymbolTable::lookupNearestSymbolFrom`: the root names a symbol of
    /// that table, and each nested reference but the last a symbol table
    /// inside the previous one.
    pub fn resolve_symbol_ref(&self, from: OpId, sym: crate::attrs::Attribute) -> Option<OpId> {
        let AttrKind::SymbolRef { root, nested } = self.ctx().attr_kind(sym) else { return None };
        let table = if self.is_symbol_table(from) { from } else { self.nearest_symbol_table(from)? };
        let mut found = self.lookup_symbol_in(table, *root)?;
        for &n in nested.iter() {
            if !self.is_symbol_table(found) {
                return None;
            }
            found = self.lookup_symbol_in(found, n)?;
        }
        Some(found)
    }
}

/// The block whose ops are the symbols of `table`: the entry block of its
/// first region (a symbol table has one region of one block).
fn symbol_block(ir: &Ir, table: OpId) -> Option<BlockId> {
    ir.entry_block(*ir.regions(table).first()?)
}

/// The symbols of one op: name → the first op of its symbol block with that
/// name.
#[derive(Debug, Default, Clone)]
pub struct SymbolTable {
    map: FxHashMap<Str, OpId>,
    /// Some name is defined more than once (the map holds the first).
    shadowed: bool,
}

impl SymbolTable {
    /// Builds the table of `table_op`'s direct symbols, O(n) in its ops.
    pub fn build(ir: &Ir, table_op: OpId) -> SymbolTable {
        let mut t = SymbolTable::default();
        if let Some(b) = symbol_block(ir, table_op) {
            for o in ir.block_ops(b) {
                if let Some(n) = ir.symbol_name(o) {
                    match t.map.entry(n) {
                        std::collections::hash_map::Entry::Occupied(_) => t.shadowed = true,
                        std::collections::hash_map::Entry::Vacant(v) => {
                            v.insert(o);
                        }
                    }
                }
            }
        }
        t
    }
    /// Looks a name up.
    pub fn lookup(&self, name: Str) -> Option<OpId> {
        self.map.get(&name).copied()
    }
    /// Number of distinct names.
    pub fn len(&self) -> usize {
        self.map.len()
    }
    /// True when the table holds no symbol.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
    /// The (name, op) pairs, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (Str, OpId)> + '_ {
        self.map.iter().map(|(&n, &o)| (n, o))
    }
}

/// The symbol tables of one arena, keyed by their symbol-table op: built on
/// the first lookup in a table, then kept current by the arena's mutators
/// (inserting, moving or erasing an op of a cached table's symbol block,
/// setting or removing a `sym_name`, changing the blocks or regions of a
/// cached op). An update that cannot be made in O(1) (erasing the first of
/// two ops of one name) drops the table, which the next lookup rebuilds.
///
/// The cache belongs to the arena, so an arena a function was transplanted
/// into starts empty, and copying the function back goes through the same
/// mutators. Lookups take `&Ir` (the verifier runs on the rayon pool), so
/// the map sits behind a read-write lock; the mutators take `&mut Ir` and
/// reach it without locking.
#[derive(Default)]
pub struct SymbolCache {
    tables: RwLock<FxHashMap<OpId, SymbolTable>>,
}

impl Clone for SymbolCache {
    fn clone(&self) -> Self {
        SymbolCache { tables: RwLock::new(self.tables.read().clone()) }
    }
}

impl std::fmt::Debug for SymbolCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SymbolCache").field("tables", &self.tables.read().len()).finish()
    }
}

impl SymbolCache {
    /// True when no table is cached (the mutators' fast path).
    #[inline]
    pub(crate) fn is_empty_mut(&mut self) -> bool {
        self.tables.get_mut().is_empty()
    }
}

/// The mutators' hooks (called only when the cache is not empty).
impl Ir {
    /// The cached table whose symbol block is `b`, if any.
    fn cached_table_of_block(&mut self, b: BlockId) -> Option<OpId> {
        let r = self.block_region(b)?;
        let t = self.region_parent_op(r)?;
        if !self.symbol_cache_mut().tables.get_mut().contains_key(&t) || symbol_block(self, t) != Some(b) {
            return None;
        }
        Some(t)
    }
    /// `op` was just linked into block `b`.
    pub(crate) fn symbols_op_linked(&mut self, op: OpId, b: BlockId) {
        let Some(t) = self.cached_table_of_block(b) else { return };
        if let Some(n) = self.symbol_name(op) {
            self.symbols_add(t, n, op);
        }
    }
    /// `op` is about to be unlinked from block `b`.
    pub(crate) fn symbols_op_unlinking(&mut self, op: OpId, b: BlockId) {
        let Some(t) = self.cached_table_of_block(b) else { return };
        if let Some(n) = self.symbol_name(op) {
            self.symbols_remove(t, n, op);
        }
    }
    /// `op`'s symbol name changed from `old` (its attributes were set).
    pub(crate) fn symbols_renamed(&mut self, op: OpId, old: Option<Str>) {
        let new = self.symbol_name(op);
        if new == old {
            return;
        }
        let Some(t) = self.op_block(op).and_then(|b| self.cached_table_of_block(b)) else { return };
        if let Some(o) = old {
            self.symbols_remove(t, o, op);
        }
        if let Some(n) = new {
            self.symbols_add(t, n, op);
        }
    }
    /// The symbol name of `op` when its change could matter to a cached
    /// table (the cache is not empty and `op` is in a block).
    pub(crate) fn symbols_name_before_change(&mut self, op: OpId) -> Option<Option<Str>> {
        if self.symbol_cache_mut().is_empty_mut() || self.op_block(op).is_none() {
            return None;
        }
        Some(self.symbol_name(op))
    }
    /// The blocks or regions of `op` changed: its table, if cached, is dropped.
    pub(crate) fn symbols_op_reshaped(&mut self, op: OpId) {
        self.symbol_cache_mut().tables.get_mut().remove(&op);
    }
    fn symbols_add(&mut self, t: OpId, n: Str, op: OpId) {
        let existing = self.symbol_cache_mut().tables.get_mut().get(&t).and_then(|tab| tab.lookup(n));
        // A second op of one name: the first in block order is the symbol.
        let first = match existing {
            Some(e) if e == op => return,
            Some(e) => {
                if self.is_before_in_block(op, e) {
                    op
                } else {
                    e
                }
            }
            None => op,
        };
        if let Some(tab) = self.symbol_cache_mut().tables.get_mut().get_mut(&t) {
            tab.shadowed |= existing.is_some();
            tab.map.insert(n, first);
        }
    }
    fn symbols_remove(&mut self, t: OpId, n: Str, op: OpId) {
        let tables = self.symbol_cache_mut().tables.get_mut();
        let Some(tab) = tables.get(&t) else { return };
        if tab.lookup(n) != Some(op) {
            return;
        }
        if tab.shadowed {
            // Which op of that name comes next is not known in O(1).
            tables.remove(&t);
        } else if let Some(tab) = tables.get_mut(&t) {
            tab.map.remove(&n);
        }
    }
}
