//! Dense analyses: one lattice per program point, propagated along control
//! flow (MLIR's `DenseForwardDataFlowAnalysis` and
//! `DenseBackwardDataFlowAnalysis`). The forward state of `Anchor::Op(op)`
//! holds after `op` and that of `Anchor::Block(b)` at the start of `b`;
//! the backward state of `Anchor::Op(op)` holds before `op` and that of
//! `Anchor::Block(b)` at the end of `b`. Both follow branches, region
//! control flow (through `RegionBranch`) and calls (through `CallOp` and
//! `Callable`, into callee bodies when the solver is interprocedural), and
//! visit only what [`DeadCodeAnalysis`](super::dead_code::DeadCodeAnalysis)
//! finds live.

use super::dead_code::{Executable, PredecessorState};
use super::flow;
use super::solver::{AnalysisState, Anchor, Cx, DataFlowAnalysis, StateId};
use ir::interfaces::RegionSuccessor;
use ir::{BlockId, Diagnostic, Ir, OpId, OpTraits, RegionId};

/// A dense lattice: `join` for forward analyses, `meet` for backward ones.
/// Both return whether the state changed.
pub trait DenseLattice: AnalysisState + Clone {
    /// Joins `rhs` in.
    fn join(&mut self, _rhs: &Self) -> bool {
        false
    }
    /// Meets `rhs`.
    fn meet(&mut self, _rhs: &Self) -> bool {
        false
    }
}

/// Which call edge a transfer crosses (MLIR's `CallControlFlowAction`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CallAction {
    /// From the call into the callee's entry.
    EnterCallee,
    /// From the callee's return back to the call.
    ExitCallee,
    /// Over a call whose callee is not analysed.
    ExternalCallee,
}

/// Joins dense state `rhs` into `lhs` and propagates a change.
pub fn join<L: DenseLattice>(cx: &mut Cx<'_>, ir: &Ir, lhs: StateId, rhs: StateId) {
    if lhs == rhs {
        return;
    }
    let r = cx.get::<L>(rhs).clone();
    let changed = cx.get_mut::<L>(lhs).join(&r);
    cx.propagate(ir, lhs, changed);
}

/// Meets dense state `lhs` with `rhs` and propagates a change.
pub fn meet<L: DenseLattice>(cx: &mut Cx<'_>, ir: &Ir, lhs: StateId, rhs: StateId) {
    if lhs == rhs {
        return;
    }
    let r = cx.get::<L>(rhs).clone();
    let changed = cx.get_mut::<L>(lhs).meet(&r);
    cx.propagate(ir, lhs, changed);
}

/// True when `b` is live, read on behalf of `dependent`.
fn live_for(cx: &mut Cx<'_>, dependent: Anchor, point: Anchor) -> bool {
    let e = cx.state_for::<Executable>(dependent, point);
    cx.get::<Executable>(e).is_live()
}

/// The point before `op` in forward order: the previous op, or its block.
fn point_before(ir: &Ir, op: OpId) -> Option<Anchor> {
    match ir.prev_op(op) {
        Some(p) => Some(Anchor::Op(p)),
        None => ir.op_block(op).map(Anchor::Block),
    }
}

/// The point after `op` in backward order: the next op, or its block.
fn point_after(ir: &Ir, op: OpId) -> Option<Anchor> {
    match ir.next_op(op) {
        Some(n) => Some(Anchor::Op(n)),
        None => ir.op_block(op).map(Anchor::Block),
    }
}

/// The first point of block `b` in backward order: its first op, or the
/// block itself when empty.
fn block_front(ir: &Ir, b: BlockId) -> Anchor {
    ir.first_op(b).map_or(Anchor::Block(b), Anchor::Op)
}

/// What the two directions share: the visit of one op and of one block,
/// and the order ops are first visited in.
trait DenseWalk {
    /// Ops of a block are first visited last to first.
    const BACKWARD: bool;
    fn process_op(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId);
    fn visit_block(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, b: BlockId);
}

/// Visits `op`, then every block nested in it and their ops, in the
/// direction's order.
fn init_rec<D: DenseWalk>(d: &mut D, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId) {
    d.process_op(cx, ir, op);
    for r in ir.regions(op).to_vec() {
        for b in ir.region_blocks(r).collect::<Vec<_>>() {
            d.visit_block(cx, ir, b);
            let mut ops = ir.block_ops_vec(b);
            if D::BACKWARD {
                ops.reverse();
            }
            for o in ops {
                init_rec(d, cx, ir, o);
            }
        }
    }
}

