//! Control-flow questions the data-flow analyses ask of ops, answered
//! through the registry's interfaces with MLIR's conventions: a `ReturnLike`
//! op that implements nothing forwards all its operands to its region
//! successors (upstream's `ReturnLike` implies
//! `RegionBranchTerminatorOpInterface`), and block predecessors come in the
//! order of MLIR's use-lists (newest edge first).

use ir::interfaces::{BranchOp, RegionBranch, RegionSuccessor, RegionTerminator};
use ir::{BlockId, Ir, OpId, OpTraits, RegionId, ValueId};
use smallvec::SmallVec;

/// The `RegionBranch` implementation of `op`.
pub fn region_branch(ir: &Ir, op: OpId) -> Option<&dyn RegionBranch> {
    ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(op))
}

/// The `BranchOp` implementation of `op`.
pub fn branch_op(ir: &Ir, op: OpId) -> Option<&dyn BranchOp> {
    ir.ctx().registry().interface::<dyn BranchOp>(ir.op_name(op))
}

/// True for ops that forward values to region successors: a
/// `RegionTerminator` or a `ReturnLike` op.
pub fn is_region_terminator(ir: &Ir, op: OpId) -> bool {
    ir.has_trait(op, OpTraits::RETURN_LIKE)
        || ir.ctx().registry().interface::<dyn RegionTerminator>(ir.op_name(op)).is_some()
}

/// The operands a region terminator forwards to `to` (all of them for a
/// plain `ReturnLike` op); `None` for other ops.
pub fn forwarded_operands(ir: &Ir, op: OpId, to: RegionSuccessor) -> Option<SmallVec<[ValueId; 4]>> {
    if let Some(t) = ir.ctx().registry().interface::<dyn RegionTerminator>(ir.op_name(op)) {
        return Some(t.forwarded_operands(ir, op, to));
    }
    ir.has_trait(op, OpTraits::RETURN_LIKE).then(|| ir.operands(op).collect())
}

/// The index of the first operand of `op` in a forwarded group `values`
/// (a run of consecutive operands): the last position where the run
/// matches, since forwarded operands trail the others (`scf.for`'s inits,
/// `scf.condition`'s arguments).
pub fn forwarded_start(ir: &Ir, op: OpId, values: &[ValueId]) -> Option<usize> {
    let ops = ir.operand_vec(op);
    if values.is_empty() {
        return None;
    }
    (0..=ops.len().checked_sub(values.len())?).rev().find(|&i| ops[i..i + values.len()] == *values)
}

/// The operand indices of `values` as forwarded by `op` (see
/// [`forwarded_start`]).
pub fn forwarded_indices(ir: &Ir, op: OpId, values: &[ValueId]) -> std::ops::Range<usize> {
    match forwarded_start(ir, op, values) {
        Some(s) => s..s + values.len(),
        None => 0..0,
    }
}

/// The predecessors of `b` as MLIR lists them: one `(block, terminator,
/// successor index)` per successor slot naming `b`, most recently created
/// edge first.
pub fn predecessors(ir: &Ir, b: BlockId) -> SmallVec<[(BlockId, OpId, usize); 4]> {
    let mut out = SmallVec::new();
    let preds = ir.predecessors(b);
    let mut seen: SmallVec<[(OpId, usize); 4]> = SmallVec::new();
    for &t in preds.iter().rev() {
        let Some(pb) = ir.op_block(t) else { continue };
        let slots: SmallVec<[usize; 2]> =
            ir.successors(t).iter().enumerate().filter(|(_, &s)| s == b).map(|(i, _)| i).collect();
        let k = match seen.iter_mut().find(|(o, _)| *o == t) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                seen.push((t, 0));
                0
            }
        };
        if let Some(&i) = slots.len().checked_sub(k + 1).and_then(|j| slots.get(j)) {
            out.push((pb, t, i));
        }
    }
    out
}

/// Every block of the regions of `op`.
pub fn blocks_of(ir: &Ir, op: OpId) -> Vec<BlockId> {
    ir.regions(op).iter().flat_map(|&r| ir.region_blocks(r)).collect()
}

/// The region successors of `op` when leaving region `from` (entering
/// when `None`), or nothing for an op that is not a region branch.
pub fn successors_from(ir: &Ir, op: OpId, from: Option<RegionId>) -> SmallVec<[RegionSuccessor; 2]> {
    let mut out = SmallVec::new();
    if let Some(rb) = region_branch(ir, op) {
        rb.successors(ir, op, from, &mut out);
    }
    out
}

/// True when `op` is the last op of its block (MLIR's
/// `op->getBlock()->getTerminator() == op`).
pub fn is_block_end(ir: &Ir, op: OpId) -> bool {
    ir.op_block(op).and_then(|b| ir.last_op(b)) == Some(op)
}
