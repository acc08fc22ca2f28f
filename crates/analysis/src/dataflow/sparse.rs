//! Sparse analyses: one lattice per SSA value ([`Lattice`]), propagated
//! along use-def chains. [`SparseForward`] runs a [`SparseForwardTransfer`]
//! from definitions to uses (through branches, region control flow and
//! calls), [`SparseBackward`] a [`SparseBackwardTransfer`] from uses to
//! definitions (MLIR's `SparseForwardDataFlowAnalysis` and
//! `SparseBackwardDataFlowAnalysis`). Both visit only code that
//! [`DeadCodeAnalysis`](super::dead_code::DeadCodeAnalysis) finds live, so
//! it must be loaded in the same solver.

use super::dead_code::{Executable, PredecessorState};
use super::flow;
use super::solver::{AnalysisId, AnalysisState, Anchor, Cx, DataFlowAnalysis, StateId, Worklist};
use ir::interfaces::RegionSuccessor;
use ir::{BlockId, Diagnostic, Ir, OpId, OpTraits, ValueDef, ValueId};
use smallvec::SmallVec;

/// The value a [`Lattice`] holds. `Default` is the uninitialised value;
/// `join` (forward) and `meet` (backward) return the combined value. A
/// direction that does not use one keeps the default, which changes nothing.
pub trait LatticeValue: Clone + PartialEq + Default + 'static {
    /// The least upper bound of `self` and `rhs`.
    fn join(&self, _rhs: &Self) -> Self {
        self.clone()
    }
    /// The greatest lower bound of `self` and `rhs`.
    fn meet(&self, _rhs: &Self) -> Self {
        self.clone()
    }
}

/// The sparse state of one value: its lattice value and the analyses that
/// want its users visited again when it changes.
#[derive(Default)]
pub struct Lattice<V> {
    value: V,
    use_def_subscribers: SmallVec<[AnalysisId; 2]>,
}

impl<V: LatticeValue> Lattice<V> {
    /// The current value.
    pub fn value(&self) -> &V {
        &self.value
    }
    /// Joins `rhs` in; true when the value changed.
    pub fn join(&mut self, rhs: &V) -> bool {
        let v = self.value.join(rhs);
        std::mem::replace(&mut self.value, v) != self.value
    }
    /// Meets `rhs`; true when the value changed.
    pub fn meet(&mut self, rhs: &V) -> bool {
        let v = self.value.meet(rhs);
        std::mem::replace(&mut self.value, v) != self.value
    }
    /// Sets the value outright; true when it changed.
    pub fn set(&mut self, v: V) -> bool {
        std::mem::replace(&mut self.value, v) != self.value
    }
    /// Changes the value in place with `f`, which says whether it did.
    pub fn update(&mut self, f: impl FnOnce(&mut V) -> bool) -> bool {
        f(&mut self.value)
    }
    /// Visit the value's users with `a` whenever the lattice changes.
    pub fn use_def_subscribe(&mut self, a: AnalysisId) {
        if !self.use_def_subscribers.contains(&a) {
            self.use_def_subscribers.push(a);
        }
    }
}

impl<V: LatticeValue> AnalysisState for Lattice<V> {
    fn on_update(&self, ir: &Ir, anchor: Anchor, queue: &mut Worklist) {
        let Anchor::Value(v) = anchor else { return };
        if self.use_def_subscribers.is_empty() {
            return;
        }
        for user in ir.users(v) {
            for &a in &self.use_def_subscribers {
                queue.push((Anchor::Op(user), a));
            }
        }
    }
}

/// The lattice of `v`.
pub fn lattice<V: LatticeValue>(cx: &mut Cx<'_>, v: ValueId) -> StateId {
    cx.state::<Lattice<V>>(Anchor::Value(v))
}

/// The lattice of `v`, read on behalf of `dependent`.
pub fn lattice_for<V: LatticeValue>(cx: &mut Cx<'_>, dependent: Anchor, v: ValueId) -> StateId {
    cx.state_for::<Lattice<V>>(dependent, Anchor::Value(v))
}

/// Joins lattice `rhs` into `lhs` and propagates a change.
pub fn join<V: LatticeValue>(cx: &mut Cx<'_>, ir: &Ir, lhs: StateId, rhs: StateId) {
    let r = cx.get::<Lattice<V>>(rhs).value.clone();
    let changed = cx.get_mut::<Lattice<V>>(lhs).join(&r);
    cx.propagate(ir, lhs, changed);
}

