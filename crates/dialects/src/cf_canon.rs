//! Canonicalization patterns of the `cf` dialect (attached by the op
//! declarations in [`crate::cf`]), as upstream's `cf.br`,
//! `cf.cond_br` and `cf.assert` contribute it (labels are upstream's
//! pattern names):
//!
//! - `cf.br`: `BranchOp::canonicalize` (merge into a destination with a
//!   single predecessor, else skip a pass-through destination block);
//! - `cf.cond_br`: `SimplifyConstCondBranchPred`,
//!   `SimplifyPassThroughCondBranch`, `SimplifyCondBranchIdenticalSuccessors`,
//!   `SimplifyCondBranchFromCondBranchOnSameCondition`,
//!   `CondBranchTruthPropagation`;
//! - `cf.switch`: `simplifySwitchWithOnlyDefault`,
//!   `dropSwitchCasesThatMatchDefault`, `simplifyConstSwitchValue`,
//!   `simplifyPassThroughSwitch`, `simplifySwitchFromSwitchOnSameCondition`,
//!   `simplifySwitchFromDefaultSwitchOnSameCondition`;
//! - `cf.assert`: `AssertOp::canonicalize` (an assert of `true` goes).

use crate::arith::SelectOp;
use crate::cf::{BrOp, CondBrOp, SwitchOp};
use crate::patterns::insert_before;
use crate::util::{build_bool, const_int};
use ir::rewrite_api::PatternRewriter;
use ir::{AttrKind, BlockId, InsertPoint, Ir, NamedAttr, OpId, OpSpec, ValueDef, ValueId};

pub(crate) fn assert_canonicalize(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || const_int(ir, ir.operand(op, 0)) != Some(1) {
        return false;
    }
    rw.erase_op(op);
    true
}

/// `(dest, operands)` of successor `i` of a cf branch.
fn succ(ir: &Ir, op: OpId, i: usize) -> Option<Succ> {
    let b = *ir.successors(op).get(i)?;
    let range = crate::cf::successor_operand_range(ir, op, i);
    let ops: Vec<ValueId> = ir.operands(op).collect();
    Some((b, ops.get(range)?.to_vec()))
}

/// `cf.br dest(operands)` replacing `op`.
fn replace_with_br(rw: &mut PatternRewriter<'_>, op: OpId, dest: BlockId, operands: &[ValueId]) {
    let loc = insert_before(rw, op);
    BrOp::build(rw, loc, operands, dest);
    rw.erase_op(op);
}

/// `cf.cond_br cond, t(tops), f(fops)` replacing `op` (a fresh op, as
/// `replaceOpWithNewOp` builds it).
fn replace_with_cond_br(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    cond: ValueId,
    (t, tops): (BlockId, &[ValueId]),
    (f, fops): (BlockId, &[ValueId]),
) {
    let loc = insert_before(rw, op);
    CondBrOp::build(rw, loc, cond, tops, fops, t, f);
    rw.erase_op(op);
}

/// MLIR's `collapseBranch`: when `dest` only holds a `cf.br` that uses its
/// arguments only as branch operands (and does not loop to itself),
/// returns that branch's destination and the remapped operands.
fn collapse_branch(ir: &Ir, dest: BlockId, operands: &[ValueId]) -> Option<Succ> {
    let br = ir.first_op(dest)?;
    if ir.last_op(dest) != Some(br) || !BrOp::matches(ir, br) {
        return None;
    }
    for &a in ir.block_args(dest) {
        if ir.users(a).any(|u| u != br) {
            return None;
        }
    }
    let target = *ir.successors(br).first()?;
    if target == dest {
        return None;
    }
    let mapped = ir
        .operands(br)
        .map(|v| match ir.value_def(v) {
            ValueDef::BlockArg { block, index } if block == dest => operands.get(index as usize).copied().unwrap_or(v),
            _ => v,
        })
        .collect();
    Some((target, mapped))
}

