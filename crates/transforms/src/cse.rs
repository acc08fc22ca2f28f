//! Common subexpression elimination (MLIR's `cse` pass).
//!
//! Ops are hashed by name, attributes, properties, result types and
//! operands ([`crate::equivalence`]) into a scoped table that follows the
//! dominator tree: a block sees the ops of the blocks dominating it, a
//! region sees its enclosing scopes unless its op is (or may be, when
//! unregistered) isolated from above. Regions of graph type are processed
//! only when single-block, and replacements there only touch users not yet
//! visited.
//!
//! Ops with memory effects are not eliminated, except ops that only read:
//! a read is replaced by an earlier equivalent read in the same block when
//! no op in between may write (unknown effects count as writes). Unused
//! ops without effects are erased on the way (`num-dce'd`). The
//! `num-cse'd` statistic counts like upstream's, which counts an
//! effect-free replacement twice.

use crate::equivalence::{ops_equivalent, structural_hash, ValueEq};
use crate::op_class::{is_trivially_dead_memo, with_erasure_memo, EffectMemo};
use crate::pass::{Pass, PassContext};
use ir::dominance::{has_ssa_dominance, RegionDomTree};
use ir::interfaces::ErasureMemo;
use ir::interfaces::{memory_effects, Effect, EffectKind, MemoryEffects};
use ir::rewrite_api::{NoListener, PatternRewriter};
use ir::{BlockId, Diagnostic, Ir, LocKind, OpId, OpTraits, RegionId, ValueId};
use rustc_hash::FxHashMap;

/// A hash table with nested scopes; lookups see the innermost entry.
/// Entries live in one stack (popped when a scope closes); each entry links
/// to the previous entry of its hash, so a bucket costs no allocation.
#[derive(Default)]
struct ScopedTable {
    /// The newest entry of each hash.
    heads: FxHashMap<u64, u32>,
    /// `(op, hash, previous entry of the same hash or u32::MAX)`.
    entries: Vec<(OpId, u64, u32)>,
}

impl ScopedTable {
    fn lookup(&self, ir: &Ir, op: OpId) -> Option<OpId> {
        self.lookup_hashed(ir, op, structural_hash(ir, op, true))
    }
    fn lookup_hashed(&self, ir: &Ir, op: OpId, h: u64) -> Option<OpId> {
        let mut i = *self.heads.get(&h)?;
        while i != u32::MAX {
            let (e, _, prev) = self.entries[i as usize];
            if ir.is_alive(e) && ops_equivalent(ir, e, op, ValueEq::Direct) {
                return Some(e);
            }
            i = prev;
        }
        None
    }
    fn insert_hashed(&mut self, op: OpId, h: u64) {
        let i = self.entries.len() as u32;
        let prev = self.heads.insert(h, i).unwrap_or(u32::MAX);
        self.entries.push((op, h, prev));
    }
    fn mark(&self) -> usize {
        self.entries.len()
    }
    fn pop_to(&mut self, mark: usize) {
        while self.entries.len() > mark {
            if let Some((_, h, prev)) = self.entries.pop() {
                if prev == u32::MAX {
                    self.heads.remove(&h);
                } else {
                    self.heads.insert(h, prev);
                }
            }
        }
    }
}

/// The CSE driver state for one run.
#[derive(Default)]
pub struct CseDriver {
    to_erase: Vec<OpId>,
    /// Per read op: the op up to which the block was scanned, and whether
    /// a write was found there.
    mem_cache: FxHashMap<OpId, (OpId, bool)>,
    /// Op classes and the effect-freeness of ops already seen (CSE
    /// replaces and erases ops but creates none, so answers stay valid for
    /// the run).
    effect_free: EffectMemo,
    /// Which ops' effects (with those nested) allow erasing them: valid for
    /// the run for the same reason (ops are erased only at its end).
    erasure: ErasureMemo,
    /// Ops replaced (upstream's counting).
    pub num_cse: u64,
    /// Dead ops erased.
    pub num_dce: u64,
}

