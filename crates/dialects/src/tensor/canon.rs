//! The tensor dialect's canonicalization patterns (upstream's
//! `getCanonicalizationPatterns`): chained casts and bitcasts, single-input
//! concats, constant slice arguments made static, slices and insertions of
//! foldable casts, `PackOp`/`UnPackOp::canonicalize`, and the dialect-level
//! `FoldTensorCastProducerOp` (every destination-style op). Every rewrite
//! goes through the rewriter.

use super::build::{build_extract_slice, build_insert_slice, build_parallel_insert_slice, MixedSlice, SliceType};
use super::fold::{can_fold_cast_into_consumer, def_of};
use super::ops::{
    BitcastOp, CastOp, ConcatOp, ExtractSliceOp, InsertSliceOp, PackOp, ParallelInsertSliceOp, Relayout, UnPackOp,
};
use super::types::{canonical_rank_reduced_type, invert_permutation, pack_requires_padding, tensor_parts, tensor_type};
use crate::static_dynamic::SliceParams;
use ir::interfaces::{DestinationStyle, OpFoldSize};
use ir::rewrite_api::PatternRewriter;
use ir::{Context, InsertPoint, Ir, OpId, Type, DYNAMIC};

/// The offsets, sizes and strides of a slice with constant operands folded
/// into static entries; `None` when nothing folds.
fn folded_slice_lists(ir: &Ir, p: &SliceParams) -> Option<[Vec<OpFoldSize>; 3]> {
    let (mut offsets, mut sizes, mut strides) = (p.mixed_offsets()?, p.mixed_sizes()?, p.mixed_strides()?);
    let a = crate::memref::fold_constant_entries(ir, &mut offsets, true);
    let b = crate::memref::fold_constant_entries(ir, &mut sizes, true);
    let c = crate::memref::fold_constant_entries(ir, &mut strides, false);
    (a || b || c).then_some([offsets, sizes, strides])
}

/// `value`, or a `tensor.cast` of it to `ty` built before the op being
/// rewritten when its type differs.
fn cast_if_needed(rw: &mut PatternRewriter<'_>, loc: ir::Location, value: ir::ValueId, ty: Type) -> ir::ValueId {
    if rw.ir().value_type(value) == ty {
        return value;
    }
    CastOp::build(rw, loc, ty, value).dest(rw.ir())
}

/// `OpWithOffsetSizesAndStridesConstantArgumentFolder` on `extract_slice`:
/// constant offsets, sizes and strides become static; the new slice has the
/// canonical rank-reduced type and a `tensor.cast` restores the old one.
pub(crate) fn extract_slice_constant_args(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let slice = ExtractSliceOp(op);
    let Some([offsets, sizes, strides]) = folded_slice_lists(ir, &slice.params(ir)) else { return false };
    let (source, old_ty) = (slice.source(ir), ir.value_type(slice.result(ir)));
    let Some(rank) = ir.ctx().shape(old_ty).map(<[i64]>::len) else { return false };
    let loc = ir.op_loc(op);
    let mixed = MixedSlice { offsets: &offsets, sizes: &sizes, strides: &strides };
    // Check the type first so nothing is created when the rewrite fails.
    let ctx = ir.ctx_arc().clone();
    let static_sizes: Vec<i64> = static_entries(&sizes);
    if canonical_rank_reduced_type(&ctx, ir.value_type(source), &static_sizes, rank).is_none() {
        return false;
    }
    rw.set_insertion_point(InsertPoint::Before(op));
    let Some(new) = build_extract_slice(rw, loc, source, mixed, SliceType::RankReduced(rank)) else { return false };
    let replacement = cast_if_needed(rw, loc, new, old_ty);
    rw.replace_op(op, &[replacement]);
    true
}

/// The static entries of a mixed list, [`DYNAMIC`] for values.
fn static_entries(mixed: &[OpFoldSize]) -> Vec<i64> {
    mixed
        .iter()
        .map(|s| match s {
            OpFoldSize::Static(v) => *v,
            OpFoldSize::Value(_) => DYNAMIC,
        })
        .collect()
}

