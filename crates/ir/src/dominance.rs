//! Dominance over the blocks of each region (Cooper–Harvey–Kennedy on a
//! reverse post-order), with O(1) block dominance queries through DFS
//! intervals on the dominator tree, and op/value queries that account for
//! region nesting and graph regions, as MLIR's `DominanceInfo`.
//!
//! Trees are built lazily, once per region; single-block regions need no
//! tree at all. The verifier uses this; the `analysis` crate builds
//! post-dominance and liveness on the same CFG helpers.

use crate::arena::{BlockId, Ir, OpId, RegionId, ValueDef, ValueId};
use crate::registry::OpTraits;
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// The dominator tree of one region.
#[derive(Debug, Default)]
pub struct RegionDomTree {
    /// Block → index in `blocks` (reachable blocks only).
    index: FxHashMap<BlockId, u32>,
    /// Reachable blocks in reverse post-order.
    pub blocks: Vec<BlockId>,
    /// Immediate dominator (as an index), the entry's is itself.
    pub idom: Vec<u32>,
    pre: Vec<u32>,
    post: Vec<u32>,
}

impl RegionDomTree {
    /// Builds the tree of `region` following successor edges (or post-dominance when `post` is set,
    /// handled by the analysis crate; here only forward dominance).
    pub fn build(ir: &Ir, region: RegionId) -> RegionDomTree {
        let mut t = RegionDomTree::default();
        let Some(entry) = ir.entry_block(region) else { return t };
        // Iterative DFS for post-order.
        let mut post_order: Vec<BlockId> = Vec::new();
        let mut visited: FxHashMap<BlockId, ()> = FxHashMap::default();
        let mut stack: Vec<(BlockId, usize)> = vec![(entry, 0)];
        visited.insert(entry, ());
        while let Some(&mut (b, ref mut i)) = stack.last_mut() {
            let succs = ir.terminator_successors(b);
            if *i < succs.len() {
                let s = succs[*i];
                *i += 1;
                if visited.insert(s, ()).is_none() {
                    stack.push((s, 0));
                }
            } else {
                post_order.push(b);
                stack.pop();
            }
        }
        post_order.reverse();
        t.blocks = post_order;
        for (i, &b) in t.blocks.iter().enumerate() {
            t.index.insert(b, i as u32);
        }
        let n = t.blocks.len();
        const UNDEF: u32 = u32::MAX;
        let mut idom = vec![UNDEF; n];
        idom[0] = 0;
        // Predecessors as indices.
        let preds: Vec<Vec<u32>> = t
            .blocks
            .iter()
            .map(|&b| {
                ir.predecessors(b)
                    .iter()
                    .filter_map(|&p| ir.op_block(p))
                    .filter_map(|pb| t.index.get(&pb).copied())
                    .collect()
            })
            .collect();
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..n {
                let mut new_idom = UNDEF;
                for &p in &preds[i] {
                    if idom[p as usize] == UNDEF {
                        continue;
                    }
                    new_idom = if new_idom == UNDEF { p } else { intersect(&idom, p, new_idom) };
                }
                if new_idom != UNDEF && idom[i] != new_idom {
                    idom[i] = new_idom;
                    changed = true;
                }
            }
        }
        // DFS numbering of the tree.
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        for i in 1..n {
            if idom[i] != UNDEF {
                children[idom[i] as usize].push(i as u32);
            }
        }
        t.pre = vec![0; n];
        t.post = vec![0; n];
        let mut clock = 0u32;
        let mut st: Vec<(u32, usize)> = vec![(0, 0)];
        t.pre[0] = clock;
        clock += 1;
        while let Some(&mut (v, ref mut k)) = st.last_mut() {
            if *k < children[v as usize].len() {
                let c = children[v as usize][*k];
                *k += 1;
                t.pre[c as usize] = clock;
                clock += 1;
                st.push((c, 0));
            } else {
                t.post[v as usize] = clock;
                clock += 1;
                st.pop();
            }
        }
        t.idom = idom;
        t
    }

    /// True when `b` is reachable from the entry.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.index.contains_key(&b)
    }

    /// True when `a` dominates `b` (both in this region). Unreachable
    /// blocks are dominated by everything, as in MLIR.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        if a == b {
            return true;
        }
        let (Some(&ia), Some(&ib)) = (self.index.get(&a), self.index.get(&b)) else {
            return !self.index.contains_key(&b);
        };
        self.pre[ia as usize] <= self.pre[ib as usize] && self.post[ib as usize] <= self.post[ia as usize]
    }

    /// Immediate dominator of a reachable non-entry block.
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        let &i = self.index.get(&b)?;
        if i == 0 {
            return None;
        }
        Some(self.blocks[self.idom[i as usize] as usize])
    }
}

fn intersect(idom: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while a > b {
            a = idom[a as usize];
        }
        while b > a {
            b = idom[b as usize];
        }
    }
    a
}

/// Lazily built dominance for a whole op tree.
#[derive(Default)]
pub struct DominanceInfo {
    trees: RefCell<FxHashMap<RegionId, std::sync::Arc<RegionDomTree>>>,
}

impl DominanceInfo {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// The tree of a region (built on first use).
    pub fn tree(&self, ir: &Ir, r: RegionId) -> std::sync::Arc<RegionDomTree> {
        if let Some(t) = self.trees.borrow().get(&r) {
            return t.clone();
        }
        let t = std::sync::Arc::new(RegionDomTree::build(ir, r));
        self.trees.borrow_mut().insert(r, t.clone());
        t
    }

