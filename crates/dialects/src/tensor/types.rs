//! The tensor dialect's type computations: tensor predicates and parts,
//! shape compatibility, slice result types with rank reduction
//! ([`infer_slice_result_type`], [`canonical_rank_reduced_type`]; the
//! rank-reduction checks themselves live in [`crate::layout`]),
//! reassociations and
//! reshape types ([`collapsed_type`]), pad types ([`pad_result_type`]) and
//! the cast compatibility rules.

use ir::{AttrKind, Attribute, Context, IntValue, Ir, OpId, Type, TypeKind, DYNAMIC};

/// True for ranked tensors.
pub fn is_ranked_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Tensor { .. })
}
/// True for ranked or unranked tensors.
pub fn is_tensor(ctx: &Context, t: Type) -> bool {
    ctx.is_tensor(t)
}
/// True for `index`.
pub(crate) fn is_index(ctx: &Context, t: Type) -> bool {
    ctx.is_index(t)
}
/// Shape, element type and encoding of a ranked tensor.
pub fn tensor_parts(ctx: &Context, t: Type) -> Option<(&[i64], Type, Option<Attribute>)> {
    match ctx.kind(t) {
        TypeKind::Tensor { shape, elem, encoding } => Some((shape, *elem, *encoding)),
        _ => None,
    }
}
/// The rank of a ranked shaped type.
pub fn rank(ctx: &Context, t: Type) -> Option<usize> {
    ctx.shape(t).map(<[i64]>::len)
}
/// A ranked tensor type with an optional encoding.
pub fn tensor_type(ctx: &Context, shape: &[i64], elem: Type, encoding: Option<Attribute>) -> Type {
    ctx.ty(TypeKind::Tensor { shape: shape.into(), elem, encoding })
}

/// MLIR's `verifyCompatibleShape` on two shaped types: unranked matches
/// anything; otherwise equal ranks and each dimension equal or dynamic.
pub fn compatible_shapes(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.shape(a), ctx.shape(b)) {
        (Some(x), Some(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| p == DYNAMIC || q == DYNAMIC || p == q)
        }
        _ => true,
    }
}

fn elem_bit_width(ctx: &Context, t: Type) -> Option<u32> {
    let e = ctx.element_type(t)?;
    if let TypeKind::Complex(inner) = ctx.kind(e) {
        return ctx.scalar_bit_width(*inner).map(|w| w * 2);
    }
    ctx.scalar_bit_width(e)
}

// ===== type inference ======================================================

/// The non-rank-reduced result type of a slice: the static sizes, with the
/// source's element type and encoding (`ExtractSliceOp::inferResultType`).
pub fn infer_slice_result_type(ctx: &Context, source: Type, static_sizes: &[i64]) -> Option<Type> {
    let (_, elem, enc) = tensor_parts(ctx, source)?;
    Some(tensor_type(ctx, static_sizes, elem, enc))
}

/// The rank-reduced slice type of rank `rank` that drops the leading unit
/// dimensions first (`inferCanonicalRankReducedResultType`). Returns the
/// non-reduced type when no reduction is needed, `None` when it is
/// impossible.
pub fn canonical_rank_reduced_type(ctx: &Context, source: Type, static_sizes: &[i64], rank: usize) -> Option<Type> {
    let inferred = infer_slice_result_type(ctx, source, static_sizes)?;
    let (shape, elem, _) = tensor_parts(ctx, inferred)?;
    if shape.len() <= rank {
        return Some(inferred);
    }
    let mut to_drop = shape.len() - rank;
    let mut kept = Vec::with_capacity(rank);
    for &d in shape {
        if to_drop > 0 && d == 1 {
            to_drop -= 1;
        } else {
            kept.push(d);
        }
    }
    if to_drop > 0 {
        return None;
    }
    Some(ctx.tensor_ty(&kept, elem))
}

/// The reassociation groups of a reshape op (`[[0, 1], [2]]`), if well-formed.
pub fn reassociation(ir: &Ir, op: OpId) -> Option<Vec<Vec<i64>>> {
    reassociation_of(ir.ctx(), ir.attr(op, "reassociation")?)
}