/// `ExtractSliceOpCastFolder`: a slice of a foldable `tensor.cast` slices
/// the cast's source instead (same result type). Slices with a constant
/// index operand are left to the constant-argument folder.
pub(crate) fn extract_slice_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let index = ir.ctx().index_ty();
    let has_const_index = ir.operands(op).any(|v| {
        ir.value_type(v) == index
            && ir.defining_op(v).is_some_and(|d| ir.has_trait(d, ir::OpTraits::CONSTANT_LIKE))
            && crate::util::const_int(ir, v).is_some()
    });
    if has_const_index || ir.num_operands(op) == 0 {
        return false;
    }
    let src = ExtractSliceOp(op).source(ir);
    let Some(cast) = ir.defining_op(src).filter(|&c| can_fold_cast_into_consumer(ir, c)) else { return false };
    let cast_src = CastOp(cast).source(ir);
    let mut map = ir::IrMapping::default();
    map.map_value(src, cast_src);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = rw.clone_op(op, &mut map);
    let v = ExtractSliceOp(new).result(rw.ir());
    rw.replace_op(op, &[v]);
    true
}

/// Replaces the `tensor.insert_slice` or `tensor.parallel_insert_slice`
/// `op` by the same op on `source`/`dest` with the slice `mixed`, built at
/// the insertion point; `restore` (a `tensor.insert_slice` only) is the
/// result type a `tensor.cast` gives back when the new one differs.
fn replace_insert_like(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    source: ir::ValueId,
    dest: ir::ValueId,
    mixed: MixedSlice<'_>,
    restore: Type,
) {
    let loc = rw.ir().op_loc(op);
    if ParallelInsertSliceOp::matches(rw.ir(), op) {
        build_parallel_insert_slice(rw, loc, source, dest, mixed);
        rw.replace_op(op, &[]);
        return;
    }
    let new = build_insert_slice(rw, loc, source, dest, mixed);
    let new = cast_if_needed(rw, loc, new, restore);
    rw.replace_op(op, &[new]);
}

/// `InsertSliceOpConstantArgumentFolder` (on `tensor.insert_slice` and
/// `tensor.parallel_insert_slice`): constant offsets, sizes and
/// strides become static; the source is cast to the canonical slice type
/// when that changes.
pub(crate) fn insert_slice_constant_args(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let slice = InsertSliceOp(op);
    let Some([offsets, sizes, strides]) = folded_slice_lists(ir, &slice.params(ir)) else { return false };
    let (source, dest) = (slice.source(ir), slice.dest(ir));
    let src_ty = ir.value_type(source);
    let ctx: std::sync::Arc<Context> = ir.ctx_arc().clone();
    let Some(rank) = ctx.shape(src_ty).map(<[i64]>::len) else { return false };
    let static_sizes = static_entries(&sizes);
    let Some(want) = canonical_rank_reduced_type(&ctx, ir.value_type(dest), &static_sizes, rank) else { return false };
    let loc = ir.op_loc(op);
    let dest_ty = ir.value_type(dest);
    // In the parallel case the cast goes before the combining op.
    let parallel = ParallelInsertSliceOp::matches(ir, op);
    let cast_at = match ir.parent_op(op) {
        Some(parent) if parallel => parent,
        _ => op,
    };
    rw.set_insertion_point(InsertPoint::Before(cast_at));
    let to_insert = cast_if_needed(rw, loc, source, want);
    rw.set_insertion_point(InsertPoint::Before(op));
    let mixed = MixedSlice { offsets: &offsets, sizes: &sizes, strides: &strides };
    replace_insert_like(rw, op, to_insert, dest, mixed, dest_ty);
    true
}