/// The solver's visit of `point`, for either direction.
fn visit_point<D: DenseWalk>(d: &mut D, cx: &mut Cx<'_>, ir: &mut Ir, point: Anchor) -> Result<(), Diagnostic> {
    match point {
        Anchor::Op(op) => d.process_op(cx, ir, op),
        Anchor::Block(b) => d.visit_block(cx, ir, b),
        _ => return Err(Diagnostic::error(ir.ctx().unknown_loc(), "unknown program point kind")),
    }
    Ok(())
}

/// The call sites through which control enters (or leaves) block `b` of
/// `region` under `parent`: `None` when `region` is not a callable's body;
/// `Some(None)` when the sites are not all known, or calls are not
/// followed.
fn body_call_sites(cx: &mut Cx<'_>, ir: &Ir, b: BlockId, parent: OpId, region: RegionId) -> Option<Option<Vec<OpId>>> {
    let body = ir::interfaces::callable(ir, parent).and_then(|c| c.body(ir, parent));
    if body != Some(region) {
        return None;
    }
    let sites = cx.state_for::<PredecessorState>(Anchor::Block(b), Anchor::Op(parent));
    let s = cx.get::<PredecessorState>(sites);
    Some((s.all_known() && cx.config().interprocedural).then(|| s.known().to_vec()))
}

/// The transfer functions of a dense forward analysis.
pub trait DenseForwardTransfer: 'static {
    /// The lattice.
    type Lattice: DenseLattice;
    /// An op with no control-flow role: set `after` from `before`.
    fn visit_operation(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, before: StateId, after: StateId);
    /// The state where control enters from outside.
    fn set_to_entry_state(&mut self, cx: &mut Cx<'_>, ir: &Ir, lattice: StateId);
    /// Across a call edge; by default the state flows unchanged, and over
    /// an external callee it is then reset to the entry state.
    #[allow(clippy::too_many_arguments)]
    fn visit_call_control_flow_transfer(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        _call: OpId,
        action: CallAction,
        before: StateId,
        after: StateId,
    ) {
        join::<Self::Lattice>(cx, ir, after, before);
        if action == CallAction::ExternalCallee {
            self.set_to_entry_state(cx, ir, after);
        }
    }
    /// Across a region-branch edge from region `from` (`None`: the op
    /// itself) to region `to` (`None`: back to the op); by default the
    /// state flows unchanged.
    #[allow(clippy::too_many_arguments)]
    fn visit_region_branch_control_flow_transfer(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        _branch: OpId,
        _from: Option<RegionId>,
        _to: Option<RegionId>,
        before: StateId,
        after: StateId,
    ) {
        join::<Self::Lattice>(cx, ir, after, before);
    }
}

/// A dense forward analysis over a transfer function.
pub struct DenseForward<T>(pub T);

impl<T: DenseForwardTransfer> DenseWalk for DenseForward<T> {
    const BACKWARD: bool = false;

    fn process_op(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId) {
        let Some(b) = ir.op_block(op) else { return };
        if !live_for(cx, Anchor::Op(op), Anchor::Block(b)) {
            return;
        }
        let after = cx.state::<T::Lattice>(Anchor::Op(op));
        let before = cx.state_for::<T::Lattice>(Anchor::Op(op), point_before(ir, op).expect("an op in a block"));
        if flow::region_branch(ir, op).is_some() {
            return self.visit_region_branch(cx, ir, Anchor::Op(op), op, after);
        }
        if ir::interfaces::call_op(ir, op).is_some() {
            return self.visit_call(cx, ir, op, before, after);
        }
        self.0.visit_operation(cx, ir, op, before, after);
    }

    fn visit_block(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, b: BlockId) {
        if !live_for(cx, Anchor::Block(b), Anchor::Block(b)) {
            return;
        }
        let after = cx.state::<T::Lattice>(Anchor::Block(b));
        let Some(region) = ir.block_region(b) else { return };
        if ir.entry_block(region) == Some(b) {
            let Some(parent) = ir.block_parent_op(b) else { return self.0.set_to_entry_state(cx, ir, after) };
            if let Some(sites) = body_call_sites(cx, ir, b, parent, region) {
                let Some(sites) = sites else { return self.0.set_to_entry_state(cx, ir, after) };
                for call in sites {
                    let Some(p) = point_before(ir, call) else { continue };
                    let before = cx.state_for::<T::Lattice>(Anchor::Block(b), p);
                    self.0.visit_call_control_flow_transfer(cx, ir, call, CallAction::EnterCallee, before, after);
                }
                return;
            }
            if flow::region_branch(ir, parent).is_some() {
                return self.visit_region_branch(cx, ir, Anchor::Block(b), parent, after);
            }
            return self.0.set_to_entry_state(cx, ir, after);
        }
        for (pb, term, _) in flow::predecessors(ir, b) {
            if !live_for(cx, Anchor::Block(b), Anchor::Edge(pb, b)) {
                continue;
            }
            let before = cx.state_for::<T::Lattice>(Anchor::Block(b), Anchor::Op(term));
            join::<T::Lattice>(cx, ir, after, before);
        }
    }
}

