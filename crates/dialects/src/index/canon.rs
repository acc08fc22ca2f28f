//! Canonicalization of the `index` ops: upstream's `CmpOp::canonicalize`,
//! which compares the operands of a subtraction instead of comparing the
//! difference with zero.

use super::{CmpOp, SubOp};
use crate::patterns::insert_before;
use crate::util::const_int;
use ir::rewrite_api::PatternRewriter;
use ir::OpId;

/// `cmp(sub(a, b), 0)` → `cmp(a, b)`; `cmp(0, sub(a, b))` → `cmp(b, a)`
/// with the same predicate, as MLIR 19 rewrites it.
pub(super) fn cmp_of_sub(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(cmp) = CmpOp::cast(ir, op) else { return false };
    let (lhs, rhs) = (cmp.lhs(ir), cmp.rhs(ir));
    let rhs_zero = const_int(ir, rhs) == Some(0);
    let lhs_zero = const_int(ir, lhs) == Some(0);
    if !rhs_zero && !lhs_zero {
        return false;
    }
    let other = if rhs_zero { lhs } else { rhs };
    let Some(sub) = ir.defining_op(other).and_then(|d| SubOp::cast(ir, d)) else { return false };
    let (a, b) = (sub.lhs(ir), sub.rhs(ir));
    let (new_lhs, new_rhs) = if rhs_zero { (a, b) } else { (b, a) };
    let pred = cmp.pred_attr(ir);
    let ty = ir.value_type(cmp.result(ir));
    let loc = insert_before(rw, op);
    let new = CmpOp::build(rw, loc, ty, new_lhs, new_rhs, pred);
    let v = rw.ir().result(new.op(), 0);
    rw.replace_op(op, &[v]);
    true
}
