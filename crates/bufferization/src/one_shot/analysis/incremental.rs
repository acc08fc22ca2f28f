//! The in-place decisions without re-collecting alias sets: the same
//! answers as upstream's literal procedure (`Analyzer::
//! literal_interference`), from data kept per alias set.
//!
//! Why it is exact (the design study's F1 and F2): everything a decision
//! looks at except the in-place set and the alias sets is fixed during the
//! analysis (read/write classification, definitions, dominance, regions,
//! subsets: equivalence classes are only filled afterwards), so whether a
//! read and a write conflict is a fixed fact per pair; and every alias set
//! is conflict-free (true after the constructor once the pre-checks pass,
//! kept because sets merge only after a decision found the merged set
//! conflict-free). Hence upstream's "some (read, write) pair of the union
//! of the sets S₁…Sₘ involved conflicts" equals "some read of Sᵢ conflicts
//! with some in-place write of Sⱼ, i ≠ j, or with the new write", and the
//! non-writable and parallel-region tests become per-set counters.
//!
//! Windows: a read `r` (of op R in block B) and a write `w` of an op W
//! directly in the same block B (with SSA dominance) cannot conflict when
//! W comes after R and op dominance is usable for every write of B (every
//! definition of `r` is in R's repetitive region and B is its region's only
//! block: "read happens before write"), nor when W comes before every
//! definition of `r` and all of them are results of ops of B ("write
//! happens before definition"). So a read only meets the writes of its
//! block inside the window [first definition, R] (and every write of other
//! blocks); reads without definitions never conflict. Per set, the writes
//! are ordered by (block, position) and the reads by (block, window start)
//! and (block, window end), so the candidates for a read are a range, and
//! those for a write (reads whose window contains it) are found by walking
//! both read orders in lock-step and stopping at the shorter. Candidates
//! are then checked with upstream's full pair test, so the answer is
//! unchanged. Sets merge small-into-large.
//!
//! Cost: near-linear on chains of in-place ops in one block (each decision
//! meets O(1) candidates); writes in other blocks (loop bodies, branches)
//! are still enumerated for every read that meets them.

use super::super::interface::AnalysisState;
use super::annotate::Marks;
use super::conflicts::Analyzer;
use super::OneShotAnalysisState;
use ir::entity::EntityRef;
use ir::{BlockId, OpId, OperandId, ValueDef};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::BTreeSet;

/// `(block index, position, use index)`.
type Key = (u32, u32, u32);

/// Where a read can meet writes: its block and the window of positions in
/// it (writes of other blocks are always candidates).
#[derive(Copy, Clone)]
struct Window {
    block: u32,
    lo: u32,
    hi: u32,
}

ir::entity! {
    /// The root slot of an alias set (`EquivalenceClasses::root`), as a
    /// key of the dense per-set table.
    struct SetRoot; "set"
}

/// What the decisions need to know about one alias set.
#[derive(Default, Clone)]
struct SetData {
    /// Every read use (with or without definitions).
    n_reads: usize,
    /// Reads with definitions, by (block, window start).
    reads_lo: BTreeSet<Key>,
    /// The same reads by (block, window end).
    reads_hi: BTreeSet<Key>,
    /// In-place writes by (block, position).
    writes: BTreeSet<Key>,
    nonwritable: u32,
    /// Some in-place write is parallel-bad (kept only with
    /// `check-parallel-regions`).
    bad: bool,
}

impl SetData {
    fn size(&self) -> usize {
        self.reads_lo.len() + self.writes.len()
    }
}

fn use_of(k: &Key) -> OperandId {
    OperandId::new(k.2 as usize)
}

/// Entries of `set` outside block `b`.
fn outside(set: &BTreeSet<Key>, b: u32) -> impl Iterator<Item = &Key> {
    set.range(..(b, 0, 0)).chain(set.range((b + 1, 0, 0)..))
}

/// The per-set data, keyed by the alias set's root.
pub struct Incremental {
    /// Each set's data, by its root slot (a dense side table).
    sets: ir::entity::EntityMap<SetRoot, Option<SetData>>,
    /// Pre-check: whether a set left by the constructor conflicts within.
    internal: FxHashMap<u32, bool>,
    /// Pre-order position of each op under the root (a dense side table).
    pos: ir::entity::EntityMap<OpId, u32>,
    /// Each read's window once computed (`None`: not yet); a dense side table.
    windows: ir::entity::EntityMap<OperandId, Option<Option<Window>>>,
}