/// The effects of `op` and, with recursive effects, of its nested ops;
/// `None` when unknown.
fn effects_recursively(ir: &Ir, op: OpId) -> Option<Vec<Effect>> {
    let mut out = Vec::new();
    let mut stack = vec![op];
    while let Some(o) = stack.pop() {
        out.extend(memory_effects(ir, o)?);
        if ir.has_trait(o, OpTraits::RECURSIVE_MEMORY_EFFECTS) {
            for &r in ir.regions(o) {
                for b in ir.region_blocks(r) {
                    stack.extend(ir.block_ops(b));
                }
            }
        }
    }
    Some(out)
}

/// True when `op` implements the memory-effect interface with reads only.
fn only_reads(ir: &Ir, op: OpId) -> bool {
    let Some(me) = ir.ctx().registry().interface::<dyn MemoryEffects>(ir.op_name(op)) else { return false };
    let mut v = Vec::new();
    me.effects(ir, op, &mut v);
    v.iter().all(|e| e.kind == EffectKind::Read)
}

impl CseDriver {
    fn write_between(&mut self, ir: &Ir, from: OpId, to: OpId) -> bool {
        let mut next = ir.next_op(from);
        if let Some(&(scanned, write)) = self.mem_cache.get(&from) {
            if write {
                return true;
            }
            next = Some(scanned);
        }
        while let Some(n) = next {
            if n == to {
                break;
            }
            let writes = match effects_recursively(ir, n) {
                None => true,
                Some(e) => e.iter().any(|e| e.kind == EffectKind::Write),
            };
            if writes {
                self.mem_cache.insert(from, (n, true));
                return true;
            }
            next = ir.next_op(n);
        }
        self.mem_cache.insert(from, (to, false));
        false
    }

    fn replace(&mut self, ir: &mut Ir, table: &ScopedTable, op: OpId, existing: OpId, ssa: bool) {
        let pairs: Vec<(ValueId, ValueId)> = ir.results(op).zip(ir.results(existing)).collect();
        if ssa {
            for (from, to) in pairs {
                ir.replace_all_uses(from, to);
            }
            self.to_erase.push(op);
        } else {
            for (from, to) in pairs {
                ir.replace_uses_if(from, to, |ir, u| table.lookup(ir, ir.use_owner(u)).is_none());
            }
            if ir.results(op).all(|r| !ir.has_uses(r)) {
                self.to_erase.push(op);
            }
        }
        let ctx = ir.ctx_arc().clone();
        let is_unknown = |l| matches!(ctx.loc_kind(l), LocKind::Unknown);
        if is_unknown(ir.op_loc(existing)) && !is_unknown(ir.op_loc(op)) {
            let l = ir.op_loc(op);
            ir.set_op_loc(existing, l);
        }
        self.num_cse += 1;
    }

    /// Returns true when `op` was CSE'd or found dead.
    fn simplify_op(&mut self, ir: &mut Ir, table: &mut ScopedTable, op: OpId, ssa: bool) -> bool {
        if self.effect_free.class(ir, op).terminator() {
            return false;
        }
        if is_trivially_dead_memo(&mut self.erasure, ir, op) {
            self.to_erase.push(op);
            self.num_dce += 1;
            return true;
        }
        if !ir.regions(op).iter().all(|&r| ir.region_blocks(r).nth(1).is_none()) {
            return false;
        }
        if !self.effect_free.is_free(ir, op) {
            if !only_reads(ir, op) {
                return false;
            }
            let h = structural_hash(ir, op, true);
            if let Some(existing) = table.lookup_hashed(ir, op, h) {
                if ir.op_block(existing) == ir.op_block(op) && !self.write_between(ir, existing, op) {
                    self.replace(ir, table, op, existing, ssa);
                    return true;
                }
            }
            table.insert_hashed(op, h);
            return false;
        }
        let h = structural_hash(ir, op, true);
        if let Some(existing) = table.lookup_hashed(ir, op, h) {
            self.replace(ir, table, op, existing, ssa);
            self.num_cse += 1;
            return true;
        }
        table.insert_hashed(op, h);
        false
    }

