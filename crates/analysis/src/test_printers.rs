//! The text printed by the analysis test passes (`--test-print-dominance`,
//! `--test-print-liveness`, `--test-print-callgraph`,
//! `--test-print-region-flow`, `--test-print-alias`). Each printer takes the
//! op the pass runs on and returns what the pass writes to stderr. The
//! dominance and liveness formats are those of mlir-opt-19's test passes.

use crate::dominance::{Direction, Dominance};
use crate::liveness::Liveness;
use crate::util::LocalMap;
use ir::{BlockId, Ir, OpId, ValueDef, ValueId};
use std::fmt::Write;

/// A test printer: the op the pass runs on → the text for stderr.
pub type Printer = fn(&Ir, OpId) -> String;

/// A registered analysis test pass.
pub struct TestPass {
    /// Command-line name.
    pub name: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// The op kind it runs on (`None`: the op it is given).
    pub anchor: Option<&'static str>,
    /// What it prints.
    pub print: Printer,
}

/// Every analysis test pass.
pub const TEST_PASSES: &[TestPass] = &[
    TestPass {
        name: "test-print-dominance",
        summary: "Print the dominance information for multiple regions.",
        anchor: Some("func.func"),
        print: print_dominance,
    },
    TestPass {
        name: "test-dominance-queries",
        summary: "Build dominance and post-dominance and ask one query per operand (a linear workload for \
                  benchmarks; test-print-dominance prints every pair of blocks).",
        anchor: Some("func.func"),
        print: dominance_queries,
    },
    TestPass {
        name: "test-print-liveness",
        summary: "Print the contents of a constructed liveness information.",
        anchor: Some("func.func"),
        print: print_liveness,
    },
    TestPass {
        name: "test-print-callgraph",
        summary: "Print the contents of a constructed callgraph.",
        anchor: Some("builtin.module"),
        print: crate::callgraph::print_callgraph,
    },
    TestPass {
        name: "test-print-callgraph-bottom-up",
        summary: "Print the call graph the passes use, its SCCs and its bottom-up order (bufopt only).",
        anchor: Some("builtin.module"),
        print: crate::callgraph::print_callgraph_bottom_up,
    },
    TestPass {
        name: "test-print-region-flow",
        summary: "Print region successors, repetitive regions, reachability and CFG back edges.",
        anchor: Some("func.func"),
        print: crate::region_flow::print_region_flow,
    },
    TestPass {
        name: "test-print-alias",
        summary: "Print buffer view-flow alias sets and buffer origins of values tagged `test.ptr`.",
        anchor: Some("func.func"),
        print: crate::alias::print_alias,
    },
];

/// `--test-dominance-queries` (bufopt only): builds forward and post
/// dominance, then asks, for every operand that an op defines, whether the
/// definition properly dominates the user and whether the user properly
/// post-dominates the definition, and for every block whether its
/// immediate dominator dominates it. Prints the counts. The work is linear
/// in the function when the queries are O(1) (times the nesting depth
/// across regions), which is what the benchmark measures.
pub fn dominance_queries(ir: &Ir, op: OpId) -> String {
    let fwd = Dominance::build(ir, op, Direction::Forward);
    let post = Dominance::build(ir, op, Direction::Post);
    let (mut queries, mut dom, mut postdom, mut idoms) = (0u64, 0u64, 0u64, 0u64);
    for o in ir.post_order(op) {
        for v in ir.operands(o).filter(|_| o != op) {
            if let ValueDef::Result { op: d, .. } = ir.value_def(v) {
                queries += 1;
                dom += u64::from(fwd.properly_dominates_op(ir, d, o, true));
                postdom += u64::from(post.properly_post_dominates(ir, o, d));
            }
        }
        for &r in ir.regions(o) {
            for b in ir.region_blocks(r) {
                if let Some(i) = fwd.idom(ir, b) {
                    idoms += u64::from(fwd.dominates_block(ir, i, b));
                }
            }
        }
    }
    format!(
        "Testing : {}\n  {queries} operand queries: {dom} dominated, {postdom} post-dominated; {idoms} idoms dominate\n",
        crate::util::symbol_name(ir, op)
    )
}

