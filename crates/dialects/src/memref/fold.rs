//! The memref folders (upstream's `fold` methods), with MLIR's
//! `foldMemRefCast` ([`fold_memref_cast`]) and the subview queries they
//! share with the patterns.

use super::*;

/// `ExtractStridedMetadataOp::fold`: uses of the offset, size and stride
/// results whose value the source type gives statically are replaced by
/// `arith.constant`s created before the op.
pub(super) fn fold_extract_strided_metadata(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    let Some(src) = value_ty(ir, op, 0) else { return FoldOutcome::Failure };
    let (Some(shape), Some((strides, offset))) =
        (ctx.shape(src).map(<[i64]>::to_vec), layout::strides_and_offset(&ctx, src))
    else {
        return FoldOutcome::Failure;
    };
    let rank = shape.len();
    if ir.num_results(op) != 2 + 2 * rank {
        return FoldOutcome::Failure;
    }
    let known = std::iter::once(offset).chain(shape).chain(strides);
    let mut changed = false;
    for (i, c) in known.enumerate() {
        let r = ir.result(op, i + 1);
        if c == DYNAMIC || !ir.has_uses(r) {
            continue;
        }
        let name = ctx.intern_str("arith.constant");
        let attrs = [NamedAttr { name: ctx.intern_str("value"), value: ctx.index_attr(c) }];
        let results = [ctx.index_ty()];
        let loc = ir.op_loc(op);
        let k = ir.insert_new_op(
            InsertPoint::Before(op),
            OpSpec { results: &results, attrs: &attrs, ..OpSpec::new(name, loc) },
        );
        let kv = ir.result(k, 0);
        ir.replace_all_uses(r, kv);
        changed = true;
    }
    in_place(changed)
}

pub(super) fn in_place(changed: bool) -> FoldOutcome {
    if changed {
        FoldOutcome::InPlace
    } else {
        FoldOutcome::Failure
    }
}

pub(super) fn fold_to_value(v: ValueId) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Value(v)])
}

pub(super) fn fold_to_attr(a: Attribute) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Attr(a)])
}

/// The `memref.cast` defining `v`, if any.
pub(super) fn defining_cast(ir: &Ir, v: ValueId) -> Option<OpId> {
    ir.defining_op(v).filter(|&d| ir.is_op(d, "memref.cast") && ir.num_operands(d) == 1)
}

/// MLIR's `foldMemRefCast`: every operand of `op` (other than `inner`)
/// produced by a `memref.cast` from a ranked memref is replaced by the
/// cast's source. Returns true when an operand changed.
pub fn fold_memref_cast(ir: &mut Ir, op: OpId, inner: Option<ValueId>) -> bool {
    let mut folded = false;
    for i in 0..ir.num_operands(op) {
        let v = ir.operand(op, i);
        if Some(v) == inner {
            continue;
        }
        let Some(cast) = defining_cast(ir, v) else { continue };
        let src = ir.operand(cast, 0);
        if layout::is_unranked_memref(ir.ctx(), ir.value_type(src)) {
            continue;
        }
        ir.set_operand(op, i, src);
        folded = true;
    }
    folded
}

/// `CastOp::canFoldIntoConsumerOp` for a `memref.cast` op.
pub fn can_fold_into_consumer(ir: &Ir, cast: OpId) -> bool {
    match (value_ty(ir, cast, 0), result_ty(ir, cast)) {
        (Some(s), Some(d)) => layout::can_fold_cast_into_consumer(ir.ctx(), s, d),
        _ => false,
    }
}

/// `CastOpInterface`'s trait fold: a cast to the operand's own type folds to
/// the operand.
pub(super) fn identity_cast(ir: &Ir, op: OpId) -> Option<ValueId> {
    let (src, res) = (value_ty(ir, op, 0)?, result_ty(ir, op)?);
    (ir.num_operands(op) == 1 && ir.num_results(op) == 1 && src == res).then(|| ir.operand(op, 0))
}

pub(super) fn fold_atomic_rmw(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) == 0 {
        return FoldOutcome::Failure;
    }
    let value = AtomicRmwOp(op).value(ir);
    in_place(fold_memref_cast(ir, op, Some(value)))
}

pub(super) fn fold_prefetch(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    in_place(fold_memref_cast(ir, op, None))
}

pub(super) fn fold_cast(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let changed = fold_memref_cast(ir, op, None);
    match identity_cast(ir, op) {
        Some(v) => fold_to_value(v),
        None => in_place(changed),
    }
}

pub(super) fn fold_load(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    in_place(fold_memref_cast(ir, op, None))
}

pub(super) fn fold_dealloc(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    in_place(fold_memref_cast(ir, op, None))
}

pub(super) fn fold_store(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) == 0 {
        return FoldOutcome::Failure;
    }
    let value = StoreOp(op).value(ir);
    in_place(fold_memref_cast(ir, op, Some(value)))
}