/// MLIR's `joinShapes`: the more static of two compatible shapes.
fn join_shapes(ctx: &Context, one: Type, two: Type) -> Option<Type> {
    let (Some(a), Some(b)) = (ctx.shape(one), ctx.shape(two)) else {
        return Some(if ctx.shape(one).is_none() { two } else { one });
    };
    if a.len() != b.len() {
        return None;
    }
    let mut join = Vec::with_capacity(a.len());
    for (&x, &y) in a.iter().zip(b) {
        if x == DYNAMIC {
            join.push(y);
        } else if y == DYNAMIC || x == y {
            join.push(x);
        } else {
            return None;
        }
    }
    Some(ctx.tensor_ty(&join, ctx.element_type(one)?))
}

/// `ChainedTensorCast`: `cast(cast(x))` becomes `cast(x)` when the
/// intermediate type adds no runtime check.
pub fn chained_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let outer = CastOp(op);
    let Some(inner) = def_of(ir, outer.source(ir), CastOp::NAME).map(CastOp) else { return false };
    if ir.num_operands(inner.0) != 1 {
        return false;
    }
    let ctx = ir.ctx();
    let src = ir.value_type(inner.source(ir));
    let mid = ir.value_type(inner.dest(ir));
    let res = ir.value_type(outer.dest(ir));
    let Some(first) = join_shapes(ctx, src, mid).and_then(|j| join_shapes(ctx, j, res)) else { return false };
    if join_shapes(ctx, src, res) != Some(first) {
        return false;
    }
    let v = inner.source(ir);
    let slot = outer.source_operand(ir);
    rw.modify_in_place(op, |ir| ir.set_use_value(slot, v));
    true
}

/// `ChainedTensorBitcast`: `bitcast(bitcast(x))` becomes `bitcast(x)`.
pub fn chained_bitcast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let outer = BitcastOp(op);
    let Some(inner) = def_of(ir, outer.source(ir), BitcastOp::NAME).map(BitcastOp) else { return false };
    if ir.num_operands(inner.0) != 1 {
        return false;
    }
    let v = inner.source(ir);
    let slot = outer.source_operand(ir);
    rw.modify_in_place(op, |ir| ir.set_use_value(slot, v));
    true
}

/// `SingleInputConcatOp`: a one-input concat becomes a `tensor.cast`.
pub fn single_input_concat(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let concat = ConcatOp(op);
    let (v, ty, loc) = (concat.inputs(ir).get(0), ir.value_type(concat.result(ir)), ir.op_loc(op));
    let Some(v) = v else { return false };
    rw.set_insertion_point(InsertPoint::Before(op));
    let c = CastOp::build(rw, loc, ty, v).dest(rw.ir());
    rw.replace_op(op, &[c]);
    true
}

// ----- pack / unpack ----------------------------------------------------------

