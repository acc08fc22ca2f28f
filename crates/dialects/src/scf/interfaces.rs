//! The interfaces of the scf ops, one implementation per op: region control
//! flow (`RegionBranch` on the region ops, `RegionTerminator` on
//! `scf.yield`, `scf.condition` and `scf.reduce`), `DestinationStyle` on
//! `scf.forall`, and `ParallelCombining` on `scf.forall.in_parallel`.
//!
//! No scf op implements `BufferViewFlow`: upstream implements
//! `BufferViewFlowOpInterface` only for `arith.select` and memref ops, and
//! the buffer view flow analysis follows region branches (the values an
//! `scf.if`, `scf.for` or `scf.while` result may alias) through
//! `RegionBranch`, as upstream's `BufferViewFlowAnalysis` does through
//! `RegionBranchOpInterface`.

use super::ops::{ConditionOp, ForOp, ForallOp, IfOp, IndexSwitchOp, WhileOp, YieldOp};
use ir::buffer_interfaces::{ParallelCombining, SubsetInsertion};
use ir::interfaces::{DestinationStyle, RegionBranch, RegionSuccessor, RegionTerminator};
use ir::{Ir, OpId, RegionId, ValueDef, ValueId};
use smallvec::SmallVec;

/// The block arguments of region `r`'s entry block, after the first `skip`.
fn entry_args(ir: &Ir, r: RegionId, skip: usize) -> SmallVec<[ValueId; 4]> {
    let Some(b) = ir.entry_block(r) else { return SmallVec::new() };
    ir.block_args(b).iter().skip(skip).copied().collect()
}

/// What the results of a region op receive from the parent edge, and what
/// its regions receive: the results, or the entry block's arguments.
fn results_or_args(ir: &Ir, op: OpId, to: RegionSuccessor, skip: usize) -> SmallVec<[ValueId; 4]> {
    match to {
        RegionSuccessor::Parent => ir.results(op).collect(),
        RegionSuccessor::Region(r) => entry_args(ir, r, skip),
    }
}

/// `scf.for`: from entry or after an iteration, the body again or exit.
pub(super) struct ForBranch;

impl RegionBranch for ForBranch {
    fn successors(&self, ir: &Ir, op: OpId, _from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        out.push(RegionSuccessor::Region(ForOp(op).region(ir)));
        out.push(RegionSuccessor::Parent);
    }

    fn entry_operands(&self, ir: &Ir, op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        ForOp(op).init_args(ir).iter().collect()
    }

    fn successor_inputs(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        // The induction variable is not a forwarded value.
        results_or_args(ir, op, to, 1)
    }
}

/// `scf.if`: into the then region, and the else region or straight back.
pub(super) struct IfBranch;

impl RegionBranch for IfBranch {
    fn successors(&self, ir: &Ir, op: OpId, from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        if from.is_some() {
            out.push(RegionSuccessor::Parent);
            return;
        }
        let if_op = IfOp(op);
        out.push(RegionSuccessor::Region(if_op.then_region(ir)));
        match ir.regions(op).get(1) {
            Some(&e) if !ir.region_is_empty(e) => out.push(RegionSuccessor::Region(e)),
            _ => out.push(RegionSuccessor::Parent),
        }
    }

    /// A constant condition enters one region (or the parent when that
    /// region is empty).
    fn entry_successors_for(
        &self,
        ir: &Ir,
        op: OpId,
        operands: &[Option<ir::Attribute>],
        out: &mut SmallVec<[RegionSuccessor; 2]>,
    ) {
        let Some(cond) = operands.first().copied().flatten().and_then(|a| ir.ctx().int_value(a)) else {
            return self.successors(ir, op, None, out);
        };
        match ir.regions(op).get(if cond != 0 { 0 } else { 1 }) {
            Some(&r) if !ir.region_is_empty(r) => out.push(RegionSuccessor::Region(r)),
            _ => out.push(RegionSuccessor::Parent),
        }
    }

    fn entry_operands(&self, _ir: &Ir, _op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        SmallVec::new()
    }

    fn successor_inputs(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        results_or_args(ir, op, to, 0)
    }
}

/// `scf.while`: into 'before'; from 'before' out of the loop (first, as
/// upstream orders it) or into 'after'; from 'after' back to 'before'.
pub(super) struct WhileBranch;

impl RegionBranch for WhileBranch {
    fn successors(&self, ir: &Ir, op: OpId, from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        let w = WhileOp(op);
        let before = w.before(ir);
        match from {
            None => out.push(RegionSuccessor::Region(before)),
            Some(r) if r == before => {
                out.push(RegionSuccessor::Parent);
                out.push(RegionSuccessor::Region(w.after(ir)));
            }
            Some(_) => out.push(RegionSuccessor::Region(before)),
        }
    }

    fn entry_operands(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        match to {
            RegionSuccessor::Region(_) => WhileOp(op).inits(ir).iter().collect(),
            RegionSuccessor::Parent => SmallVec::new(),
        }
    }

    fn successor_inputs(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        results_or_args(ir, op, to, 0)
    }
}

/// `scf.execute_region` (and `shape.assuming`): into its one region,
/// then back to the parent, whose results the region's yield defines.
pub(crate) struct ExecuteRegionBranch;

impl RegionBranch for ExecuteRegionBranch {
    fn successors(&self, ir: &Ir, op: OpId, from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        match from {
            None => out.push(RegionSuccessor::Region(ir.regions(op)[0])),
            Some(_) => out.push(RegionSuccessor::Parent),
        }
    }

