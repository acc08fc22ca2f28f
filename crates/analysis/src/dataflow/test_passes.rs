//! The data-flow test passes of upstream's test suite
//! (`test/lib/Analysis/DataFlow`, `TestDataFlowFramework.cpp`): each runs a
//! solver on the op it is given and returns the text mlir-opt-19's pass
//! prints, reading the `tag` attributes of ops as upstream's passes do.
//! `bufopt::pipeline` registers them as passes.

use super::constant::SparseConstantPropagation;
use super::constant::{constant_attr, ConstantValue};
use super::dead_code::{DeadCodeAnalysis, Executable, PredecessorState};
use super::dense::{DenseBackward, DenseForward};
use super::flow;
use super::liveness::RunLiveness;
use super::solver::{Anchor, Config, Cx, DataFlowAnalysis, Solver};
use super::sparse::{Lattice, SparseBackward, SparseForward};
use super::test_access::{
    most_underlying, LastModification, LastModifiedTransfer, NextAccess, NextAccessTransfer, UnderlyingValue,
    UnderlyingValueTransfer, WrittenTo, WrittenToTransfer,
};
use ir::{BlockId, Diagnostic, Ir, OpId};
use std::fmt::Write;

/// A pass's option values, `(name, value)`, defaults filled in.
pub type OptionValues = [(String, String)];

/// A data-flow test pass.
pub struct DataflowTestPass {
    /// Command-line name.
    pub name: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// The op kind it runs on (`None`: the op it is given).
    pub anchor: Option<&'static str>,
    /// Options: `(name, help, default)`.
    pub options: &'static [(&'static str, &'static str, &'static str)],
    /// The text goes to stdout (upstream's pass writes to `llvm::outs()`),
    /// not stderr.
    pub stdout: bool,
    /// Runs the analyses and returns what the pass prints, or the
    /// diagnostic that fails the pass.
    pub run: fn(&mut Ir, OpId, &OptionValues) -> Result<String, Diagnostic>,
}

/// Every data-flow test pass.
pub const DATAFLOW_TEST_PASSES: &[DataflowTestPass] = &[
    DataflowTestPass {
        name: "test-dead-code-analysis",
        summary: "Print the results of dead code analysis.",
        anchor: None,
        options: &[],
        stdout: false,
        run: dead_code_analysis,
    },
    DataflowTestPass {
        name: "test-liveness-analysis",
        summary: "Print the results of liveness analysis.",
        anchor: None,
        options: &[],
        stdout: true,
        run: liveness_analysis,
    },
    DataflowTestPass {
        name: "test-last-modified",
        summary: "Print the last modifications of memory at tagged ops.",
        anchor: None,
        options: &[
            ("interprocedural", "perform interprocedural analysis", "true"),
            ("assume-func-writes", "assume external functions have write effect on all arguments", "false"),
        ],
        stdout: false,
        run: last_modified,
    },
    DataflowTestPass {
        name: "test-next-access",
        summary: "Annotate tagged ops with the next accesses of their operands' memory.",
        anchor: None,
        options: &[
            ("interprocedural", "perform interprocedural analysis", "true"),
            ("assume-func-reads", "assume external functions have read effect on all arguments", "false"),
        ],
        stdout: false,
        run: next_access,
    },
    DataflowTestPass {
        name: "test-written-to",
        summary: "Print the stores each operand and result of tagged ops flows into.",
        anchor: None,
        options: &[
            ("interprocedural", "perform interprocedural analysis", "true"),
            ("assume-func-writes", "assume external functions have write effect on all arguments", "false"),
        ],
        stdout: true,
        run: written_to,
    },
    DataflowTestPass {
        name: "test-foo-analysis",
        summary: "Print the results of the foo analysis.",
        anchor: Some("func.func"),
        options: &[],
        stdout: false,
        run: foo_analysis,
    },
];

/// The string value of `op`'s `tag` attribute.
fn tag(ir: &Ir, op: OpId) -> Option<String> {
    ir.attr(op, "tag").and_then(|a| ir.ctx().str_value(a)).map(str::to_string)
}

