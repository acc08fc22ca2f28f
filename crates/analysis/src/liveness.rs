//! SSA liveness over an op tree, as `mlir::Liveness`: live-in and live-out
//! sets per block (including blocks of nested regions), live-range start
//! and end ops per block, "is the value dead after this op", and the ops a
//! value's live range covers.
//!
//! Construction explores paths backwards from each use to the definition
//! (the SSA path-exploration method), so it runs in time linear in the size
//! of the result: a value is pushed into a block's set at most once, guarded
//! by per-block stamps. A use inside a nested region makes the value live-in
//! at every block between the use and the region entry, and a use of the
//! enclosing op in the defining region, as MLIR's block-walk formulation
//! does. Like MLIR, a value used in another block of its defining region is
//! live-out of its defining block even if no path reaches that use.

use crate::util::LocalMap;
use ir::{BlockId, Ir, OpId, RegionId, ValueDef, ValueId};

const NONE: u32 = u32::MAX;

/// Liveness sets of one block.
#[derive(Clone, Debug, Default)]
pub struct BlockLiveness {
    /// Values live on entry, sorted by id.
    pub live_in: Vec<ValueId>,
    /// Values live on exit, sorted by id.
    pub live_out: Vec<ValueId>,
}

impl BlockLiveness {
    /// True when `v` is live on entry.
    pub fn is_live_in(&self, v: ValueId) -> bool {
        self.live_in.binary_search(&v).is_ok()
    }
    /// True when `v` is live on exit.
    pub fn is_live_out(&self, v: ValueId) -> bool {
        self.live_out.binary_search(&v).is_ok()
    }
}

/// Liveness of every block nested in a root op.
#[derive(Clone, Debug)]
pub struct Liveness {
    root: OpId,
    block_index: LocalMap<BlockId, u32>,
    blocks: Vec<(BlockId, BlockLiveness)>,
    /// Per block (indexed as `blocks`), the last op of the block that uses
    /// each value or holds a use of it in its regions, as (value, op)
    /// sorted by value. Built in one walk over the uses, each lifted
    /// through the blocks between it and the definition, so live range
    /// ends cost a binary search instead of a scan of every user. Kept per
    /// block (not in one hash table keyed by block and value) so that
    /// building and reading it touch memory near the block at hand.
    last_use: std::sync::OnceLock<Vec<Vec<(ValueId, OpId)>>>,
}

struct Builder<'a> {
    ir: &'a Ir,
    root: OpId,
    in_stamp: LocalMap<BlockId, u32>,
    out_stamp: LocalMap<BlockId, u32>,
    live: Liveness,
    work: Vec<BlockId>,
}

impl Liveness {
    /// Computes liveness for every block nested in `root`, live range ends
    /// included.
    pub fn new(ir: &Ir, root: OpId) -> Liveness {
        let live = Liveness::sets(ir, root);
        let _ = live.last_use.set(live.build_last_uses(ir));
        live
    }

    /// Computes the live-in and live-out sets for every block nested in
    /// `root`, leaving the table of last uses (what [`Liveness::end_op`]
    /// and the queries over live ranges read) to be built from the IR
    /// handed to the first such query. For passes that only ask where
    /// live ranges start (buffer hoisting, promotion to the stack): the
    /// table costs as much as the sets.
    pub fn sets(ir: &Ir, root: OpId) -> Liveness {
        Liveness::build_sets(ir, root, None)
    }

    /// [`Liveness::sets`] for the given values only: the sets hold no
    /// other value. Each value's live range is computed on its own, so its
    /// answers are those of [`Liveness::sets`]. For passes that ask about a
    /// few values (the allocations of buffer hoisting and promotion to the
    /// stack), this skips the live ranges of everything else.
    pub fn sets_of(ir: &Ir, root: OpId, values: &[ValueId]) -> Liveness {
        Liveness::build_sets(ir, root, Some(values))
    }

    fn build_sets(ir: &Ir, root: OpId, only: Option<&[ValueId]>) -> Liveness {
        let mut live = Liveness {
            root,
            block_index: LocalMap::with_default(NONE),
            blocks: Vec::new(),
            last_use: std::sync::OnceLock::new(),
        };
        let all_blocks = crate::util::blocks_pre_order(ir, root);
        for &b in &all_blocks {
            live.block_index.set(b, live.blocks.len() as u32);
            live.blocks.push((b, BlockLiveness::default()));
        }
        let mut bld = Builder {
            ir,
            root,
            in_stamp: LocalMap::with_default(NONE),
            out_stamp: LocalMap::with_default(NONE),
            live,
            work: Vec::new(),
        };
        if let Some(values) = only {
            let mut seen: LocalMap<ValueId, bool> = LocalMap::with_default(false);
            for &v in values {
                if !*seen.get(v) {
                    seen.set(v, true);
                    bld.value(v);
                }
            }
            return bld.finish();
        }
        // Values used under `root` but defined outside it are processed once.
        let mut seen_outside: LocalMap<ValueId, bool> = LocalMap::with_default(false);
        for &b in &all_blocks {
            for &a in ir.block_args(b) {
                bld.value(a);
            }
            for op in ir.block_ops(b) {
                for r in ir.results(op) {
                    bld.value(r);
                }
                for v in ir.operands(op) {
                    let inside = ir.value_block(v).is_some_and(|db| *bld.live.block_index.get(db) != NONE);
                    if !inside && !*seen_outside.get(v) {
                        seen_outside.set(v, true);
                        bld.value(v);
                    }
                }
            }
        }
        bld.finish()
    }