impl Incremental {
    /// The data of the sets the constructor left (after the pre-checks).
    pub fn new(an: &mut Analyzer<'_>, s: &OneShotAnalysisState, root: OpId) -> Self {
        let ir = an.ir;
        let mut pos = ir::entity::EntityMap::with_default(u32::MAX);
        for (i, o) in ir.pre_order(root).into_iter().enumerate() {
            pos.set(o, i as u32);
        }
        let mut inc = Incremental {
            sets: ir::entity::EntityMap::default(),
            internal: FxHashMap::default(),
            pos,
            windows: ir::entity::EntityMap::default(),
        };
        // Only the values under `root`: module analysis analyzes one
        // function at a time on a state that holds the whole module, and a
        // function's alias sets hold only its own values.
        let mut values: Vec<ir::ValueId> = Vec::new();
        for o in ir.post_order(root) {
            values.extend(ir.results(o));
            for &r in ir.regions(o) {
                for b in ir.region_blocks(r) {
                    values.extend_from_slice(ir.block_args(b));
                }
            }
        }
        for &v in values.iter().filter(|&&v| s.alias_info.contains(v)) {
            let Some(root) = s.alias_info.root(v) else { continue };
            let nonwritable = !s.is_writable(ir, v);
            let mut reads = Vec::new();
            let mut writes = Vec::new();
            for u in ir.uses(v) {
                if an.is_aliasing_read(s, u) {
                    reads.push(u);
                }
                if s.in_place.contains(u) && an.writes(s, u) {
                    writes.push(u);
                }
            }
            for r in reads {
                let w = inc.window(an, s, r);
                let d = inc.set_mut(root);
                add_read(d, r, w);
            }
            for w in writes {
                let k = inc.write_key(an, w);
                let bad = an.options.check_parallel_regions && an.parallel_bad(s, w);
                let d = inc.set_mut(root);
                d.writes.insert(k);
                d.bad |= bad;
            }
            if nonwritable {
                inc.set_mut(root).nonwritable += 1;
            }
        }
        inc
    }

    /// The data of the set rooted at slot `root`, if it has any.
    fn set(&self, root: u32) -> Option<&SetData> {
        self.sets.get(SetRoot::new(root as usize)).as_ref()
    }

    /// The data of the set rooted at slot `root`, created empty if needed.
    fn set_mut(&mut self, root: u32) -> &mut SetData {
        self.sets.get_mut(SetRoot::new(root as usize)).get_or_insert_with(SetData::default)
    }

    fn write_key(&self, an: &Analyzer<'_>, w: OperandId) -> Key {
        let op = an.ir.use_owner(w);
        let b = an.ir.op_block(op).map_or(0, |b| b.index() as u32);
        (b, self.pos[op], w.index() as u32)
    }

    /// The window of read `r` (`None`: it has no definitions and never
    /// conflicts).
    fn window(&mut self, an: &mut Analyzer<'_>, s: &OneShotAnalysisState, r: OperandId) -> Option<Window> {
        if let Some(w) = *self.windows.get(r) {
            return w;
        }
        let ir = an.ir;
        let defs = an.definitions(s, ir.use_value(r));
        let w = if defs.is_empty() {
            None
        } else {
            let r_op = ir.use_owner(r);
            let block: Option<BlockId> = ir.op_block(r_op);
            let ssa = block.is_some_and(|b| ir::dominance::block_has_ssa_dominance(ir, b));
            let single_block =
                block.and_then(|b| ir.block_region(b)).is_some_and(|reg| ir.region_blocks(reg).nth(1).is_none());
            let rep = an.rep_region_of_op(r_op);
            let dom_usable = ssa && single_block && defs.iter().all(|&d| an.rep_region_of_value(d) == rep);
            let hi = if dom_usable { self.pos[r_op] } else { u32::MAX };
            let def_ops: Option<Vec<OpId>> = defs
                .iter()
                .map(|&d| match ir.value_def(d) {
                    ValueDef::Result { op, .. } if ir.op_block(op) == block => Some(op),
                    _ => None,
                })
                .collect();
            let lo = match def_ops {
                Some(ops) if ssa => ops.iter().map(|&o| self.pos[o]).min().unwrap_or(0),
                _ => 0,
            };
            Some(Window { block: block.map_or(0, |b| b.index() as u32), lo, hi })
        };
        self.windows.set(r, Some(w));
        w
    }

    /// The in-place writes of set `root` that read `r` may conflict with.
    fn write_candidates(&self, root: u32, r: OperandId) -> Vec<OperandId> {
        let (Some(d), Some(Some(w))) = (self.set(root), *self.windows.get(r)) else { return Vec::new() };
        let mut out: Vec<OperandId> =
            d.writes.range((w.block, w.lo, 0)..=(w.block, w.hi, u32::MAX)).map(use_of).collect();
        out.extend(outside(&d.writes, w.block).map(use_of));
        out
    }