/// `^bbN`: a block as MLIR prints it as an operand.
fn block_name(ir: &Ir, b: BlockId) -> String {
    let index = ir.block_region(b).map_or(0, |r| ir.region_blocks(r).position(|x| x == b).unwrap_or(0));
    format!("^bb{index}")
}

/// Prints ops as `Operation::print` does with default flags: named as in
/// the whole module.
struct OpText<'p>(syntax::printer::ScopedOpPrinter<'p>);

impl<'p> OpText<'p> {
    fn new(ir: &'p Ir, op: OpId) -> Self {
        let mut top = op;
        while let Some(p) = ir.parent_op(top) {
            top = p;
        }
        OpText(syntax::printer::ScopedOpPrinter::new(ir, top, Default::default()))
    }

    fn predecessors(&mut self, p: &PredecessorState, out: &mut String) {
        if p.all_known() {
            out.push_str("(all) ");
        }
        out.push_str("predecessors:\n");
        for &op in p.known() {
            out.push_str("  ");
            self.0.write_op(op, out);
            out.push('\n');
        }
    }
}

/// The test's stand-in for constant propagation: constant-like ops define
/// their constant, everything else is unknown.
struct ConstantAnalysis;

impl ConstantAnalysis {
    fn visit_op(cx: &mut Cx<'_>, ir: &mut Ir, op: OpId) {
        if let Some(a) = constant_attr(ir, op) {
            let r = ir.result(op, 0);
            cx.update::<Lattice<ConstantValue>>(ir, Anchor::Value(r), |l| l.join(&ConstantValue::Known(a)));
            return;
        }
        let mut values: Vec<_> = ir.results(op).collect();
        for &r in ir.regions(op) {
            if let Some(b) = ir.entry_block(r) {
                values.extend_from_slice(ir.block_args(b));
            }
        }
        for v in values {
            cx.update::<Lattice<ConstantValue>>(ir, Anchor::Value(v), |l| l.join(&ConstantValue::Unknown));
        }
    }
}

impl DataFlowAnalysis for ConstantAnalysis {
    fn initialize(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, top: OpId) -> Result<(), Diagnostic> {
        for op in ir.post_order(top) {
            Self::visit_op(cx, ir, op);
        }
        Ok(())
    }

    fn visit(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, point: Anchor) -> Result<(), Diagnostic> {
        if let Anchor::Op(op) = point {
            Self::visit_op(cx, ir, op);
        }
        Ok(())
    }
}

/// `--test-dead-code-analysis`: for each tagged op, the liveness of its
/// blocks and incoming edges, the predecessors of its regions and its own.
pub fn dead_code_analysis(ir: &mut Ir, top: OpId, _: &OptionValues) -> Result<String, Diagnostic> {
    let mut solver = Solver::new(Config::default());
    solver.load(DeadCodeAnalysis::new());
    solver.load(ConstantAnalysis);
    solver.run(ir, top)?;
    let ir: &Ir = ir;
    let mut text = OpText::new(ir, top);
    let live = |a: Anchor| match solver.lookup::<Executable>(a) {
        Some(e) if e.is_live() => "live",
        _ => "dead",
    };
    let mut out = String::new();
    for op in ir.post_order(top) {
        let Some(tag) = tag(ir, op) else { continue };
        let _ = writeln!(out, "{tag}:");
        for (i, &r) in ir.regions(op).iter().enumerate() {
            let _ = writeln!(out, " region #{i}");
            for b in ir.region_blocks(r) {
                let _ = writeln!(out, "  {} = {}", block_name(ir, b), live(Anchor::Block(b)));
                for (pb, _, _) in flow::predecessors(ir, b) {
                    let _ = writeln!(out, "   from {} = {}", block_name(ir, pb), live(Anchor::Edge(pb, b)));
                }
            }
            if let Some(p) = ir.entry_block(r).and_then(|b| solver.lookup::<PredecessorState>(Anchor::Block(b))) {
                out.push_str("region_preds: ");
                text.predecessors(p, &mut out);
                out.push('\n');
            }
        }
        if let Some(p) = solver.lookup::<PredecessorState>(Anchor::Op(op)) {
            out.push_str("op_preds: ");
            text.predecessors(p, &mut out);
            out.push('\n');
        }
    }
    Ok(out)
}