    /// A cache that starts with trees already built (shared between the
    /// threads that check parts of one large region, so each does not
    /// build the region's tree again).
    pub fn with_trees(trees: &[(RegionId, std::sync::Arc<RegionDomTree>)]) -> Self {
        Self { trees: RefCell::new(trees.iter().cloned().collect()) }
    }

    /// Forgets cached trees (after CFG changes).
    pub fn invalidate(&self) {
        self.trees.borrow_mut().clear();
    }

    /// True when the block is reachable from its region's entry.
    pub fn is_reachable(&self, ir: &Ir, b: BlockId) -> bool {
        let Some(r) = ir.block_region(b) else { return true };
        if ir.entry_block(r) == Some(b) {
            return true;
        }
        self.tree(ir, r).is_reachable(b)
    }

    /// True when block `a` dominates block `b`, `b` possibly nested deeper.
    pub fn block_dominates(&self, ir: &Ir, a: BlockId, b: BlockId) -> bool {
        let Some(ra) = ir.block_region(a) else { return false };
        let Some(b) = ancestor_block_in_region(ir, ra, b) else { return false };
        self.dominates_in_region(ir, ra, a, b)
    }

    /// True when `a` dominates `b`, two blocks of region `r` (reflexive;
    /// unreachable blocks are dominated by everything).
    pub fn dominates_in_region(&self, ir: &Ir, r: RegionId, a: BlockId, b: BlockId) -> bool {
        a == b || self.tree(ir, r).dominates(a, b)
    }

    /// True when op `a` properly dominates op `b` (MLIR's
    /// `properlyDominatesImpl`): `enclosing_ok` makes an op dominate the
    /// ops nested in it; in a block without SSA dominance (see
    /// [`block_has_ssa_dominance`]) every op dominates every other, itself
    /// included.
    pub fn op_properly_dominates(&self, ir: &Ir, a: OpId, b: OpId, enclosing_ok: bool) -> bool {
        let Some(ablock) = ir.op_block(a) else { return false };
        if a == b {
            return !block_has_ssa_dominance(ir, ablock);
        }
        let Some(region) = ir.block_region(ablock) else { return false };
        let Some(bb) = ancestor_op_in_region(ir, region, b) else { return false };
        if a == bb && enclosing_ok {
            return true;
        }
        let Some(bblock) = ir.op_block(bb) else { return false };
        if ablock == bblock {
            return !block_has_ssa_dominance(ir, ablock) || ir.is_before_in_block(a, bb);
        }
        self.tree(ir, region).dominates(ablock, bblock)
    }

    /// True when value `v` is available at op `user` (MLIR's
    /// `properlyDominates(Value, Operation*)`).
    pub fn value_dominates(&self, ir: &Ir, v: ValueId, user: OpId) -> bool {
        match ir.value_def(v) {
            ValueDef::BlockArg { block, .. } => match ir.op_block(user) {
                Some(ub) => self.block_dominates(ir, block, ub),
                None => false,
            },
            ValueDef::Result { op, .. } => self.op_properly_dominates(ir, op, user, false),
            ValueDef::Detached => false,
        }
    }
}

/// MLIR's `DominanceInfo::hasSSADominance(block)`: a block of a multi-block
/// region always has SSA dominance; the block of a single-block region has
/// it unless the region's op is unregistered (nothing is known about it,
/// so its regions may be graph regions) or declares a graph region.
pub fn block_has_ssa_dominance(ir: &Ir, b: BlockId) -> bool {
    let Some(r) = ir.block_region(b) else { return true };
    if ir.region_blocks(r).nth(1).is_some() {
        return true;
    }
    match ir.region_parent_op(r) {
        Some(p) => ir.op_info(p).is_some_and(|i| !i.has(OpTraits::GRAPH_REGION)),
        None => true,
    }
}

/// True unless the region is a graph region (its op has the graph trait).
pub fn has_ssa_dominance(ir: &Ir, r: RegionId) -> bool {
    match ir.region_parent_op(r) {
        Some(p) => !ir.has_trait(p, OpTraits::GRAPH_REGION),
        None => true,
    }
}

/// The ancestor of `op` (or `op`) whose block is in region `r`.
pub fn ancestor_op_in_region(ir: &Ir, r: RegionId, mut op: OpId) -> Option<OpId> {
    loop {
        let b = ir.op_block(op)?;
        if ir.block_region(b) == Some(r) {
            return Some(op);
        }
        op = ir.block_parent_op(b)?;
    }
}

/// The ancestor block of `b` (or `b`) in region `r`.
pub fn ancestor_block_in_region(ir: &Ir, r: RegionId, mut b: BlockId) -> Option<BlockId> {
    loop {
        if ir.block_region(b) == Some(r) {
            return Some(b);
        }
        let op = ir.block_parent_op(b)?;
        b = ir.op_block(op)?;
    }
}

impl Ir {
    /// Successors of a block's last op (empty for an empty block).
    pub fn terminator_successors(&self, b: BlockId) -> &[BlockId] {
        match self.last_op(b) {
            Some(t) => self.successors(t),
            None => &[],
        }
    }
}