pub(super) fn fold_copy(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let mut folded = false;
    for i in 0..ir.num_operands(op) {
        let v = ir.operand(op, i);
        if let Some(cast) = defining_cast(ir, v) {
            if can_fold_into_consumer(ir, cast) {
                let src = ir.operand(cast, 0);
                ir.set_operand(op, i, src);
                folded = true;
            }
        }
    }
    in_place(folded)
}

pub(super) fn fold_memory_space_cast(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let Some(src) = (ir.num_operands(op) == 1).then(|| MemorySpaceCastOp(op).source(ir)) else {
        return FoldOutcome::Failure;
    };
    let mut changed = false;
    if let Some(parent) = ir.defining_op(src) {
        if ir.is_op(parent, "memref.memory_space_cast") && ir.num_operands(parent) == 1 {
            let inner = ir.operand(parent, 0);
            ir.set_operand(op, 0, inner);
            changed = true;
        }
    }
    match identity_cast(ir, op) {
        Some(v) => fold_to_value(v),
        None => in_place(changed),
    }
}

pub(super) fn fold_rank(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    match value_ty(ir, op, 0).and_then(|t| ctx.shape(t)) {
        Some(s) => fold_to_attr(ctx.index_attr(s.len() as i64)),
        None => FoldOutcome::Failure,
    }
}

/// Position of dim `index` among the dynamic dims of `shape`
/// (`getDynamicDimIndex`).
pub(super) fn dynamic_dim_index(shape: &[i64], index: usize) -> usize {
    shape.iter().take(index).filter(|&&d| d == DYNAMIC).count()
}

pub(super) fn fold_dim(ir: &mut Ir, op: OpId, operands: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let Some(index) = operands.get(1).copied().flatten().and_then(|a| ctx.int_value(a)) else {
        return FoldOutcome::Failure;
    };
    let Some(src_ty) = value_ty(ir, op, 0) else { return FoldOutcome::Failure };
    let Some(shape) = ctx.shape(src_ty).filter(|_| layout::is_ranked_memref(ctx, src_ty)).map(<[i64]>::to_vec) else {
        return FoldOutcome::Failure;
    };
    let Some(idx) = usize::try_from(index).ok().filter(|&i| i < shape.len()) else {
        return FoldOutcome::Failure;
    };
    if shape[idx] != DYNAMIC {
        return fold_to_attr(ctx.index_attr(shape[idx]));
    }
    let src = DimOp(op).source(ir);
    if let Some(def) = ir.defining_op(src) {
        let dyn_pos = dynamic_dim_index(&shape, idx);
        let name = ir.op_name_str(def);
        let dynamic_sizes: Option<Vec<ValueId>> = match name {
            // `alloc` and `alloca` share one operand layout.
            "memref.alloc" | "memref.alloca" => Some(AllocOp(def).dynamic_sizes(ir).to_vec()),
            "memref.view" => Some(ViewOp(def).sizes(ir).to_vec()),
            _ => None,
        };
        if let Some(sizes) = dynamic_sizes {
            return match sizes.get(dyn_pos) {
                Some(&v) => fold_to_value(v),
                None => FoldOutcome::Failure,
            };
        }
        if name == "memref.subview" {
            if let Some(v) = subview_dynamic_size_of_result_dim(ir, def, idx) {
                return fold_to_value(v);
            }
            return FoldOutcome::Failure;
        }
        if let Some(p) = static_dynamic::slice_params(ir, def) {
            if let Some(Some(OpFoldSize::Value(v))) = p.mixed_sizes().map(|m| m.get(idx).copied()) {
                return fold_to_value(v);
            }
            return FoldOutcome::Failure;
        }
    }
    in_place(fold_memref_cast(ir, op, None))
}

/// The dims of a subview's source dropped in its (rank-reduced) result.
pub fn subview_dropped_dims(ir: &Ir, subview: OpId) -> Option<Vec<bool>> {
    let (src, res) = (value_ty(ir, subview, 0)?, result_ty(ir, subview)?);
    let sizes = SubViewOp(subview).static_sizes(ir);
    layout::memref_rank_reduction_mask(ir.ctx(), src, res, &sizes)
}

pub(super) fn subview_dynamic_size_of_result_dim(ir: &Ir, subview: OpId, result_dim: usize) -> Option<ValueId> {
    let dropped = subview_dropped_dims(ir, subview)?;
    let source_dim = dropped.iter().enumerate().filter(|(_, &d)| !d).nth(result_dim).map(|(i, _)| i)?;
    let p = SubViewOp(subview).slice_params(ir);
    match p.mixed_sizes()?.get(source_dim)? {
        OpFoldSize::Value(v) => Some(*v),
        OpFoldSize::Static(_) => None,
    }
}

pub(super) fn mixed_slice(ir: &Ir, op: OpId) -> Option<(Vec<OpFoldSize>, Vec<OpFoldSize>, Vec<OpFoldSize>)> {
    let p = slice_params_of(ir, op);
    Some((p.mixed_offsets()?, p.mixed_sizes()?, p.mixed_strides()?))
}