/// Upstream's `isEqualConstantIntOrValue` on two tiles.
fn same_tile(ir: &Ir, a: OpFoldSize, b: OpFoldSize) -> bool {
    let as_const = |t: OpFoldSize| match t {
        OpFoldSize::Static(s) => Some(i128::from(s)),
        OpFoldSize::Value(v) => crate::util::const_int(ir, v),
    };
    match (as_const(a), as_const(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// `hasSameInnerOuterAttribute` and `haveSameTiles`: a pack and an unpack
/// that invert each other (an absent permutation equals the identity).
fn relayouts_match(ir: &Ir, pack: PackOp, unpack: UnPackOp) -> bool {
    let is_identity = |p: &[i64]| p.iter().enumerate().all(|(i, &d)| d == i as i64);
    if pack.inner_dims_pos(ir) != unpack.inner_dims_pos(ir) {
        return false;
    }
    let (po, uo) = (pack.outer_dims_perm(ir), unpack.outer_dims_perm(ir));
    if po != uo && !(is_identity(&po) && is_identity(&uo)) {
        return false;
    }
    let (Some(pt), Some(ut)) = (Relayout::Pack(pack).mixed_tiles(ir), Relayout::UnPack(unpack).mixed_tiles(ir)) else {
        return false;
    };
    pt.len() == ut.len() && pt.iter().zip(&ut).all(|(&a, &b)| same_tile(ir, a, b))
}

/// Upstream's `inferStaticShape` of either relayout op: an untiled
/// dimension static on one side and dynamic on the other takes the static
/// size on both; `None` when nothing changes.
fn infer_relayout_static_shapes(ir: &Ir, r: Relayout) -> Option<(Vec<i64>, Vec<i64>)> {
    let ctx = ir.ctx();
    let mut src = ctx.shape(ir.value_type(r.source(ir)))?.to_vec();
    let mut dest = ctx.shape(ir.value_type(r.dest(ir)))?.to_vec();
    let inner = r.inner_dims_pos(ir);
    let outer = r.outer_dims_perm(ir);
    let inverse = if outer.is_empty() { None } else { Some(invert_permutation(&outer)?) };
    let unpacked_rank = match r {
        Relayout::Pack(_) => src.len(),
        Relayout::UnPack(_) => dest.len(),
    };
    let mut changed = false;
    for i in 0..unpacked_rank {
        if inner.contains(&(i as i64)) {
            continue;
        }
        let permuted = match &inverse {
            Some(inv) => usize::try_from(*inv.get(i)?).ok()?,
            None => i,
        };
        // The unpacked side is indexed by `i`, the packed side by the
        // permuted position.
        let (s, d) = match r {
            Relayout::Pack(_) => (i, permuted),
            Relayout::UnPack(_) => (permuted, i),
        };
        let (a, b) = (*src.get(s)?, *dest.get(d)?);
        if (a == DYNAMIC) == (b == DYNAMIC) {
            continue;
        }
        let size = if a == DYNAMIC { b } else { a };
        src[s] = size;
        dest[d] = size;
        changed = true;
    }
    changed.then_some((src, dest))
}

/// `value` re-typed to the same tensor with `shape`, through a
/// `tensor.cast` when that changes the type.
fn cast_to_shape(rw: &mut PatternRewriter<'_>, loc: ir::Location, value: ir::ValueId, shape: &[i64]) -> ir::ValueId {
    let ctx = rw.ir().ctx_arc().clone();
    let ty = rw.ir().value_type(value);
    let Some((old, elem, enc)) = tensor_parts(&ctx, ty) else { return value };
    if old == shape {
        return value;
    }
    cast_if_needed(rw, loc, value, tensor_type(&ctx, shape, elem, enc))
}

/// The static-shape step of `PackOp::canonicalize` and
/// `UnPackOp::canonicalize`: casts to the inferred static types, the op
/// rebuilt on them, and a cast back to the old result type.
fn relayout_static_shapes(op: OpId, rw: &mut PatternRewriter<'_>, r: Relayout) -> bool {
    let ir = rw.ir();
    let Some((src_shape, dest_shape)) = infer_relayout_static_shapes(ir, r) else { return false };
    let Some(tiles) = r.mixed_tiles(ir) else { return false };
    let loc = ir.op_loc(op);
    let (inner, outer) = (r.inner_dims_pos(ir), r.outer_dims_perm(ir));
    let (source, dest, old_ty) = (r.source(ir), r.dest(ir), ir.value_type(ir.result(op, 0)));
    let padding = match r {
        Relayout::Pack(p) => p.padding_value(ir),
        Relayout::UnPack(_) => None,
    };
    rw.set_insertion_point(InsertPoint::Before(op));
    let source = cast_to_shape(rw, loc, source, &src_shape);
    let dest = cast_to_shape(rw, loc, dest, &dest_shape);
    let new = build_relayout(rw, loc, r, source, dest, padding, &inner, &tiles, &outer);
    let back = cast_if_needed(rw, loc, new, old_ty);
    rw.replace_op(op, &[back]);
    true
}

/// Upstream's `PackOp::build` / `UnPackOp::build` from mixed tiles; the
/// result has `dest`'s type.
#[allow(clippy::too_many_arguments)]
fn build_relayout(
    rw: &mut PatternRewriter<'_>,
    loc: ir::Location,
    kind: Relayout,
    source: ir::ValueId,
    dest: ir::ValueId,
    padding: Option<ir::ValueId>,
    inner: &[i64],
    tiles: &[OpFoldSize],
    outer: &[i64],
) -> ir::ValueId {
    let (dynamic, statics) = crate::static_dynamic::dispatch_mixed(tiles);
    let ty = rw.ir().value_type(dest);
    let outer = (!outer.is_empty()).then_some(outer);
    match kind {
        Relayout::Pack(_) => {
            let p = PackOp::build(rw, loc, ty, source, dest, padding, &dynamic, outer, inner, &statics);
            p.result(rw.ir())
        }
        Relayout::UnPack(_) => {
            let u = UnPackOp::build(rw, loc, ty, source, dest, &dynamic, outer, inner, &statics);
            u.result(rw.ir())
        }
    }
}

/// `PackOp::canonicalize`: `pack(unpack(x))` with matching tiles and
/// permutations is `x`; an unneeded padding value is dropped; static
/// shapes are inferred through casts.
pub(crate) fn canonicalize_pack(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let pack = PackOp(op);
    if ir.num_operands(op) < 2 || ir.num_results(op) != 1 {
        return false;
    }
    if let Some(unpack) = def_of(ir, pack.source(ir), UnPackOp::NAME).map(UnPackOp) {
        if ir.value_type(unpack.source(ir)) != ir.value_type(pack.dest(ir))
            || pack.padding_value(ir).is_some()
            || !relayouts_match(ir, pack, unpack)
        {
            return false;
        }
        let x = unpack.source(ir);
        rw.replace_op(op, &[x]);
        return true;
    }
    if pack.padding_value(ir).is_some() && padding_not_needed(ir, pack) {
        let ctx = ir.ctx_arc().clone();
        let tiles = pack.inner_tiles(ir).len();
        rw.modify_in_place(op, |ir| {
            ir.erase_operand(op, 2);
            let sizes = crate::static_dynamic::segment_sizes_attr(&ctx, &[1, 1, 0, tiles]);
            ir.set_attr(op, ctx.intern_str("operandSegmentSizes"), sizes);
        });
        return true;
    }
    relayout_static_shapes(op, rw, Relayout::Pack(pack))
}

/// Upstream's `paddingIsNotNeeded`: every tiled source dimension and every
/// tile static, and no partial tile.
fn padding_not_needed(ir: &Ir, pack: PackOp) -> bool {
    let ctx = ir.ctx();
    let (Some(src), Some(dest)) = (ctx.shape(ir.value_type(pack.source(ir))), ctx.shape(ir.value_type(pack.dest(ir))))
    else {
        return false;
    };
    let inner = pack.inner_dims_pos(ir);
    if inner.iter().any(|&p| usize::try_from(p).ok().and_then(|p| src.get(p)).is_none_or(|&d| d == DYNAMIC)) {
        return false;
    }
    let statics = pack.static_inner_tiles(ir);
    if statics.contains(&DYNAMIC) {
        return false;
    }
    let tiles: Vec<Option<i64>> = statics.iter().map(|&t| Some(t)).collect();
    !pack_requires_padding(src, &inner, dest, &pack.outer_dims_perm(ir), &tiles)
}

/// `UnPackOp::canonicalize`: `unpack(pack(x))` with matching tiles and
/// permutations is `x`; a destination produced by a destination-style op
/// is replaced by that op's init; static shapes are inferred through
/// casts.
pub(crate) fn canonicalize_unpack(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let unpack = UnPackOp(op);
    if ir.num_operands(op) < 2 || ir.num_results(op) != 1 {
        return false;
    }
    if let Some(pack) = def_of(ir, unpack.source(ir), PackOp::NAME).map(PackOp) {
        if ir.value_type(pack.dest(ir)) != ir.value_type(unpack.source(ir))
            || pack.padding_value(ir).is_some()
            || !relayouts_match(ir, pack, unpack)
        {
            return false;
        }
        let x = pack.source(ir);
        rw.replace_op(op, &[x]);
        return true;
    }
    let dest = unpack.dest(ir);
    if let ir::ValueDef::Result { op: def, index } = ir.value_def(dest) {
        if let Some(dps) = ir.ctx().registry().interface::<dyn DestinationStyle>(ir.op_name(def)) {
            let n = index as usize;
            let init = dps.inits(ir, def).nth(n).map(|i| ir.operand(def, i));
            if let Some(init) = init {
                let slot = unpack.dest_operand(ir);
                rw.modify_in_place(op, |ir| ir.set_use_value(slot, init));
                return true;
            }
        }
    }
    relayout_static_shapes(op, rw, Relayout::UnPack(unpack))
}

/// `FoldTensorCastProducerOp`, a tensor-dialect pattern that matches every
/// destination-style op (but `tensor.insert_slice`, which folds casts its
/// own way, and loop-like ops): operands produced by casts that only erase
/// static information take the casts' sources, each tensor result takes
/// its new init's type, and casts restore the old result types.
pub(crate) fn fold_tensor_cast_producer(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let Some(dps) = ctx.registry().interface::<dyn DestinationStyle>(ir.op_name(op)) else { return false };
    if InsertSliceOp::matches(ir, op) || ir::interfaces::is_loop_like(ir, op) {
        return false;
    }
    let foldable = |v: ir::ValueId| def_of(ir, v, CastOp::NAME).filter(|&c| can_fold_cast_into_consumer(ir, c));
    if !ir.operands(op).any(|v| foldable(v).is_some()) {
        return false;
    }
    let inits = dps.inits(ir, op);
    let old_types: Vec<Type> = (0..ir.num_results(op)).map(|i| ir.value_type(ir.result(op, i))).collect();
    let mut new_types = old_types.clone();
    let mut map = ir::IrMapping::default();
    let mut next_result = 0;
    for (i, v) in ir.operands(op).enumerate() {
        let new = foldable(v).map_or(v, |c| CastOp(c).source(ir));
        if new != v {
            map.map_value(v, new);
        }
        if inits.contains(&i) && !ctx.is_memref(ir.value_type(new)) {
            let Some(slot) = new_types.get_mut(next_result) else { return false };
            *slot = ir.value_type(new);
            next_result += 1;
        }
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = rw.clone_op(op, &mut map);
    let results: Vec<ir::ValueId> = (0..new_types.len()).map(|i| rw.ir().result(new, i)).collect();
    rw.modify_in_place(new, |ir| {
        for (&r, &t) in results.iter().zip(&new_types) {
            ir.set_value_type(r, t);
        }
    });
    let replacements: Vec<ir::ValueId> =
        results.iter().zip(&old_types).map(|(&r, &t)| cast_if_needed(rw, loc, r, t)).collect();
    rw.replace_op(op, &replacements);
    true
}

/// `InsertSliceOpCastFolder` on `tensor.insert_slice` and
/// `tensor.parallel_insert_slice`: a source or
/// destination produced by a cast that only erases static sizes is
/// replaced by the cast's source (the sizes take the source's static
/// extents, as 19 does); a cast restores the result type when the
/// destination's changed. Slices with a constant index operand are left to
/// the constant-argument folder.
pub(crate) fn insert_slice_cast_folder(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx: std::sync::Arc<Context> = ir.ctx_arc().clone();
    let index = ctx.index_ty();
    if ir.operands(op).any(|v| ir.value_type(v) == index && crate::util::const_int(ir, v).is_some()) {
        return false;
    }
    let slice = InsertSliceOp(op);
    let cast_source =
        |v| def_of(ir, v, CastOp::NAME).filter(|&c| can_fold_cast_into_consumer(ir, c)).map(|c| CastOp(c).source(ir));
    let (old_src, old_dst) = (slice.source(ir), slice.dest(ir));
    let (src_cast, dst_cast) = (cast_source(old_src), cast_source(old_dst));
    if src_cast.is_none() && dst_cast.is_none() {
        return false;
    }
    let (src, dst) = (src_cast.unwrap_or(old_src), dst_cast.unwrap_or(old_dst));
    let (src_ty, dst_ty, old_dst_ty) = (ir.value_type(src), ir.value_type(dst), ir.value_type(old_dst));
    let (Some(src_shape), Some(_)) = (ctx.shape(src_ty), ctx.shape(dst_ty)) else { return false };
    let params = slice.params(ir);
    let (Some(offsets), Some(mut sizes), Some(strides)) =
        (params.mixed_offsets(), params.mixed_sizes(), params.mixed_strides())
    else {
        return false;
    };
    let mut static_sizes = params.static_sizes.clone();
    let Some(dropped) = crate::layout::rank_reduction_mask(&static_sizes, src_shape, true) else { return false };
    // As 19: the source dim index advances only where a static extent is
    // taken.
    let mut reduced = 0usize;
    for (i, size) in static_sizes.iter_mut().enumerate() {
        if dropped.get(i) == Some(&true) {
            continue;
        }
        match src_shape.get(reduced) {
            Some(&extent) if extent != DYNAMIC => {
                sizes[i] = OpFoldSize::Static(extent);
                *size = extent;
                reduced += 1;
            }
            _ => {}
        }
    }
    let Some(expected) = super::types::infer_slice_result_type(&ctx, dst_ty, &static_sizes) else { return false };
    if crate::layout::is_rank_reduced_type(&ctx, expected, src_ty) != crate::layout::SliceVerification::Success {
        return false;
    }
    rw.set_insertion_point(InsertPoint::Before(op));
    let mixed = MixedSlice { offsets: &offsets, sizes: &sizes, strides: &strides };
    // In the parallel case there is no result, so nothing to cast back.
    replace_insert_like(rw, op, src, dst, mixed, old_dst_ty);
    true
}

/// `TensorCastExtractSlice`: a `tensor.cast` that adds static information
/// to the result of a `tensor.extract_slice` becomes a slice of the cast's
/// type, its static extents taken as sizes.
pub(crate) fn cast_of_extract_slice(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let cast = CastOp(op);
    let (src, res_ty) = (cast.source(ir), ir.value_type(cast.dest(ir)));
    let Some(slice) = def_of(ir, src, ExtractSliceOp::NAME).map(ExtractSliceOp) else { return false };
    let ctx = ir.ctx_arc().clone();
    let (Some(res_shape), Some(src_shape)) = (ctx.shape(res_ty), ctx.shape(ir.value_type(src))) else { return false };
    // `canFoldIntoProducerOp`: the cast only adds static information.
    if res_shape == src_shape || !super::fold::preserves_static_information(&ctx, ir.value_type(src), res_ty) {
        return false;
    }
    let params = slice.params(ir);
    let (Some(offsets), Some(mut sizes), Some(strides)) =
        (params.mixed_offsets(), params.mixed_sizes(), params.mixed_strides())
    else {
        return false;
    };
    let dropped = crate::layout::rank_reduction_mask(&params.static_sizes, src_shape, false).unwrap_or_default();
    let mut dim = 0usize;
    for (i, size) in sizes.iter_mut().enumerate() {
        if dropped.get(i) == Some(&true) {
            continue;
        }
        let Some(&extent) = res_shape.get(dim) else { return false };
        dim += 1;
        if extent != DYNAMIC {
            *size = OpFoldSize::Static(extent);
        }
    }
    let (loc, source) = (ir.op_loc(op), slice.source(ir));
    rw.set_insertion_point(InsertPoint::Before(op));
    let mixed = MixedSlice { offsets: &offsets, sizes: &sizes, strides: &strides };
    let Some(new) = build_extract_slice(rw, loc, source, mixed, SliceType::Exactly(res_ty)) else { return false };
    rw.replace_op(op, &[new]);
    true
}