/// Meets lattice `lhs` with `rhs` and propagates a change.
pub fn meet<V: LatticeValue>(cx: &mut Cx<'_>, ir: &Ir, lhs: StateId, rhs: StateId) {
    let r = cx.get::<Lattice<V>>(rhs).value.clone();
    let changed = cx.get_mut::<Lattice<V>>(lhs).meet(&r);
    cx.propagate(ir, lhs, changed);
}

/// True when `b` is known to execute.
pub fn block_is_live(cx: &mut Cx<'_>, b: BlockId) -> bool {
    let id = cx.state::<Executable>(Anchor::Block(b));
    cx.get::<Executable>(id).is_live()
}

/// True when the block holding `op` is known to execute.
pub fn op_is_live(cx: &mut Cx<'_>, ir: &Ir, op: OpId) -> bool {
    ir.op_block(op).is_some_and(|b| block_is_live(cx, b))
}

/// The transfer functions of a sparse forward analysis.
pub trait SparseForwardTransfer: 'static {
    /// The lattice value.
    type Value: LatticeValue;
    /// An op that is neither a call nor a region branch: set `results`
    /// from `operands`.
    fn visit_operation(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, operands: &[StateId], results: &[StateId]);
    /// The state where control enters from outside (function arguments,
    /// values nothing tells about).
    fn set_to_entry_state(&mut self, cx: &mut Cx<'_>, ir: &Ir, lattice: StateId);
    /// A call to a function whose body is not analysed.
    fn visit_external_call(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        _call: OpId,
        _operands: &[StateId],
        results: &[StateId],
    ) {
        for &r in results {
            self.set_to_entry_state(cx, ir, r);
        }
    }
    /// Successor inputs no control-flow edge defines (a loop's induction
    /// variable): the lattices outside `first..first + n_inputs` of `args`.
    #[allow(clippy::too_many_arguments)]
    fn visit_non_control_flow_arguments(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        _op: OpId,
        _successor: RegionSuccessor,
        args: &[StateId],
        first: usize,
        n_inputs: usize,
    ) {
        for (i, &a) in args.iter().enumerate() {
            if i < first || i >= first + n_inputs {
                self.set_to_entry_state(cx, ir, a);
            }
        }
    }
}

/// A sparse forward analysis over a transfer function.
pub struct SparseForward<T>(pub T);

impl<T: SparseForwardTransfer> SparseForward<T> {
    fn entry_states(&mut self, cx: &mut Cx<'_>, ir: &Ir, lattices: &[StateId]) {
        for &l in lattices {
            self.0.set_to_entry_state(cx, ir, l);
        }
    }

    fn init_rec(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId) {
        self.visit_op(cx, ir, op);
        for r in ir.regions(op).to_vec() {
            for b in ir.region_blocks(r).collect::<Vec<_>>() {
                let me = cx.me();
                let e = cx.state::<Executable>(Anchor::Block(b));
                cx.get_mut::<Executable>(e).block_content_subscribe(me);
                self.visit_block(cx, ir, b);
                for o in ir.block_ops_vec(b) {
                    self.init_rec(cx, ir, o);
                }
            }
        }
    }

    fn visit_op(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId) {
        if ir.num_results(op) == 0 || !op_is_live(cx, ir, op) {
            return;
        }
        let results: SmallVec<[StateId; 4]> = ir.results(op).map(|v| lattice::<T::Value>(cx, v)).collect();
        if flow::region_branch(ir, op).is_some() {
            return self.visit_region_successors(cx, ir, Anchor::Op(op), op, RegionSuccessor::Parent, &results);
        }
        let me = cx.me();
        let mut operands: SmallVec<[StateId; 4]> = SmallVec::new();
        for v in ir.operand_vec(op) {
            let l = lattice::<T::Value>(cx, v);
            cx.get_mut::<Lattice<T::Value>>(l).use_def_subscribe(me);
            operands.push(l);
        }
        if ir::interfaces::call_op(ir, op).is_some() {
            let callee = ir::interfaces::resolve_callee(ir, op);
            let external =
                callee.and_then(|c| ir::interfaces::callable(ir, c).map(|i| i.body(ir, c).is_none())).unwrap_or(false);
            if !cx.config().interprocedural || external {
                return self.0.visit_external_call(cx, ir, op, &operands, &results);
            }
            let preds = cx.state_for::<PredecessorState>(Anchor::Op(op), Anchor::Op(op));
            let p = cx.get::<PredecessorState>(preds);
            if !p.all_known() {
                return self.entry_states(cx, ir, &results);
            }
            for ret in p.known().to_vec() {
                for (v, &r) in ir.operand_vec(ret).into_iter().zip(&results) {
                    let l = lattice_for::<T::Value>(cx, Anchor::Op(op), v);
                    join::<T::Value>(cx, ir, r, l);
                }
            }
            return;
        }
        self.0.visit_operation(cx, ir, op, &operands, &results);
    }