    /// The reads of set `root` that the write with key `wk` may conflict
    /// with.
    fn read_candidates(&self, root: u32, wk: Key) -> Vec<OperandId> {
        let Some(d) = self.set(root) else { return Vec::new() };
        let (b, p, _) = wk;
        let mut out: Vec<OperandId> = outside(&d.reads_lo, b).map(use_of).collect();
        // Reads of block b whose window holds p: lo <= p and hi >= p. Walk
        // both orders together; the one that ends first bounds the answer.
        let mut by_lo = d.reads_lo.range((b, 0, 0)..=(b, p, u32::MAX));
        let mut by_hi = d.reads_hi.range((b, p, 0)..=(b, u32::MAX, u32::MAX));
        let (mut from_lo, mut from_hi) = (Vec::new(), Vec::new());
        let window = |k: &Key| self.windows.get(use_of(k)).flatten();
        loop {
            match by_lo.next() {
                None => {
                    out.extend(from_lo.iter().filter(|k| window(k).is_some_and(|w| w.hi >= p)).map(use_of));
                    break;
                }
                Some(k) => from_lo.push(*k),
            }
            match by_hi.next() {
                None => {
                    out.extend(from_hi.iter().filter(|k| window(k).is_some_and(|w| w.lo <= p)).map(use_of));
                    break;
                }
                Some(k) => from_hi.push(*k),
            }
        }
        out
    }