    /// The table of last uses (see the field). A use is lifted through its
    /// enclosing ops up to the block defining the value (or the root), so
    /// the walk costs uses × nesting depth, plus a sort per block.
    fn build_last_uses(&self, ir: &Ir) -> Vec<Vec<(ValueId, OpId)>> {
        let mut table: Vec<Vec<(ValueId, OpId)>> = vec![Vec::new(); self.blocks.len()];
        for &(b, _) in &self.blocks {
            for op in ir.block_ops(b) {
                for v in ir.operands(op) {
                    let def_block = ir.value_block(v);
                    let mut a = op;
                    while let Some(ab) = ir.op_block(a) {
                        let i = *self.block_index.get(ab);
                        if i == NONE {
                            break;
                        }
                        table[i as usize].push((v, a));
                        if Some(ab) == def_block {
                            break;
                        }
                        match ir.block_parent_op(ab) {
                            Some(p) if p != self.root => a = p,
                            _ => break,
                        }
                    }
                }
            }
        }
        for uses in &mut table {
            // Stable: equal values keep their push order; keep the latest op.
            uses.sort_by_key(|&(v, _)| v);
            uses.dedup_by(|later, kept| {
                if later.0 != kept.0 {
                    return false;
                }
                if ir.is_before_in_block(kept.1, later.1) {
                    kept.1 = later.1;
                }
                true
            });
            uses.shrink_to_fit();
        }
        table
    }

    /// The last op of `b` that uses `v` or holds a use of it in its
    /// regions, if any (built from `ir` on the first query of a
    /// [`Liveness::sets`]).
    pub fn last_use_in(&self, ir: &Ir, b: BlockId, v: ValueId) -> Option<OpId> {
        let table = self.last_use.get_or_init(|| self.build_last_uses(ir));
        let uses = table.get(*self.block_index.get(b) as usize)?;
        uses.binary_search_by_key(&v, |&(x, _)| x).ok().map(|i| uses[i].1)
    }

    /// The analysed root op.
    pub fn root(&self) -> OpId {
        self.root
    }

    /// The liveness sets of block `b` (`None` if it is not under the root).
    pub fn block(&self, b: BlockId) -> Option<&BlockLiveness> {
        self.blocks.get(*self.block_index.get(b) as usize).map(|(_, l)| l)
    }

    /// Values live on entry to `b`.
    pub fn live_in(&self, b: BlockId) -> &[ValueId] {
        self.block(b).map_or(&[], |l| &l.live_in)
    }

    /// Values live on exit from `b`.
    pub fn live_out(&self, b: BlockId) -> &[ValueId] {
        self.block(b).map_or(&[], |l| &l.live_out)
    }

    /// The op of block `b` where `v`'s live range starts: the first op when
    /// `v` is live-in or a block argument, else its defining op.
    pub fn start_op(&self, ir: &Ir, b: BlockId, v: ValueId) -> Option<OpId> {
        let live_in = self.block(b).is_some_and(|l| l.is_live_in(v));
        match ir.defining_op(v) {
            Some(d) if !live_in => Some(d),
            _ => ir.first_op(b),
        }
    }

    /// The op of block `b` where `v`'s live range ends, given its start:
    /// the last op when `v` is live-out, else the last use (an ancestor in
    /// `b` of a nested use counts) at or after `start`.
    pub fn end_op(&self, ir: &Ir, b: BlockId, v: ValueId, start: OpId) -> OpId {
        if self.block(b).is_some_and(|l| l.is_live_out(v)) {
            return ir.last_op(b).unwrap_or(start);
        }
        match self.last_use_in(ir, b, v) {
            Some(u) if ir.op_block(start) == Some(b) && ir.is_before_in_block(start, u) => u,
            _ => start,
        }
    }

    /// True when `v` is not used after `op` (nor live-out of its block).
    pub fn is_dead_after(&self, ir: &Ir, v: ValueId, op: OpId) -> bool {
        let Some(b) = ir.op_block(op) else { return true };
        if self.block(b).is_some_and(|l| l.is_live_out(v)) {
            return false;
        }
        let end = self.end_op(ir, b, v, op);
        end == op || ir.is_before_in_block(end, op)
    }