pub(crate) fn br_canonicalize(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((dest, operands)) = succ(ir, op, 0) else { return false };
    let Some(parent) = ir.op_block(op) else { return false };
    // SimplifyBrToBlockWithSinglePred.
    if dest != parent && ir.predecessors(dest).len() == 1 && ir.block_args(dest).len() == operands.len() {
        rw.erase_op(op);
        rw.merge_blocks(dest, parent, None, &operands);
        return true;
    }
    // SimplifyPassThroughBr.
    if dest == parent {
        return false;
    }
    let Some((target, ops)) = collapse_branch(ir, dest, &operands) else { return false };
    replace_with_br(rw, op, target, &ops);
    true
}

/// A successor block with its forwarded operands.
type Succ = (BlockId, Vec<ValueId>);

fn cond_parts(ir: &Ir, op: OpId) -> Option<(ValueId, Succ, Succ)> {
    if ir.num_operands(op) == 0 {
        return None;
    }
    Some((ir.operand(op, 0), succ(ir, op, 0)?, succ(ir, op, 1)?))
}

pub(crate) fn simplify_const_cond_branch(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((cond, (t, tops), (f, fops))) = cond_parts(ir, op) else { return false };
    match const_int(ir, cond) {
        Some(0) => replace_with_br(rw, op, f, &fops),
        Some(_) => replace_with_br(rw, op, t, &tops),
        None => return false,
    }
    true
}

pub(crate) fn simplify_pass_through_cond_branch(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((cond, (t, tops), (f, fops))) = cond_parts(ir, op) else { return false };
    let ct = collapse_branch(ir, t, &tops);
    let cf = collapse_branch(ir, f, &fops);
    if ct.is_none() && cf.is_none() {
        return false;
    }
    let (t, tops) = ct.unwrap_or((t, tops));
    let (f, fops) = cf.unwrap_or((f, fops));
    replace_with_cond_br(rw, op, cond, (t, &tops), (f, &fops));
    true
}

