//! `scf.forall`'s canonicalization patterns beyond the control-operand
//! folder (upstream's `ForallOpSingleOrZeroIterationDimsFolder`,
//! `ForallOpIterArgsFolder` and `FoldTensorCastOfOutputIntoForallOp`): a
//! loop with a zero-trip dimension is its outputs; a result that is unused
//! or never written drops out; single-iteration dimensions are dropped, their
//! induction variables becoming the lower bounds; a loop left with no
//! dimension is inlined, its `tensor.parallel_insert_slice`s becoming
//! `tensor.insert_slice`s; and a `tensor.cast` that erases static shape
//! from an output is moved to the loop's result.

use super::forall::{forall_bounds, forall_outputs, forall_terminator};
use super::ops::ForallOp;
use crate::memref::constant_int;
use crate::tensor::build_index_constant;
use ir::interfaces::OpFoldSize;
use ir::rewrite_api::PatternRewriter;
use ir::{InsertPoint, Ir, OpId, OpSpec, ValueId};

/// Upstream's `constantTripCount` on mixed bounds: 0 for identical
/// bounds, else the quotient of the constants rounded up (`None` when one
/// is not constant or the step is 0).
fn trip_count(ir: &Ir, lb: OpFoldSize, ub: OpFoldSize, step: OpFoldSize) -> Option<i128> {
    if lb == ub {
        return Some(0);
    }
    let value = |m: OpFoldSize| match m {
        OpFoldSize::Static(s) => Some(i128::from(s)),
        OpFoldSize::Value(v) => constant_int(ir, v),
    };
    let (l, u, s) = (value(lb)?, value(ub)?, value(step)?);
    if s == 0 {
        return None;
    }
    let (q, r) = ((u - l) / s, (u - l) % s);
    // `divideCeilSigned`: towards positive infinity.
    Some(if r != 0 && ((r > 0) == (s > 0)) { q + 1 } else { q })
}

/// A mixed bound as a value: a static one becomes an `arith.constant`
/// at the rewriter's insertion point (`getValueOrCreateConstantIndexOp`).
fn bound_value(rw: &mut PatternRewriter<'_>, loc: ir::Location, m: OpFoldSize) -> ValueId {
    match m {
        OpFoldSize::Value(v) => v,
        OpFoldSize::Static(s) => build_index_constant(rw, loc, s),
    }
}

/// A new `scf.forall` at the rewriter's insertion point over these mixed
/// bounds and outputs, with `mapping`, and one empty region (its body is
/// moved or merged in by the caller).
fn build_forall(
    rw: &mut PatternRewriter<'_>,
    loc: ir::Location,
    (lower, upper, step): (&[OpFoldSize], &[OpFoldSize], &[OpFoldSize]),
    outputs: &[ValueId],
    mapping: Option<ir::Attribute>,
) -> ForallOp {
    let (dl, sl) = crate::static_dynamic::dispatch_mixed(lower);
    let (du, su) = crate::static_dynamic::dispatch_mixed(upper);
    let (ds, ss) = crate::static_dynamic::dispatch_mixed(step);
    let out_tys: Vec<ir::Type> = outputs.iter().map(|&o| rw.ir().value_type(o)).collect();
    ForallOp::build(rw, loc, &out_tys[..], &dl[..], &du[..], &ds[..], outputs, &sl[..], &su[..], &ss[..], mapping, 1)
}

