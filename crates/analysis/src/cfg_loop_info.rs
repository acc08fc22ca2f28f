//! Natural loops of a region's CFG (MLIR's `CFGLoopInfo`, LLVM's
//! `LoopInfo` over blocks) and the text `test-cfg-loop-info` prints.
//!
//! A loop has a header that dominates a reachable predecessor (a back
//! edge); its blocks are those that reach a back edge without passing the
//! header. Loops nest when one's header lies in another's body. As in
//! LLVM, each loop lists its header first and then its other blocks in
//! reverse post-order of a depth-first walk from the entry; sub-loops and
//! top-level loops are ordered as LLVM orders them (by that walk).

use crate::dominance::{Direction, Dominance};
use crate::util::LocalMap;
use ir::{BlockId, Ir, OpId, RegionId};
use std::fmt::Write;

/// One natural loop.
#[derive(Clone, Debug)]
pub struct Loop {
    /// The header, dominating every block of the loop.
    pub header: BlockId,
    /// The blocks: the header first, then reverse post-order.
    pub blocks: Vec<BlockId>,
    /// The enclosing loop (an index into [`LoopInfo::loops`]).
    pub parent: Option<usize>,
    /// Nested loops, in LLVM's order.
    pub sub_loops: Vec<usize>,
}

/// The loops of one region.
#[derive(Clone, Debug, Default)]
pub struct LoopInfo {
    /// Every loop.
    pub loops: Vec<Loop>,
    /// The outermost loops, in LLVM's order.
    pub top_level: Vec<usize>,
    /// The innermost loop of each block.
    innermost: rustc_hash::FxHashMap<BlockId, usize>,
}

impl LoopInfo {
    /// The loops of region `r` (nested regions are not looked into).
    pub fn new(ir: &Ir, r: RegionId) -> LoopInfo {
        let mut li = LoopInfo::default();
        let Some(entry) = ir.entry_block(r) else { return li };
        let Some(parent) = ir.region_parent_op(r) else { return li };
        let dom = Dominance::build(ir, parent, Direction::Forward);
        let post = post_order(ir, entry);
        let mut reachable: LocalMap<BlockId, bool> = LocalMap::with_default(false);
        for &b in &post {
            reachable.set(b, true);
        }
        // Headers with back edges, inner ones (deeper in the dominator
        // tree) first.
        let depth = |mut b: BlockId| {
            let mut d = 0usize;
            while let Some(i) = dom.idom(ir, b) {
                if ir.block_region(i) != Some(r) || i == b {
                    break;
                }
                d += 1;
                b = i;
            }
            d
        };
        let mut headers: Vec<(usize, BlockId, Vec<BlockId>)> = Vec::new();
        for &h in &post {
            let mut back: Vec<BlockId> = Vec::new();
            for &p in ir.predecessors(h) {
                let Some(pb) = ir.op_block(p) else { continue };
                if *reachable.get(pb) && dom.dominates_block(ir, h, pb) && !back.contains(&pb) {
                    back.push(pb);
                }
            }
            if !back.is_empty() {
                headers.push((depth(h), h, back));
            }
        }
        headers.sort_by_key(|h| std::cmp::Reverse(h.0));
        for (_, h, back) in headers {
            li.discover(ir, h, back, &reachable);
        }
        li.populate(&post);
        li
    }

    fn outermost(&self, mut l: usize) -> usize {
        while let Some(p) = self.loops[l].parent {
            l = p;
        }
        l
    }

    /// LLVM's `discoverAndMapSubloop`: the blocks reaching the back edges.
    fn discover(&mut self, ir: &Ir, header: BlockId, back: Vec<BlockId>, reachable: &LocalMap<BlockId, bool>) {
        let l = self.loops.len();
        self.loops.push(Loop { header, blocks: vec![header], parent: None, sub_loops: Vec::new() });
        let mut work = back;
        while let Some(b) = work.pop() {
            match self.innermost.get(&b).copied() {
                None => {
                    if !*reachable.get(b) {
                        continue;
                    }
                    self.innermost.insert(b, l);
                    if b == header {
                        continue;
                    }
                    work.extend(ir.predecessors(b).iter().filter_map(|&p| ir.op_block(p)));
                }
                Some(sub) => {
                    let sub = self.outermost(sub);
                    if sub == l {
                        continue;
                    }
                    self.loops[sub].parent = Some(l);
                    let h = self.loops[sub].header;
                    for &p in ir.predecessors(h) {
                        let Some(pb) = ir.op_block(p) else { continue };
                        if self.innermost.get(&pb).copied() != Some(sub) {
                            work.push(pb);
                        }
                    }
                }
            }
        }
    }