pub(super) fn fold_subview(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return FoldOutcome::Failure };
    let src = SubViewOp(op).source(ir);
    if ctx.has_static_shape(res_ty) && res_ty == src_ty {
        return fold_to_value(src);
    }
    let Some(inner) = ir.defining_op(src).filter(|&d| SubViewOp::matches(ir, d)) else {
        return FoldOutcome::Failure;
    };
    let (Some((offsets, sizes, strides)), Some((_, inner_sizes, _))) = (mixed_slice(ir, op), mixed_slice(ir, inner))
    else {
        return FoldOutcome::Failure;
    };
    let zeros = offsets.iter().all(|&o| o == OpFoldSize::Static(0));
    let ones = strides.iter().all(|&s| s == OpFoldSize::Static(1));
    if zeros && ones && sizes == inner_sizes && res_ty == src_ty {
        return fold_to_value(src);
    }
    FoldOutcome::Failure
}

/// `TransposeOp::fold`: an identity permutation between equal types folds
/// to the input; a transpose of a transpose composes the permutations.
pub(super) fn fold_transpose(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    let transpose = TransposeOp(op);
    let Some(AttrKind::AffineMap(map)) = transpose.permutation(ir).map(|a| ctx.attr_kind(a)) else {
        return FoldOutcome::Failure;
    };
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return FoldOutcome::Failure };
    if map.is_identity() && src_ty == res_ty {
        return fold_to_value(transpose.input(ir));
    }
    let Some(inner) = ir.defining_op(transpose.input(ir)).filter(|&d| TransposeOp::matches(ir, d)) else {
        return FoldOutcome::Failure;
    };
    let Some(AttrKind::AffineMap(inner_map)) = TransposeOp(inner).permutation(ir).map(|a| ctx.attr_kind(a)) else {
        return FoldOutcome::Failure;
    };
    let (Some(composed), Some(&inner_src)) = (map.compose(inner_map), ir.operands(inner).collect::<Vec<_>>().first())
    else {
        return FoldOutcome::Failure;
    };
    ir.set_operand(op, 0, inner_src);
    ir.set_attr(op, TransposeOp::permutation_name(&ctx), ctx.attr(AttrKind::AffineMap(composed)));
    FoldOutcome::InPlace
}

pub(super) fn fold_reinterpret_cast(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return FoldOutcome::Failure };
    let src = ReinterpretCastOp(op).source(ir);
    let prev_src = ir.defining_op(src).and_then(|d| match ir.op_name_str(d) {
        "memref.reinterpret_cast" | "memref.cast" if ir.num_operands(d) > 0 => Some(ir.operand(d, 0)),
        "memref.subview" => {
            let (offsets, _, _) = mixed_slice(ir, d)?;
            offsets.iter().all(|&o| o == OpFoldSize::Static(0)).then(|| ir.operand(d, 0))
        }
        _ => None,
    });
    if let Some(prev) = prev_src {
        ir.set_operand(op, 0, prev);
        return FoldOutcome::InPlace;
    }
    let ctx = ir.ctx();
    let first_offset = ReinterpretCastOp(op).static_offsets(ir).first().copied();
    if ctx.has_static_shape(res_ty) && src_ty == res_ty && first_offset == Some(0) {
        return fold_to_value(src);
    }
    FoldOutcome::Failure
}

/// `foldReshapeOp`: an identity reshape folds to its source, and a reshape
/// undoing its producer (`inverse`) folds to the producer's source.
pub(super) fn fold_reshape(ir: &mut Ir, op: OpId, inverse: &str, collapsing: bool) -> FoldOutcome {
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return FoldOutcome::Failure };
    let src = ir.operand(op, 0);
    if src_ty == res_ty {
        return fold_to_value(src);
    }
    let Some(prod) = ir.defining_op(src).filter(|&d| ir.is_op(d, inverse) && ir.num_operands(d) > 0) else {
        return FoldOutcome::Failure;
    };
    let orig = ir.operand(prod, 0);
    let orig_ty = ir.value_type(orig);
    if orig_ty != res_ty {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let shape = ctx.shape(orig_ty).unwrap_or_default().to_vec();
    if shape.iter().filter(|&&d| d == DYNAMIC).count() < 2 {
        return fold_to_value(orig);
    }
    let (Ok(ours), Ok(theirs)) = (reassociation(ir, op), reassociation(ir, prod)) else {
        return FoldOutcome::Failure;
    };
    if ours != theirs {
        return FoldOutcome::Failure;
    }
    // Expanding then collapsing back folds despite several dynamic dims.
    if collapsing {
        return fold_to_value(orig);
    }
    let ok = ours.iter().all(|g| {
        let dynamic =
            g.iter().filter(|&&d| usize::try_from(d).ok().and_then(|u| shape.get(u)) == Some(&DYNAMIC)).count();
        dynamic < 2
    });
    if ok {
        fold_to_value(orig)
    } else {
        FoldOutcome::Failure
    }
}

pub(super) fn fold_collapse_shape(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    fold_reshape(ir, op, "memref.expand_shape", true)
}

pub(super) fn fold_expand_shape(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    fold_reshape(ir, op, "memref.collapse_shape", false)
}
