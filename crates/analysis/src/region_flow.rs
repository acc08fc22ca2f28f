//! Control flow between regions and blocks: the successors of a
//! `RegionBranch` op and the values forwarded along each edge, whether a
//! region may run repeatedly, whether one op may execute after another, and
//! the back edges and loops of a region's CFG (natural or irreducible).

use crate::callgraph::tarjan_scc;
use crate::dominance::{reverse_post_order, Dominance};
use crate::util::LocalMap;
use ir::interfaces::{region_successors, RegionBranch, RegionSuccessor};
use ir::{BlockId, Ir, OpId, RegionId, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// The region successors of `op` on entry (`from = None`) or when leaving
/// region `from`; `None` when `op` does not implement `RegionBranch`.
pub fn successors(ir: &Ir, op: OpId, from: Option<RegionId>) -> Option<SmallVec<[RegionSuccessor; 2]>> {
    region_successors(ir, op, from)
}

/// The values passed along the edge `from → to` of region-branch op `op`,
/// as (forwarded value, successor input) pairs. Leaving a region, every
/// terminator of the region contributes.
pub fn forwarded_values(ir: &Ir, op: OpId, from: Option<RegionId>, to: RegionSuccessor) -> Vec<(ValueId, ValueId)> {
    let Some(rb) = ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(op)) else { return Vec::new() };
    let inputs = rb.successor_inputs(ir, op, to);
    match from {
        None => rb.entry_operands(ir, op, to).into_iter().zip(inputs).collect(),
        Some(r) => {
            let mut out = Vec::new();
            for b in ir.region_blocks(r) {
                if let Some(t) = ir.terminator(b) {
                    let fw = crate::alias::forwarded_operands(ir, t, to);
                    out.extend(fw.into_iter().zip(inputs.iter().copied()));
                }
            }
            out
        }
    }
}

/// True when control can go from leaving region `from` of `op` into region
/// `to` (possibly through other regions of `op`).
pub fn is_region_reachable(ir: &Ir, op: OpId, from: RegionId, to: RegionId) -> bool {
    let mut seen: SmallVec<[RegionId; 4]> = SmallVec::new();
    let mut work: SmallVec<[RegionId; 4]> = SmallVec::new();
    work.push(from);
    while let Some(r) = work.pop() {
        for s in successors(ir, op, Some(r)).unwrap_or_default() {
            if let RegionSuccessor::Region(n) = s {
                if n == to {
                    return true;
                }
                if !seen.contains(&n) {
                    seen.push(n);
                    work.push(n);
                }
            }
        }
    }
    false
}

/// True when region `r` may execute more than once per execution of its op
/// (it can reach itself through the op's region successors).
pub fn is_repetitive_region(ir: &Ir, r: RegionId) -> bool {
    ir.region_parent_op(r).is_some_and(|op| is_region_reachable(ir, op, r, r))
}

/// The innermost region around `op` that may repeat, if any.
pub fn enclosing_repetitive_region(ir: &Ir, op: OpId) -> Option<RegionId> {
    let mut cur = ir.op_region(op);
    while let Some(r) = cur {
        if is_repetitive_region(ir, r) {
            return Some(r);
        }
        cur = ir.region_parent_op(r).and_then(|p| ir.op_region(p));
    }
    None
}

/// The back edges and loops of one region's CFG.
#[derive(Clone, Debug, Default)]
pub struct CfgLoops {
    /// Edges `(from, to)` to a block on the DFS stack, in DFS order.
    pub back_edges: Vec<(BlockId, BlockId)>,
    /// For each back edge: true when its target dominates its source
    /// (a natural loop), false for an irreducible (unstructured) loop entry.
    pub natural: Vec<bool>,
    /// Blocks that lie on a cycle.
    pub loop_blocks: Vec<BlockId>,
}

impl CfgLoops {
    /// Analyses region `r` (only blocks reachable from the entry have back
    /// edges; every block on a cycle is a loop block).
    pub fn new(ir: &Ir, r: RegionId, dom: &Dominance) -> CfgLoops {
        let blocks: Vec<BlockId> = ir.region_blocks(r).collect();
        let local: FxHashMap<BlockId, u32> = blocks.iter().enumerate().map(|(i, &b)| (b, i as u32)).collect();
        let succs = region_succs(ir, &blocks, &local);
        let mut out = CfgLoops::default();
        // Iterative DFS from the entry, recording edges into the stack.
        let n = blocks.len();
        let mut state = vec![0u8; n]; // 0 new, 1 on stack, 2 done
        let mut stack: Vec<(u32, usize)> = Vec::new();
        if n > 0 {
            state[0] = 1;
            stack.push((0, 0));
        }
        while let Some(top) = stack.last_mut() {
            let (v, i) = *top;
            if let Some(&w) = succs[v as usize].get(i) {
                top.1 += 1;
                match state[w as usize] {
                    0 => {
                        state[w as usize] = 1;
                        stack.push((w, 0));
                    }
                    1 => {
                        let (from, to) = (blocks[v as usize], blocks[w as usize]);
                        out.back_edges.push((from, to));
                        out.natural.push(dom.dominates_block(ir, to, from));
                    }
                    _ => {}
                }
            } else {
                state[v as usize] = 2;
                stack.pop();
            }
        }
        for comp in tarjan_scc(&succs) {
            let cyclic = comp.len() > 1 || comp.first().is_some_and(|&v| succs[v as usize].contains(&v));
            if cyclic {
                out.loop_blocks.extend(comp.iter().map(|&v| blocks[v as usize]));
            }
        }
        out.loop_blocks.sort_by_key(|b| local.get(b).copied().unwrap_or(u32::MAX));
        out
    }

