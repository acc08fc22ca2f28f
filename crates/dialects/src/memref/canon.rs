//! The memref canonicalization patterns (upstream's, attached to their ops
//! in [`super::ops`]) and [`compose_subviews`], upstream's separate
//! subview-composition pattern. Replacements are built with the ops' typed
//! builders through the rewriter.

use super::*;
use crate::patterns::insert_before;
use crate::reassociation::{compose_collapse_of_expand_groups, compose_reassociation_indices};

/// Creates `memref.cast %v : T to dst` before `before`.
pub fn create_cast(rw: &mut PatternRewriter<'_>, before: OpId, v: ValueId, dst: Type) -> ValueId {
    let loc = insert_before(rw, before);
    CastOp::build(rw, loc, dst, v).dest(rw.ir())
}

/// The integer a constant-like op (`arith.constant`) gives `v`, if any
/// (MLIR's `m_ConstantInt`).
pub fn constant_int(ir: &Ir, v: ValueId) -> Option<i128> {
    let d = ir.defining_op(v).filter(|&d| ir.has_trait(d, OpTraits::CONSTANT_LIKE))?;
    let a = ir.attr(d, "value")?;
    match ir.ctx().attr_kind(a) {
        AttrKind::Integer { .. } => ir.ctx().int_value(a),
        _ => None,
    }
}

/// `SimplifyAllocConst`: dynamic sizes of an `alloc`/`alloca` given by
/// non-negative constants move into the type; a `memref.cast` back to the
/// old type replaces the op (only `alignment` is kept, as upstream).
pub fn simplify_alloc_const(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let Some(t) = result_ty(ir, op) else { return false };
    let Some(p) = layout::memref_parts(&ctx, t) else { return false };
    // `alloc` and `alloca` share one operand layout.
    let alloc = AllocOp(op);
    let sizes = alloc.dynamic_sizes(ir).to_vec();
    let symbols = alloc.symbol_operands(ir).to_vec();
    if sizes.len() != dynamic_dim_count(&ctx, t) {
        return false;
    }
    let constant = |v: ValueId| constant_int(ir, v).filter(|&c| c >= 0 && c <= i64::MAX as i128);
    if !sizes.iter().any(|&v| constant(v).is_some()) {
        return false;
    }
    let mut next = sizes.iter();
    let mut shape = Vec::with_capacity(p.shape.len());
    let mut kept = Vec::new();
    for &d in &p.shape {
        if d != DYNAMIC {
            shape.push(d);
            continue;
        }
        let Some(&v) = next.next() else { return false };
        match constant(v) {
            Some(c) => shape.push(c as i64),
            None => {
                shape.push(DYNAMIC);
                kept.push(v);
            }
        }
    }
    let new_ty = layout::memref_type(&ctx, &shape, p.elem, p.layout, p.memory_space);
    let alignment = alloc.alignment(ir);
    let stack = AllocaOp::matches(ir, op);
    let loc = insert_before(rw, op);
    let v = if stack {
        AllocaOp::build(rw, loc, new_ty, &kept, &symbols, alignment).memref(rw.ir())
    } else {
        AllocOp::build(rw, loc, new_ty, &kept, &symbols, alignment).memref(rw.ir())
    };
    let cast = create_cast(rw, op, v, t);
    rw.replace_op(op, &[cast]);
    true
}

/// `SimplifyDeadAlloc`: an allocation whose only users are `dealloc`s and
/// `store`s into it is erased with those users.
pub fn simplify_dead_alloc(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_results(op) != 1 {
        return false;
    }
    let r = ir.result(op, 0);
    let mut users: Vec<OpId> = ir.users(r).collect();
    let removable = users.iter().all(|&u| {
        if ir.is_op(u, "memref.store") {
            ir.num_operands(u) > 0 && ir.operand(u, 0) != r
        } else {
            ir.is_op(u, "memref.dealloc")
        }
    });
    if !removable {
        return false;
    }
    users.dedup();
    for u in users {
        rw.erase_op(u);
    }
    rw.erase_op(op);
    true
}

