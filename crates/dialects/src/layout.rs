//! Shaped types and memref layouts: the one owner of rank reduction,
//! memref <-> tensor type conversion, strided layouts and memory spaces,
//! shared by the `tensor`, `memref` and `bufferization` dialects and by
//! bufferization.
//!
//! Memref predicates have one meaning each: `is_memref` is a ranked or
//! unranked memref ([`ir::Context::is_memref`]), [`is_ranked_memref`] and
//! [`is_unranked_memref`] are the two halves.
//!
//! This module owns everything that reasons about how a ranked memref maps
//! indices to memory, and the shaped-type computations built on it:
//! * strides and offset of a memref type, whatever its layout (identity,
//!   `strided<...>` or a strided affine map) — MLIR's `getStridesAndOffset`
//!   ([`strides_and_offset`], [`is_strided`], [`canonical_strides`]);
//! * layout predicates: identity ([`has_identity_layout`]), static contiguous
//!   row-major ([`is_static_shape_and_contiguous_row_major`]), unit innermost
//!   stride ([`is_last_dim_unit_stride`]);
//! * building memref types with a given layout ([`memref_type`],
//!   [`strided_memref_type`], [`fully_dynamic_layout`],
//!   [`fully_dynamic_memref_type`], [`canonicalize_strided_layout`]);
//! * result types of view ops: `memref.subview` ([`subview_result_type`],
//!   [`subview_rank_reduced_result_type`], [`memref_rank_reduction_mask`],
//!   [`verify_subview_result`]), `memref.collapse_shape`
//!   ([`collapsed_layout`], [`collapsed_type`]) and `memref.expand_shape`
//!   ([`expanded_layout`], [`expanded_type`]);
//! * rank reduction of any shaped type: [`rank_reduction_mask`] and
//!   [`is_rank_reduced_type`] (used by `tensor.extract_slice` /
//!   `insert_slice` as well as `memref.subview`);
//! * memref to tensor type conversion ([`tensor_type_from_memref`]);
//! * cast rules: [`are_cast_compatible`] (`memref.cast`),
//!   [`can_fold_cast_into_consumer`] and
//!   [`memory_space_cast_compatible`].
//!
//! Dynamic sizes, strides and offsets are [`DYNAMIC`] throughout. Arithmetic
//! on possibly dynamic values saturates like MLIR's `SaturatedInteger`
//! (anything times a static 0 is 0, otherwise dynamic wins). Nothing here
//! panics: malformed input (indices out of range, non-memref types) yields
//! `None` or `false`.

use ir::affine::{self, AffineMap};
use ir::{AttrKind, Attribute, Context, Type, TypeKind, DYNAMIC};

/// The parts of a ranked memref type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemRefParts {
    /// The shape ([`DYNAMIC`] for `?`).
    pub shape: Vec<i64>,
    /// The element type.
    pub elem: Type,
    /// The layout (`None` for the identity layout).
    pub layout: Option<Attribute>,
    /// The memory space (`None` for the default one).
    pub memory_space: Option<Attribute>,
}

/// The parts of `ty` if it is a ranked memref.
pub fn memref_parts(ctx: &Context, ty: Type) -> Option<MemRefParts> {
    match ctx.kind(ty) {
        TypeKind::MemRef { shape, elem, layout, memory_space } => {
            Some(MemRefParts { shape: shape.to_vec(), elem: *elem, layout: *layout, memory_space: *memory_space })
        }
        _ => None,
    }
}

/// True for a ranked memref type.
pub fn is_ranked_memref(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.kind(ty), TypeKind::MemRef { .. })
}

/// True for an unranked memref type.
pub fn is_unranked_memref(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.kind(ty), TypeKind::UnrankedMemRef { .. })
}

/// The tensor type of the same shape and element type as a memref (MLIR's
/// `memref::getTensorTypeFromMemRefType`): layout and memory space are
/// dropped; unranked memrefs give unranked tensors, other types `None`.
pub fn tensor_type_from_memref(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.kind(t) {
        TypeKind::MemRef { shape, elem, .. } => Some(ctx.tensor_ty(shape, *elem)),
        TypeKind::UnrankedMemRef { elem, .. } => Some(ctx.ty(TypeKind::UnrankedTensor { elem: *elem })),
        _ => None,
    }
}