    fn visit_block(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, b: BlockId) {
        if ir.block_args(b).is_empty() || !block_is_live(cx, b) {
            return;
        }
        let args: SmallVec<[StateId; 4]> =
            ir.block_args(b).to_vec().into_iter().map(|v| lattice::<T::Value>(cx, v)).collect();
        let Some(region) = ir.block_region(b) else { return };
        if ir.entry_block(region) == Some(b) {
            let Some(parent) = ir.block_parent_op(b) else { return };
            let callable_body = ir::interfaces::callable(ir, parent).and_then(|c| c.body(ir, parent));
            if callable_body == Some(region) {
                let sites = cx.state_for::<PredecessorState>(Anchor::Block(b), Anchor::Op(parent));
                let p = cx.get::<PredecessorState>(sites);
                if !p.all_known() || !cx.config().interprocedural {
                    return self.entry_states(cx, ir, &args);
                }
                for call in p.known().to_vec() {
                    let Some(ci) = ir::interfaces::call_op(ir, call) else { continue };
                    let range = ci.arg_operands(ir, call);
                    let vals: Vec<ValueId> =
                        ir.operand_vec(call)[range.start..range.end.min(ir.num_operands(call))].to_vec();
                    for (v, &a) in vals.into_iter().zip(&args) {
                        let l = lattice_for::<T::Value>(cx, Anchor::Block(b), v);
                        join::<T::Value>(cx, ir, a, l);
                    }
                }
                return;
            }
            if flow::region_branch(ir, parent).is_some() {
                return self.visit_region_successors(
                    cx,
                    ir,
                    Anchor::Block(b),
                    parent,
                    RegionSuccessor::Region(region),
                    &args,
                );
            }
            return self.0.visit_non_control_flow_arguments(
                cx,
                ir,
                parent,
                RegionSuccessor::Region(region),
                &args,
                0,
                0,
            );
        }
        let me = cx.me();
        for (pb, term, succ) in flow::predecessors(ir, b) {
            let edge = cx.state::<Executable>(Anchor::Edge(pb, b));
            cx.get_mut::<Executable>(edge).block_content_subscribe(me);
            if !cx.get::<Executable>(edge).is_live() {
                continue;
            }
            let Some(br) = flow::branch_op(ir, term) else {
                return self.entry_states(cx, ir, &args);
            };
            let range = br.successor_operands(ir, term, succ);
            for (i, &a) in args.iter().enumerate() {
                if range.start + i < range.end {
                    let l = lattice_for::<T::Value>(cx, Anchor::Block(b), ir.operand(term, range.start + i));
                    join::<T::Value>(cx, ir, a, l);
                } else {
                    self.0.set_to_entry_state(cx, ir, a);
                }
            }
        }
    }

    /// The lattices of a region successor (`point`: the branch op for its
    /// results, an entry block for its arguments) from every known
    /// predecessor: the branch op's entry operands or a terminator's
    /// forwarded operands.
    fn visit_region_successors(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        point: Anchor,
        branch: OpId,
        successor: RegionSuccessor,
        lattices: &[StateId],
    ) {
        let preds = cx.state_for::<PredecessorState>(point, point);
        let p = cx.get::<PredecessorState>(preds);
        let known = p.known().to_vec();
        for pred in known {
            let operands = if pred == branch {
                flow::region_branch(ir, branch).map(|rb| rb.entry_operands(ir, branch, successor))
            } else {
                flow::forwarded_operands(ir, pred, successor)
            };
            let Some(operands) = operands else {
                return self.entry_states(cx, ir, lattices);
            };
            let inputs = cx.get::<PredecessorState>(preds).successor_inputs(pred).to_vec();
            let mut first = 0;
            if inputs.len() != lattices.len() {
                if let Some(&i0) = inputs.first() {
                    first = match ir.value_def(i0) {
                        ValueDef::Result { index, .. } => index as usize,
                        ValueDef::BlockArg { index, .. } => index as usize,
                        _ => 0,
                    };
                }
                self.0.visit_non_control_flow_arguments(cx, ir, branch, successor, lattices, first, inputs.len());
            }
            for (v, &l) in operands.into_iter().zip(lattices.iter().skip(first)) {
                let r = lattice_for::<T::Value>(cx, point, v);
                join::<T::Value>(cx, ir, l, r);
            }
        }
    }
}