/// `--test-liveness-analysis`: whether each operand and result of each
/// tagged op is live.
pub fn liveness_analysis(ir: &mut Ir, top: OpId, _: &OptionValues) -> Result<String, Diagnostic> {
    let live = RunLiveness::new(ir, top)?;
    let word = |v| if live.liveness(v) == Some(true) { "live" } else { "not live" };
    let mut out = String::new();
    for op in ir.post_order(top) {
        let Some(tag) = tag(ir, op) else { continue };
        let _ = writeln!(out, "test_tag: {tag}:");
        for (i, v) in ir.operands(op).enumerate() {
            let _ = writeln!(out, " operand #{i}: {}", word(v));
        }
        for (i, v) in ir.results(op).enumerate() {
            let _ = writeln!(out, " result #{i}: {}", word(v));
        }
    }
    Ok(out)
}

/// The state of the foo analysis: the xor of the `foo` attributes on the
/// way to a point (`None` before anything reached it).
#[derive(Default)]
struct FooState(Option<u64>);

impl super::solver::AnalysisState for FooState {}

impl FooState {
    fn join(&mut self, rhs: Option<u64>) -> bool {
        let Some(v) = rhs else { return false };
        let before = self.0;
        self.0 = Some(before.map_or(v, |b| b ^ v));
        before != self.0
    }
}

/// Upstream's `FooAnalysis`, a dense forward analysis written directly on
/// the framework: the state after each op is the state before it, xored
/// with its `foo` attribute; a block starts with the join of its
/// predecessors' terminators.
struct FooAnalysis;

impl FooAnalysis {
    fn visit_block(cx: &mut Cx<'_>, ir: &Ir, b: BlockId) {
        if ir.block_region(b).and_then(|r| ir.entry_block(r)) == Some(b) {
            return;
        }
        let state = cx.state::<FooState>(Anchor::Block(b));
        let mut changed = false;
        for (_, term, _) in flow::predecessors(ir, b) {
            let p = cx.state_for::<FooState>(Anchor::Block(b), Anchor::Op(term));
            let v = cx.get::<FooState>(p).0;
            changed |= cx.get_mut::<FooState>(state).join(v);
        }
        cx.propagate(ir, state, changed);
    }

    fn visit_op(cx: &mut Cx<'_>, ir: &Ir, op: OpId) {
        let state = cx.state::<FooState>(Anchor::Op(op));
        let prev = match ir.prev_op(op) {
            Some(p) => Anchor::Op(p),
            None => Anchor::Block(ir.op_block(op).expect("an op in a block")),
        };
        let p = cx.state_for::<FooState>(Anchor::Op(op), prev);
        let before = cx.get::<FooState>(p).0;
        let s = cx.get_mut::<FooState>(state);
        let mut changed = std::mem::replace(&mut s.0, before) != before;
        if let Some(v) = ir.attr(op, "foo").and_then(|a| ir.ctx().int_value(a)) {
            changed |= s.join(Some(v as u64));
        }
        cx.propagate(ir, state, changed);
    }
}

impl DataFlowAnalysis for FooAnalysis {
    fn initialize(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, top: OpId) -> Result<(), Diagnostic> {
        let &[region] = ir.regions(top) else {
            return Err(Diagnostic::error(ir.op_loc(top), "expected a single region top-level op").with_op(top));
        };
        let Some(entry) = ir.entry_block(region) else {
            return Err(Diagnostic::error(ir.op_loc(top), "expected at least one block in the region").with_op(top));
        };
        let s = cx.state::<FooState>(Anchor::Block(entry));
        cx.get_mut::<FooState>(s).join(Some(0));
        for b in ir.region_blocks(region).collect::<Vec<_>>() {
            Self::visit_block(cx, ir, b);
            for op in ir.block_ops_vec(b) {
                if !ir.regions(op).is_empty() {
                    return Err(Diagnostic::error(ir.op_loc(op), "unexpected op with regions").with_op(op));
                }
                Self::visit_op(cx, ir, op);
            }
        }
        Ok(())
    }

