//! Liveness as a sparse backward data-flow analysis (MLIR's
//! `dataflow::LivenessAnalysis`, not the block-level `mlir::Liveness` of
//! [`crate::liveness`]). A value is live when it is (1.a) an operand of an
//! op with memory effects, (1.b) a branch operand deciding whether control
//! reaches such an op, (1.c) a call operand not passed to the callee,
//! (2) returned from a function whose callers are unknown, or (3) used to
//! compute a live value.

use super::constant::SparseConstantPropagation;
use super::dead_code::DeadCodeAnalysis;
use super::flow;
use super::solver::{Anchor, Config, Cx, Solver, StateId};
use super::sparse::{self, Lattice, LatticeValue, SparseBackward, SparseBackwardTransfer};
use ir::{Diagnostic, Ir, OpId, ValueId};
use smallvec::SmallVec;

/// Whether a value is live.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Live(pub bool);

impl LatticeValue for Live {
    fn meet(&self, rhs: &Self) -> Self {
        Live(self.0 || rhs.0)
    }
}

/// The liveness transfer functions.
#[derive(Default)]
pub struct LivenessTransfer;

/// The liveness analysis as a solver analysis.
pub type LivenessAnalysis = SparseBackward<LivenessTransfer>;

fn mark_live(cx: &mut Cx<'_>, ir: &Ir, l: StateId) {
    let changed = cx.get_mut::<Lattice<Live>>(l).set(Live(true));
    cx.propagate(ir, l, changed);
}

impl SparseBackwardTransfer for LivenessTransfer {
    type Value = Live;

    fn visit_operation(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, operands: &[StateId], results: &[StateId]) {
        // (1.a) Operands of ops with memory effects.
        if !ir::interfaces::is_memory_effect_free(ir, op) {
            for &o in operands {
                mark_live(cx, ir, o);
            }
        }
        // (3) Every operand is taken to compute every result.
        let mut found = false;
        for &r in results {
            if !found && cx.get::<Lattice<Live>>(r).value().0 {
                for &o in operands {
                    sparse::meet::<Live>(cx, ir, o, r);
                }
                found = true;
            }
            cx.add_dependency(r, Anchor::Op(op));
        }
    }

    fn visit_branch_operand(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, index: usize) {
        // (1.b) Live when a block control may reach through `op` has an op
        // with memory effects.
        let blocks = if flow::region_branch(ir, op).is_some() {
            flow::blocks_of(ir, op)
        } else if flow::branch_op(ir, op).is_some() {
            ir.successors(op).to_vec()
        } else {
            ir.parent_op(op).map(|p| flow::blocks_of(ir, p)).unwrap_or_default()
        };
        let value = ir.operand(op, index);
        let operand = sparse::lattice::<Live>(cx, value);
        let effecting = blocks.iter().any(|&b| ir.block_ops(b).any(|o| !ir::interfaces::is_memory_effect_free(ir, o)));
        if effecting {
            mark_live(cx, ir, operand);
        }
        // (1.a) and (3) through the op itself, and for a region terminator
        // through its parent as well.
        let results: SmallVec<[StateId; 4]> = ir.results(op).map(|v| sparse::lattice::<Live>(cx, v)).collect();
        self.visit_operation(cx, ir, op, &[operand], &results);
        if !flow::is_region_terminator(ir, op) || flow::branch_op(ir, op).is_some() {
            return;
        }
        let Some(parent) = ir.parent_op(op) else { return };
        let results: SmallVec<[StateId; 4]> = ir.results(parent).map(|v| sparse::lattice::<Live>(cx, v)).collect();
        self.visit_operation(cx, ir, parent, &[operand], &results);
    }

    fn visit_call_operand(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, index: usize) {
        // (1.c) A call operand not passed to the callee.
        let l = sparse::lattice::<Live>(cx, ir.operand(op, index));
        mark_live(cx, ir, l);
    }

    fn set_to_exit_state(&mut self, cx: &mut Cx<'_>, _ir: &Ir, lattice: StateId) {
        // (2) As upstream, the change is not propagated.
        let _ = cx.get_mut::<Lattice<Live>>(lattice).set(Live(true));
    }
}

/// Liveness of every value under `top`: dead code analysis, constant
/// propagation and liveness in one solver (MLIR's `RunLivenessAnalysis`).
pub struct RunLiveness {
    solver: Solver,
}

impl RunLiveness {
    /// Runs the analyses on `top`.
    pub fn new(ir: &mut Ir, top: OpId) -> Result<Self, Diagnostic> {
        let mut solver = Solver::new(Config::default());
        solver.load(DeadCodeAnalysis::new());
        solver.load(SparseConstantPropagation::new());
        solver.load(SparseBackward(LivenessTransfer));
        solver.run(ir, top)?;
        Ok(RunLiveness { solver })
    }

    /// Whether `v` is live (`None` when the analysis never reached it).
    pub fn liveness(&self, v: ValueId) -> Option<bool> {
        self.solver.lookup::<Lattice<Live>>(Anchor::Value(v)).map(|l| l.value().0)
    }
}