/// `--test-print-dominance`: nearest common dominators and the dominance
/// relation of every pair of blocks, forward and post.
pub fn print_dominance(ir: &Ir, op: OpId) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Testing : {}", crate::util::symbol_name(ir, op));
    // Block ids: first appearance in a post-order walk, the op itself included.
    let mut seen: LocalMap<BlockId, bool> = LocalMap::with_default(false);
    let mut blocks: Vec<BlockId> = Vec::new();
    for o in ir.post_order(op) {
        if let Some(b) = ir.op_block(o) {
            if !*seen.get(b) {
                seen.set(b, true);
                blocks.push(b);
            }
        }
    }
    let mut id: LocalMap<BlockId, u32> = LocalMap::with_default(0);
    for (i, &b) in blocks.iter().enumerate() {
        id.set(b, i as u32);
    }
    // The op's own block (in its parent's region) needs no tree: it holds
    // every other block, so queries lift to it before looking at a tree.
    let fwd = Dominance::build(ir, op, Direction::Forward);
    let post = Dominance::build(ir, op, Direction::Post);
    for (title, d) in [("--- DominanceInfo ---", &fwd), ("--- PostDominanceInfo ---", &post)] {
        let _ = writeln!(out, "{title}");
        for &a in &blocks {
            for &b in &blocks {
                let n = match d.nearest_common_dominator(ir, a, b) {
                    Some(n) => id.get(n).to_string(),
                    None => "<no dom>".to_string(),
                };
                let _ = writeln!(out, "Nearest({}, {}) = {n}", id.get(a), id.get(b));
            }
        }
    }
    for (title, word, d) in [
        ("--- Block Dominance relationship ---", "dominates", &fwd),
        ("--- Block PostDominance relationship ---", "postdominates", &post),
    ] {
        let _ = writeln!(out, "{title}");
        for &a in &blocks {
            for &b in &blocks {
                let _ = writeln!(out, "{word}({}, {}) = {}", id.get(a), id.get(b), d.dominates_block(ir, a, b));
            }
        }
    }
    out
}

/// The printed form of ops, each printed once: the liveness printer shows
/// an op once per value whose range covers it. SSA names are computed once
/// for the function ([`syntax::printer::ScopedOpPrinter`]), and ops print
/// as `Operation::print` prints them with default flags (custom form).
struct OpTexts<'p> {
    printer: syntax::printer::ScopedOpPrinter<'p>,
    texts: rustc_hash::FxHashMap<OpId, String>,
}

impl<'p> OpTexts<'p> {
    fn new(ir: &'p Ir, scope: OpId) -> Self {
        let printer = syntax::printer::ScopedOpPrinter::for_op(ir, scope, Default::default());
        OpTexts { printer, texts: rustc_hash::FxHashMap::default() }
    }

    fn text(&mut self, op: OpId) -> &str {
        let printer = &mut self.printer;
        self.texts.entry(op).or_insert_with(|| printer.op_text(op))
    }
}

/// `--test-print-liveness`: `mlir::Liveness::print`'s format.
pub fn print_liveness(ir: &Ir, op: OpId) -> String {
    let live = Liveness::new(ir, op);
    let mut op_text = OpTexts::new(ir, op);
    let mut out = String::new();
    let _ = writeln!(out, "Testing : {}", crate::util::symbol_name(ir, op));
    out.push_str("// ---- Liveness -----\n");
    let blocks = crate::util::blocks_pre_order(ir, op);
    let mut block_id: LocalMap<BlockId, u32> = LocalMap::with_default(0);
    let mut op_id: LocalMap<OpId, u32> = LocalMap::with_default(0);
    let mut value_id: LocalMap<ValueId, u32> = LocalMap::with_default(u32::MAX);
    let (mut nops, mut nvals) = (0u32, 0u32);
    for (i, &b) in blocks.iter().enumerate() {
        block_id.set(b, i as u32);
        for &a in ir.block_args(b) {
            value_id.set(a, nvals);
            nvals += 1;
        }
        for o in ir.block_ops(b) {
            op_id.set(o, nops);
            nops += 1;
            for r in ir.results(o) {
                value_id.set(r, nvals);
                nvals += 1;
            }
        }
    }
    let mut value_ref = |v: ValueId, out: &mut String| {
        match ir.value_def(v) {
            ValueDef::BlockArg { block, index } => {
                let _ = write!(out, "arg{index}@{}", block_id.get(block));
            }
            _ => {
                let _ = write!(out, "val_{}", value_id.get(v));
            }
        }
        out.push(' ');
    };
    let value_refs = |value_ref: &mut dyn FnMut(ValueId, &mut String), vs: &[ValueId], out: &mut String| {
        let mut vs = vs.to_vec();
        vs.sort_by_key(|&v| *value_id.get(v));
        for v in vs {
            value_ref(v, out);
        }
    };
    for &b in &blocks {
        let _ = writeln!(out, "// - Block: {}", block_id.get(b));
        out.push_str("// --- LiveIn: ");
        value_refs(&mut value_ref, live.live_in(b), &mut out);
        out.push_str("\n// --- LiveOut: ");
        value_refs(&mut value_ref, live.live_out(b), &mut out);
        out.push('\n');
        out.push_str("// --- BeginLivenessIntervals");
        for o in ir.block_ops(b) {
            if ir.num_results(o) == 0 {
                continue;
            }
            out.push('\n');
            for r in ir.results(o) {
                out.push_str("// ");
                value_ref(r, &mut out);
                out.push(':');
                let mut ops = live.live_range_ops(ir, r);
                ops.sort_by_key(|&o| *op_id.get(o));
                for o in ops {
                    out.push_str("\n//     ");
                    out.push_str(op_text.text(o));
                }
            }
        }
        out.push_str("\n// --- EndLivenessIntervals\n");
        out.push_str("// --- BeginCurrentlyLive\n");
        currently_live_lines(ir, &live, b, &value_id, &mut out, &mut value_ref, &mut op_text);
        out.push_str("// --- EndCurrentlyLive\n");
    }
    out.push_str("// -------------------\n");
    out
}