    fn entry_operands(&self, _ir: &Ir, _op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        SmallVec::new()
    }

    fn successor_inputs(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        results_or_args(ir, op, to, 0)
    }
}

/// `scf.yield`: forwards all its operands.
pub(super) struct YieldTerminator;

impl RegionTerminator for YieldTerminator {
    fn forwarded_operands(&self, ir: &Ir, op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        YieldOp(op).values(ir).iter().collect()
    }
}

/// `scf.condition`: forwards everything but the condition.
pub(super) struct ConditionTerminator;

impl RegionTerminator for ConditionTerminator {
    fn forwarded_operands(&self, ir: &Ir, op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        ConditionOp(op).args(ir).iter().collect()
    }
}

/// `scf.reduce`: forwards nothing (the reductions make the results).
pub(super) struct ReduceTerminator;

impl RegionTerminator for ReduceTerminator {
    fn forwarded_operands(&self, _ir: &Ir, _op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        SmallVec::new()
    }
}

/// `LoopLikeOpInterface` of `scf.while`: its loop region is 'after'.
pub(super) struct WhileLoop;

impl ir::interfaces::LoopLike for WhileLoop {
    fn loop_regions(&self, ir: &Ir, op: OpId) -> SmallVec<[RegionId; 2]> {
        ir.regions(op).get(1).copied().into_iter().collect()
    }
}

/// `scf.forall` and `scf.parallel`: the body (any number of times), then
/// the parent. As upstream's, the successors carry no inputs: the body
/// arguments are induction variables (and `scf.forall`'s shared outputs),
/// and the results come from the terminator's combining ops or reductions.
pub(super) struct ParallelLoopBranch;

impl RegionBranch for ParallelLoopBranch {
    fn successors(&self, ir: &Ir, op: OpId, _from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        if let Some(&r) = ir.regions(op).first() {
            out.push(RegionSuccessor::Region(r));
        }
        out.push(RegionSuccessor::Parent);
    }

    fn entry_operands(&self, _ir: &Ir, _op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        SmallVec::new()
    }

    fn successor_inputs(&self, _ir: &Ir, _op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        SmallVec::new()
    }
}

/// `scf.forall`: the shared outputs are its inits.
pub(super) struct ForallDps;

impl DestinationStyle for ForallDps {
    fn inits(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        ForallOp(op).outputs_range(ir)
    }
}

/// `scf.index_switch`: into any case region or the default region, then
/// back to the parent with the results.
pub(super) struct IndexSwitchBranch;

impl RegionBranch for IndexSwitchBranch {
    fn successors(&self, ir: &Ir, op: OpId, from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        match from {
            None => {
                let sw = IndexSwitchOp(op);
                out.extend(sw.case_regions(ir).iter().map(|&r| RegionSuccessor::Region(r)));
                if let Some(&r) = ir.regions(op).first() {
                    out.push(RegionSuccessor::Region(r));
                }
            }
            Some(_) => out.push(RegionSuccessor::Parent),
        }
    }

    fn entry_operands(&self, _ir: &Ir, _op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        SmallVec::new()
    }

    fn successor_inputs(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        match to {
            RegionSuccessor::Parent => ir.results(op).collect(),
            RegionSuccessor::Region(_) => SmallVec::new(),
        }
    }
}

/// The destination of a combining op in `scf.forall.in_parallel`: through
/// its `SubsetInsertion` interface, else the second operand as
/// `tensor.parallel_insert_slice` lays it out (`None` with fewer operands).
pub fn combining_destination(ir: &Ir, op: OpId) -> Option<ValueId> {
    let registry = ir.ctx().registry();
    if let Some(i) = registry.interface::<dyn SubsetInsertion>(ir.op_name(op)) {
        return Some(ir.use_value(i.destination_operand(ir, op)));
    }
    (ir.num_operands(op) >= 2).then(|| ir.operand(op, 1))
}

/// `scf.forall.in_parallel`: the ops of its region combine the iterations'
/// results (upstream's `getYieldingOps`); yielding op `i` updates the
/// `scf.forall` result tied to the shared output it inserts into.
pub(super) struct InParallelCombining;

impl ParallelCombining for InParallelCombining {
    fn yielding_ops(&self, ir: &Ir, op: OpId) -> Vec<OpId> {
        let Some(&r) = ir.regions(op).first() else { return Vec::new() };
        ir.entry_block(r).map(|b| ir.block_ops(b).collect()).unwrap_or_default()
    }

    fn parent_result(&self, ir: &Ir, op: OpId, index: usize) -> Option<ValueId> {
        let forall = ir.parent_op(op).and_then(|p| ForallOp::cast(ir, p))?;
        let yielding = *self.yielding_ops(ir, op).get(index)?;
        let dest = combining_destination(ir, yielding)?;
        // The destination is a shared output's block argument: the result
        // of the same position among the outputs.
        let ValueDef::BlockArg { block, index: arg } = ir.value_def(dest) else { return None };
        let body = ir.entry_block(forall.region(ir))?;
        if block != body {
            return None;
        }
        let num_loops = ir.block_args(body).len().checked_sub(forall.outputs(ir).len())?;
        let k = (arg as usize).checked_sub(num_loops)?;
        (k < ir.num_results(forall.0)).then(|| ir.result(forall.0, k))
    }
}