/// Whether `op` may itself allocate in an automatic allocation scope
/// (`isOpItselfPotentialAutomaticAllocation`): ops with recursive effects
/// do not, ops with unknown effects might, and `memref.alloca` does.
pub(super) fn is_potential_automatic_allocation(ir: &Ir, op: OpId) -> bool {
    if ir.has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS) {
        return false;
    }
    let known = ir.has_trait(op, OpTraits::PURE)
        || ir.ctx().registry().interface::<dyn MemoryEffects>(ir.op_name(op)).is_some();
    !known || ir.is_op(op, "memref.alloca")
}

/// True when `op` is in a single-block region and only a terminator follows
/// it.
pub(super) fn last_non_terminator_in_region(ir: &Ir, op: OpId) -> bool {
    let Some(b) = ir.op_block(op) else { return false };
    let single = ir.block_region(b).is_some_and(|r| ir.region_blocks(r).nth(1).is_none());
    single && ir.next_op(op).is_some_and(|n| Some(n) == ir.terminator(b))
}

/// `AllocaScopeInliner`: an `alloca_scope` is inlined into its parent when
/// it contains no potential stack allocation, or when its parent is itself
/// an allocation scope and nothing follows it but the terminator.
pub fn inline_alloca_scope(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(&region) = ir.regions(op).first() else { return false };
    let Some(block) = ir.entry_block(region) else { return false };
    let mut potential = false;
    let mut stack: Vec<OpId> = ir.block_ops(block).collect();
    stack.reverse();
    while let Some(o) = stack.pop() {
        if is_potential_automatic_allocation(ir, o) {
            potential = true;
            break;
        }
        if ir.has_trait(o, OpTraits::AUTOMATIC_ALLOCATION_SCOPE) {
            continue;
        }
        for &r in ir.regions(o).iter().rev() {
            let blocks: Vec<_> = ir.region_blocks(r).collect();
            for b in blocks.into_iter().rev() {
                let mut ops: Vec<OpId> = ir.block_ops(b).collect();
                ops.reverse();
                stack.extend(ops);
            }
        }
    }
    if potential {
        let parent_scope = ir.parent_op(op).is_some_and(|p| ir.has_trait(p, OpTraits::AUTOMATIC_ALLOCATION_SCOPE));
        if !parent_scope || !last_non_terminator_in_region(ir, op) {
            return false;
        }
    }
    let Some(term) = ir.last_op(block).filter(|&t| ir.is_op(t, "memref.alloca_scope.return")) else {
        return false;
    };
    if ir.region_blocks(region).nth(1).is_some() {
        return false;
    }
    let results: Vec<ValueId> = ir.operands(term).collect();
    if results.len() != ir.num_results(op) {
        return false;
    }
    let body: Vec<OpId> = ir.block_ops(block).filter(|&o| o != term).collect();
    for o in body {
        rw.move_op(o, InsertPoint::Before(op));
    }
    rw.replace_op(op, &results);
    true
}

/// `FoldCopyOfCast`: a `memref.cast` from a ranked memref feeding a copy's
/// source or target is bypassed. (Upstream compares the cast source's type
/// with itself, so every such cast qualifies; this keeps that behaviour.)
pub fn fold_copy_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 {
        return false;
    }
    let mut changes = Vec::new();
    for i in 0..2 {
        if let Some(cast) = defining_cast(ir, ir.operand(op, i)) {
            let src = ir.operand(cast, 0);
            if layout::is_ranked_memref(ir.ctx(), ir.value_type(src)) {
                changes.push((i, src));
            }
        }
    }
    if changes.is_empty() {
        return false;
    }
    rw.modify_in_place(op, |ir| {
        for (i, v) in changes {
            ir.set_operand(op, i, v);
        }
    });
    true
}

/// `FoldSelfCopy`: `memref.copy %x, %x` is erased.
pub fn fold_self_copy(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let copy = CopyOp(op);
    if ir.num_operands(op) == 2 && copy.source(ir) == copy.target(ir) {
        rw.erase_op(op);
        return true;
    }
    false
}

