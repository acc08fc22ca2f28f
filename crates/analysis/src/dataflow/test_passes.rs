//! The data-flow test passes of upstream's test suite
//! (`test/lib/Analysis/DataFlow`, `TestDataFlowFramework.cpp`): each runs a
//! solver on the op it is given and returns the text mlir-opt-19's pass
//! prints, reading the `tag` attributes of ops as upstream's passes do.
//! `bufopt::pipeline` registers them as passes.

use super::constant::{constant_attr, ConstantValue};
use super::dead_code::{DeadCodeAnalysis, Executable, PredecessorState};
use super::flow;
use super::liveness::RunLiveness;
use super::solver::{Anchor, Config, Cx, DataFlowAnalysis, Solver};
use super::sparse::Lattice;
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
    /// Runs the analyses and returns what the pass prints (to stderr), or
    /// the diagnostic that fails the pass.
    pub run: fn(&mut Ir, OpId, &OptionValues) -> Result<String, Diagnostic>,
}

/// Every data-flow test pass.
pub const DATAFLOW_TEST_PASSES: &[DataflowTestPass] = &[
    DataflowTestPass {
        name: "test-dead-code-analysis",
        summary: "Print the results of dead code analysis.",
        anchor: None,
        options: &[],
        run: dead_code_analysis,
    },
    DataflowTestPass {
        name: "test-liveness-analysis",
        summary: "Print the results of liveness analysis.",
        anchor: None,
        options: &[],
        run: liveness_analysis,
    },
    DataflowTestPass {
        name: "test-foo-analysis",
        summary: "Print the results of the foo analysis.",
        anchor: Some("func.func"),
        options: &[],
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