    /// Upstream's non-writable and read-after-write tests for `o`, given
    /// the distinct alias sets `roots` it would join.
    fn interferes(
        &mut self,
        an: &mut Analyzer<'_>,
        s: &OneShotAnalysisState,
        o: OperandId,
        w0: bool,
        roots: &[u32],
        marks: &mut Marks,
    ) -> bool {
        let has = |this: &Self, r: u32, f: fn(&SetData) -> bool| this.set(r).is_some_and(f);
        let found_write = w0 || roots.iter().any(|&r| has(self, r, |d| !d.writes.is_empty()));
        if found_write && roots.iter().any(|&r| has(self, r, |d| d.nonwritable > 0)) {
            return true;
        }
        if an.options.check_parallel_regions
            && roots.iter().any(|&r| has(self, r, |d| d.n_reads > 0))
            && ((w0 && an.parallel_bad(s, o)) || roots.iter().any(|&r| has(self, r, |d| d.bad)))
        {
            return true;
        }
        if self.cross_conflict(an, s, roots, marks) {
            return true;
        }
        if w0 {
            let wk = self.write_key(an, o);
            for &i in roots {
                for r in self.read_candidates(i, wk) {
                    if an.conflicts(s, r, o, marks) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The distinct alias sets of `o`'s value and of its aliasing values.
    fn roots_of(s: &OneShotAnalysisState, an: &Analyzer<'_>, o: OperandId) -> SmallVec<[u32; 4]> {
        let ir = an.ir;
        let mut roots: SmallVec<[u32; 4]> = SmallVec::new();
        let mut push = |r: Option<u32>| {
            if let Some(r) = r {
                if !roots.contains(&r) {
                    roots.push(r);
                }
            }
        };
        push(s.alias_info.root(ir.use_value(o)));
        for a in (s as &dyn AnalysisState).get_aliasing_values(ir, o) {
            push(s.alias_info.root(a.value));
        }
        roots
    }

    /// The pre-bufferization checks of operand `o` (before any decision):
    /// (read-after-write conflict among the sets involved, write of an
    /// in-place operand into a read-only buffer), as upstream's
    /// consistency-only checks answer them.
    pub fn pre_check(&mut self, an: &mut Analyzer<'_>, s: &OneShotAnalysisState, o: OperandId) -> (bool, bool) {
        let roots = Self::roots_of(s, an, o);
        let has = |this: &Self, r: u32, f: fn(&SetData) -> bool| this.set(r).is_some_and(f);
        let mut marks = Marks::default();
        let mut raw = false;
        if an.options.check_parallel_regions && roots.iter().any(|&r| has(self, r, |d| d.n_reads > 0)) {
            raw = roots.iter().any(|&r| has(self, r, |d| d.bad));
        }
        if !raw {
            for &r in &roots {
                if self.internally_conflicting(an, s, r) {
                    raw = true;
                    break;
                }
            }
        }
        if !raw {
            raw = self.cross_conflict(an, s, &roots, &mut marks);
        }
        let read_only = s.in_place.contains(o)
            && roots.iter().any(|&r| has(self, r, |d| !d.writes.is_empty()))
            && roots.iter().any(|&r| has(self, r, |d| d.nonwritable > 0));
        (raw, read_only)
    }

    /// True when a read and an in-place write of set `root` conflict.
    fn internally_conflicting(&mut self, an: &mut Analyzer<'_>, s: &OneShotAnalysisState, root: u32) -> bool {
        if let Some(&c) = self.internal.get(&root) {
            return c;
        }
        let writes: Vec<Key> = self.set(root).map(|d| d.writes.iter().copied().collect()).unwrap_or_default();
        let mut c = false;
        'outer: for wk in writes {
            for r in self.read_candidates(root, wk) {
                if an.conflicts(s, r, use_of(&wk), &mut Marks::default()) {
                    c = true;
                    break 'outer;
                }
            }
        }
        self.internal.insert(root, c);
        c
    }

    /// True when a read of one of `roots` conflicts with an in-place write
    /// of another.
    fn cross_conflict(
        &mut self,
        an: &mut Analyzer<'_>,
        s: &OneShotAnalysisState,
        roots: &[u32],
        marks: &mut Marks,
    ) -> bool {
        for &i in roots {
            for &j in roots {
                if i == j {
                    continue;
                }
                let (Some(x), Some(y)) = (self.set(i), self.set(j)) else { continue };
                if x.reads_lo.is_empty() || y.writes.is_empty() {
                    continue;
                }
                let pairs: Vec<(OperandId, OperandId)> = if x.reads_lo.len() <= y.writes.len() {
                    let reads: Vec<OperandId> = x.reads_lo.iter().map(use_of).collect();
                    reads
                        .into_iter()
                        .flat_map(|r| self.write_candidates(j, r).into_iter().map(move |w| (r, w)))
                        .collect()
                } else {
                    let writes: Vec<Key> = y.writes.iter().copied().collect();
                    writes
                        .into_iter()
                        .flat_map(|wk| self.read_candidates(i, wk).into_iter().map(move |r| (r, use_of(&wk))))
                        .collect()
                };
                for (r, w) in pairs {
                    if an.conflicts(s, r, w, marks) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Decides `o` and, when it goes in place, merges the data of the sets
    /// it joins. With `shadow`, the literal procedure runs too and must
    /// agree (a panic otherwise: a bug in this module).
    pub fn decide(
        &mut self,
        an: &mut Analyzer<'_>,
        s: &mut OneShotAnalysisState,
        o: OperandId,
        shadow: bool,
        marks: &mut Marks,
    ) {
        let ir = an.ir;
        if s.in_place.contains(o) {
            // Forced in place by the constructor: upstream re-checks it and
            // finds nothing (the sets are conflict-free), no statistic moves.
            return;
        }
        let roots = Self::roots_of(s, an, o);
        let w0 = an.writes(s, o);
        let out = self.interferes(an, s, o, w0, &roots, marks);
        if shadow {
            let literal = an.literal_interference(s, o, &mut Marks::default());
            assert_eq!(
                out,
                literal,
                "incremental and literal decisions differ for operand {} of {}",
                ir.use_index(o),
                ir.op_name_str(ir.use_owner(o))
            );
        }
        if out {
            s.bufferize_out_of_place(o);
            return;
        }
        s.bufferize_in_place(ir, o);
        let mut parts: Vec<SetData> =
            roots.iter().filter_map(|&r| self.sets.get_mut(SetRoot::new(r as usize)).take()).collect();
        let big = (0..parts.len()).max_by_key(|&k| parts[k].size()).unwrap_or(0);
        let mut base = if parts.is_empty() { SetData::default() } else { parts.swap_remove(big) };
        for p in parts {
            base.n_reads += p.n_reads;
            base.reads_lo.extend(p.reads_lo);
            base.reads_hi.extend(p.reads_hi);
            base.writes.extend(p.writes);
            base.nonwritable += p.nonwritable;
            base.bad |= p.bad;
        }
        if w0 {
            base.writes.insert(self.write_key(an, o));
            base.bad |= an.options.check_parallel_regions && an.parallel_bad(s, o);
        }
        if let Some(root) = s.alias_info.root(ir.use_value(o)) {
            self.sets.set(SetRoot::new(root as usize), Some(base));
        }
    }
}

/// Adds read `r` with window `w` to a set's data.
fn add_read(d: &mut SetData, r: OperandId, w: Option<Window>) {
    d.n_reads += 1;
    if let Some(w) = w {
        let u = r.index() as u32;
        d.reads_lo.insert((w.block, w.lo, u));
        d.reads_hi.insert((w.block, w.hi, u));
    }
}
