//! Topological sorting of ops (MLIR's `TopologicalSortUtils`) and the
//! passes over it: `topological-sort` (sorts the blocks of regions without
//! SSA dominance, i.e. graph regions) and upstream's test passes
//! `test-print-topological-sort` and `test-topological-sort-analysis`.
//!
//! An op is ready once no operand of it or of an op nested in it is
//! defined by (or inside) an op not yet scheduled; ready ops are moved to
//! the front in their current order, round after round, and when a cycle
//! blocks every op the first unscheduled one is taken as it is.
//!
//! *Deviation:* upstream puts the utilities in `Analysis`; here they live
//! with the pass, because `transforms` does not depend on `analysis`.

use crate::pass::{Pass, PassContext, PassInfo, PassRegistry};
use ir::{BlockId, Diagnostic, Ir, OpId, OpTraits, RegionId, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};

/// A user hook: operand `v` of op `op` counts as ready.
pub type OperandReady<'a> = &'a dyn Fn(&Ir, ValueId, OpId) -> bool;

/// MLIR's `isOpReady`.
fn is_op_ready(ir: &Ir, op: OpId, unscheduled: &FxHashSet<OpId>, ready: Option<OperandReady<'_>>) -> bool {
    let operand_ready = |v: ValueId, user: OpId| {
        if ready.is_some_and(|f| f(ir, v, user)) {
            return true;
        }
        let mut parent = ir.defining_op(v);
        while let Some(p) = parent {
            if p == op {
                return true;
            }
            if unscheduled.contains(&p) {
                return false;
            }
            parent = ir.parent_op(p);
        }
        true
    };
    ir.pre_order(op).into_iter().all(|n| ir.operands(n).all(|v| operand_ready(v, n)))
}

/// Sorts `ops`, a consecutive run of ops of one block, in place in the
/// block (MLIR's `sortTopologically` over a range). False when a cycle
/// left some ops unsorted.
pub fn sort_ops_topologically(ir: &mut Ir, ops: &[OpId], ready: Option<OperandReady<'_>>) -> bool {
    let Some(&first) = ops.first() else { return true };
    let mut unscheduled: FxHashSet<OpId> = ops.iter().copied().collect();
    // The op the next scheduled op goes before (`None`: the range's end).
    let end = ir.next_op(*ops.last().unwrap_or(&first));
    let mut next = Some(first);
    let mut all = true;
    while !unscheduled.is_empty() {
        let mut scheduled = false;
        let mut pending = Vec::new();
        let mut cur = next;
        while let Some(o) = cur.filter(|&o| Some(o) != end) {
            pending.push(o);
            cur = ir.next_op(o);
        }
        for o in pending {
            if !is_op_ready(ir, o, &unscheduled, ready) {
                continue;
            }
            unscheduled.remove(&o);
            scheduled = true;
            if Some(o) == next {
                next = ir.next_op(o).filter(|&n| Some(n) != end);
            } else if let Some(n) = next {
                ir.move_op_before(o, n);
            }
        }
        if !scheduled {
            all = false;
            let Some(n) = next else { break };
            unscheduled.remove(&n);
            next = ir.next_op(n).filter(|&x| Some(x) != end);
        }
    }
    all
}

/// Sorts a block's ops, its terminator left last (MLIR's
/// `sortTopologically(Block *)`).
pub fn sort_block_topologically(ir: &mut Ir, b: BlockId, ready: Option<OperandReady<'_>>) -> bool {
    let mut ops = ir.block_ops_vec(b);
    if ops.last().is_some_and(|&t| ir.has_trait(t, OpTraits::TERMINATOR)) {
        ops.pop();
    }
    sort_ops_topologically(ir, &ops, ready)
}