/// `a * b` with MLIR's `SaturatedInteger` rules.
pub fn saturated_mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        return 0;
    }
    if a == DYNAMIC || b == DYNAMIC {
        return DYNAMIC;
    }
    a.wrapping_mul(b)
}

/// `a + b` with MLIR's `SaturatedInteger` rules.
pub fn saturated_add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        return DYNAMIC;
    }
    a.wrapping_add(b)
}

/// The affine map a layout attribute stands for over `rank` dims
/// (`getLayout().getAffineMap()`): the identity for `None`.
pub fn layout_affine_map(ctx: &Context, layout: Option<Attribute>, rank: usize) -> Option<AffineMap> {
    match layout {
        None => Some(AffineMap::identity(rank)),
        Some(l) => match ctx.attr_kind(l) {
            AttrKind::AffineMap(m) => Some(m.clone()),
            AttrKind::Strided { strides, offset } => Some(affine::make_strided_linear_layout_map(strides, *offset)),
            _ => None,
        },
    }
}

/// `MemRefLayoutAttrInterface::isIdentity` of a layout attribute: the
/// absent layout, an identity affine map, or a strided layout whose map is
/// the identity (`strided<[1]>`).
pub fn is_identity_layout(ctx: &Context, layout: Option<Attribute>) -> bool {
    match layout {
        None => true,
        Some(l) => match ctx.attr_kind(l) {
            AttrKind::AffineMap(m) => m.is_identity(),
            AttrKind::Strided { strides, offset } => {
                affine::make_strided_linear_layout_map(strides, *offset).is_identity()
            }
            _ => false,
        },
    }
}

/// True when `ty` is a ranked memref whose layout is the identity.
pub fn has_identity_layout(ctx: &Context, ty: Type) -> bool {
    match ctx.kind(ty) {
        TypeKind::MemRef { layout, .. } => is_identity_layout(ctx, *layout),
        _ => false,
    }
}

/// The row-major strides of a contiguous memref of `shape`: every stride
/// left of a dynamic (or zero) size is dynamic.
pub fn canonical_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![0; shape.len()];
    let mut running: i64 = 1;
    let mut dynamic = false;
    for (i, &size) in shape.iter().enumerate().rev() {
        strides[i] = if dynamic { DYNAMIC } else { running };
        if size > 0 {
            running = running.wrapping_mul(size);
        } else {
            dynamic = true;
        }
    }
    strides
}

/// `getStridesAndOffset`: the strides and offset of a ranked memref type,
/// or `None` when its layout is not strided (or `ty` is not a ranked
/// memref).
pub fn strides_and_offset(ctx: &Context, ty: Type) -> Option<(Vec<i64>, i64)> {
    let TypeKind::MemRef { shape, layout, .. } = ctx.kind(ty) else { return None };
    layout_strides_and_offset(ctx, *layout, shape)
}

/// [`strides_and_offset`] for a layout attribute and a shape.
pub fn layout_strides_and_offset(ctx: &Context, layout: Option<Attribute>, shape: &[i64]) -> Option<(Vec<i64>, i64)> {
    match layout {
        // What the affine walk gives for the identity map, without building
        // the canonical expression.
        None => Some((canonical_strides(shape), 0)),
        Some(l) => match ctx.attr_kind(l) {
            AttrKind::Strided { strides, offset } => {
                (strides.len() == shape.len()).then(|| (strides.to_vec(), *offset))
            }
            AttrKind::AffineMap(m) => {
                if m.num_dims != shape.len() {
                    return None;
                }
                affine::strides_and_offset(m, shape)
            }
            _ => None,
        },
    }
}