/// `FoldEmptyCopy`: a copy of or into a memref with a zero-sized dim is
/// erased.
pub fn fold_empty_copy(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let empty = |t: Option<Type>| t.and_then(|t| ctx.shape(t)).is_some_and(|s| s.contains(&0));
    if empty(value_ty(ir, op, 0)) || empty(value_ty(ir, op, 1)) {
        rw.erase_op(op);
        return true;
    }
    false
}

/// Replaces dynamic entries defined by constants with static ones
/// (`foldDynamicIndexList`); returns true when one changed.
pub(crate) fn fold_constant_entries(ir: &Ir, list: &mut [OpFoldSize], only_non_negative: bool) -> bool {
    let mut changed = false;
    for e in list.iter_mut() {
        if let OpFoldSize::Value(v) = *e {
            if let Some(c) = constant_int(ir, v).and_then(|c| i64::try_from(c).ok()) {
                if only_non_negative && c < 0 {
                    continue;
                }
                *e = OpFoldSize::Static(c);
                changed = true;
            }
        }
    }
    changed
}

pub(super) fn statics_of(list: &[OpFoldSize]) -> Vec<i64> {
    list.iter()
        .map(|e| match e {
            OpFoldSize::Static(s) => *s,
            OpFoldSize::Value(_) => DYNAMIC,
        })
        .collect()
}

/// The type of a subview of `op`'s source with new mixed lists, keeping the
/// dims `op` drops (`SubViewReturnTypeCanonicalizer`).
pub(super) fn canonical_subview_type(ir: &Ir, op: OpId, lists: [&[OpFoldSize]; 3]) -> Option<Type> {
    let ctx = ir.ctx();
    let source = value_ty(ir, op, 0)?;
    let [o, s, t] = lists.map(statics_of);
    let full = layout::subview_result_type_checked(ctx, source, &o, &s, &t)?;
    let dropped = subview_dropped_dims(ir, op)?;
    if !dropped.contains(&true) {
        return Some(full);
    }
    let (strides, offset) = layout::strides_and_offset(ctx, full)?;
    let p = layout::memref_parts(ctx, full)?;
    let keep = |v: &[i64]| -> Vec<i64> { v.iter().zip(&dropped).filter(|(_, &d)| !d).map(|(&x, _)| x).collect() };
    Some(layout::strided_memref_type(ctx, &keep(&p.shape), p.elem, &keep(&strides), offset, p.memory_space))
}

/// `OpWithOffsetSizesAndStridesConstantArgumentFolder` for subviews:
/// constant dynamic offsets, sizes (non-negative) and strides become static;
/// the new, more static subview is cast back to the old type.
pub fn fold_subview_constant_arguments(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((mut offsets, mut sizes, mut strides)) = mixed_slice(ir, op) else { return false };
    let a = fold_constant_entries(ir, &mut offsets, true);
    let b = fold_constant_entries(ir, &mut sizes, true);
    let c = fold_constant_entries(ir, &mut strides, false);
    if !(a || b || c) {
        return false;
    }
    let Some(new_ty) = canonical_subview_type(ir, op, [&offsets, &sizes, &strides]) else { return false };
    let (Some(old_ty), source) = (result_ty(ir, op), SubViewOp(op).source(ir)) else { return false };
    replace_with_cast_subview(rw, op, new_ty, source, [&offsets, &sizes, &strides], old_ty)
}

/// Builds `memref.subview %source[slice]` of type `ty` before `op` and
/// replaces `op` with it, cast back to `old_ty`.
fn replace_with_cast_subview(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    ty: Type,
    source: ValueId,
    slice: [&[OpFoldSize]; 3],
    old_ty: Type,
) -> bool {
    let loc = insert_before(rw, op);
    let v = SubViewOp::build_mixed(rw, loc, ty, source, slice).result(rw.ir());
    let cast = create_cast(rw, op, v, old_ty);
    rw.replace_op(op, &[cast]);
    true
}