    fn visit(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, point: Anchor) -> Result<(), Diagnostic> {
        match point {
            Anchor::Op(op) => Self::visit_op(cx, ir, op),
            Anchor::Block(b) => Self::visit_block(cx, ir, b),
            _ => return Err(Diagnostic::error(ir.ctx().unknown_loc(), "unknown point kind")),
        }
        Ok(())
    }
}

/// `test-foo-analysis` (on a function): the foo state after each tagged op.
pub fn foo_analysis(ir: &mut Ir, func: OpId, _: &OptionValues) -> Result<String, Diagnostic> {
    let mut solver = Solver::new(Config::default());
    solver.load(FooAnalysis);
    solver.run(ir, func)?;
    let mut out = format!("function: @{}\n", crate::util::symbol_name(ir, func));
    for op in ir.post_order(func) {
        let Some(tag) = tag(ir, op) else { continue };
        let v = solver.lookup::<FooState>(Anchor::Op(op)).and_then(|s| s.0).unwrap_or(0);
        let _ = writeln!(out, "{tag} -> {v}");
    }
    Ok(out)
}

/// A boolean option (`true`/`1` are true).
fn flag(opts: &OptionValues, name: &str) -> bool {
    opts.iter().any(|(k, v)| k == name && (v == "true" || v == "1"))
}

/// The solver configuration from the `interprocedural` option.
fn config(opts: &OptionValues) -> Config {
    let off = opts.iter().any(|(k, v)| k == "interprocedural" && (v == "false" || v == "0"));
    Config { interprocedural: !off }
}

/// The most underlying value of `v` as the solver left it.
fn underlying(solver: &Solver, v: ir::ValueId) -> Option<ir::ValueId> {
    most_underlying(v, |x| solver.lookup::<Lattice<UnderlyingValue>>(Anchor::Value(x)).map(|l| *l.value()))
}

/// `--test-last-modified`: for each operand of each tagged op, the ops
/// that last wrote its memory (their `tag_name`, else their name).
pub fn last_modified(ir: &mut Ir, top: OpId, opts: &OptionValues) -> Result<String, Diagnostic> {
    let mut solver = Solver::new(config(opts));
    solver.load(DeadCodeAnalysis::new());
    solver.load(SparseConstantPropagation::new());
    solver.load(DenseForward(LastModifiedTransfer { assume_func_writes: flag(opts, "assume-func-writes") }));
    solver.load(SparseForward(UnderlyingValueTransfer));
    solver.run(ir, top)?;
    let ir: &Ir = ir;
    let mut out = String::new();
    for op in ir.post_order(top) {
        let Some(tag) = tag(ir, op) else { continue };
        let _ = writeln!(out, "test_tag: {tag}:");
        let mods = solver.lookup::<LastModification>(Anchor::Op(op));
        for (i, v) in ir.operands(op).enumerate() {
            let _ = writeln!(out, " operand #{i}");
            let Some(u) = underlying(&solver, v) else {
                out.push_str(" - <unknown>\n");
                continue;
            };
            match mods.and_then(|m| m.0.get(u)) {
                Some(a) if !a.is_known() => out.push_str(" - <unknown>\n"),
                Some(a) => {
                    for &w in a.get() {
                        let name = ir.attr(w, "tag_name").and_then(|t| ir.ctx().str_value(t));
                        let _ = writeln!(out, "  - {}", name.unwrap_or(ir.op_name_str(w)));
                    }
                }
                None => out.push_str("  - <unknown>\n"),
            }
        }
    }
    Ok(out)
}