/// Reorders `ops` (not the IR) topologically (MLIR's
/// `computeTopologicalSorting`). False when a cycle left some unsorted.
pub fn compute_topological_sorting(ir: &Ir, ops: &mut [OpId], ready: Option<OperandReady<'_>>) -> bool {
    let mut unscheduled: FxHashSet<OpId> = ops.iter().copied().collect();
    let mut next = 0;
    let mut all = true;
    while !unscheduled.is_empty() {
        let mut scheduled = false;
        // The round looks at the ops unscheduled when it starts.
        let start = next;
        for i in start..ops.len() {
            if !is_op_ready(ir, ops[i], &unscheduled, ready) {
                continue;
            }
            unscheduled.remove(&ops[i]);
            ops.swap(i, next);
            scheduled = true;
            next += 1;
        }
        if !scheduled {
            all = false;
            unscheduled.remove(&ops[next]);
            next += 1;
        }
    }
    all
}

/// The blocks of `r` so that each comes after its dominators (MLIR's
/// `getBlocksSortedByDominance`): a reverse post-order from each block not
/// yet listed, in region order.
pub fn blocks_sorted_by_dominance(ir: &Ir, r: RegionId) -> Vec<BlockId> {
    let mut listed: FxHashSet<BlockId> = FxHashSet::default();
    let mut out = Vec::new();
    for b in ir.region_blocks(r) {
        if listed.contains(&b) {
            continue;
        }
        let mut seen: FxHashSet<BlockId> = FxHashSet::default();
        let mut post = Vec::new();
        let mut stack: Vec<(BlockId, usize)> = vec![(b, 0)];
        seen.insert(b);
        while let Some(&mut (x, ref mut i)) = stack.last_mut() {
            let succs = ir.terminator_successors(x);
            if *i < succs.len() {
                let s = succs[*i];
                *i += 1;
                if seen.insert(s) {
                    stack.push((s, 0));
                }
            } else {
                post.push(x);
                stack.pop();
            }
        }
        for &x in post.iter().rev() {
            if listed.insert(x) {
                out.push(x);
            }
        }
    }
    out
}

/// `ops` (distinct ops with a common ancestor region) in an order that
/// respects dominance (MLIR's `topologicalSort(SetVector)`): a pre-order
/// walk from their closest common ancestor region, blocks in dominance
/// order.
pub fn topological_sort(ir: &Ir, ops: &[OpId]) -> Vec<OpId> {
    if ops.len() <= 1 {
        return ops.to_vec();
    }
    let mut counts: FxHashMap<RegionId, usize> = FxHashMap::default();
    let mut ancestor_blocks: FxHashSet<BlockId> = FxHashSet::default();
    let mut root = None;
    for &op in ops {
        let mut cur = ir.op_region(op);
        if let Some(b) = ir.op_block(op) {
            ancestor_blocks.insert(b);
        }
        while let Some(r) = cur {
            let c = counts.entry(r).or_insert(0);
            *c += 1;
            if *c == ops.len() {
                root = Some(r);
                break;
            }
            let parent = ir.region_parent_op(r);
            if let Some(b) = parent.and_then(|p| ir.op_block(p)) {
                ancestor_blocks.insert(b);
            }
            cur = parent.and_then(|p| ir.op_region(p));
        }
    }
    let Some(root) = root else { return ops.to_vec() };
    let to_sort: FxHashSet<OpId> = ops.iter().copied().collect();
    enum Item {
        Region(RegionId),
        Block(BlockId),
        Op(OpId),
    }
    let mut out = Vec::new();
    let mut stack = vec![Item::Region(root)];
    while let Some(item) = stack.pop() {
        match item {
            Item::Region(r) => {
                for b in blocks_sorted_by_dominance(ir, r).into_iter().rev() {
                    if ancestor_blocks.contains(&b) {
                        stack.push(Item::Block(b));
                    }
                }
            }
            Item::Block(b) => {
                let ops = ir.block_ops_vec(b);
                stack.extend(ops.into_iter().rev().map(Item::Op));
            }
            Item::Op(o) => {
                if to_sort.contains(&o) {
                    out.push(o);
                }
                for &r in ir.regions(o) {
                    if counts.contains_key(&r) {
                        stack.push(Item::Region(r));
                    }
                }
            }
        }
    }
    out
}

