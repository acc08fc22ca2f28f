//! The text printed by the analysis test passes (`--test-print-dominance`,
//! `--test-print-liveness`, `--test-print-callgraph`,
//! `--test-print-region-flow`, `--test-print-alias`). Each printer takes the
//! op the pass runs on and returns what the pass writes to stderr. The
//! dominance and liveness formats are those of mlir-opt-19's test passes.

use crate::dominance::{Direction, Dominance};
use crate::liveness::Liveness;
use ir::entity::EntityMap;
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
        name: "test-print-liveness",
        summary: "Print the contents of a constructed liveness information.",
        anchor: Some("func.func"),
        print: print_liveness,
    },
    TestPass {
        name: "test-print-callgraph",
        summary: "Print the call graph, its SCCs and a bottom-up order.",
        anchor: Some("builtin.module"),
        print: crate::callgraph::print_callgraph,
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

/// `--test-print-dominance`: nearest common dominators and the dominance
/// relation of every pair of blocks, forward and post.
pub fn print_dominance(ir: &Ir, op: OpId) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Testing : {}", crate::util::symbol_name(ir, op));
    // Block ids: first appearance in a post-order walk, the op itself included.
    let mut seen: EntityMap<BlockId, bool> = EntityMap::with_default(false);
    let mut blocks: Vec<BlockId> = Vec::new();
    for o in ir.post_order(op) {
        if let Some(b) = ir.op_block(o) {
            if !*seen.get(b) {
                seen.set(b, true);
                blocks.push(b);
            }
        }
    }
    let mut id: EntityMap<BlockId, u32> = EntityMap::with_default(0);
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

/// `--test-print-liveness`: `mlir::Liveness::print`'s format.
pub fn print_liveness(ir: &Ir, op: OpId) -> String {
    let live = Liveness::new(ir, op);
    let mut out = String::new();
    let _ = writeln!(out, "Testing : {}", crate::util::symbol_name(ir, op));
    out.push_str("// ---- Liveness -----\n");
    let blocks = crate::util::blocks_pre_order(ir, op);
    let mut block_id: EntityMap<BlockId, u32> = EntityMap::with_default(0);
    let mut op_id: EntityMap<OpId, u32> = EntityMap::with_default(0);
    let mut value_id: EntityMap<ValueId, u32> = EntityMap::with_default(u32::MAX);
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
    let value_ref = |v: ValueId, out: &mut String| {
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
    let value_refs = |vs: &[ValueId], out: &mut String| {
        let mut vs = vs.to_vec();
        vs.sort_by_key(|&v| *value_id.get(v));
        for v in vs {
            value_ref(v, out);
        }
    };
    for &b in &blocks {
        let _ = writeln!(out, "// - Block: {}", block_id.get(b));
        out.push_str("// --- LiveIn: ");
        value_refs(live.live_in(b), &mut out);
        out.push_str("\n// --- LiveOut: ");
        value_refs(live.live_out(b), &mut out);
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
                    out.push_str(&syntax::printer::op_to_string(ir, o));
                }
            }
        }
        out.push_str("\n// --- EndLivenessIntervals\n");
        out.push_str("// --- BeginCurrentlyLive\n");
        for o in ir.block_ops(b) {
            let now = live.currently_live(ir, o);
            if now.is_empty() {
                continue;
            }
            out.push_str("//     ");
            out.push_str(&syntax::printer::op_to_string(ir, o));
            out.push_str(" [");
            value_refs(&now, &mut out);
            out.push_str("\u{8}]\n");
        }
        out.push_str("// --- EndCurrentlyLive\n");
    }
    out.push_str("// -------------------\n");
    out
}
