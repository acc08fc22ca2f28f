//! `scf.parallel`'s canonicalization (upstream's
//! `ParallelOpSingleOrZeroIterationDimsFolder` and
//! `MergeNestedParallelLoops`): a loop with a zero-trip dimension is its
//! init values, single-iteration dimensions are dropped (their induction
//! variables become the lower bounds), a loop left with no dimension is
//! inlined with its reductions applied to the init values, and a loop
//! whose body is just another loop (no reductions, bounds independent of
//! the outer loop) becomes one loop over both.

use super::ops::{ParallelOp, ReduceOp, ReduceReturnOp};
use super::parallel::parallel_operands;
use crate::util::const_int;
use ir::rewrite_api::PatternRewriter;
use ir::{InsertPoint, IrMapping, OpId, ValueId};

/// Upstream's `constantTripCount`: 0 for equal bounds, else the rounded-up
/// quotient of constant bounds and step.
fn constant_trip_count(ir: &ir::Ir, lb: ValueId, ub: ValueId, step: ValueId) -> Option<i128> {
    if lb == ub {
        return Some(0);
    }
    let (l, u, s) = (const_int(ir, lb)?, const_int(ir, ub)?, const_int(ir, step)?);
    if s == 0 {
        return None;
    }
    let (q, r) = (u.checked_sub(l)? / s, (u - l) % s);
    // `divideCeilSigned`: round towards positive infinity.
    Some(if r != 0 && ((r > 0) == (s > 0)) { q + 1 } else { q })
}

/// `ParallelOpSingleOrZeroIterationDimsFolder` (see the module doc).
pub(super) fn single_or_zero_iteration_dims(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(p) = parallel_operands(ir, op) else { return false };
    if ir.regions(op).len() != 1 {
        return false;
    }
    let Some(body) = ir.region_blocks(ir.region(op, 0)).next() else { return false };
    let ivs = ir.block_args(body).to_vec();
    if ivs.len() != p.lower.len() || p.upper.len() != p.lower.len() || p.step.len() != p.lower.len() {
        return false;
    }
    let mut collapsed: Vec<(usize, ValueId)> = Vec::new();
    let (mut lbs, mut ubs, mut steps) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..ivs.len() {
        match constant_trip_count(ir, p.lower[i], p.upper[i], p.step[i]) {
            Some(0) => {
                rw.replace_op(op, &p.inits);
                return true;
            }
            Some(1) => collapsed.push((i, p.lower[i])),
            _ => {
                lbs.push(p.lower[i]);
                ubs.push(p.upper[i]);
                steps.push(p.step[i]);
            }
        }
    }
    if collapsed.is_empty() {
        return false;
    }
    let Some(reduce) = ir.terminator(body).filter(|&t| ReduceOp::matches(ir, t)) else { return false };
    if lbs.is_empty() {
        // Inline the body, then each reduction with the init value and the
        // reduced operand.
        let mut map = IrMapping::default();
        for &(i, lb) in &collapsed {
            map.map_value(ivs[i], lb);
        }
        let body_ops: Vec<OpId> = ir.block_ops(body).filter(|&o| o != reduce).collect();
        let reduced: Vec<ValueId> = ir.operands(reduce).collect();
        let regions = ir.regions(reduce).to_vec();
        if regions.len() != reduced.len() || reduced.len() != p.inits.len() {
            return false;
        }
        rw.set_insertion_point(InsertPoint::Before(op));
        for o in body_ops {
            rw.clone_op(o, &mut map);
        }
        let mut results = Vec::with_capacity(regions.len());
        for (k, &r) in regions.iter().enumerate() {
            let ir = rw.ir();
            let Some(block) = ir.region_blocks(r).next() else { return false };
            let args = ir.block_args(block).to_vec();
            let Some(ret) = ir.terminator(block).filter(|&t| ReduceReturnOp::matches(ir, t)) else { return false };
            if args.len() != 2 {
                return false;
            }
            let value = map.lookup_value(reduced[k]);
            map.map_value(args[0], p.inits[k]);
            map.map_value(args[1], value);
            let ops: Vec<OpId> = ir.block_ops(block).filter(|&o| o != ret).collect();
            let returned = ReduceReturnOp(ret).result(ir);
            for o in ops {
                rw.clone_op(o, &mut map);
            }
            results.push(map.lookup_value(returned));
        }
        rw.replace_op(op, &results);
        return true;
    }
    // A loop over the remaining dimensions takes the body; the collapsed
    // induction variables become their lower bounds.
    let loc = ir.op_loc(op);
    let result_tys: Vec<ir::Type> = ir.results(op).map(|r| ir.value_type(r)).collect();
    let old_region = ir.region(op, 0);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = ParallelOp::build(rw, loc, &result_tys[..], &lbs[..], &ubs[..], &steps[..], &p.inits[..], 1);
    let new_region = rw.ir().region(new.0, 0);
    rw.inline_region_before(old_region, new_region, None);
    for &(i, lb) in collapsed.iter().rev() {
        rw.replace_all_uses(ivs[i], lb);
        rw.erase_block_arg(body, i);
    }
    let results: Vec<ValueId> = rw.ir().results(new.0).collect();
    rw.replace_op(op, &results);
    true
}