/// `isStrided`: true when the strides and offset of `ty` are known.
pub fn is_strided(ctx: &Context, ty: Type) -> bool {
    match ctx.kind(ty) {
        // The identity layout always has the canonical row-major strides.
        TypeKind::MemRef { layout: None, .. } => true,
        _ => strides_and_offset(ctx, ty).is_some(),
    }
}

/// `isLastMemrefDimUnitStride`: strided, with an innermost stride of 1
/// (0-D memrefs qualify).
pub fn is_last_dim_unit_stride(ctx: &Context, ty: Type) -> bool {
    strides_and_offset(ctx, ty).is_some_and(|(s, _)| s.last().is_none_or(|&l| l == 1))
}

/// `isStaticShapeAndContiguousRowMajor`: a static shape whose elements are
/// contiguous in row-major order (outer unit dims may have any stride; the
/// offset is not considered).
pub fn is_static_shape_and_contiguous_row_major(ctx: &Context, ty: Type) -> bool {
    if !ctx.has_static_shape(ty) {
        return false;
    }
    let (Some(shape), Some((strides, _))) = (ctx.shape(ty), strides_and_offset(ctx, ty)) else {
        return false;
    };
    let mut running: i64 = 1;
    let mut cur = strides.len();
    while cur > 0 && strides[cur - 1] == running {
        running = running.wrapping_mul(shape[cur - 1]);
        cur -= 1;
    }
    while cur > 0 && shape[cur - 1] == 1 {
        cur -= 1;
    }
    cur == 0
}

/// `strided<[strides], offset: offset>`.
pub fn strided_layout(ctx: &Context, strides: &[i64], offset: i64) -> Attribute {
    ctx.attr(AttrKind::Strided { strides: strides.into(), offset })
}

/// `strided<[?, ..], offset: ?>` of rank `rank`: the most general strided
/// layout.
pub fn fully_dynamic_layout(ctx: &Context, rank: usize) -> Attribute {
    strided_layout(ctx, &vec![DYNAMIC; rank], DYNAMIC)
}

/// A ranked memref type, as `MemRefType::get` builds it: identity affine map
/// layouts are dropped (they are the absent layout) and so is the integer
/// memory space `0`.
pub fn memref_type(
    ctx: &Context,
    shape: &[i64],
    elem: Type,
    layout: Option<Attribute>,
    memory_space: Option<Attribute>,
) -> Type {
    let layout = layout.filter(|&l| !matches!(ctx.attr_kind(l), AttrKind::AffineMap(m) if m.is_identity()));
    let memory_space = memory_space.filter(|&s| ctx.int_value(s) != Some(0));
    ctx.ty(TypeKind::MemRef { shape: shape.into(), elem, layout, memory_space })
}

/// A ranked memref type with a `strided<...>` layout.
pub fn strided_memref_type(
    ctx: &Context,
    shape: &[i64],
    elem: Type,
    strides: &[i64],
    offset: i64,
    memory_space: Option<Attribute>,
) -> Type {
    memref_type(ctx, shape, elem, Some(strided_layout(ctx, strides, offset)), memory_space)
}

/// A memref of `shape` with the fully dynamic strided layout (what
/// bufferization uses for function boundaries by default).
pub fn fully_dynamic_memref_type(ctx: &Context, shape: &[i64], elem: Type, memory_space: Option<Attribute>) -> Type {
    memref_type(ctx, shape, elem, Some(fully_dynamic_layout(ctx, shape.len())), memory_space)
}

/// `ty` with its layout replaced (`None` = identity).
pub fn with_layout(ctx: &Context, ty: Type, layout: Option<Attribute>) -> Option<Type> {
    let p = memref_parts(ctx, ty)?;
    Some(memref_type(ctx, &p.shape, p.elem, layout, p.memory_space))
}

/// `ty` with its shape replaced (layout and memory space kept).
pub fn with_shape(ctx: &Context, ty: Type, shape: &[i64]) -> Option<Type> {
    let p = memref_parts(ctx, ty)?;
    Some(memref_type(ctx, shape, p.elem, p.layout, p.memory_space))
}