/// `TrivialSubViewOpFolder`: a subview with zero offsets, unit strides and
/// the full static source shape is replaced by its source (through a
/// `memref.cast` when the types differ).
pub fn fold_trivial_subview(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return false };
    let (Some(ss), Some(rs)) = (ctx.shape(src_ty), ctx.shape(res_ty)) else { return false };
    if ss.len() != rs.len() {
        return false;
    }
    let Some((offsets, sizes, strides)) = mixed_slice(ir, op) else { return false };
    let is_const = |e: &OpFoldSize, c: i64| match *e {
        OpFoldSize::Static(s) => s == c,
        OpFoldSize::Value(v) => constant_int(ir, v) == Some(c as i128),
    };
    let trivial = offsets.iter().all(|e| is_const(e, 0))
        && strides.iter().all(|e| is_const(e, 1))
        && sizes.iter().zip(ss).all(|(e, &d)| d != DYNAMIC && is_const(e, d));
    if !trivial {
        return false;
    }
    let src = SubViewOp(op).source(ir);
    let replacement = if src_ty == res_ty { src } else { create_cast(rw, op, src, res_ty) };
    rw.replace_op(op, &[replacement]);
    true
}

/// `SubViewOpMemRefCastFolder`: `subview(cast(x))`, where the cast only
/// makes the type more dynamic and no operand is a constant, becomes
/// `cast(subview(x))` with the subview's type inferred from `x`.
pub fn fold_subview_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.operands(op).any(|v| ir.defining_op(v).is_some_and(|d| ir.has_trait(d, OpTraits::CONSTANT_LIKE))) {
        return false;
    }
    let Some(cast) = (ir.num_operands(op) > 0).then(|| defining_cast(ir, SubViewOp(op).source(ir))).flatten() else {
        return false;
    };
    if !can_fold_into_consumer(ir, cast) {
        return false;
    }
    let ctx = ir.ctx_arc().clone();
    let (Some(cur_src), Some(cur_res)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return false };
    let new_src = CastOp(cast).source(ir);
    let new_src_ty = ir.value_type(new_src);
    let p = SubViewOp(op).slice_params(ir);
    let Some(full) =
        layout::subview_result_type(&ctx, new_src_ty, &p.static_offsets, &p.static_sizes, &p.static_strides)
    else {
        return false;
    };
    let Some(dropped) = layout::memref_rank_reduction_mask(&ctx, cur_src, cur_res, &p.static_sizes) else {
        return false;
    };
    let (Some(fp), Some((fstrides, offset))) =
        (layout::memref_parts(&ctx, full), layout::strides_and_offset(&ctx, full))
    else {
        return false;
    };
    let keep = |v: &[i64]| -> Vec<i64> { v.iter().zip(&dropped).filter(|(_, &d)| !d).map(|(&x, _)| x).collect() };
    let new_res =
        layout::strided_memref_type(&ctx, &keep(&fp.shape), fp.elem, &keep(&fstrides), offset, fp.memory_space);
    let Some((offsets, sizes, strides)) = mixed_slice(ir, op) else { return false };
    replace_with_cast_subview(rw, op, new_res, new_src, [&offsets, &sizes, &strides], cur_res)
}

/// `ViewOpShapeFolder`: dynamic sizes of a `memref.view` given by
/// `arith.constant`s move into the result type; a cast restores the old
/// type.
pub fn fold_view_shape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let index_const = |v: ValueId| -> Option<i64> {
        let d = ir.defining_op(v).filter(|&d| ir.is_op(d, "arith.constant"))?;
        let a = ir.attr(d, "value")?;
        match ctx.attr_kind(a) {
            AttrKind::Integer { ty, .. } if ctx.is_index(*ty) => ctx.int_value(a).map(|c| c as i64),
            _ => None,
        }
    };
    if ir.num_operands(op) < 2 || !ir.operands(op).any(|v| index_const(v).is_some()) {
        return false;
    }
    let Some(t) = result_ty(ir, op) else { return false };
    let Some(p) = layout::memref_parts(&ctx, t) else { return false };
    let view = ViewOp(op);
    let sizes = view.sizes(ir).to_vec();
    let mut next = sizes.iter();
    let mut shape = Vec::with_capacity(p.shape.len());
    let mut kept = Vec::new();
    for &d in &p.shape {
        if d != DYNAMIC {
            shape.push(d);
            continue;
        }
        let Some(&v) = next.next() else { return false };
        match index_const(v) {
            Some(c) => shape.push(c),
            None => {
                shape.push(DYNAMIC);
                kept.push(v);
            }
        }
    }
    let new_ty = layout::memref_type(&ctx, &shape, p.elem, p.layout, p.memory_space);
    if new_ty == t {
        return false;
    }
    let (source, byte_shift) = (view.source(ir), view.byte_shift(ir));
    let loc = insert_before(rw, op);
    let v = ViewOp::build(rw, loc, new_ty, source, byte_shift, &kept).result(rw.ir());
    let cast = create_cast(rw, op, v, t);
    rw.replace_op(op, &[cast]);
    true
}