pub(crate) fn simplify_identical_successors(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((cond, (t, tops), (f, fops))) = cond_parts(ir, op) else { return false };
    if t != f {
        return false;
    }
    if tops == fops {
        replace_with_br(rw, op, t, &tops);
        return true;
    }
    let Some(block) = ir.op_block(op) else { return false };
    if !ir.predecessors(t).iter().all(|&p| ir.op_block(p) == Some(block)) || tops.len() != fops.len() {
        return false;
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let mut merged = Vec::with_capacity(tops.len());
    for (&a, &b) in tops.iter().zip(&fops) {
        if a == b {
            merged.push(a);
        } else {
            let ty = rw.ir().value_type(a);
            let s = SelectOp::build(rw, loc, ty, cond, a, b);
            merged.push(s.result(rw.ir()));
        }
    }
    replace_with_br(rw, op, t, &merged);
    true
}

pub(crate) fn simplify_same_condition(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((cond, (t, tops), (f, fops))) = cond_parts(ir, op) else { return false };
    let Some(current) = ir.op_block(op) else { return false };
    let preds = ir.predecessors(current);
    if preds.len() != 1 {
        return false;
    }
    let pred = preds[0];
    if !CondBrOp::matches(ir, pred) || ir.num_operands(pred) == 0 || ir.operand(pred, 0) != cond {
        return false;
    }
    if ir.successors(pred).first() == Some(&current) {
        replace_with_br(rw, op, t, &tops);
    } else {
        replace_with_br(rw, op, f, &fops);
    }
    true
}

pub(crate) fn cond_branch_truth_propagation(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((cond, (t, _), (f, _))) = cond_parts(ir, op) else { return false };
    let loc = ir.op_loc(op);
    let mut replaced = false;
    for (dest, value) in [(t, true), (f, false)] {
        if rw.ir().predecessors(dest).len() != 1 {
            continue;
        }
        let uses: Vec<ir::OperandId> = rw.ir().uses(cond).collect();
        let mut constant: Option<ValueId> = None;
        for u in uses {
            let owner = rw.ir().use_owner(u);
            if rw.ir().op_block(owner) != Some(dest) {
                continue;
            }
            replaced = true;
            let c = match constant {
                Some(c) => c,
                None => {
                    rw.set_insertion_point(InsertPoint::Before(op));
                    let c = build_bool(rw, loc, value);
                    constant = Some(c);
                    c
                }
            };
            rw.modify_in_place(owner, |ir| ir.set_use_value(u, c));
        }
    }
    replaced
}

// ----- cf.switch ---------------------------------------------------------------------

/// A `cf.switch`: flag, default successor, and `(value, successor)` cases
/// (values zero-extended from the flag's width).
struct Switch {
    flag: ValueId,
    default: Succ,
    cases: Vec<(u128, Succ)>,
}

fn width_mask(ir: &Ir, v: ValueId) -> u128 {
    match ir.ctx().scalar_bit_width(ir.value_type(v)) {
        Some(w) if w < 128 => (1u128 << w) - 1,
        _ => u128::MAX,
    }
}

/// The successor a `cf.switch` takes when its flag is `flag` (MLIR's
/// `SwitchOp::getSuccessorForOperands`): the matching case, else the
/// default.
pub(crate) fn switch_target(ir: &Ir, op: OpId, flag: i128) -> Option<BlockId> {
    let sw = switch_parts(ir, op)?;
    let value = (flag as u128) & width_mask(ir, sw.flag);
    let hit = sw.cases.iter().find(|c| c.0 == value).map_or(&sw.default, |c| &c.1);
    Some(hit.0)
}

fn switch_parts(ir: &Ir, op: OpId) -> Option<Switch> {
    if ir.num_operands(op) == 0 {
        return None;
    }
    let flag = SwitchOp(op).flag(ir);
    let mask = width_mask(ir, flag);
    let ctx = ir.ctx();
    let values: Vec<u128> = match SwitchOp(op).case_values(ir).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseElements { ty, data }) => {
            let n: i64 = ctx.shape(*ty).map(|s| s.iter().product()).unwrap_or(0);
            (0..n.max(0) as usize)
                .map(|i| if data.splat { data.bits.first() } else { data.bits.get(i) }.copied().unwrap_or(0) & mask)
                .collect()
        }
        _ => Vec::new(),
    };
    if ir.successors(op).len() != values.len() + 1 {
        return None;
    }
    let default = succ(ir, op, 0)?;
    let mut cases = Vec::with_capacity(values.len());
    for (i, v) in values.into_iter().enumerate() {
        cases.push((v, succ(ir, op, i + 1)?));
    }
    Some(Switch { flag, default, cases })
}

/// A fresh `cf.switch` replacing `op`.
fn replace_with_switch(rw: &mut PatternRewriter<'_>, op: OpId, sw: &Switch) {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let loc = ir.op_loc(op);
    let fty = ir.value_type(sw.flag);
    let i32t = ctx.int_ty(32);
    let dense_i32 =
        |vals: &[usize]| ctx.attr(AttrKind::DenseArray { elem: i32t, bits: vals.iter().map(|&v| v as u128).collect() });
    let mut attrs = Vec::new();
    if !sw.cases.is_empty() {
        let vty = ctx.ty(ir::TypeKind::Vector {
            shape: vec![sw.cases.len() as i64].into(),
            scalable: vec![false].into(),
            elem: fty,
        });
        let bits: Vec<u128> = sw.cases.iter().map(|c| c.0).collect();
        // Equal elements make a splat, as `DenseElementsAttr::get` does.
        let splat = bits.iter().all(|&b| b == bits[0]);
        let data = ir::DenseData { splat, bits: if splat { bits[..1].into() } else { bits.into() } };
        attrs.push(NamedAttr {
            name: ctx.intern_str("case_values"),
            value: ctx.attr(AttrKind::DenseElements { ty: vty, data }),
        });
    }
    let segs: Vec<usize> = sw.cases.iter().map(|c| c.1 .1.len()).collect();
    attrs.push(NamedAttr { name: ctx.intern_str("case_operand_segments"), value: dense_i32(&segs) });
    let total: usize = segs.iter().sum();
    attrs.push(NamedAttr {
        name: ctx.intern_str("operandSegmentSizes"),
        value: dense_i32(&[1, sw.default.1.len(), total]),
    });
    let mut operands = vec![sw.flag];
    operands.extend_from_slice(&sw.default.1);
    let mut succs = vec![sw.default.0];
    for (_, (b, vals)) in &sw.cases {
        operands.extend_from_slice(vals);
        succs.push(*b);
    }
    // Built from parts: `case_operand_segments` is an `i32` array, and the
    // properties keep this order.
    let name = <SwitchOp as ir::op_decl::OpView>::name(&ctx);
    rw.set_insertion_point(InsertPoint::Before(op));
    rw.create(OpSpec { operands: &operands, attrs: &attrs, successors: &succs, ..OpSpec::new(name, loc) });
    rw.erase_op(op);
}