impl<T: DenseForwardTransfer> DenseForward<T> {
    fn visit_region_branch(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, point: Anchor, branch: OpId, after: StateId) {
        let preds = cx.state_for::<PredecessorState>(point, point);
        for pred in cx.get::<PredecessorState>(preds).known().to_vec() {
            let before = if pred == branch {
                let Some(p) = point_before(ir, pred) else { continue };
                cx.state_for::<T::Lattice>(point, p)
            } else {
                cx.state_for::<T::Lattice>(point, Anchor::Op(pred))
            };
            let from = if pred == branch { None } else { ir.op_region(pred) };
            match point {
                Anchor::Block(tb) => {
                    let to = ir.block_region(tb);
                    self.0.visit_region_branch_control_flow_transfer(cx, ir, branch, from, to, before, after);
                }
                _ => {
                    if ir.parent_op(pred) == Some(branch) || pred == branch {
                        self.0.visit_region_branch_control_flow_transfer(cx, ir, branch, from, None, before, after);
                    } else {
                        join::<T::Lattice>(cx, ir, after, before);
                    }
                }
            }
        }
    }

    fn visit_call(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, call: OpId, before: StateId, after: StateId) {
        let callee = ir::interfaces::resolve_callee(ir, call);
        let external = callee.and_then(|c| ir::interfaces::callable(ir, c).map(|i| i.body(ir, c).is_none()));
        if !cx.config().interprocedural || external == Some(true) {
            return self.0.visit_call_control_flow_transfer(cx, ir, call, CallAction::ExternalCallee, before, after);
        }
        let preds = cx.state_for::<PredecessorState>(Anchor::Op(call), Anchor::Op(call));
        let p = cx.get::<PredecessorState>(preds);
        if !p.all_known() {
            return self.0.set_to_entry_state(cx, ir, after);
        }
        for ret in p.known().to_vec() {
            let at_return = cx.state_for::<T::Lattice>(Anchor::Op(call), Anchor::Op(ret));
            self.0.visit_call_control_flow_transfer(cx, ir, call, CallAction::ExitCallee, at_return, after);
        }
    }
}

impl<T: DenseForwardTransfer> DataFlowAnalysis for DenseForward<T> {
    fn initialize(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, top: OpId) -> Result<(), Diagnostic> {
        init_rec(self, cx, ir, top);
        Ok(())
    }

    fn visit(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, point: Anchor) -> Result<(), Diagnostic> {
        visit_point(self, cx, ir, point)
    }
}

/// The transfer functions of a dense backward analysis.
pub trait DenseBackwardTransfer: 'static {
    /// The lattice.
    type Lattice: DenseLattice;
    /// An op with no control-flow role: set `before` from `after`.
    fn visit_operation(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, after: StateId, before: StateId);
    /// The state where control leaves the analysed code.
    fn set_to_exit_state(&mut self, cx: &mut Cx<'_>, ir: &Ir, lattice: StateId);
    /// Across a call edge; by default the state flows unchanged, and over
    /// an external callee it is then reset to the exit state.
    #[allow(clippy::too_many_arguments)]
    fn visit_call_control_flow_transfer(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        _call: OpId,
        action: CallAction,
        after: StateId,
        before: StateId,
    ) {
        meet::<Self::Lattice>(cx, ir, before, after);
        if action == CallAction::ExternalCallee {
            self.set_to_exit_state(cx, ir, before);
        }
    }
    /// Across a region-branch edge from `from` (`None`: the op itself) to
    /// successor `to`; by default the state flows unchanged.
    #[allow(clippy::too_many_arguments)]
    fn visit_region_branch_control_flow_transfer(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        _branch: OpId,
        _from: Option<RegionId>,
        _to: RegionSuccessor,
        after: StateId,
        before: StateId,
    ) {
        meet::<Self::Lattice>(cx, ir, before, after);
    }
}

/// A dense backward analysis over a transfer function.
pub struct DenseBackward<T>(pub T);

impl<T: DenseBackwardTransfer> DenseWalk for DenseBackward<T> {
    const BACKWARD: bool = true;