/// `canonicalizeStridedLayout`: a layout equal to the contiguous
/// row-major layout of the shape is dropped; any other single-result layout
/// becomes its simplified affine map. Identity layouts, multi-result maps,
/// rank-0 layouts and non-memref types are returned unchanged.
pub fn canonicalize_strided_layout(ctx: &Context, ty: Type) -> Type {
    let Some(p) = memref_parts(ctx, ty) else { return ty };
    let Some(m) = layout_affine_map(ctx, p.layout, p.shape.len()) else { return ty };
    if m.is_identity() || m.results.len() != 1 {
        return ty;
    }
    if m.num_dims == 0 && m.num_symbols == 0 {
        return if m.results[0].as_constant() == Some(0) {
            memref_type(ctx, &p.shape, p.elem, None, p.memory_space)
        } else {
            ty
        };
    }
    if p.shape.is_empty() {
        return ty;
    }
    let new_layout = affine::canonicalize_strided_layout(&m, &p.shape).map(|m| ctx.attr(AttrKind::AffineMap(m)));
    memref_type(ctx, &p.shape, p.elem, new_layout, p.memory_space)
}

/// `inferTransposeResultType`: `ty` with sizes and strides permuted by
/// `perm` (result dim `i` is source dim `perm[i]`) and a strided layout.
pub fn transposed_type(ctx: &Context, ty: Type, perm: &[usize]) -> Option<Type> {
    let p = memref_parts(ctx, ty)?;
    let (strides, offset) = strides_and_offset(ctx, ty)?;
    let shape: Vec<i64> = perm.iter().map(|&d| p.shape.get(d).copied()).collect::<Option<_>>()?;
    let strides: Vec<i64> = perm.iter().map(|&d| strides.get(d).copied()).collect::<Option<_>>()?;
    Some(strided_memref_type(ctx, &shape, p.elem, &strides, offset, p.memory_space))
}

// ----- subview ---------------------------------------------------------------