/// `topological-sort`: sorts every block of every graph region.
struct TopologicalSort;

impl Pass for TopologicalSort {
    fn name(&self) -> &'static str {
        "topological-sort"
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        for o in ir.post_order(op) {
            if !ir.has_trait(o, OpTraits::GRAPH_REGION) {
                continue;
            }
            for r in ir.regions(o).to_vec() {
                for b in ir.region_blocks(r).collect::<Vec<_>>() {
                    sort_block_topologically(ir, b, None);
                }
            }
        }
        Ok(())
    }
}

/// `test-print-topological-sort`: numbers the ops marked `test_to_sort`
/// (`test_sort_index`) in [`topological_sort`] order.
struct TestPrintTopologicalSort;

impl Pass for TestPrintTopologicalSort {
    fn name(&self) -> &'static str {
        "test-print-topological-sort"
    }
    fn can_schedule_on(&self, ir: &Ir, op: OpId) -> bool {
        ir::interfaces::symbol_op(ir, op).is_some()
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        let unit = ir.ctx().unit_attr();
        let marked: Vec<OpId> =
            ir.post_order(op).into_iter().filter(|&o| ir.attr(o, "test_to_sort") == Some(unit)).collect();
        let i32t = ir.ctx().int_ty(32);
        for (i, o) in topological_sort(ir, &marked).into_iter().enumerate() {
            let a = ir.ctx().int_attr(i32t, i as i128);
            ir.set_attr_str(o, "test_sort_index", a);
        }
        Ok(())
    }
}

/// `test-topological-sort-analysis`: under each op marked `root`, sorts the
/// ops marked `selected` (in the order their `selected` index gives when
/// the root is `ordered`) and records each one's place as `pos`.
struct TestTopologicalSortAnalysis;

impl Pass for TestTopologicalSortAnalysis {
    fn name(&self) -> &'static str {
        "test-topological-sort-analysis"
    }
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        for root in ir.post_order(op) {
            if ir.attr(root, "root").is_none() {
                continue;
            }
            let ordered = ir.attr(root, "ordered").is_some();
            let mut selected: Vec<Option<OpId>> = Vec::new();
            for s in ir.post_order(root) {
                let Some(a) = ir.attr(s, "selected") else { continue };
                if !ordered {
                    selected.push(Some(s));
                    continue;
                }
                let pos = ir.ctx().int_value(a).unwrap_or(0).max(0) as usize;
                if pos >= selected.len() {
                    selected.resize(pos + 1, None);
                }
                selected[pos] = Some(s);
            }
            let Some(mut ops) = selected.into_iter().collect::<Option<Vec<OpId>>>() else {
                let msg = "invalid test case: some indices are missing among the selected ops";
                cx.report(ir, Diagnostic::error(ir.op_loc(root), msg).with_op(root));
                continue;
            };
            if !compute_topological_sorting(ir, &mut ops, None) {
                cx.report(ir, Diagnostic::error(ir.op_loc(root), "could not schedule all ops").with_op(root));
                continue;
            }
            for (i, o) in ops.into_iter().enumerate() {
                let a = ir.ctx().index_attr(i as i64);
                ir.set_attr_str(o, "pos", a);
            }
        }
        Ok(())
    }
}

/// Registers `topological-sort` and its two test passes.
pub fn register_passes(reg: &mut PassRegistry) {
    reg.add(PassInfo {
        name: "topological-sort",
        summary: "Sort regions without SSA dominance in topological order",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(TopologicalSort)),
    });
    reg.add(PassInfo {
        name: "test-print-topological-sort",
        summary: "Sorts operations topologically and attaches attributes with their corresponding index in the \
                  ordering to them",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(TestPrintTopologicalSort)),
    });
    reg.add(PassInfo {
        name: "test-topological-sort-analysis",
        summary: "Test topological sorting of ops",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(TestTopologicalSortAnalysis)),
    });
}