/// `ForallOpSingleOrZeroIterationDimsFolder` (see the module doc); loops
/// mapped to processing units are left alone.
pub(super) fn single_or_zero_iteration_dims(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ForallOp(op).mapping(ir).is_some() {
        return false;
    }
    let Some(bounds) = forall_bounds(ir, op) else { return false };
    let Some(body) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else { return false };
    let rank = bounds.lower.len();
    let outputs = forall_outputs(ir, op);
    if ir.block_args(body).len() != rank + outputs.len() {
        return false;
    }
    let ivs: Vec<ValueId> = ir.block_args(body)[..rank].to_vec();
    let mut collapsed = Vec::new();
    let mut kept = Vec::new();
    for i in 0..rank {
        match trip_count(ir, bounds.lower[i], bounds.upper[i], bounds.step[i]) {
            Some(0) => {
                rw.replace_op(op, &outputs);
                return true;
            }
            Some(1) => collapsed.push(i),
            _ => kept.push(i),
        }
    }
    if collapsed.is_empty() {
        return false;
    }
    if kept.is_empty() {
        return promote(rw, op, body, &bounds.lower, &outputs);
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let lbs: Vec<ValueId> = collapsed.iter().map(|&i| bound_value(rw, loc, bounds.lower[i])).collect();
    // A loop over the kept dimensions takes the body and the other
    // attributes (the mapping aside, which is absent).
    let pick = |list: &[OpFoldSize]| -> Vec<OpFoldSize> { kept.iter().map(|&i| list[i]).collect() };
    let (lower, upper, step) = (pick(&bounds.lower), pick(&bounds.upper), pick(&bounds.step));
    let ir = rw.ir();
    let elided = ["operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep", "mapping"];
    let others: Vec<ir::NamedAttr> =
        ir.attrs(op).iter().filter(|a| !elided.contains(&ir.ctx().str(a.name))).copied().collect();
    let new = build_forall(rw, loc, (&lower, &upper, &step), &outputs, None);
    rw.modify_in_place(new.0, |ir| {
        for a in others {
            ir.set_attr(new.0, a.name, a.value);
        }
    });
    let (old_region, new_region) = (rw.ir().region(op, 0), rw.ir().region(new.0, 0));
    rw.inline_region_before(old_region, new_region, None);
    for (k, &i) in collapsed.iter().enumerate().rev() {
        rw.replace_all_uses(ivs[i], lbs[k]);
        rw.erase_block_arg(body, i);
    }
    let results: Vec<ValueId> = rw.ir().results(new.0).collect();
    rw.replace_op(op, &results);
    true
}

/// `scf::promote` of a loop whose every dimension runs once: the body is
/// inlined before it (induction variables → lower bounds, shared outputs →
/// the outputs), and each `tensor.parallel_insert_slice` of the terminator
/// becomes a `tensor.insert_slice` after it, whose results replace the
/// loop's.
fn promote(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    body: ir::BlockId,
    lower: &[OpFoldSize],
    outputs: &[ValueId],
) -> bool {
    let ir = rw.ir();
    let Some(term) = forall_terminator(ir, op) else { return false };
    let Some(block) = ir.op_block(op) else { return false };
    let Some(yields) = ir.regions(term).first().and_then(|&r| ir.entry_block(r)).map(|b| ir.block_ops_vec(b)) else {
        return false;
    };
    if yields.len() != outputs.len() || yields.iter().any(|&y| !ir.is_op(y, "tensor.parallel_insert_slice")) {
        return false;
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let mut args: Vec<ValueId> = lower.iter().map(|&m| bound_value(rw, loc, m)).collect();
    args.extend_from_slice(outputs);
    rw.merge_blocks(body, block, Some(op), &args);
    rw.set_insertion_point(ir::rewrite_api::ordered_insertion_point(rw.ir(), InsertPoint::After(op)));
    let ctx = rw.ir().ctx_arc().clone();
    let name = ctx.intern_str("tensor.insert_slice");
    let mut results = Vec::with_capacity(yields.len());
    for y in yields {
        let ir = rw.ir();
        // The same operand groups and static lists as the parallel form.
        let operands: Vec<ValueId> = ir.operands(y).collect();
        let attrs = ir.attrs(y).to_vec();
        let dest_ty = ir.value_type(ir.operand(y, 1));
        let new =
            rw.create(OpSpec { operands: &operands, results: &[dest_ty], attrs: &attrs, ..OpSpec::new(name, loc) });
        results.push(rw.ir().result(new, 0));
    }
    rw.erase_op(term);
    rw.replace_op(op, &results);
    true
}

/// `FoldTensorCastOfOutputIntoForallOp`: an output produced by a
/// `tensor.cast` that only erases static information is replaced by the
/// cast's source; inside, a cast of the new shared output gives the old
/// type to the body (while each `tensor.parallel_insert_slice` writes the
/// new shared output directly), and a cast of each such result gives the
/// old type back outside.
pub(super) fn fold_tensor_cast_of_output(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    use crate::tensor::{preserves_static_information, CastOp};
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let Some(bounds) = forall_bounds(ir, op) else { return false };
    let Some(body) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else { return false };
    let Some(term) = forall_terminator(ir, op) else { return false };
    let mut outputs = forall_outputs(ir, op);
    let rank = bounds.lower.len();
    if ir.block_args(body).len() != rank + outputs.len() || ir.num_results(op) != outputs.len() {
        return false;
    }
    // (index, the type the body and the users expect)
    let mut casts: Vec<(usize, ir::Type)> = Vec::new();
    for (i, out) in outputs.iter_mut().enumerate() {
        let Some(cast) = ir.defining_op(*out).and_then(|d| CastOp::cast(ir, d)) else { continue };
        let (src, dst) = (cast.source(ir), cast.dest(ir));
        if !preserves_static_information(&ctx, ir.value_type(dst), ir.value_type(src)) {
            continue;
        }
        casts.push((i, ir.value_type(dst)));
        *out = src;
    }
    if casts.is_empty() {
        return false;
    }
    let loc = ir.op_loc(op);
    // The builder places the block arguments at the loop.
    let arg_locs = vec![loc; rank + outputs.len()];
    let mapping = ForallOp(op).mapping(ir);
    let out_tys: Vec<ir::Type> = outputs.iter().map(|&o| ir.value_type(o)).collect();
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = build_forall(rw, loc, (&bounds.lower, &bounds.upper, &bounds.step), &outputs, mapping);
    let mut arg_tys = vec![ctx.index_ty(); rank];
    arg_tys.extend_from_slice(&out_tys);
    let region = rw.ir().region(new.0, 0);
    let block = rw.create_block(region, &arg_tys, &arg_locs);
    let mut args: Vec<ValueId> = rw.ir().block_args(block).to_vec();
    let shared: Vec<ValueId> = args[rank..].to_vec();
    rw.set_insertion_point(InsertPoint::BlockEnd(block));
    for &(i, ty) in &casts {
        args[rank + i] = CastOp::build(rw, loc, ty, shared[i]).dest(rw.ir());
    }
    rw.merge_blocks(body, block, None, &args);
    // The terminator's writes go to the shared outputs themselves.
    let yields = rw.ir().regions(term).first().and_then(|&r| rw.ir().entry_block(r)).map(|b| rw.ir().block_ops_vec(b));
    for (y, &dest) in yields.unwrap_or_default().into_iter().zip(&shared) {
        if rw.ir().num_operands(y) > 1 {
            rw.modify_in_place(y, |ir| ir.set_operand(y, 1, dest));
        }
    }
    rw.set_insertion_point(ir::rewrite_api::ordered_insertion_point(rw.ir(), InsertPoint::After(new.0)));
    let mut results: Vec<ValueId> = rw.ir().results(new.0).collect();
    for &(i, ty) in &casts {
        results[i] = CastOp::build(rw, loc, ty, results[i]).dest(rw.ir());
    }
    rw.replace_op(op, &results);
    true
}

/// `ForallOpIterArgsFolder`: a result that is unused, or whose shared
/// output no combining op of the terminator writes, is dropped: its
/// combining ops are erased, the body sees the output operand itself, and
/// the result's uses take that operand.
pub(super) fn iter_args_folder(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    use super::interfaces::combining_destination;
    let ir = rw.ir();
    let Some(bounds) = forall_bounds(ir, op) else { return false };
    let Some(body) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else { return false };
    let Some(term) = forall_terminator(ir, op) else { return false };
    let outputs = forall_outputs(ir, op);
    let rank = bounds.lower.len();
    if ir.block_args(body).len() != rank + outputs.len() || ir.num_results(op) != outputs.len() {
        return false;
    }
    let shared: Vec<ValueId> = ir.block_args(body)[rank..].to_vec();
    let combining: Vec<OpId> =
        ir.regions(term).first().and_then(|&r| ir.entry_block(r)).map(|b| ir.block_ops_vec(b)).unwrap_or_default();
    let writers = |arg: ValueId| -> Vec<OpId> {
        combining.iter().copied().filter(|&c| combining_destination(ir, c) == Some(arg)).collect()
    };
    let dropped: Vec<bool> =
        (0..outputs.len()).map(|i| !ir.has_uses(ir.result(op, i)) || writers(shared[i]).is_empty()).collect();
    if !dropped.contains(&true) {
        return false;
    }
    let to_erase: Vec<OpId> = (0..outputs.len()).filter(|&i| dropped[i]).flat_map(|i| writers(shared[i])).collect();
    for c in to_erase {
        rw.erase_op(c);
    }
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let loc = ir.op_loc(op);
    let kept: Vec<usize> = (0..outputs.len()).filter(|&i| !dropped[i]).collect();
    let new_outs: Vec<ValueId> = kept.iter().map(|&i| outputs[i]).collect();
    let out_tys: Vec<ir::Type> = new_outs.iter().map(|&o| ir.value_type(o)).collect();
    let mut arg_tys = vec![ctx.index_ty(); rank];
    arg_tys.extend_from_slice(&out_tys);
    let arg_locs = vec![loc; arg_tys.len()];
    let mapping = ForallOp(op).mapping(ir);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = build_forall(rw, loc, (&bounds.lower, &bounds.upper, &bounds.step), &new_outs, mapping);
    let region = rw.ir().region(new.0, 0);
    let block = rw.create_block(region, &arg_tys, &arg_locs);
    let new_args = rw.ir().block_args(block).to_vec();
    // The induction variables, then per old output its new shared output
    // or (dropped) the output operand itself.
    let mut args: Vec<ValueId> = new_args[..rank].to_vec();
    let mut next = new_args[rank..].iter();
    for i in 0..outputs.len() {
        match dropped[i] {
            true => args.push(outputs[i]),
            false => args.push(*next.next().expect("one new shared output per kept result")),
        }
    }
    rw.merge_blocks(body, block, None, &args);
    let new_results: Vec<ValueId> = rw.ir().results(new.0).collect();
    let mut kept_results = new_results.into_iter();
    let replacements: Vec<ValueId> = (0..outputs.len())
        .map(|i| if dropped[i] { outputs[i] } else { kept_results.next().expect("one new result per kept result") })
        .collect();
    rw.replace_op(op, &replacements);
    true
}