    /// True when the region has a loop that is not a natural loop.
    pub fn has_unstructured_loop(&self) -> bool {
        self.natural.iter().any(|&n| !n)
    }
}

/// True when control may go from op `a` to op `b` (control flow only,
/// conservative): through the CFG of the innermost region holding both, by
/// entering `b` nested in `a`, or because a region around them may repeat.
/// An op enclosing `a` is not reachable from `a` unless something repeats.
pub fn can_reach(ir: &Ir, a: OpId, b: OpId) -> bool {
    // Innermost region containing both.
    let mut region = ir.op_region(a);
    while let Some(r) = region {
        if ir.region_contains(r, b) {
            break;
        }
        region = ir.region_parent_op(r).and_then(|p| ir.op_region(p));
    }
    let Some(r) = region else { return false };
    let (Some(a2), Some(b2)) =
        (ir::dominance::ancestor_op_in_region(ir, r, a), ir::dominance::ancestor_op_in_region(ir, r, b))
    else {
        return false;
    };
    if enclosing_repetitive_region_of_region(ir, r) {
        return true;
    }
    let (Some(ab), Some(bb)) = (ir.op_block(a2), ir.op_block(b2)) else { return false };
    // Control leaving `a2`'s block can come back to it: everything repeats.
    if ab == bb && block_reaches(ir, ab, ab) {
        return true;
    }
    if a2 == b2 {
        // Both inside one op (or the same op): only a repeating region
        // between them lets control come back.
        if a == b {
            return false;
        }
        let inner = |x: OpId| {
            let mut cur = ir.op_region(x);
            while let Some(rr) = cur {
                if rr == r {
                    return false;
                }
                if is_repetitive_region(ir, rr) {
                    return true;
                }
                cur = ir.region_parent_op(rr).and_then(|p| ir.op_region(p));
            }
            false
        };
        // `b` encloses `a`: `b` began before `a`. `a` encloses `b`: `b`
        // runs while `a` executes.
        if b2 == b {
            return false;
        }
        return a2 == a || inner(a) || region_after(ir, a, b, b2);
    }
    if ab == bb && ir.is_before_in_block(a2, b2) {
        return true;
    }
    block_reaches(ir, ab, bb)
}

/// True when a path of at least one CFG edge leads from block `from` to `to`.
fn block_reaches(ir: &Ir, from: BlockId, to: BlockId) -> bool {
    let mut seen: FxHashSet<BlockId> = FxHashSet::default();
    let mut work: Vec<BlockId> = ir.terminator_successors(from).to_vec();
    while let Some(x) = work.pop() {
        if x == to {
            return true;
        }
        if seen.insert(x) {
            work.extend_from_slice(ir.terminator_successors(x));
        }
    }
    false
}

/// True when region `r` or a region around it may repeat.
fn enclosing_repetitive_region_of_region(ir: &Ir, r: RegionId) -> bool {
    let mut cur = Some(r);
    while let Some(x) = cur {
        if is_repetitive_region(ir, x) {
            return true;
        }
        cur = ir.region_parent_op(x).and_then(|p| ir.op_region(p));
    }
    false
}

/// Within common ancestor op `x`: true when `b`'s region of `x` is reachable
/// from `a`'s region of `x`.
fn region_after(ir: &Ir, a: OpId, b: OpId, x: OpId) -> bool {
    let child_region = |o: OpId| {
        let mut cur = ir.op_region(o);
        while let Some(r) = cur {
            if ir.region_parent_op(r) == Some(x) {
                return Some(r);
            }
            cur = ir.region_parent_op(r).and_then(|p| ir.op_region(p));
        }
        None
    };
    match (child_region(a), child_region(b)) {
        (Some(ra), Some(rb)) if ra == rb => {
            let (Some(a2), Some(b2)) =
                (ir::dominance::ancestor_op_in_region(ir, ra, a), ir::dominance::ancestor_op_in_region(ir, ra, b))
            else {
                return false;
            };
            a2 != b2 && can_reach(ir, a2, b2) || a2 == b2 && can_reach(ir, a, b)
        }
        (Some(ra), Some(rb)) => is_region_reachable(ir, x, ra, rb),
        _ => false,
    }
}