/// `ViewOpMemrefCastFolder`: `view(cast(alloc))` views the allocation
/// directly.
pub fn fold_view_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) < 2 {
        return false;
    }
    let view = ViewOp(op);
    let Some(cast) = defining_cast(ir, view.source(ir)) else { return false };
    let alloc = CastOp(cast).source(ir);
    if !ir.defining_op(alloc).is_some_and(|d| AllocOp::matches(ir, d)) {
        return false;
    }
    let Some(t) = result_ty(ir, op) else { return false };
    let (byte_shift, sizes) = (view.byte_shift(ir), view.sizes(ir).to_vec());
    let loc = insert_before(rw, op);
    let v = ViewOp::build(rw, loc, t, alloc, byte_shift, &sizes).result(rw.ir());
    rw.replace_op(op, &[v]);
    true
}

/// True when region `anc` strictly contains region `r`.
pub(super) fn is_proper_ancestor_region(ir: &Ir, anc: RegionId, r: RegionId) -> bool {
    let mut cur = ir.region_parent_op(r).and_then(|o| ir.op_region(o));
    while let Some(c) = cur {
        if c == anc {
            return true;
        }
        cur = ir.region_parent_op(c).and_then(|o| ir.op_region(o));
    }
    false
}

/// `DimOfMemRefReshape`: `dim(reshape(x, shape), i)` becomes a load of
/// `shape[i]` right after the reshape (cast to `index` if needed), when `i`
/// is known to be available there.
pub fn fold_dim_of_reshape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 {
        return false;
    }
    let dim = DimOp(op);
    let Some(reshape) = ir.defining_op(dim.source(ir)).filter(|&d| ReshapeOp::matches(ir, d)) else {
        return false;
    };
    if ir.num_operands(reshape) != 2 {
        return false;
    }
    let index = dim.index(ir);
    let (Some(idx_block), Some(rs_block)) = (ir.value_block(index), ir.op_block(reshape)) else { return false };
    if idx_block == rs_block {
        if let Some(def) = ir.defining_op(index) {
            if ir.is_before_in_block(reshape, def) {
                return false;
            }
        }
    } else if ir.op_block(op) != Some(rs_block) {
        let (Some(ir_idx), Some(ir_rs)) = (ir.block_region(idx_block), ir.op_region(reshape)) else { return false };
        if !is_proper_ancestor_region(ir, ir_idx, ir_rs) {
            return false;
        }
    }
    let shape = ReshapeOp(reshape).shape(ir);
    let ctx = ir.ctx_arc().clone();
    let Some(elem) = ctx.element_type(ir.value_type(shape)) else { return false };
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::After(reshape));
    let load = LoadOp::build(rw, loc, elem, shape, &[index], None);
    let mut v = load.result(rw.ir());
    if elem != ctx.index_ty() {
        rw.set_insertion_point(InsertPoint::After(load.op()));
        let cast_name = ctx.intern_str("arith.index_cast");
        let cast = rw.create(OpSpec { operands: &[v], results: &[ctx.index_ty()], ..OpSpec::new(cast_name, loc) });
        v = rw.ir().result(cast, 0);
    }
    rw.replace_op(op, &[v]);
    true
}