/// `SubViewOp::inferResultType`: the (non rank-reduced) type of a subview of
/// `source` with the given static offsets, sizes and strides ([`DYNAMIC`]
/// for dynamic entries). The layout is always `strided<...>`: offset
/// `source_offset + Σ offset_i * source_stride_i` and strides
/// `source_stride_i * stride_i`. `None` if `source` is not a strided ranked
/// memref or a list length differs from its rank.
pub fn subview_result_type(
    ctx: &Context,
    source: Type,
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Option<Type> {
    let p = memref_parts(ctx, source)?;
    let rank = p.shape.len();
    if offsets.len() != rank || sizes.len() != rank || strides.len() != rank {
        return None;
    }
    let (src_strides, src_offset) = strides_and_offset(ctx, source)?;
    let mut target_offset = src_offset;
    for (&o, &s) in offsets.iter().zip(&src_strides) {
        target_offset = saturated_add(target_offset, saturated_mul(o, s));
    }
    let target_strides: Vec<i64> = src_strides.iter().zip(strides).map(|(&s, &t)| saturated_mul(s, t)).collect();
    Some(strided_memref_type(ctx, sizes, p.elem, &target_strides, target_offset, p.memory_space))
}

/// Like [`subview_result_type`], but first rejects what MLIR's mixed-list
/// overload rejects: negative static offsets or sizes, and zero strides.
pub fn subview_result_type_checked(
    ctx: &Context,
    source: Type,
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Option<Type> {
    let valid = |v: &[i64]| v.iter().all(|&x| x == DYNAMIC || x >= 0);
    if !valid(offsets) || !valid(sizes) || strides.contains(&0) {
        return None;
    }
    subview_result_type(ctx, source, offsets, sizes, strides)
}

/// `computeRankReductionMask`: which dims of `original` are dropped to get
/// `reduced` (dropped dims must have size 1; the match is greedy from the
/// left). With `match_dynamic`, a dynamic size on either side matches any
/// size except an original 1. `None` if `reduced` is not such a reduction.
/// Entry `i` of the mask is true when dim `i` of `original` is dropped.
pub fn rank_reduction_mask(original: &[i64], reduced: &[i64], match_dynamic: bool) -> Option<Vec<bool>> {
    let mut dropped = vec![false; original.len()];
    let mut r = 0;
    for (i, &size) in original.iter().enumerate() {
        if let Some(&rs) = reduced.get(r) {
            if match_dynamic && size != 1 && (rs == DYNAMIC || size == DYNAMIC) {
                r += 1;
                continue;
            }
            if size == rs {
                r += 1;
                continue;
            }
        }
        dropped[i] = true;
        if size != 1 {
            return None;
        }
    }
    (r == reduced.len()).then_some(dropped)
}

/// `SubViewOp::inferRankReducedResultType`: the subview type inferred by
/// [`subview_result_type`], with the dims dropped that turn its shape into
/// `result_shape` (their strides are dropped with them). `None` if the
/// inferred shape does not reduce to `result_shape`.
pub fn subview_rank_reduced_result_type(
    ctx: &Context,
    result_shape: &[i64],
    source: Type,
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Option<Type> {
    let inferred = subview_result_type(ctx, source, offsets, sizes, strides)?;
    if sizes.len() == result_shape.len() {
        return Some(inferred);
    }
    let p = memref_parts(ctx, inferred)?;
    let dropped = rank_reduction_mask(&p.shape, result_shape, false)?;
    let (inferred_strides, offset) = strides_and_offset(ctx, inferred)?;
    let kept: Vec<i64> = inferred_strides.iter().zip(&dropped).filter(|(_, &d)| !d).map(|(&s, _)| s).collect();
    Some(strided_memref_type(ctx, result_shape, p.elem, &kept, offset, p.memory_space))
}

/// `computeMemRefRankReductionMask`: the dims of `original` dropped in the
/// rank-reduced `reduced`, using the subview's static `sizes` ([`DYNAMIC`]
/// for dynamic entries) and, when several unit dims could be dropped, the
/// strides of both types to tell which ones were.
pub fn memref_rank_reduction_mask(ctx: &Context, original: Type, reduced: Type, sizes: &[i64]) -> Option<Vec<bool>> {
    let orig_rank = ctx.shape(original)?.len();
    let red_rank = ctx.shape(reduced)?.len();
    let mut unused = vec![false; orig_rank];
    if orig_rank == red_rank {
        return Some(unused);
    }
    for (i, &s) in sizes.iter().enumerate().take(orig_rank) {
        if s == 1 {
            unused[i] = true;
        }
    }
    let count = |u: &[bool]| u.iter().filter(|&&b| b).count();
    if count(&unused) + red_rank == orig_rank {
        return Some(unused);
    }
    let (orig_strides, _) = strides_and_offset(ctx, original)?;
    let (cand_strides, _) = strides_and_offset(ctx, reduced)?;
    let occurrences = |v: &[i64]| {
        let mut m = std::collections::BTreeMap::<i64, usize>::new();
        for &x in v {
            *m.entry(x).or_default() += 1;
        }
        m
    };
    let mut unaccounted = occurrences(&orig_strides);
    let candidate = occurrences(&cand_strides);
    if orig_strides.len() != orig_rank {
        return None;
    }
    for (dropped, &stride) in unused.iter_mut().zip(&orig_strides) {
        if !*dropped {
            continue;
        }
        let have = unaccounted.get(&stride).copied().unwrap_or(0);
        let want = candidate.get(&stride).copied().unwrap_or(0);
        match have.cmp(&want) {
            std::cmp::Ordering::Greater => {
                if let Some(c) = unaccounted.get_mut(&stride) {
                    *c -= 1;
                }
            }
            std::cmp::Ordering::Equal => *dropped = false,
            std::cmp::Ordering::Less => return None,
        }
    }
    (count(&unused) + red_rank == orig_rank).then_some(unused)
}

/// The outcome of [`is_rank_reduced_type`] (MLIR's
/// `SliceVerificationResult`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SliceVerification {
    /// The candidate is the original type or a rank reduction of it.
    Success,
    /// The candidate has a higher rank.
    RankTooLarge,
    /// The sizes do not match.
    SizeMismatch,
    /// The element types differ.
    ElemTypeMismatch,
    /// The memory spaces differ.
    MemSpaceMismatch,
    /// The layouts do not match.
    LayoutMismatch,
}

/// `isRankReducedType` for shaped types: rank, sizes and element type of
/// `candidate` against `original` (layouts and memory spaces are not
/// compared, so the result is never `MemSpaceMismatch` or
/// `LayoutMismatch`).
pub fn is_rank_reduced_type(ctx: &Context, original: Type, candidate: Type) -> SliceVerification {
    if original == candidate {
        return SliceVerification::Success;
    }
    let (Some(os), Some(cs)) = (ctx.shape(original), ctx.shape(candidate)) else {
        return SliceVerification::SizeMismatch;
    };
    if cs.len() > os.len() {
        return SliceVerification::RankTooLarge;
    }
    if rank_reduction_mask(os, cs, false).is_none() {
        return SliceVerification::SizeMismatch;
    }
    if ctx.element_type(original) != ctx.element_type(candidate) {
        return SliceVerification::ElemTypeMismatch;
    }
    SliceVerification::Success
}

/// The whole type check of `memref.subview` after the inferred type is
/// known: `Ok` when `result` is `expected` or a rank reduction of it with
/// matching memory space, offset and (kept) strides.
pub fn verify_subview_result(ctx: &Context, expected: Type, result: Type, sizes: &[i64]) -> SliceVerification {
    let r = is_rank_reduced_type(ctx, expected, result);
    if r != SliceVerification::Success {
        return r;
    }
    if ctx.memory_space(expected) != ctx.memory_space(result) {
        return SliceVerification::MemSpaceMismatch;
    }
    let (Some((es, eo)), Some((rs, ro))) = (strides_and_offset(ctx, expected), strides_and_offset(ctx, result)) else {
        return SliceVerification::LayoutMismatch;
    };
    if eo != ro {
        return SliceVerification::LayoutMismatch;
    }
    let Some(dropped) = memref_rank_reduction_mask(ctx, expected, result, sizes) else {
        return SliceVerification::LayoutMismatch;
    };
    let kept: Vec<i64> = es.iter().zip(&dropped).filter(|(_, &d)| !d).map(|(&s, _)| s).collect();
    if kept != rs {
        return SliceVerification::LayoutMismatch;
    }
    SliceVerification::Success
}

// ----- collapse_shape / expand_shape -------------------------------------------

/// `computeCollapsedLayoutMap`: the strided layout of `src` collapsed by
/// `reassociation` (one group of consecutive source dims per result dim).
/// A group's stride is that of its innermost non-unit dim (dynamic when
/// that dim is dynamic and the group has several dims). `None` when `src`
/// is not strided, a group is empty or out of range, or a group is
/// statically known not to be contiguous. With `strict`, groups whose
/// contiguity cannot be proven statically fail too.
pub fn collapsed_layout(ctx: &Context, src: Type, reassociation: &[Vec<i64>], strict: bool) -> Option<Attribute> {
    let (strides, offset) = collapsed_strides_and_offset(ctx, src, reassociation, strict)?;
    Some(strided_layout(ctx, &strides, offset))
}

fn collapsed_strides_and_offset(
    ctx: &Context,
    src: Type,
    reassociation: &[Vec<i64>],
    strict: bool,
) -> Option<(Vec<i64>, i64)> {
    let shape = ctx.shape(src)?.to_vec();
    let (src_strides, src_offset) = strides_and_offset(ctx, src)?;
    let idx = |d: i64| usize::try_from(d).ok().filter(|&u| u < shape.len());
    let mut result_strides = Vec::with_capacity(reassociation.len());
    for group in reassociation {
        let mut dims: Vec<usize> = group.iter().map(|&d| idx(d)).collect::<Option<_>>()?;
        while dims.len() > 1 && dims.last().is_some_and(|&d| shape[d] == 1) {
            dims.pop();
        }
        let &last = dims.last()?;
        if shape[last] != DYNAMIC || dims.len() == 1 {
            result_strides.push(src_strides[last]);
        } else {
            result_strides.push(DYNAMIC);
        }
    }
    for (group, &result_stride) in reassociation.iter().zip(&result_strides).rev() {
        let mut stride = result_stride;
        for &d in group.iter().skip(1).rev() {
            let d = idx(d)?;
            stride = saturated_mul(stride, shape[d]);
            let src_stride = src_strides[d.checked_sub(1)?];
            if strict && (stride == DYNAMIC || src_stride == DYNAMIC) {
                return None;
            }
            if stride != DYNAMIC && src_stride != DYNAMIC && stride != src_stride {
                return None;
            }
        }
    }
    Some((result_strides, src_offset))
}

/// `CollapseShapeOp::isGuaranteedCollapsible`.
pub fn is_guaranteed_collapsible(ctx: &Context, src: Type, reassociation: &[Vec<i64>]) -> bool {
    has_identity_layout(ctx, src) || collapsed_strides_and_offset(ctx, src, reassociation, true).is_some()
}

/// `CollapseShapeOp::computeCollapsedType`: the collapsed shape (products of
/// the groups, dynamic if any member is) with the identity layout when
/// `src` has one, else the [`collapsed_layout`].
pub fn collapsed_type(ctx: &Context, src: Type, reassociation: &[Vec<i64>]) -> Option<Type> {
    let p = memref_parts(ctx, src)?;
    let mut shape = Vec::with_capacity(reassociation.len());
    for group in reassociation {
        let mut size = 1;
        for &d in group {
            let d = usize::try_from(d).ok()?;
            size = saturated_mul(size, *p.shape.get(d)?);
        }
        shape.push(size);
    }
    collapsed_type_with_shape(ctx, src, &shape, reassociation)
}

/// The type `memref.collapse_shape` expects for a result of `shape`: the
/// identity layout when `src` has one, else the [`collapsed_layout`].
pub fn collapsed_type_with_shape(ctx: &Context, src: Type, shape: &[i64], reassociation: &[Vec<i64>]) -> Option<Type> {
    let p = memref_parts(ctx, src)?;
    if is_identity_layout(ctx, p.layout) {
        return Some(memref_type(ctx, shape, p.elem, None, p.memory_space));
    }
    let layout = collapsed_layout(ctx, src, reassociation, false)?;
    Some(memref_type(ctx, shape, p.elem, Some(layout), p.memory_space))
}

/// `computeExpandedLayoutMap`: the strided layout of `src` expanded to
/// `result_shape` by `reassociation`. Within a group the innermost dim keeps
/// the source stride and each outer one multiplies by the size inside it.
pub fn expanded_layout(
    ctx: &Context,
    src: Type,
    result_shape: &[i64],
    reassociation: &[Vec<i64>],
) -> Option<Attribute> {
    let (src_strides, src_offset) = strides_and_offset(ctx, src)?;
    let mut reverse_strides = Vec::with_capacity(result_shape.len());
    let mut shape_index = result_shape.len();
    for (group, &src_stride) in reassociation.iter().zip(&src_strides).rev() {
        let mut current = src_stride;
        for _ in 0..group.len() {
            reverse_strides.push(current);
            shape_index = shape_index.checked_sub(1)?;
            current = saturated_mul(current, result_shape[shape_index]);
        }
    }
    reverse_strides.reverse();
    reverse_strides.resize(result_shape.len(), 1);
    Some(strided_layout(ctx, &reverse_strides, src_offset))
}

/// `ExpandShapeOp::computeExpandedType`: `result_shape` with the identity
/// layout when `src` has one, else the [`expanded_layout`].
pub fn expanded_type(ctx: &Context, src: Type, result_shape: &[i64], reassociation: &[Vec<i64>]) -> Option<Type> {
    let p = memref_parts(ctx, src)?;
    if is_identity_layout(ctx, p.layout) {
        return Some(memref_type(ctx, result_shape, p.elem, None, p.memory_space));
    }
    let layout = expanded_layout(ctx, src, result_shape, reassociation)?;
    Some(memref_type(ctx, result_shape, p.elem, Some(layout), p.memory_space))
}

// ----- casts -----------------------------------------------------------------

/// `memref::CastOp::areCastCompatible` for one input and one output type:
/// ranked memrefs with the same element type, memory space and rank, whose
/// static sizes agree and whose layouts are equal or strided with agreeing
/// static strides and offsets; or a ranked and an unranked memref (not two
/// unranked ones) with the same element type and memory space.
pub fn are_cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.kind(a), ctx.kind(b)) {
        (
            TypeKind::MemRef { shape: sa, elem: ea, layout: la, memory_space: ma },
            TypeKind::MemRef { shape: sb, elem: eb, layout: lb, memory_space: mb },
        ) => {
            if ea != eb {
                return false;
            }
            if la != lb {
                let (Some((a_strides, a_off)), Some((b_strides, b_off))) =
                    (strides_and_offset(ctx, a), strides_and_offset(ctx, b))
                else {
                    return false;
                };
                if a_strides.len() != b_strides.len() {
                    return false;
                }
                let compatible = |x: i64, y: i64| x == DYNAMIC || y == DYNAMIC || x == y;
                if !compatible(a_off, b_off) || !a_strides.iter().zip(&b_strides).all(|(&x, &y)| compatible(x, y)) {
                    return false;
                }
            }
            if ma != mb || sa.len() != sb.len() {
                return false;
            }
            sa.iter().zip(sb.iter()).all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
        }
        (TypeKind::UnrankedMemRef { .. }, TypeKind::UnrankedMemRef { .. }) => false,
        (
            TypeKind::MemRef { elem: ea, memory_space: ma, .. }
            | TypeKind::UnrankedMemRef { elem: ea, memory_space: ma },
            TypeKind::MemRef { elem: eb, memory_space: mb, .. }
            | TypeKind::UnrankedMemRef { elem: eb, memory_space: mb },
        ) => ea == eb && ma == mb,
        _ => false,
    }
}

