//! The folders of the bufferization ops: `to_tensor(to_memref(x))`,
//! `to_memref(to_tensor(m))` and `clone(memref.cast(m))`.

use super::ops::{CloneOp, ToMemrefOp, ToTensorOp};
use ir::{Attribute, FoldOutcome, Ir, OpFoldResult, OpId, TypeKind, ValueId};
use smallvec::smallvec;

fn fold_value(v: ValueId) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Value(v)])
}

/// The op defining `v`, viewed as `V`.
pub(super) fn def_as<V: ir::op_decl::OpView>(ir: &Ir, v: ValueId) -> Option<V> {
    ir.defining_op(v).and_then(|d| V::cast(ir, d))
}

/// `to_tensor(to_memref(%t))` folds to `%t` when the `to_memref` is the op
/// right before (a conservative stand-in for alias analysis, as upstream).
pub fn fold_to_tensor_of_to_memref(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    let tt = ToTensorOp(op);
    let Some(tm) = def_as::<ToMemrefOp>(ir, tt.memref(ir)) else { return FoldOutcome::Failure };
    if ir.num_operands(tm.0) != 1 || ir.op_block(tm.0) != ir.op_block(op) || ir.next_op(tm.0) != Some(op) {
        return FoldOutcome::Failure;
    }
    let t = tm.tensor(ir);
    if ir.value_type(t) != ir.value_type(tt.result(ir)) {
        return FoldOutcome::Failure;
    }
    fold_value(t)
}

/// `to_memref(to_tensor(%m))` folds to `%m` when the types agree.
pub fn fold_to_memref_of_to_tensor(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    let tm = ToMemrefOp(op);
    let Some(tt) = def_as::<ToTensorOp>(ir, tm.tensor(ir)) else { return FoldOutcome::Failure };
    if ir.num_operands(tt.0) != 1 {
        return FoldOutcome::Failure;
    }
    let m = tt.memref(ir);
    if ir.value_type(m) != ir.value_type(tm.memref(ir)) {
        return FoldOutcome::Failure;
    }
    fold_value(m)
}

/// `clone(memref.cast(%m))` clones `%m` directly when `%m` is ranked
/// (`memref::foldMemRefCast`).
pub fn fold_clone(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 1 {
        return FoldOutcome::Failure;
    }
    let clone = CloneOp(op);
    let Some(c) = ir.defining_op(clone.input(ir)).filter(|&c| ir.is_op(c, "memref.cast")) else {
        return FoldOutcome::Failure;
    };
    if ir.num_operands(c) != 1 {
        return FoldOutcome::Failure;
    }
    let src = ir.operand(c, 0);
    if !matches!(ir.ctx().kind(ir.value_type(src)), TypeKind::MemRef { .. }) {
        return FoldOutcome::Failure;
    }
    let slot = clone.input_range(ir).start;
    ir.set_operand(op, slot, src);
    FoldOutcome::InPlace
}