impl<T: SparseForwardTransfer> DataFlowAnalysis for SparseForward<T> {
    fn initialize(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, top: OpId) -> Result<(), Diagnostic> {
        for &r in ir.regions(top).to_vec().iter() {
            if let Some(b) = ir.entry_block(r) {
                for v in ir.block_args(b).to_vec() {
                    let l = lattice::<T::Value>(cx, v);
                    self.0.set_to_entry_state(cx, ir, l);
                }
            }
        }
        self.init_rec(cx, ir, top);
        Ok(())
    }

    fn visit(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, point: Anchor) -> Result<(), Diagnostic> {
        match point {
            Anchor::Op(op) => self.visit_op(cx, ir, op),
            Anchor::Block(b) => self.visit_block(cx, ir, b),
            _ => return Err(Diagnostic::error(ir.ctx().unknown_loc(), "unknown program point kind")),
        }
        Ok(())
    }
}

/// The transfer functions of a sparse backward analysis.
pub trait SparseBackwardTransfer: 'static {
    /// The lattice value.
    type Value: LatticeValue;
    /// An op with no control-flow role: set `operands` from `results`.
    fn visit_operation(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, operands: &[StateId], results: &[StateId]);
    /// Operand `index` of a branch, region branch or region terminator
    /// that is not forwarded to any successor (a condition).
    fn visit_branch_operand(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, index: usize);
    /// Operand `index` of a call that is not passed to the callee.
    fn visit_call_operand(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, index: usize);
    /// The state of a value leaving the analysed code (returned from a
    /// function whose callers are unknown).
    fn set_to_exit_state(&mut self, cx: &mut Cx<'_>, ir: &Ir, lattice: StateId);
    /// A call to a function whose body is not analysed: by default every
    /// operand is a call operand not passed to a body.
    fn visit_external_call(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        call: OpId,
        _operands: &[StateId],
        _results: &[StateId],
    ) {
        for i in 0..ir.num_operands(call) {
            self.visit_call_operand(cx, ir, call, i);
        }
    }
}

/// A sparse backward analysis over a transfer function.
pub struct SparseBackward<T>(pub T);

impl<T: SparseBackwardTransfer> SparseBackward<T> {
    fn init_rec(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId) {
        self.visit_op(cx, ir, op);
        for r in ir.regions(op).to_vec() {
            for b in ir.region_blocks(r).collect::<Vec<_>>() {
                let me = cx.me();
                let e = cx.state::<Executable>(Anchor::Block(b));
                cx.get_mut::<Executable>(e).block_content_subscribe(me);
                // Ops in reverse: as much propagation as possible before
                // the worklist runs.
                for o in ir.block_ops_vec(b).into_iter().rev() {
                    self.init_rec(cx, ir, o);
                }
            }
        }
    }