/// `constifyIndexValues`: entries the type knows statically (`known`, with
/// [`DYNAMIC`] for unknown ones) and values defined by constants become
/// static.
pub(super) fn constify(ir: &Ir, values: &mut [OpFoldSize], known: &[i64]) {
    for (v, &k) in values.iter_mut().zip(known) {
        if k != DYNAMIC {
            *v = OpFoldSize::Static(k);
        }
    }
    for v in values.iter_mut() {
        if let OpFoldSize::Value(x) = *v {
            if let Some(c) = constant_int(ir, x).and_then(|c| i64::try_from(c).ok()) {
                *v = OpFoldSize::Static(c);
            }
        }
    }
}

/// `ReinterpretCastOpExtractStridedMetadataFolder`: a `reinterpret_cast` of
/// the base buffer of `extract_strided_metadata(x)` that rebuilds exactly
/// `x`'s offset, sizes and strides is `x` (through a `memref.cast` when the
/// types differ).
pub fn fold_reinterpret_of_metadata(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    if ir.num_operands(op) == 0 {
        return false;
    }
    let Some(md) =
        ir.defining_op(ReinterpretCastOp(op).source(ir)).filter(|&d| ExtractStridedMetadataOp::matches(ir, d))
    else {
        return false;
    };
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, md, 0), result_ty(ir, op)) else { return false };
    let rank = ctx.shape(res_ty).map_or(0, <[i64]>::len);
    let n = ir.num_results(md);
    if n < 2 || (n - 2) % 2 != 0 {
        return false;
    }
    let md_rank = (n - 2) / 2;
    let results = |from: usize, len: usize| -> Vec<OpFoldSize> {
        (from..from + len).map(|i| OpFoldSize::Value(ir.result(md, i))).collect()
    };
    let known = |t: Type| layout::strides_and_offset(ctx, t);
    let (src_so, res_so) = (known(src_ty), known(res_ty));
    let Some((offsets, sizes, strides)) = mixed_slice(ir, op) else { return false };

    let mut md_strides = results(2 + md_rank, md_rank);
    constify(ir, &mut md_strides, src_so.as_ref().map_or(&[][..], |(s, _)| s));
    let mut rc_strides = strides;
    constify(ir, &mut rc_strides, res_so.as_ref().map_or(&[][..], |(s, _)| s));
    if md_strides.len() != rc_strides.len() || md_strides.iter().zip(&rc_strides).take(rank).any(|(a, b)| a != b) {
        return false;
    }
    let mut md_sizes = results(2, md_rank);
    constify(ir, &mut md_sizes, ctx.shape(src_ty).unwrap_or_default());
    let mut rc_sizes = sizes;
    constify(ir, &mut rc_sizes, ctx.shape(res_ty).unwrap_or_default());
    if md_sizes.len() < rank || rc_sizes.len() < rank || md_sizes[..rank] != rc_sizes[..rank] {
        return false;
    }
    let mut md_offset = results(1, 1);
    constify(ir, &mut md_offset, &src_so.as_ref().map(|(_, o)| vec![*o]).unwrap_or_default());
    let mut rc_offset = offsets;
    constify(ir, &mut rc_offset, &res_so.as_ref().map(|(_, o)| vec![*o]).unwrap_or_default());
    if md_offset != rc_offset {
        return false;
    }
    let src = ExtractStridedMetadataOp(md).source(ir);
    let replacement = if src_ty == res_ty { src } else { create_cast(rw, op, src, res_ty) };
    rw.replace_op(op, &[replacement]);
    true
}

pub(super) fn has_non_identity_layout(ir: &Ir, v: ValueId) -> bool {
    let ctx = ir.ctx();
    let t = ir.value_type(v);
    layout::is_ranked_memref(ctx, t) && !layout::has_identity_layout(ctx, t)
}