/// `--test-print-region-flow`: region successors of every region-branch
/// op, repetitive regions, CFG back edges and loops of every multi-block
/// region, and `can_reach` between every pair of ops tagged `tag = "..."`.
pub fn print_region_flow(ir: &Ir, op: OpId) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(out, "Testing : {}", crate::util::symbol_name(ir, op));
    let blocks = crate::util::blocks_pre_order(ir, op);
    let mut bid: LocalMap<BlockId, u32> = LocalMap::with_default(0);
    for (i, &b) in blocks.iter().enumerate() {
        bid.set(b, i as u32);
    }
    let ops = ir.pre_order(op);
    let tag = |o: OpId| -> String {
        match ir.attr(o, "tag").and_then(|a| ir.ctx().str_value(a)) {
            Some(t) => t.to_string(),
            None if o == op => format!("'{}'", ir.op_name_str(o)),
            None => format!("'{}' in bb{}", ir.op_name_str(o), ir.op_block(o).map_or(0, |b| *bid.get(b))),
        }
    };
    let succ_text = |s: RegionSuccessor| match s {
        RegionSuccessor::Parent => "parent".to_string(),
        RegionSuccessor::Region(r) => format!("region #{}", ir.region_index(r)),
    };
    for &o in &ops {
        if ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(o)).is_none() {
            continue;
        }
        let _ = writeln!(out, "// - RegionBranch {}", tag(o));
        let froms = std::iter::once(None).chain(ir.regions(o).iter().map(|&r| Some(r)));
        for from in froms {
            let name = from.map_or("entry".to_string(), |r| format!("region #{}", ir.region_index(r)));
            let succs = successors(ir, o, from).unwrap_or_default();
            let texts: Vec<String> = succs
                .iter()
                .map(|&s| format!("{} ({} values)", succ_text(s), forwarded_values(ir, o, from, s).len()))
                .collect();
            let _ = writeln!(out, "// --- {name} -> {}", texts.join(", "));
        }
        for &r in ir.regions(o) {
            let _ = writeln!(out, "// --- region #{} repetitive: {}", ir.region_index(r), is_repetitive_region(ir, r));
        }
    }
    let dom = Dominance::forward(ir, op);
    for &o in &ops {
        for &r in ir.regions(o) {
            if ir.region_blocks(r).nth(1).is_none() {
                continue;
            }
            let loops = CfgLoops::new(ir, r, &dom);
            let _ = writeln!(out, "// - CFG of region #{} of {}", ir.region_index(r), tag(o));
            for (&(f, t), &nat) in loops.back_edges.iter().zip(&loops.natural) {
                let kind = if nat { "natural" } else { "irreducible" };
                let _ = writeln!(out, "// --- back edge bb{} -> bb{} ({kind})", bid.get(f), bid.get(t));
            }
            let lb: Vec<String> = loops.loop_blocks.iter().map(|b| format!("bb{}", bid.get(*b))).collect();
            let _ = writeln!(out, "// --- loop blocks: {}", lb.join(" "));
            let rpo = reverse_post_order(&blocks_succs(ir, r), [0u32]);
            let _ = writeln!(out, "// --- reachable blocks: {}", rpo.len());
        }
    }
    let tagged: Vec<OpId> = ops.iter().copied().filter(|&o| ir.attr(o, "tag").is_some()).collect();
    for &a in &tagged {
        for &b in &tagged {
            let _ = writeln!(out, "// reach({}, {}) = {}", tag(a), tag(b), can_reach(ir, a, b));
        }
    }
    for &a in &tagged {
        if let Some(r) = enclosing_repetitive_region(ir, a) {
            let p = ir.region_parent_op(r).map(&tag).unwrap_or_default();
            let _ = writeln!(out, "// repetitive region around {}: region #{} of {p}", tag(a), ir.region_index(r));
        }
    }
    out
}

fn blocks_succs(ir: &Ir, r: RegionId) -> Vec<Vec<u32>> {
    let blocks: Vec<BlockId> = ir.region_blocks(r).collect();
    let local: FxHashMap<BlockId, u32> = blocks.iter().enumerate().map(|(i, &b)| (b, i as u32)).collect();
    region_succs(ir, &blocks, &local)
}

/// Successor lists of a region's blocks, as positions in `blocks`.
fn region_succs(ir: &Ir, blocks: &[BlockId], local: &FxHashMap<BlockId, u32>) -> Vec<Vec<u32>> {
    blocks.iter().map(|&b| ir.terminator_successors(b).iter().filter_map(|s| local.get(s).copied()).collect()).collect()
}