    fn simplify_block(&mut self, ir: &mut Ir, table: &mut ScopedTable, b: BlockId, ssa: bool) {
        let mut cur = ir.first_op(b);
        while let Some(op) = cur {
            cur = ir.next_op(op);
            if !ir.regions(op).is_empty() {
                let isolated = ir.op_info(op).is_none_or(|i| i.has(OpTraits::ISOLATED_FROM_ABOVE));
                let regions: Vec<RegionId> = ir.regions(op).to_vec();
                if isolated {
                    let mut nested = ScopedTable::default();
                    for r in regions {
                        self.simplify_region(ir, &mut nested, r);
                    }
                } else {
                    for r in regions {
                        self.simplify_region(ir, table, r);
                    }
                }
            }
            self.simplify_op(ir, table, op, ssa);
        }
        self.mem_cache.clear();
    }

    fn simplify_region(&mut self, ir: &mut Ir, table: &mut ScopedTable, r: RegionId) {
        let Some(entry) = ir.entry_block(r) else { return };
        let ssa = has_ssa_dominance(ir, r);
        if ir.next_block(entry).is_none() {
            let mark = table.mark();
            self.simplify_block(ir, table, entry, ssa);
            table.pop_to(mark);
            return;
        }
        if !ssa {
            return;
        }
        let tree = RegionDomTree::build(ir, r);
        let n = tree.blocks.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        for i in 1..n {
            let p = tree.idom[i] as usize;
            if p < n {
                children[p].push(i);
            }
        }
        // (tree node, next child, scope mark)
        let mark = table.mark();
        self.simplify_block(ir, table, tree.blocks[0], ssa);
        let mut stack: Vec<(usize, usize, usize)> = vec![(0, 0, mark)];
        while let Some(top) = stack.last_mut() {
            let (node, k, m) = *top;
            if k < children[node].len() {
                top.1 += 1;
                let child = children[node][k];
                let cm = table.mark();
                self.simplify_block(ir, table, tree.blocks[child], ssa);
                stack.push((child, 0, cm));
            } else {
                table.pop_to(m);
                stack.pop();
            }
        }
    }

    /// Runs CSE on the regions of `op`. Returns true when anything changed.
    pub fn run(&mut self, ir: &mut Ir, op: OpId) -> bool {
        let mut table = ScopedTable::default();
        let regions: Vec<RegionId> = ir.regions(op).to_vec();
        for r in regions {
            self.simplify_region(ir, &mut table, r);
        }
        let to_erase = std::mem::take(&mut self.to_erase);
        let changed = !to_erase.is_empty();
        let mut listener = NoListener;
        let mut rw = PatternRewriter::new(ir, &mut listener);
        for o in to_erase {
            rw.erase_op(o);
        }
        changed
    }
}

/// The `cse` pass.
pub struct CsePass;

impl Pass for CsePass {
    fn name(&self) -> &'static str {
        "cse"
    }
    fn title(&self) -> String {
        "CSE".to_string()
    }
    fn statistics(&self) -> &'static [(&'static str, &'static str)] {
        &[("num-cse'd", "Number of operations CSE'd"), ("num-dce'd", "Number of operations DCE'd")]
    }
    fn runs_per_isolated_symbol(&self) -> bool {
        true
    }
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        thread_local! {
            /// The effect memo's table, sized by the arena once per thread
            /// rather than once per function.
            static MEMO: std::cell::RefCell<EffectMemo> = std::cell::RefCell::new(EffectMemo::default());
        }
        let mut d =
            CseDriver { effect_free: MEMO.with(|m| std::mem::take(&mut *m.borrow_mut())), ..Default::default() };
        cx.preserved_all = with_erasure_memo(|memo| {
            std::mem::swap(&mut d.erasure, memo);
            let changed = d.run(ir, op);
            std::mem::swap(&mut d.erasure, memo);
            !changed
        });
        d.effect_free.clear();
        MEMO.with(|m| *m.borrow_mut() = std::mem::take(&mut d.effect_free));
        cx.stats.push(("num-cse'd", d.num_cse));
        cx.stats.push(("num-dce'd", d.num_dce));
        Ok(())
    }
}