/// Creates a `collapse_shape` (or, with `output_shape`, an `expand_shape`)
/// of `src` before `before`.
pub(super) fn reshape_before(
    rw: &mut PatternRewriter<'_>,
    before: OpId,
    src: ValueId,
    result: Type,
    reassoc: &[Vec<i64>],
    output_shape: Option<&[OpFoldSize]>,
) -> ValueId {
    let reassociation = Some(reassociation_attr(rw.ir().ctx(), reassoc));
    let loc = insert_before(rw, before);
    match output_shape {
        Some(shape) => {
            let (values, statics) = static_dynamic::dispatch_mixed(shape);
            ExpandShapeOp::build(rw, loc, result, src, &values, reassociation, &statics).result(rw.ir())
        }
        None => CollapseShapeOp::build(rw, loc, result, src, reassociation).result(rw.ir()),
    }
}

/// The mixed `output_shape` of an `expand_shape`.
pub(super) fn expand_output_shape(ir: &Ir, op: OpId) -> Option<Vec<OpFoldSize>> {
    let expand = ExpandShapeOp(op);
    mixed_values(&expand.static_output_shape(ir), &expand.output_shape(ir).to_vec())
}

/// `ComposeReassociativeReshapeOps`: a collapse of a collapse (or an
/// expansion of an expansion) of memrefs with identity layouts becomes one
/// op with the composed reassociation.
pub fn compose_reassociative_reshapes(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let name = ir.op_name_str(op).to_string();
    if ir.num_operands(op) == 0 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(prod) = ir.defining_op(ir.operand(op, 0)).filter(|&d| ir.is_op(d, &name) && ir.num_operands(d) > 0) else {
        return false;
    };
    let src = ir.operand(prod, 0);
    if has_non_identity_layout(ir, src)
        || has_non_identity_layout(ir, ir.operand(op, 0))
        || has_non_identity_layout(ir, ir.result(op, 0))
    {
        return false;
    }
    let (Ok(ours), Ok(theirs)) = (reassociation(ir, op), reassociation(ir, prod)) else { return false };
    let Some(composed) = compose_reassociation_indices(&theirs, &ours) else { return false };
    let Some(res_ty) = result_ty(ir, op) else { return false };
    let shape = if name == "memref.expand_shape" {
        match expand_output_shape(ir, op) {
            Some(s) => Some(s),
            None => return false,
        }
    } else {
        None
    };
    let v = reshape_before(rw, op, src, res_ty, &composed, shape.as_deref());
    rw.replace_op(op, &[v]);
    true
}

/// `ComposeCollapseOfExpandOp`: `collapse_shape(expand_shape(x))` on
/// identity layouts becomes one collapse of `x` when the collapse's groups
/// are unions of the expansion's, or a `memref.cast` when the ranks agree.
/// (The case that needs an expansion with an inferred output shape is left
/// alone.)
pub fn compose_collapse_of_expand(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) == 0 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(expand) =
        ir.defining_op(ir.operand(op, 0)).filter(|&d| ir.is_op(d, "memref.expand_shape") && ir.num_operands(d) > 0)
    else {
        return false;
    };
    let src = ir.operand(expand, 0);
    if has_non_identity_layout(ir, ir.operand(op, 0))
        || has_non_identity_layout(ir, src)
        || has_non_identity_layout(ir, ir.result(expand, 0))
    {
        return false;
    }
    let ctx = ir.ctx();
    let (src_ty, res_ty) = (ir.value_type(src), ir.value_type(ir.result(op, 0)));
    let (Some(src_rank), Some(res_rank)) = (ctx.shape(src_ty).map(<[i64]>::len), ctx.shape(res_ty).map(<[i64]>::len))
    else {
        return false;
    };
    if src_ty == res_ty || src_rank < res_rank {
        return false;
    }
    let (Ok(expand_re), Ok(collapse_re)) = (reassociation(ir, expand), reassociation(ir, op)) else { return false };
    let Some(composed) = compose_collapse_of_expand_groups(&expand_re, &collapse_re) else { return false };
    let v = if src_rank > res_rank {
        reshape_before(rw, op, src, res_ty, &composed, None)
    } else {
        create_cast(rw, op, src, res_ty)
    };
    rw.replace_op(op, &[v]);
    true
}