/// `MergeNestedParallelLoops` (see the module doc).
pub(super) fn merge_nested(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(outer) = parallel_operands(ir, op) else { return false };
    let Some(outer_body) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else { return false };
    let ops = ir.block_ops_vec(outer_body);
    // The inner loop, then the terminator: nothing else.
    let [inner_op, term] = ops[..] else { return false };
    if !ParallelOp::matches(ir, inner_op) || !ir.has_trait(term, ir::OpTraits::TERMINATOR) {
        return false;
    }
    let Some(inner) = parallel_operands(ir, inner_op) else { return false };
    let Some(inner_body) = ir.regions(inner_op).first().and_then(|&r| ir.entry_block(r)) else { return false };
    let outer_ivs = ir.block_args(outer_body).to_vec();
    let bounds_use_ivs = inner.lower.iter().chain(&inner.upper).chain(&inner.step).any(|v| outer_ivs.contains(v));
    if bounds_use_ivs || !outer.inits.is_empty() || !inner.inits.is_empty() {
        return false;
    }
    let inner_ivs = ir.block_args(inner_body).to_vec();
    let body_ops: Vec<OpId> =
        ir.block_ops(inner_body).filter(|&o| !ir.has_trait(o, ir::OpTraits::TERMINATOR)).collect();
    let loc = ir.op_loc(op);
    let concat = |a: &[ValueId], b: &[ValueId]| [a, b].concat();
    let (lbs, ubs, steps) =
        (concat(&outer.lower, &inner.lower), concat(&outer.upper, &inner.upper), concat(&outer.step, &inner.step));
    rw.set_insertion_point(InsertPoint::Before(op));
    let no_types: &[ir::Type] = &[];
    let new = ParallelOp::build(rw, loc, no_types, &lbs[..], &ubs[..], &steps[..], &[][..], 1);
    let region = rw.ir().region(new.0, 0);
    let index = rw.ir().ctx().index_ty();
    let n = lbs.len();
    let block = rw.create_block(region, &vec![index; n], &vec![loc; n]);
    let ivs = rw.ir().block_args(block).to_vec();
    let mut map = IrMapping::default();
    for (&from, &to) in outer_ivs.iter().chain(&inner_ivs).zip(&ivs) {
        map.map_value(from, to);
    }
    rw.set_insertion_point(InsertPoint::BlockEnd(block));
    for o in body_ops {
        rw.clone_op(o, &mut map);
    }
    ReduceOp::build(rw, loc, &[][..], 0);
    rw.replace_op(op, &[]);
    true
}