/// The "currently live" lines of block `b`: for each op, the values whose
/// live range in `b` covers it, in value-number order. The range of each
/// candidate value (block arguments, live-in values and results of the
/// block's ops) is computed once, then one sweep over the ops keeps the
/// live set ordered, so the block costs O(n log n) plus its output.
fn currently_live_lines(
    ir: &Ir,
    live: &Liveness,
    b: BlockId,
    value_id: &LocalMap<ValueId, u32>,
    out: &mut String,
    value_ref: &mut dyn FnMut(ValueId, &mut String),
    op_text: &mut OpTexts<'_>,
) {
    let ops: Vec<OpId> = ir.block_ops(b).collect();
    if ops.is_empty() {
        return;
    }
    let mut pos: rustc_hash::FxHashMap<OpId, u32> = rustc_hash::FxHashMap::default();
    pos.reserve(ops.len());
    for (i, &o) in ops.iter().enumerate() {
        pos.insert(o, i as u32);
    }
    let info = live.block(b);
    let is_in = |v: ValueId| info.is_some_and(|l| l.is_live_in(v));
    let is_out = |v: ValueId| info.is_some_and(|l| l.is_live_out(v));
    let last = (ops.len() - 1) as u32;
    let mut candidates: Vec<ValueId> = ir.block_args(b).to_vec();
    candidates.extend(live.live_in(b).iter().copied());
    for &o in &ops {
        candidates.extend(ir.results(o));
    }
    // (start, end, value number, value), deduplicated by value.
    let mut seen: rustc_hash::FxHashSet<ValueId> = rustc_hash::FxHashSet::default();
    let mut starts: Vec<Vec<(u32, ValueId)>> = vec![Vec::new(); ops.len()];
    let mut ends: Vec<Vec<(u32, ValueId)>> = vec![Vec::new(); ops.len()];
    for v in candidates {
        if !seen.insert(v) {
            continue;
        }
        let start = if is_in(v) || ir.defining_op(v).is_none() {
            Some(0)
        } else {
            ir.defining_op(v).and_then(|d| ir.ancestor_in_block(b, d)).and_then(|a| pos.get(&a).copied())
        };
        let Some(start) = start else { continue };
        let end = if is_out(v) {
            last
        } else {
            let last = live.last_use_in(ir, b, v).and_then(|u| pos.get(&u).copied());
            last.map_or(start, |p| p.max(start))
        };
        let n = *value_id.get(v);
        starts[start as usize].push((n, v));
        ends[end as usize].push((n, v));
    }
    let mut now: std::collections::BTreeMap<(u32, ValueId), ValueId> = std::collections::BTreeMap::new();
    for (i, &o) in ops.iter().enumerate() {
        for &(n, v) in &starts[i] {
            now.insert((n, v), v);
        }
        if !now.is_empty() {
            out.push_str("//     ");
            out.push_str(op_text.text(o));
            out.push_str(" [");
            for &v in now.values() {
                value_ref(v, out);
            }
            out.push_str("\u{8}]\n");
        }
        for k in &ends[i] {
            now.remove(k);
        }
    }
}