/// `--test-next-access`: sets `next_access` on each op with a `name`
/// attribute (for each operand, the names of the ops that next access its
/// memory, or `"unknown"`), and `next_at_entry_point` on region branch ops
/// (the same at the entry of each region they may enter).
pub fn next_access(ir: &mut Ir, top: OpId, opts: &OptionValues) -> Result<String, Diagnostic> {
    let mut solver = Solver::new(config(opts));
    solver.load(DeadCodeAnalysis::new());
    solver.load(DenseBackward(NextAccessTransfer { assume_func_reads: flag(opts, "assume-func-reads") }));
    solver.load(SparseConstantPropagation::new());
    solver.load(SparseForward(UnderlyingValueTransfer));
    solver.run(ir, top)?;
    let mut updates: Vec<(OpId, &str, ir::Attribute)> = Vec::new();
    {
        let ir: &Ir = ir;
        let mut text = OpText::new(ir, top);
        for op in ir.post_order(top) {
            if ir.attr(op, "name").and_then(|a| ir.ctx().str_value(a)).is_none() {
                continue;
            }
            let point = match ir.next_op(op) {
                Some(n) => Anchor::Op(n),
                None => match ir.op_block(op) {
                    Some(b) => Anchor::Block(b),
                    None => continue,
                },
            };
            let attr = next_access_attr(ir, &solver, &mut text, op, solver.lookup::<NextAccess>(point));
            updates.push((op, "next_access", attr));
            if flow::region_branch(ir, op).is_none() {
                continue;
            }
            let mut entries = Vec::new();
            for s in flow::successors_from(ir, op, None) {
                let ir::interfaces::RegionSuccessor::Region(r) = s else { continue };
                let Some(b) = ir.entry_block(r) else { continue };
                let p = ir.first_op(b).map_or(Anchor::Block(b), Anchor::Op);
                entries.push(next_access_attr(ir, &solver, &mut text, op, solver.lookup::<NextAccess>(p)));
            }
            updates.push((op, "next_at_entry_point", ir.ctx().array_attr(&entries)));
        }
    }
    for (op, name, attr) in updates {
        ir.set_attr_str(op, name, attr);
    }
    Ok(String::new())
}

/// The `next_access` value of `op` at a point whose state is `next`.
fn next_access_attr(
    ir: &Ir,
    solver: &Solver,
    text: &mut OpText<'_>,
    op: OpId,
    next: Option<&NextAccess>,
) -> ir::Attribute {
    let ctx = ir.ctx();
    let Some(next) = next else { return ctx.str_attr("not computed") };
    let mut attrs = Vec::new();
    for v in ir.operands(op) {
        let acc = underlying(solver, v).and_then(|u| next.0.get(u)).filter(|a| a.is_known());
        let Some(acc) = acc else {
            attrs.push(ctx.str_attr("unknown"));
            continue;
        };
        let inner: Vec<ir::Attribute> = acc
            .get()
            .iter()
            .map(|&a| match ir.attr(a, "name").filter(|n| ctx.str_value(*n).is_some()) {
                Some(n) => n,
                None => {
                    let mut s = String::new();
                    text.0.write_op(a, &mut s);
                    ctx.str_attr(&s)
                }
            })
            .collect();
        attrs.push(ctx.array_attr(&inner));
    }
    ctx.array_attr(&attrs)
}

/// `--test-written-to`: for each operand and result of each tagged op, the
/// stores its value flows into.
pub fn written_to(ir: &mut Ir, top: OpId, opts: &OptionValues) -> Result<String, Diagnostic> {
    let mut solver = Solver::new(config(opts));
    solver.load(DeadCodeAnalysis::new());
    solver.load(SparseConstantPropagation::new());
    solver.load(SparseBackward(WrittenToTransfer { assume_func_writes: flag(opts, "assume-func-writes") }));
    solver.run(ir, top)?;
    let ir: &Ir = ir;
    let show = |v| match solver.lookup::<Lattice<WrittenTo>>(Anchor::Value(v)) {
        Some(l) => format!("[{}]", l.value().0.join(" ")),
        None => "[]".to_string(),
    };
    let mut out = String::new();
    for op in ir.post_order(top) {
        let Some(tag) = tag(ir, op) else { continue };
        let _ = writeln!(out, "test_tag: {tag}:");
        for (i, v) in ir.operands(op).enumerate() {
            let _ = writeln!(out, " operand #{i}: {}", show(v));
        }
        for (i, v) in ir.results(op).enumerate() {
            let _ = writeln!(out, " result #{i}: {}", show(v));
        }
    }
    Ok(out)
}