pub(crate) fn reassociation_of(ctx: &Context, a: Attribute) -> Option<Vec<Vec<i64>>> {
    ctx.array_value(a)?
        .iter()
        .map(|&g| {
            ctx.array_value(g)?
                .iter()
                .map(|&e| match ctx.attr_kind(e) {
                    AttrKind::Integer { ty, value: IntValue::Small(v) } if ctx.int_width(*ty) == Some(64) => {
                        Some(*v as i64)
                    }
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// The `reassociation` attribute for `groups`.
pub fn reassociation_attr(ctx: &Context, groups: &[Vec<i64>]) -> Attribute {
    let i64t = ctx.int_ty(64);
    let arrs: Vec<Attribute> = groups
        .iter()
        .map(|g| {
            let elems: Vec<Attribute> = g.iter().map(|&i| ctx.int_attr(i64t, i as i128)).collect();
            ctx.array_attr(&elems)
        })
        .collect();
    ctx.array_attr(&arrs)
}

/// The collapsed type of `expanded` under `groups`
/// (`CollapseShapeOp::inferCollapsedType`), assuming a valid reassociation;
/// `None` when the groups run past the rank.
pub fn collapsed_type(ctx: &Context, expanded: Type, groups: &[Vec<i64>]) -> Option<Type> {
    let (shape, elem, _) = tensor_parts(ctx, expanded)?;
    let mut out = Vec::with_capacity(groups.len());
    let mut cur = 0usize;
    for g in groups {
        let band = shape.get(cur..cur + g.len())?;
        if band.contains(&DYNAMIC) {
            out.push(DYNAMIC);
        } else {
            out.push(band.iter().fold(1i64, |a, &d| a.saturating_mul(d)));
        }
        cur += g.len();
    }
    Some(ctx.tensor_ty(&out, elem))
}

/// The result type of `tensor.pad` (`PadOp::inferResultType`): `None` when
/// the low/high lists do not match the source rank.
pub fn pad_result_type(ctx: &Context, source: Type, low: &[i64], high: &[i64]) -> Option<Type> {
    let (shape, elem, _) = tensor_parts(ctx, source)?;
    if low.len() != shape.len() || high.len() != shape.len() {
        return None;
    }
    let dims: Vec<i64> =
        shape
            .iter()
            .zip(low.iter().zip(high))
            .map(|(&d, (&l, &h))| {
                if d == DYNAMIC || l == DYNAMIC || h == DYNAMIC {
                    DYNAMIC
                } else {
                    d.saturating_add(l).saturating_add(h)
                }
            })
            .collect();
    Some(ctx.tensor_ty(&dims, elem))
}

// ===== verifiers ============================================================

/// `tensor.cast` compatibility: same element type and compatible shapes.
pub fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    ctx.is_tensor(a) && ctx.is_tensor(b) && ctx.element_type(a) == ctx.element_type(b) && compatible_shapes(ctx, a, b)
}

/// `tensor.bitcast` compatibility: same element bit width and compatible
/// shapes.
pub fn bitcast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    ctx.is_tensor(a)
        && ctx.is_tensor(b)
        && elem_bit_width(ctx, a) == elem_bit_width(ctx, b)
        && compatible_shapes(ctx, a, b)
}

// ===== pack, unpack, gather ================================================

/// Upstream's `getPackOpResultTypeShape`: each tiled dimension of `source`
/// divided (rounding up) by its tile (dynamic when either is), the outer
/// dimensions permuted by `outer_dims_perm`, then the tiles appended.
/// `None` when a position or the permutation is out of range.
pub fn packed_shape(
    source: &[i64],
    tiles: &[i64],
    inner_dims_pos: &[i64],
    outer_dims_perm: &[i64],
) -> Option<Vec<i64>> {
    let mut shape = source.to_vec();
    for (&pos, &tile) in inner_dims_pos.iter().zip(tiles) {
        let d = shape.get_mut(usize::try_from(pos).ok()?)?;
        if *d == DYNAMIC {
            continue;
        }
        *d = if tile == DYNAMIC { DYNAMIC } else { div_ceil_signed(*d, tile)? };
    }
    if !outer_dims_perm.is_empty() {
        shape = apply_permutation(&shape, outer_dims_perm)?;
    }
    shape.extend_from_slice(tiles);
    Some(shape)
}

/// MLIR's `divideCeilSigned`.
fn div_ceil_signed(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    let q = a.checked_div(b)?;
    Some(if (a % b != 0) && ((a < 0) == (b < 0)) { q + 1 } else { q })
}

/// MLIR's `applyPermutation`: `out[i] = v[perm[i]]`.
pub fn apply_permutation<T: Copy>(v: &[T], perm: &[i64]) -> Option<Vec<T>> {
    perm.iter().map(|&p| usize::try_from(p).ok().and_then(|p| v.get(p).copied())).collect()
}

/// MLIR's `invertPermutationVector`.
pub fn invert_permutation(perm: &[i64]) -> Option<Vec<i64>> {
    let mut inv = vec![0i64; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        *inv.get_mut(usize::try_from(p).ok()?)? = i as i64;
    }
    Some(inv)
}

/// Upstream's `PackOp::requirePaddingValue`: whether some statically known
/// tiled dimension is not a multiple of its tile (`tiles`: the constant
/// tiles, `None` for a dynamic one, whose size the output shape gives).
pub fn pack_requires_padding(
    input: &[i64],
    inner_dims_pos: &[i64],
    output: &[i64],
    outer_dims_perm: &[i64],
    tiles: &[Option<i64>],
) -> bool {
    let mut outer: Vec<i64> = output.iter().take(input.len()).copied().collect();
    if !outer_dims_perm.is_empty() {
        match invert_permutation(outer_dims_perm).and_then(|inv| apply_permutation(&outer, &inv)) {
            Some(o) => outer = o,
            None => return false,
        }
    }
    for (&pos, tile) in inner_dims_pos.iter().zip(tiles) {
        let Some(&size) = usize::try_from(pos).ok().and_then(|p| input.get(p)) else { continue };
        if size == DYNAMIC {
            continue;
        }
        match tile {
            None => {
                let o = outer[pos as usize];
                if o != DYNAMIC && o != 0 && size % o != 0 {
                    return true;
                }
            }
            Some(t) if *t != 0 && size % t != 0 => return true,
            Some(_) => {}
        }
    }
    false
}

/// Upstream's `GatherOp::inferResultType` (also the expected source type
/// of `tensor.scatter`): the leading dimensions of `indices`, then those of
/// `source` with each gathered dimension 1 (or dropped when
/// `rank_reduced`); the source's element type and encoding.
pub fn gather_result_type(
    ctx: &Context,
    source: Type,
    indices: Type,
    dims: &[i64],
    rank_reduced: bool,
) -> Option<Type> {
    let (src_shape, elem, encoding) = tensor_parts(ctx, source)?;
    let idx_shape = ctx.shape(indices)?;
    let mut shape: Vec<i64> = idx_shape[..idx_shape.len().saturating_sub(1)].to_vec();
    for (i, &d) in src_shape.iter().enumerate() {
        if dims.binary_search(&(i as i64)).is_ok() {
            if !rank_reduced {
                shape.push(1);
            }
            continue;
        }
        shape.push(d);
    }
    Some(tensor_type(ctx, &shape, elem, encoding))
}