    fn visit_op(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId) {
        if !op_is_live(cx, ir, op) {
            return;
        }
        let operands: SmallVec<[StateId; 4]> =
            ir.operand_vec(op).into_iter().map(|v| lattice::<T::Value>(cx, v)).collect();
        let results: SmallVec<[StateId; 4]> =
            ir.results(op).map(|v| lattice_for::<T::Value>(cx, Anchor::Op(op), v)).collect();
        if flow::region_branch(ir, op).is_some() {
            return self.visit_region_successors(cx, ir, op, &operands);
        }
        if let Some(br) = flow::branch_op(ir, op) {
            let mut unaccounted = vec![true; operands.len()];
            for (i, &succ) in ir.successors(op).to_vec().iter().enumerate() {
                let range = br.successor_operands(ir, op, i);
                for k in range.clone() {
                    if k >= operands.len() {
                        break;
                    }
                    unaccounted[k] = false;
                    if let Some(&arg) = ir.block_args(succ).get(k - range.start) {
                        let l = lattice_for::<T::Value>(cx, Anchor::Op(op), arg);
                        meet::<T::Value>(cx, ir, operands[k], l);
                    }
                }
            }
            for (k, _) in unaccounted.iter().enumerate().filter(|(_, &u)| u) {
                self.0.visit_branch_operand(cx, ir, op, k);
            }
            return;
        }
        if let Some(call) = ir::interfaces::call_op(ir, op) {
            if let Some(callee) = ir::interfaces::resolve_callee(ir, op) {
                if let Some(callable) = ir::interfaces::callable(ir, callee) {
                    let args = call.arg_operands(ir, op);
                    let body = callable.body(ir, callee).and_then(|r| ir.entry_block(r));
                    let Some(entry) = body.filter(|_| cx.config().interprocedural) else {
                        return self.0.visit_external_call(cx, ir, op, &operands, &results);
                    };
                    let mut unaccounted = vec![true; operands.len()];
                    for (arg, k) in ir.block_args(entry).to_vec().into_iter().zip(args) {
                        if k >= operands.len() {
                            break;
                        }
                        let l = lattice_for::<T::Value>(cx, Anchor::Op(op), arg);
                        meet::<T::Value>(cx, ir, operands[k], l);
                        unaccounted[k] = false;
                    }
                    for (k, _) in unaccounted.iter().enumerate().filter(|(_, &u)| u) {
                        self.0.visit_call_operand(cx, ir, op, k);
                    }
                    return;
                }
            }
        }
        let parent = ir.parent_op(op);
        if flow::is_region_terminator(ir, op) {
            if let Some(p) = parent.filter(|&p| flow::region_branch(ir, p).is_some()) {
                return self.visit_successors_from_terminator(cx, ir, op, p);
            }
        }
        if ir.has_trait(op, OpTraits::RETURN_LIKE) {
            if let Some(p) = parent.filter(|&p| ir::interfaces::callable(ir, p).is_some()) {
                let sites = cx.state_for::<PredecessorState>(Anchor::Op(op), Anchor::Op(p));
                let s = cx.get::<PredecessorState>(sites);
                if s.all_known() {
                    for call in s.known().to_vec() {
                        for (v, &o) in ir.results(call).zip(&operands) {
                            let l = lattice_for::<T::Value>(cx, Anchor::Op(op), v);
                            meet::<T::Value>(cx, ir, o, l);
                        }
                    }
                } else {
                    for &o in &operands {
                        self.0.set_to_exit_state(cx, ir, o);
                    }
                }
                return;
            }
        }
        self.0.visit_operation(cx, ir, op, &operands, &results);
    }

    /// The entry operands of a region branch from the inputs of its entry
    /// successors; other operands are branch operands.
    fn visit_region_successors(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, operands: &[StateId]) {
        let Some(rb) = flow::region_branch(ir, op) else { return };
        let mut succs = SmallVec::new();
        rb.entry_successors_for(ir, op, &vec![None; operands.len()], &mut succs);
        let mut unaccounted = vec![true; operands.len()];
        for s in succs {
            let vals = rb.entry_operands(ir, op, s);
            let inputs = rb.successor_inputs(ir, op, s);
            for (k, input) in flow::forwarded_indices(ir, op, &vals).zip(inputs) {
                let l = lattice_for::<T::Value>(cx, Anchor::Op(op), input);
                meet::<T::Value>(cx, ir, operands[k], l);
                unaccounted[k] = false;
            }
        }
        for (k, _) in unaccounted.iter().enumerate().filter(|(_, &u)| u) {
            self.0.visit_branch_operand(cx, ir, op, k);
        }
    }

    /// The forwarded operands of a region terminator from the inputs of
    /// the successors it may go to; other operands are branch operands.
    fn visit_successors_from_terminator(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, term: OpId, branch: OpId) {
        let Some(rb) = flow::region_branch(ir, branch) else { return };
        let n = ir.num_operands(term);
        let mut unaccounted = vec![true; n];
        for s in flow::successors_from(ir, branch, ir.op_region(term)) {
            let inputs = rb.successor_inputs(ir, branch, s);
            let vals = flow::forwarded_operands(ir, term, s).unwrap_or_default();
            for (k, input) in flow::forwarded_indices(ir, term, &vals).zip(inputs) {
                let o = lattice::<T::Value>(cx, ir.operand(term, k));
                let l = lattice_for::<T::Value>(cx, Anchor::Op(term), input);
                meet::<T::Value>(cx, ir, o, l);
                unaccounted[k] = false;
            }
        }
        for (k, _) in unaccounted.iter().enumerate().filter(|(_, &u)| u) {
            self.0.visit_branch_operand(cx, ir, term, k);
        }
    }
}

impl<T: SparseBackwardTransfer> DataFlowAnalysis for SparseBackward<T> {
    fn initialize(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, top: OpId) -> Result<(), Diagnostic> {
        self.init_rec(cx, ir, top);
        Ok(())
    }

    fn visit(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, point: Anchor) -> Result<(), Diagnostic> {
        match point {
            Anchor::Op(op) => self.visit_op(cx, ir, op),
            Anchor::Block(_) => {}
            _ => return Err(Diagnostic::error(ir.ctx().unknown_loc(), "unknown program point kind")),
        }
        Ok(())
    }
}