/// `CastOp::canFoldIntoConsumerOp` in terms of the cast's types: both ranked
/// and strided with the same element type and rank, and the cast only makes
/// sizes, offset or strides more dynamic.
pub fn can_fold_cast_into_consumer(ctx: &Context, src: Type, dst: Type) -> bool {
    let (Some(ps), Some(pd)) = (memref_parts(ctx, src), memref_parts(ctx, dst)) else { return false };
    if ps.elem != pd.elem || ps.shape.len() != pd.shape.len() {
        return false;
    }
    let (Some((ss, so)), Some((ds, doff))) = (strides_and_offset(ctx, src), strides_and_offset(ctx, dst)) else {
        return false;
    };
    let more_static = |s: i64, d: i64| s != d && s == DYNAMIC && d != DYNAMIC;
    if ps.shape.iter().zip(&pd.shape).any(|(&s, &d)| more_static(s, d)) {
        return false;
    }
    if more_static(so, doff) {
        return false;
    }
    !ss.iter().zip(&ds).any(|(&s, &d)| more_static(s, d))
}

/// `MemorySpaceCastOp::areCastCompatible`: equal element types and, for
/// ranked memrefs, equal shapes and layouts (memory spaces may differ).
pub fn memory_space_cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.kind(a), ctx.kind(b)) {
        (
            TypeKind::MemRef { shape: sa, elem: ea, layout: la, .. },
            TypeKind::MemRef { shape: sb, elem: eb, layout: lb, .. },
        ) => ea == eb && la == lb && sa == sb,
        (TypeKind::UnrankedMemRef { elem: ea, .. }, TypeKind::UnrankedMemRef { elem: eb, .. }) => ea == eb,
        _ => false,
    }
}

#[cfg(test)]
#[rustfmt::skip]
mod cases;
#[cfg(test)]
mod tests;