    /// LLVM's `PopulateLoopsDFS`: block and sub-loop lists in order.
    fn populate(&mut self, post: &[BlockId]) {
        for &b in post {
            let mut cur = self.innermost.get(&b).copied();
            if let Some(l) = cur {
                if self.loops[l].header == b {
                    match self.loops[l].parent {
                        Some(p) => self.loops[p].sub_loops.push(l),
                        None => self.top_level.push(l),
                    }
                    self.loops[l].blocks[1..].reverse();
                    self.loops[l].sub_loops.reverse();
                    cur = self.loops[l].parent;
                }
            }
            while let Some(l) = cur {
                self.loops[l].blocks.push(b);
                cur = self.loops[l].parent;
            }
        }
    }

    /// The nesting depth of loop `l` (1 for top-level loops).
    pub fn depth(&self, mut l: usize) -> usize {
        let mut d = 1;
        while let Some(p) = self.loops[l].parent {
            d += 1;
            l = p;
        }
        d
    }

    /// True when `b` is in loop `l` (or one nested in it).
    pub fn contains(&self, l: usize, b: BlockId) -> bool {
        let mut cur = self.innermost.get(&b).copied();
        while let Some(c) = cur {
            if c == l {
                return true;
            }
            cur = self.loops[c].parent;
        }
        false
    }

    /// LLVM's `LoopBase::print`, nested loops indented by four more.
    fn print_loop(&self, ir: &Ir, l: usize, indent: usize, out: &mut String) {
        let lp = &self.loops[l];
        let _ = write!(out, "{:indent$}Loop at depth {} containing: ", "", self.depth(l));
        for (i, &b) in lp.blocks.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&block_name(ir, b));
            if b == lp.header {
                out.push_str("<header>");
            }
            if ir.terminator_successors(b).contains(&lp.header) {
                out.push_str("<latch>");
            }
            if ir.terminator_successors(b).iter().any(|&s| !self.contains(l, s)) {
                out.push_str("<exiting>");
            }
        }
        out.push('\n');
        for &s in &lp.sub_loops {
            self.print_loop(ir, s, indent + 4, out);
        }
    }

    /// `LoopInfo::print`.
    pub fn print(&self, ir: &Ir, out: &mut String) {
        for &l in &self.top_level {
            self.print_loop(ir, l, 0, out);
        }
    }
}

/// The blocks reachable from `entry` in depth-first post-order, successors
/// taken in terminator order.
fn post_order(ir: &Ir, entry: BlockId) -> Vec<BlockId> {
    let mut seen: rustc_hash::FxHashSet<BlockId> = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    let mut stack: Vec<(BlockId, usize)> = vec![(entry, 0)];
    seen.insert(entry);
    while let Some(&mut (b, ref mut i)) = stack.last_mut() {
        let succs = ir.terminator_successors(b);
        if *i < succs.len() {
            let s = succs[*i];
            *i += 1;
            if seen.insert(s) {
                stack.push((s, 0));
            }
        } else {
            out.push(b);
            stack.pop();
        }
    }
    out
}

/// `^bbN`, N the block's position in its region (MLIR numbers blocks per
/// region).
fn block_name(ir: &Ir, b: BlockId) -> String {
    let pos = ir.block_region(b).map_or(0, |r| ir.region_blocks(r).position(|x| x == b).unwrap_or(0));
    format!("^bb{pos}")
}

/// `--test-cfg-loop-info` on a function-like op.
pub fn print_loop_info(ir: &Ir, op: OpId) -> String {
    let mut out = String::new();
    crate::test_reports::testing_line(ir, op, &mut out);
    let Some(&r) = ir.regions(op).first() else { return out };
    let Some(entry) = ir.entry_block(r) else {
        out.push_str("empty region\n");
        return out;
    };
    out.push_str("Blocks : ");
    out.push_str(&block_name(ir, entry));
    for b in ir.region_blocks(r) {
        out.push_str(", ");
        out.push_str(&block_name(ir, b));
    }
    out.push('\n');
    if ir.region_blocks(r).nth(1).is_none() {
        out.push_str("no loops\n");
        return out;
    }
    let li = LoopInfo::new(ir, r);
    if li.top_level.is_empty() {
        out.push_str("no loops\n");
    } else {
        li.print(ir, &mut out);
    }
    out
}