    /// Every op the live range of `v` covers, block by block (unsorted;
    /// an op appears once).
    pub fn live_range_ops(&self, ir: &Ir, v: ValueId) -> Vec<OpId> {
        let mut out = Vec::new();
        let def_block = match ir.value_def(v) {
            ValueDef::Result { op, .. } => ir.op_block(op),
            ValueDef::BlockArg { block, .. } => Some(block),
            ValueDef::Detached => None,
        };
        let Some(def_block) = def_block else { return out };
        let mut visited: rustc_hash::FxHashSet<BlockId> = rustc_hash::FxHashSet::default();
        let mut todo = vec![def_block];
        visited.insert(def_block);
        for user in ir.users(v) {
            if let Some(ub) = ir.op_block(user) {
                if visited.insert(ub) {
                    todo.push(ub);
                }
            }
        }
        while let Some(b) = todo.pop() {
            if let Some(start) = self.start_op(ir, b, v) {
                let end = self.end_op(ir, b, v, start);
                let mut cur = Some(start);
                while let Some(c) = cur {
                    out.push(c);
                    if c == end {
                        break;
                    }
                    cur = ir.next_op(c);
                }
            }
            for &s in ir.terminator_successors(b) {
                if self.block(s).is_some_and(|l| l.is_live_in(v)) && visited.insert(s) {
                    todo.push(s);
                }
            }
        }
        out
    }

    /// The values live at `op` (defined at or before it, or live-in, and
    /// used at or after it), in no particular order.
    pub fn currently_live(&self, ir: &Ir, op: OpId) -> Vec<ValueId> {
        let mut out = Vec::new();
        let Some(b) = ir.op_block(op) else { return out };
        let Some(info) = self.block(b) else { return out };
        let (Some(first), Some(last)) = (ir.first_op(b), ir.last_op(b)) else { return out };
        let mut consider = |v: ValueId| {
            let start = if info.is_live_in(v) || ir.defining_op(v).is_none() {
                Some(first)
            } else {
                ir.defining_op(v).and_then(|d| ir.ancestor_in_block(b, d))
            };
            let Some(start) = start else { return };
            let end = if info.is_live_out(v) { last } else { self.end_op(ir, b, v, start) };
            if !(ir.is_before_in_block(op, start) || ir.is_before_in_block(end, op) || out.contains(&v)) {
                out.push(v);
            }
        };
        for &a in ir.block_args(b) {
            consider(a);
        }
        for &v in &info.live_in {
            consider(v);
        }
        for o in ir.block_ops(b) {
            for r in ir.results(o) {
                consider(r);
            }
            if o == op {
                break;
            }
        }
        out
    }
}

impl Builder<'_> {
    /// The sets built so far, sorted.
    fn finish(self) -> Liveness {
        let mut live = self.live;
        for (_, info) in &mut live.blocks {
            info.live_in.sort_unstable();
            info.live_out.sort_unstable();
        }
        live
    }

    /// Marks the live ranges of one value.
    fn value(&mut self, v: ValueId) {
        let ir = self.ir;
        let def_block = match ir.value_def(v) {
            ValueDef::Result { op, .. } => ir.op_block(op),
            ValueDef::BlockArg { block, .. } => Some(block),
            ValueDef::Detached => None,
        };
        let def_region: Option<RegionId> = def_block.and_then(|b| ir.block_region(b));
        let stamp = v.index_u32();
        for user in ir.users(v) {
            let Some(mut b) = ir.op_block(user) else { continue };
            loop {
                if Some(b) == def_block {
                    break;
                }
                let region = ir.block_region(b);
                self.propagate(b, def_block, stamp, v);
                if region.is_some() && region == def_region {
                    if let Some(d) = def_block {
                        self.add_out(d, stamp, v);
                    }
                    break;
                }
                match ir.block_parent_op(b) {
                    Some(p) if p != self.root => match ir.op_block(p) {
                        Some(pb) => b = pb,
                        None => break,
                    },
                    _ => break,
                }
            }
        }
    }

    fn add_out(&mut self, b: BlockId, stamp: u32, v: ValueId) {
        let i = *self.live.block_index.get(b);
        if i == NONE || *self.out_stamp.get(b) == stamp {
            return;
        }
        self.out_stamp.set(b, stamp);
        self.live.blocks[i as usize].1.live_out.push(v);
    }

    /// Makes `v` live-in at `b` and, backwards, at every block reaching `b`
    /// without passing the definition.
    fn propagate(&mut self, b: BlockId, def_block: Option<BlockId>, stamp: u32, v: ValueId) {
        let ir = self.ir;
        self.work.push(b);
        while let Some(b) = self.work.pop() {
            let i = *self.live.block_index.get(b);
            if i == NONE || *self.in_stamp.get(b) == stamp {
                continue;
            }
            self.in_stamp.set(b, stamp);
            self.live.blocks[i as usize].1.live_in.push(v);
            for &p in ir.predecessors(b) {
                let Some(pb) = ir.op_block(p) else { continue };
                self.add_out(pb, stamp, v);
                if Some(pb) != def_block {
                    self.work.push(pb);
                }
            }
        }
    }
}

trait IndexU32 {
    fn index_u32(self) -> u32;
}

impl IndexU32 for ValueId {
    fn index_u32(self) -> u32 {
        ir::entity::EntityRef::index(self) as u32
    }
}