    fn process_op(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId) {
        let Some(b) = ir.op_block(op) else { return };
        if !live_for(cx, Anchor::Op(op), Anchor::Block(b)) {
            return;
        }
        let before = cx.state::<T::Lattice>(Anchor::Op(op));
        let after = cx.state_for::<T::Lattice>(Anchor::Op(op), point_after(ir, op).expect("an op in a block"));
        if flow::region_branch(ir, op).is_some() {
            return self.visit_region_branch(cx, ir, Anchor::Op(op), op, None, before);
        }
        if ir::interfaces::call_op(ir, op).is_some() {
            return self.visit_call(cx, ir, op, after, before);
        }
        self.0.visit_operation(cx, ir, op, after, before);
    }

    fn visit_block(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, b: BlockId) {
        if !live_for(cx, Anchor::Block(b), Anchor::Block(b)) {
            return;
        }
        let before = cx.state::<T::Lattice>(Anchor::Block(b));
        let Some(region) = ir.block_region(b) else { return };
        let exit = match ir.last_op(b) {
            None => true,
            Some(t) => {
                let might_terminate = ir.op_info(t).is_none() || ir.has_trait(t, OpTraits::TERMINATOR);
                !might_terminate || flow::is_region_terminator(ir, t)
            }
        };
        if exit {
            let Some(parent) = ir.block_parent_op(b) else { return self.0.set_to_exit_state(cx, ir, before) };
            if let Some(sites) = body_call_sites(cx, ir, b, parent, region) {
                let Some(sites) = sites else { return self.0.set_to_exit_state(cx, ir, before) };
                for call in sites {
                    let Some(p) = point_after(ir, call) else { continue };
                    let after = cx.state_for::<T::Lattice>(Anchor::Block(b), p);
                    self.0.visit_call_control_flow_transfer(cx, ir, call, CallAction::ExitCallee, after, before);
                }
                return;
            }
            if flow::region_branch(ir, parent).is_some() {
                return self.visit_region_branch(cx, ir, Anchor::Block(b), parent, Some(region), before);
            }
            return self.0.set_to_exit_state(cx, ir, before);
        }
        let Some(term) = ir.last_op(b) else { return };
        for succ in ir.successors(term).to_vec() {
            if !live_for(cx, Anchor::Block(b), Anchor::Edge(b, succ)) {
                continue;
            }
            let after = cx.state_for::<T::Lattice>(Anchor::Block(b), block_front(ir, succ));
            meet::<T::Lattice>(cx, ir, before, after);
        }
    }
}

impl<T: DenseBackwardTransfer> DenseBackward<T> {
    fn visit_region_branch(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        point: Anchor,
        branch: OpId,
        from: Option<RegionId>,
        before: StateId,
    ) {
        for s in flow::successors_from(ir, branch, from) {
            let entry = match s {
                RegionSuccessor::Region(r) => ir.entry_block(r),
                RegionSuccessor::Parent => None,
            };
            let after = match entry {
                None => {
                    let Some(p) = point_after(ir, branch) else { continue };
                    cx.state_for::<T::Lattice>(point, p)
                }
                Some(sb) => {
                    if !live_for(cx, point, Anchor::Block(sb)) {
                        continue;
                    }
                    cx.state_for::<T::Lattice>(point, block_front(ir, sb))
                }
            };
            self.0.visit_region_branch_control_flow_transfer(cx, ir, branch, from, s, after, before);
        }
    }

    fn visit_call(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, call: OpId, after: StateId, before: StateId) {
        let callee = ir::interfaces::resolve_callee(ir, call);
        let callable = callee.filter(|&c| ir::interfaces::callable(ir, c).is_some());
        let entry = callable.and_then(|c| {
            let body = ir::interfaces::callable(ir, c)?.body(ir, c)?;
            ir.entry_block(body)
        });
        if !cx.config().interprocedural || (callable.is_some() && entry.is_none()) {
            return self.0.visit_call_control_flow_transfer(cx, ir, call, CallAction::ExternalCallee, after, before);
        }
        let Some(entry) = entry else {
            return self.0.set_to_exit_state(cx, ir, before);
        };
        let at_entry = cx.state_for::<T::Lattice>(Anchor::Op(call), block_front(ir, entry));
        self.0.visit_call_control_flow_transfer(cx, ir, call, CallAction::EnterCallee, at_entry, before);
    }
}

impl<T: DenseBackwardTransfer> DataFlowAnalysis for DenseBackward<T> {
    fn initialize(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, top: OpId) -> Result<(), Diagnostic> {
        init_rec(self, cx, ir, top);
        Ok(())
    }

    fn visit(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, point: Anchor) -> Result<(), Diagnostic> {
        visit_point(self, cx, ir, point)
    }
}
