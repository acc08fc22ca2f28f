//! The canonicalization patterns `linalg.fill` contributes (upstream's
//! `FillOp::getCanonicalizationPatterns`), each rooted at an op that
//! consumes a fill: a copy of a fill is a fill (`FoldFillWithCopy`), an
//! element of a fill is its value (`FoldFillWithTensorExtract`), a reshape
//! or a transpose of a fill is a fill of the reshaped init or of the
//! transpose's init (`FoldFillWithTensorReshape`, `FoldFillWithTranspose`).
//! `FoldFillWithPad`, `FoldFillWithPack` and `FoldInsertPadIntoFill` are
//! not implemented yet.

use super::build_named_op;
use ir::rewrite_api::PatternRewriter;
use ir::{InsertPoint, IrMapping, Location, OpId, ValueId};

/// The `linalg.fill` defining `v`.
fn fill_of(rw: &PatternRewriter<'_>, v: ValueId) -> Option<OpId> {
    let ir = rw.ir();
    ir.defining_op(v).filter(|&d| super::FillOp::matches(ir, d) && ir.num_operands(d) == 2)
}

/// Builds `linalg.fill ins(value) outs(init)` before `at` (through the
/// rewriter's listener) and returns the op.
fn build_fill(rw: &mut PatternRewriter<'_>, at: OpId, loc: Location, value: ValueId, init: ValueId) -> Option<OpId> {
    let op = build_named_op(rw.ir_mut(), InsertPoint::Before(at), loc, "linalg.fill", &[value], &[init], &[]).ok()?;
    rw.notify_created(op);
    Some(op)
}

/// `FoldFillWithTensorExtract`: `tensor.extract` of a fill is the value.
pub(super) fn fill_with_extract(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(fill) = ir.operands(op).next().and_then(|t| fill_of(rw, t)) else { return false };
    let value = ir.operand(fill, 0);
    rw.replace_op(op, &[value]);
    true
}

/// `FoldFillWithTensorReshape`: a reshape of a fill fills the reshaped
/// init (the new reshape at the fill's location, the new fill at the
/// reshape's).
pub(super) fn fill_with_reshape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_results(op) != 1 || ir.num_operands(op) == 0 {
        return false;
    }
    let Some(fill) = fill_of(rw, ir.operand(op, 0)) else { return false };
    let (value, init) = (ir.operand(fill, 0), ir.operand(fill, 1));
    let (fill_loc, loc) = (ir.op_loc(fill), ir.op_loc(op));
    let mut map = IrMapping::default();
    map.map_value(ir.operand(op, 0), init);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new_init = rw.clone_op(op, &mut map);
    rw.modify_in_place(new_init, |ir| ir.set_op_loc(new_init, fill_loc));
    let reshaped = rw.ir().result(new_init, 0);
    let Some(new_fill) = build_fill(rw, op, loc, value, reshaped) else { return false };
    let v = rw.ir().result(new_fill, 0);
    rw.replace_op(op, &[v]);
    true
}

/// `FoldFillWithCopy`: a copy of a fill fills the copy's init; a copy
/// into a fill copies into the fill's init.
pub(super) fn fill_with_copy(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 {
        return false;
    }
    let (input, output, loc) = (ir.operand(op, 0), ir.operand(op, 1), ir.op_loc(op));
    if let Some(fill) = fill_of(rw, input) {
        let value = rw.ir().operand(fill, 0);
        let Some(new) = build_fill(rw, op, loc, value, output) else { return false };
        let results: Vec<ValueId> = rw.ir().results(new).collect();
        rw.replace_op(op, &results);
        return true;
    }
    if let Some(fill) = fill_of(rw, output) {
        let fill_init = rw.ir().operand(fill, 1);
        let mut map = IrMapping::default();
        map.map_value(output, fill_init);
        rw.set_insertion_point(InsertPoint::Before(op));
        let new = rw.clone_op(op, &mut map);
        let results: Vec<ValueId> = rw.ir().results(new).collect();
        rw.replace_op(op, &results);
        return true;
    }
    false
}

/// `FoldFillWithTranspose`: a transpose of a fill fills the transpose's
/// init.
pub(super) fn fill_with_transpose(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 {
        return false;
    }
    let Some(fill) = fill_of(rw, ir.operand(op, 0)) else { return false };
    let (value, init, loc) = (ir.operand(fill, 0), ir.operand(op, 1), ir.op_loc(op));
    let Some(new) = build_fill(rw, op, loc, value, init) else { return false };
    let results: Vec<ValueId> = rw.ir().results(new).collect();
    rw.replace_op(op, &results);
    true
}