/// `CollapseShapeOpMemRefCastFolder`: a collapse of a `memref.cast` that
/// only makes the type more dynamic collapses the cast's source instead
/// (casting the result back when its type changes).
pub fn fold_collapse_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) == 0 {
        return false;
    }
    let Some(cast) = defining_cast(ir, ir.operand(op, 0)) else { return false };
    if !can_fold_into_consumer(ir, cast) {
        return false;
    }
    let Ok(reassoc) = reassociation(ir, op) else { return false };
    let src = ir.operand(cast, 0);
    let Some(new_ty) = layout::collapsed_type(ir.ctx(), ir.value_type(src), &reassoc) else { return false };
    let Some(res_ty) = result_ty(ir, op) else { return false };
    if new_ty == res_ty {
        rw.modify_in_place(op, |ir| ir.set_operand(op, 0, src));
        return true;
    }
    let v = reshape_before(rw, op, src, new_ty, &reassoc, None);
    let c = create_cast(rw, op, v, res_ty);
    rw.replace_op(op, &[c]);
    true
}

/// The composition of a subview of a subview, when both have static
/// offsets, sizes and strides and the inner one is not rank-reducing:
/// offsets add (`inner + outer * inner_stride`), strides multiply and the
/// outer sizes are kept. Returns `(offsets, sizes, strides)` relative to the
/// inner subview's source. (Upstream also handles dynamic offsets by
/// materializing `affine.apply`; that case is left alone here.)
pub fn composed_subview_params(ir: &Ir, op: OpId) -> Option<[Vec<i64>; 3]> {
    if ir.num_operands(op) == 0 {
        return None;
    }
    let inner = ir.defining_op(SubViewOp(op).source(ir)).filter(|&d| SubViewOp::matches(ir, d))?;
    let (isrc, ires) = (value_ty(ir, inner, 0)?, result_ty(ir, inner)?);
    let ctx = ir.ctx();
    if ctx.shape(isrc)?.len() != ctx.shape(ires)?.len() {
        return None;
    }
    let outer = SubViewOp(op).slice_params(ir);
    let inner_p = SubViewOp(inner).slice_params(ir);
    let lists = [
        &outer.static_offsets,
        &outer.static_sizes,
        &outer.static_strides,
        &inner_p.static_offsets,
        &inner_p.static_strides,
    ];
    if lists.iter().any(|l| l.contains(&DYNAMIC)) {
        return None;
    }
    let rank = inner_p.static_offsets.len();
    if lists.iter().any(|l| l.len() != rank) {
        return None;
    }
    let mut offsets = Vec::with_capacity(rank);
    let mut strides = Vec::with_capacity(rank);
    for i in 0..rank {
        let s = inner_p.static_strides[i];
        offsets.push(inner_p.static_offsets[i].wrapping_add(outer.static_offsets[i].wrapping_mul(s)));
        strides.push(outer.static_strides[i].wrapping_mul(s));
    }
    Some([offsets, outer.static_sizes.clone(), strides])
}

/// `ComposeSubViewOpPattern` (upstream's `populateComposeSubViewPatterns`,
/// not a canonicalization): replaces a subview of a (non rank-reducing)
/// subview by one subview of the inner source with the composed parameters
/// (see [`composed_subview_params`]); the result type is kept.
pub fn compose_subviews(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some([offsets, sizes, strides]) = composed_subview_params(ir, op) else { return false };
    let Some(inner) = ir.defining_op(SubViewOp(op).source(ir)) else { return false };
    let Some(res_ty) = result_ty(ir, op) else { return false };
    let source = SubViewOp(inner).source(ir);
    let stat = |v: &[i64]| -> Vec<OpFoldSize> { v.iter().map(|&x| OpFoldSize::Static(x)).collect() };
    let (o, s, t) = (stat(&offsets), stat(&sizes), stat(&strides));
    let loc = insert_before(rw, op);
    let v = SubViewOp::build_mixed(rw, loc, res_ty, source, [&o, &s, &t]).result(rw.ir());
    rw.replace_op(op, &[v]);
    true
}
