//! The linalg dialect's own canonicalization patterns (upstream's
//! `LinalgDialect::getCanonicalizationPatterns`), which apply to every
//! structured op rather than to one op name:
//! - `EraseDeadLinalgOp`: a structured op with a memref operand that has a
//!   zero extent does nothing, and is erased;
//! - `FoldTensorCastConsumerOp`: a `tensor.cast` to a more static type of a
//!   structured op's result (in the same block) makes the op produce the
//!   static type, with its init cast instead and a cast back for other users;
//! - `InferStaticShapeOfOperands`: static extents of some operands give, through
//!   the (projected-permutation) indexing maps, the loop sizes, and every
//!   dynamic extent they determine becomes static through a `tensor.cast`.

use super::structured_info;
use crate::tensor::{preserves_static_information, CastOp};
use ir::rewrite_api::PatternRewriter;
use ir::{InsertPoint, IrMapping, OpId, Type, TypeKind, ValueId, DYNAMIC};
use rustc_hash::FxHashMap;

/// Upstream's `clone(builder, op, resultTypes, operands)`: a copy of `op`
/// (attributes and regions) before it, with `operands` and `result_types`.
fn clone_with(rw: &mut PatternRewriter<'_>, op: OpId, operands: &[ValueId], result_types: &[Type]) -> OpId {
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = rw.clone_op(op, &mut IrMapping::default());
    rw.modify_in_place(new, |ir| {
        for (i, &v) in operands.iter().enumerate() {
            ir.set_operand(new, i, v);
        }
        for (i, &t) in result_types.iter().enumerate() {
            let r = ir.result(new, i);
            ir.set_value_type(r, t);
        }
    });
    new
}

/// `tensor.cast %v : ... to ty` before `at`, at `at`'s location.
fn cast_before(rw: &mut PatternRewriter<'_>, at: OpId, ty: Type, v: ValueId) -> ValueId {
    let loc = rw.ir().op_loc(at);
    rw.set_insertion_point(InsertPoint::Before(at));
    CastOp::build(rw, loc, ty, v).dest(rw.ir())
}

/// `EraseDeadLinalgOp`.
pub(super) fn erase_dead_linalg_op(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if structured_info(ir, op).is_none() {
        return false;
    }
    let ctx = ir.ctx();
    let empty_memref = ir.operands(op).any(|v| {
        let t = ir.value_type(v);
        matches!(ctx.kind(t), TypeKind::MemRef { .. }) && ctx.shape(t).is_some_and(|s| s.contains(&0))
    });
    if empty_memref {
        rw.erase_op(op);
    }
    empty_memref
}

/// `FoldTensorCastConsumerOp`, rooted at the `tensor.cast`.
pub(super) fn fold_tensor_cast_consumer(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if !CastOp::matches(ir, op) || ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let cast = CastOp(op);
    let (source, cast_ty) = (cast.source(ir), ir.value_type(cast.dest(ir)));
    if !preserves_static_information(ir.ctx(), ir.value_type(source), cast_ty) {
        return false;
    }
    let Some(linalg) = ir.defining_op(source) else { return false };
    let Some(info) = structured_info(ir, linalg) else { return false };
    if ir.op_block(op) != ir.op_block(linalg) || !matches!(ir.ctx().kind(cast_ty), TypeKind::Tensor { .. }) {
        return false;
    }
    let Some(n) = ir.results(linalg).position(|r| r == source) else { return false };
    let init_index = info.num_inputs + n;
    if init_index >= ir.num_operands(linalg) {
        return false;
    }
    let mut operands: Vec<ValueId> = ir.operands(linalg).collect();
    let mut result_types: Vec<Type> = ir.result_types(linalg).to_vec();
    let old_ty = result_types[n];
    operands[init_index] = cast_before(rw, linalg, cast_ty, operands[init_index]);
    result_types[n] = cast_ty;
    let new = clone_with(rw, linalg, &operands, &result_types);
    let new_result = rw.ir().result(new, n);
    let back = cast_before(rw, linalg, old_ty, new_result);
    let mut results: Vec<ValueId> = rw.ir().results(new).collect();
    results[n] = back;
    rw.replace_op(linalg, &results);
    rw.replace_op(op, &[new_result]);
    true
}

/// `InferStaticShapeOfOperands`.
pub(super) fn infer_static_shape_of_operands(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(info) = structured_info(ir, op) else { return false };
    let ctx = ir.ctx_arc().clone();
    let is_shaped = |t: Type| matches!(ctx.kind(t), TypeKind::Tensor { .. } | TypeKind::MemRef { .. });
    let types: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    // `hasPureTensorSemantics`: no memref operand, and at least one tensor.
    if types.iter().any(|&t| matches!(ctx.kind(t), TypeKind::MemRef { .. }))
        || !types.iter().any(|&t| matches!(ctx.kind(t), TypeKind::Tensor { .. }))
        || info.indexing_maps.len() != types.len()
        || info.indexing_maps.iter().any(|m| !m.is_projected_permutation())
    {
        return false;
    }
    // The loop dimension each static extent gives (the first one wins).
    let mut loop_size: FxHashMap<usize, i64> = FxHashMap::default();
    for (&t, map) in types.iter().zip(&info.indexing_maps) {
        if !is_shaped(t) {
            continue;
        }
        let Some(shape) = ctx.shape(t) else { return false };
        for (i, &d) in shape.iter().enumerate() {
            if d == DYNAMIC {
                continue;
            }
            if let Some(dim) = map.result(i).and_then(|e| e.as_dim()) {
                loop_size.entry(dim).or_insert(d);
            }
        }
    }
    let mut operands: Vec<ValueId> = ir.operands(op).collect();
    let mut result_types = Vec::with_capacity(info.num_outputs);
    let mut new_types: Vec<Option<Type>> = vec![None; operands.len()];
    for (i, (&t, map)) in types.iter().zip(&info.indexing_maps).enumerate() {
        if !is_shaped(t) {
            continue;
        }
        let is_init = i >= info.num_inputs;
        let (Some(shape), Some(elem)) = (ctx.shape(t), ctx.element_type(t)) else { return false };
        if is_init && !shape.contains(&DYNAMIC) {
            result_types.push(t);
            continue;
        }
        let mut changed = false;
        let new_shape: Vec<i64> = shape
            .iter()
            .enumerate()
            .map(|(k, &d)| match map.result(k).and_then(|e| e.as_dim()).and_then(|dim| loop_size.get(&dim)) {
                Some(&s) if d == DYNAMIC => {
                    changed = true;
                    s
                }
                _ => d,
            })
            .collect();
        let new_ty = ctx.tensor_ty(&new_shape, elem);
        if changed {
            new_types[i] = Some(new_ty);
        }
        if is_init {
            result_types.push(new_ty);
        }
    }
    if new_types.iter().all(Option::is_none) || result_types.len() != ir.num_results(op) {
        return false;
    }
    for (i, t) in new_types.into_iter().enumerate() {
        if let Some(t) = t {
            operands[i] = cast_before(rw, op, t, operands[i]);
        }
    }
    let new = clone_with(rw, op, &operands, &result_types);
    let mut replacements = Vec::with_capacity(result_types.len());
    for i in 0..result_types.len() {
        let (old, fresh) = (rw.ir().result(op, i), rw.ir().result(new, i));
        let old_ty = rw.ir().value_type(old);
        replacements.push(if rw.ir().value_type(fresh) != old_ty { cast_before(rw, op, old_ty, fresh) } else { fresh });
    }
    rw.replace_op(op, &replacements);
    true
}