/// Replaces `op` by a branch to the case matching `value` (or the default).
fn fold_switch(rw: &mut PatternRewriter<'_>, op: OpId, sw: &Switch, value: u128) {
    let (b, vals) = sw.cases.iter().find(|c| c.0 == value).map(|c| &c.1).unwrap_or(&sw.default);
    let (b, vals) = (*b, vals.clone());
    replace_with_br(rw, op, b, &vals);
}

pub(crate) fn switch_only_default(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(sw) = switch_parts(rw.ir(), op) else { return false };
    if !sw.cases.is_empty() {
        return false;
    }
    replace_with_br(rw, op, sw.default.0, &sw.default.1);
    true
}

pub(crate) fn switch_drop_default_cases(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(mut sw) = switch_parts(rw.ir(), op) else { return false };
    let before = sw.cases.len();
    let default = sw.default.clone();
    sw.cases.retain(|c| c.1 != default);
    if sw.cases.len() == before {
        return false;
    }
    replace_with_switch(rw, op, &sw);
    true
}

pub(crate) fn switch_const_value(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(sw) = switch_parts(ir, op) else { return false };
    let Some(v) = const_int(ir, sw.flag) else { return false };
    let value = (v as u128) & width_mask(ir, sw.flag);
    fold_switch(rw, op, &sw, value);
    true
}

pub(crate) fn switch_pass_through(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(mut sw) = switch_parts(ir, op) else { return false };
    let mut changed = false;
    for c in sw.cases.iter_mut() {
        if let Some(n) = collapse_branch(ir, c.1 .0, &c.1 .1) {
            c.1 = n;
            changed = true;
        }
    }
    if let Some(n) = collapse_branch(ir, sw.default.0, &sw.default.1) {
        sw.default = n;
        changed = true;
    }
    if !changed {
        return false;
    }
    replace_with_switch(rw, op, &sw);
    true
}

/// The single predecessor of `op`'s block when it is a `cf.switch` on the
/// same flag.
fn pred_switch(ir: &Ir, op: OpId, flag: ValueId) -> Option<(BlockId, Switch)> {
    let current = ir.op_block(op)?;
    let preds = ir.predecessors(current);
    if preds.len() != 1 || !SwitchOp::matches(ir, preds[0]) {
        return None;
    }
    let psw = switch_parts(ir, preds[0])?;
    (psw.flag == flag).then_some((current, psw))
}

pub(crate) fn switch_from_switch(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(sw) = switch_parts(ir, op) else { return false };
    let Some((current, psw)) = pred_switch(ir, op, sw.flag) else { return false };
    if psw.default.0 == current {
        return false;
    }
    match psw.cases.iter().find(|c| c.1 .0 == current) {
        Some(c) => fold_switch(rw, op, &sw, c.0),
        None => replace_with_br(rw, op, sw.default.0, &sw.default.1),
    }
    true
}

pub(crate) fn switch_from_default_switch(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(mut sw) = switch_parts(ir, op) else { return false };
    let Some((current, psw)) = pred_switch(ir, op, sw.flag) else { return false };
    if psw.default.0 != current {
        return false;
    }
    let impossible: Vec<u128> = psw.cases.iter().filter(|c| c.1 .0 != current).map(|c| c.0).collect();
    let before = sw.cases.len();
    sw.cases.retain(|c| !impossible.contains(&c.0));
    if sw.cases.len() == before {
        return false;
    }
    replace_with_switch(rw, op, &sw);
    true
}
