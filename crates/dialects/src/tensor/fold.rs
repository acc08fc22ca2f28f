//! The tensor dialect's folders (upstream's `fold` methods) and the
//! constant-attribute helpers they share: casts, `dim`, `extract`,
//! `from_elements`, `insert`, `splat`, `rank`, slices, reshapes,
//! reassociative reshapes, and the splat-constant folds of `gather`, `pack`
//! and `unpack` (`reshapeConstantSource`).

use super::ops::{
    CastOp, CollapseShapeOp, ConcatOp, DimOp, ExpandShapeOp, ExtractOp, ExtractSliceOp, FromElementsOp, GatherOp,
    GenerateOp, InsertSliceOp, PackOp, RankOp, ReshapeOp, UnPackOp,
};
use super::types::{is_ranked_tensor, rank, tensor_parts};
use crate::static_dynamic::SliceParams;
use ir::interfaces::OpFoldSize;
use ir::{
    AttrKind, Attribute, Context, DenseData, FoldOutcome, IntValue, Ir, OpFoldResult, OpId, Type, TypeKind, ValueId,
    DYNAMIC,
};
use smallvec::smallvec;

fn fold_value(v: ValueId) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Value(v)])
}

fn fold_attr(a: Attribute) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Attr(a)])
}

/// The defining op of `v` if it has name `name`.
pub(crate) fn def_of(ir: &Ir, v: ValueId, name: &str) -> Option<OpId> {
    ir.defining_op(v).filter(|&d| ir.is_op(d, name))
}

fn const_index(ctx: &Context, a: Option<Attribute>) -> Option<i64> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { value: IntValue::Small(v), .. } => i64::try_from(*v).ok(),
        _ => None,
    }
}

/// The integer value of a constant operand: from the folder's constant
/// operands, or from an `arith.constant` defining it.
fn const_operand(ir: &Ir, op: OpId, i: usize, consts: &[Option<Attribute>]) -> Option<i64> {
    let ctx = ir.ctx();
    if let Some(v) = const_index(ctx, consts.get(i).copied().flatten()) {
        return Some(v);
    }
    let d = def_of(ir, ir.operand(op, i), "arith.constant")?;
    const_index(ctx, ir.attr(d, "value"))
}

/// Folds a cast whose operand and result types are equal.
pub(super) fn fold_identity_cast(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) == 1
        && ir.num_results(op) == 1
        && ir.value_type(ir.operand(op, 0)) == ir.value_type(ir.result(op, 0))
    {
        return fold_value(ir.operand(op, 0));
    }
    FoldOutcome::Failure
}

/// `tensor.cast`: identity casts fold to their operand.
pub fn fold_cast(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_identity_cast(ir, op, c)
}

/// MLIR's `preservesStaticInformation(source, target)`: both ranked with the
/// same element type, rank and encoding, and `target` is not more static.
pub fn preserves_static_information(ctx: &Context, source: Type, target: Type) -> bool {
    let (Some((s, se, senc)), Some((t, te, tenc))) = (tensor_parts(ctx, source), tensor_parts(ctx, target)) else {
        return false;
    };
    se == te && s.len() == t.len() && senc == tenc && s.iter().zip(t).all(|(&a, &b)| !(a != DYNAMIC && b == DYNAMIC))
}

/// `canFoldIntoConsumerOp`: a cast to a less static type can be bypassed by
/// its users.
pub fn can_fold_cast_into_consumer(ir: &Ir, cast: OpId) -> bool {
    CastOp::matches(ir, cast)
        && ir.num_operands(cast) == 1
        && ir.num_results(cast) == 1
        && preserves_static_information(
            ir.ctx(),
            ir.value_type(CastOp(cast).dest(ir)),
            ir.value_type(CastOp(cast).source(ir)),
        )
}

/// `tensor::foldTensorCast`: replaces operands produced by foldable casts
/// with the casts' sources; true when something changed.
pub fn fold_tensor_cast_operands(ir: &mut Ir, op: OpId) -> bool {
    let mut changed = false;
    for i in 0..ir.num_operands(op) {
        if let Some(c) = def_of(ir, ir.operand(op, i), CastOp::NAME) {
            if can_fold_cast_into_consumer(ir, c) {
                let src = CastOp(c).source(ir);
                ir.set_operand(op, i, src);
                changed = true;
            }
        }
    }
    changed
}

pub(super) fn fold_concat(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let concat = ConcatOp(op);
    let inputs = concat.inputs(ir);
    match inputs.get(0) {
        Some(v)
            if inputs.len() == 1 && ir.num_results(op) == 1 && ir.value_type(v) == ir.value_type(concat.result(ir)) =>
        {
            fold_value(v)
        }
        _ => FoldOutcome::Failure,
    }
}

/// Folds `tensor.dim` as upstream's folder does: static extents become
/// constants; dynamic extents of `tensor.generate` and non-rank-reducing
/// `tensor.extract_slice` become the corresponding size operand; `dim` of a
/// foldable `tensor.cast` reads the cast's source instead. (`tensor.empty`
/// and `alloc_tensor` extents are canonicalization patterns, not folds:
/// `createOrFold` must leave those `tensor.dim`s, as mlir-opt-19 does.)
pub fn fold_dim(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 2 {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx_arc().clone();
    let Some(index) = const_operand(ir, op, 1, consts) else { return FoldOutcome::Failure };
    let src = DimOp(op).source(ir);
    let Some(shape) = ctx.shape(ir.value_type(src)).map(<[i64]>::to_vec) else { return FoldOutcome::Failure };
    let Ok(i) = usize::try_from(index) else { return FoldOutcome::Failure };
    if i >= shape.len() {
        return FoldOutcome::Failure;
    }
    if shape[i] != DYNAMIC {
        return fold_attr(ctx.index_attr(shape[i]));
    }
    // Position of dimension `i` among the dynamic ones.
    let dyn_pos = shape[..i].iter().filter(|&&d| d == DYNAMIC).count();
    if let Some(def) = ir.defining_op(src) {
        // The dynamic extents, in order, of ops that take them as operands.
        let extents = GenerateOp::cast(ir, def).map(|g| g.dynamic_extents(ir));
        if let Some(v) = extents.and_then(|e| e.get(dyn_pos)) {
            return fold_value(v);
        }
        if let Some(slice) = ExtractSliceOp::cast(ir, def) {
            let src_rank = rank(&ctx, ir.value_type(slice.source(ir)));
            if src_rank == Some(shape.len()) {
                if let Some(OpFoldSize::Value(v)) = slice.mixed_sizes(ir).and_then(|m| m.get(i).copied()) {
                    return fold_value(v);
                }
            }
        }
    }
    if fold_tensor_cast_operands(ir, op) {
        return FoldOutcome::InPlace;
    }
    FoldOutcome::Failure
}

/// The element attribute at flat position `i` of a dense elements attribute.
/// A complex element is the array `[re, im]` of its parts.
pub fn dense_element(ctx: &Context, a: Attribute, flat: usize) -> Option<Attribute> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else { return None };
    let elem = ctx.element_type(*ty)?;
    if let TypeKind::Complex(part) = ctx.kind(elem) {
        let at = if data.splat { 0 } else { 2 * flat };
        let re = element_attr(ctx, *part, *data.bits.get(at)?)?;
        let im = element_attr(ctx, *part, *data.bits.get(at + 1)?)?;
        return Some(ctx.array_attr(&[re, im]));
    }
    let bits = if data.splat { *data.bits.first()? } else { *data.bits.get(flat)? };
    element_attr(ctx, elem, bits)
}

fn element_attr(ctx: &Context, elem: Type, bits: u128) -> Option<Attribute> {
    match ctx.kind(elem) {
        TypeKind::Integer { width, .. } => Some(ctx.int_attr(elem, ir::attrs::sign_extend(bits, *width))),
        TypeKind::Index => Some(ctx.int_attr(elem, ir::attrs::sign_extend(bits, 64))),
        TypeKind::Float(_) => Some(ctx.attr(AttrKind::Float { ty: elem, bits })),
        _ => None,
    }
}

fn scalar_bits(ctx: &Context, a: Attribute) -> Option<(Type, u128)> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, value: IntValue::Small(v) } => {
            let w = ctx.scalar_bit_width(*ty)?;
            let mask = if w >= 128 { u128::MAX } else { (1u128 << w) - 1 };
            Some((*ty, (*v as u128) & mask))
        }
        AttrKind::Float { ty, bits } => Some((*ty, *bits)),
        AttrKind::Bool(b) => Some((ctx.i1_ty(), u128::from(*b))),
        _ => None,
    }
}

/// A splat `dense<v> : ty` from a scalar integer or float attribute.
pub fn splat_elements(ctx: &Context, ty: Type, scalar: Attribute) -> Option<Attribute> {
    let (st, bits) = scalar_bits(ctx, scalar)?;
    if ctx.element_type(ty) != Some(st) || !ctx.has_static_shape(ty) || !is_ranked_tensor(ctx, ty) {
        return None;
    }
    Some(ctx.attr(AttrKind::DenseElements { ty, data: DenseData { splat: true, bits: Box::new([bits]) } }))
}

pub(super) fn flat_index(shape: &[i64], idx: &[i64]) -> Option<usize> {
    if shape.len() != idx.len() {
        return None;
    }
    let mut flat: i64 = 0;
    let mut stride: i64 = 1;
    for (&d, &i) in shape.iter().zip(idx).rev() {
        if i < 0 || (d != DYNAMIC && i >= d) {
            return None;
        }
        flat = flat.checked_add(i.checked_mul(stride)?)?;
        stride = stride.checked_mul(d)?;
    }
    usize::try_from(flat).ok()
}

/// Folds `tensor.extract` of a splat constant, of a `tensor.from_elements`
/// (constant indices) and of a dense constant (constant indices).
pub fn fold_extract(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    if ir.num_operands(op) < 1 {
        return FoldOutcome::Failure;
    }
    let tensor_const = consts
        .first()
        .copied()
        .flatten()
        .or_else(|| def_of(ir, ExtractOp(op).tensor(ir), "arith.constant").and_then(|d| ir.attr(d, "value")));
    if let Some(a) = tensor_const {
        if let AttrKind::DenseElements { data, .. } = ctx.attr_kind(a) {
            if data.splat {
                if let Some(e) = dense_element(&ctx, a, 0) {
                    return fold_attr(e);
                }
            }
        }
    }
    let indices = ExtractOp(op).indices_range(ir);
    let mut idx = Vec::with_capacity(indices.len());
    for i in indices {
        match const_operand(ir, op, i, consts) {
            Some(v) => idx.push(v),
            None => return FoldOutcome::Failure,
        }
    }
    let tensor = ExtractOp(op).tensor(ir);
    let Some(shape) = ctx.shape(ir.value_type(tensor)).map(<[i64]>::to_vec) else { return FoldOutcome::Failure };
    let Some(flat) = flat_index(&shape, &idx) else { return FoldOutcome::Failure };
    if let Some(fe) = def_of(ir, tensor, FromElementsOp::NAME).map(FromElementsOp) {
        return match fe.elements(ir).get(flat) {
            Some(v) => fold_value(v),
            None => FoldOutcome::Failure,
        };
    }
    if let Some(e) = tensor_const.and_then(|a| dense_element(&ctx, a, flat)) {
        return fold_attr(e);
    }
    if let Some(e) = tensor_const.and_then(|a| sparse_element(&ctx, a, &idx)) {
        return fold_attr(e);
    }
    FoldOutcome::Failure
}

/// The element at `idx` of a `sparse<indices, values>` attribute: the value
/// whose index row equals `idx`, else the element type's zero.
fn sparse_element(ctx: &Context, a: Attribute, idx: &[i64]) -> Option<Attribute> {
    let AttrKind::Sparse { ty, indices, values } = ctx.attr_kind(a) else { return None };
    let elem = ctx.element_type(*ty)?;
    let AttrKind::DenseElements { data: ind, .. } = ctx.attr_kind(*indices) else { return None };
    let rank = idx.len().max(1);
    let rows = if ind.splat { 1 } else { ind.bits.len() / rank };
    let at = |i: usize| if ind.splat { ind.bits.first().copied() } else { ind.bits.get(i).copied() };
    for r in 0..rows {
        let matches = idx.iter().enumerate().all(|(k, &v)| at(r * rank + k) == Some(v as u64 as u128));
        if matches {
            return dense_element(ctx, *values, r);
        }
    }
    element_attr(ctx, elem, 0)
}

/// Folds `tensor.from_elements` of constants into a dense constant.
pub fn fold_from_elements(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    if ir.num_results(op) != 1 || consts.len() != ir.num_operands(op) || consts.is_empty() {
        return FoldOutcome::Failure;
    }
    let ty = ir.value_type(ir.result(op, 0));
    let Some(elem) = ctx.element_type(ty) else { return FoldOutcome::Failure };
    // A complex element is its `[re, im]` array: two entries.
    let (part, per) = match ctx.kind(elem) {
        TypeKind::Complex(p) => (*p, 2),
        _ => (elem, 1),
    };
    let mut bits = Vec::with_capacity(consts.len() * per);
    for c in consts {
        let Some(a) = *c else { return FoldOutcome::Failure };
        let parts = if per == 2 {
            match ctx.array_value(a) {
                Some(&[re, im]) => vec![re, im],
                _ => return FoldOutcome::Failure,
            }
        } else {
            vec![a]
        };
        for p in parts {
            match scalar_bits(&ctx, p) {
                Some((t, b)) if t == part => bits.push(b),
                _ => return FoldOutcome::Failure,
            }
        }
    }
    let splat = bits.chunks(per).all(|c| c == &bits[..per]);
    if splat {
        bits.truncate(per);
    }
    fold_attr(ctx.attr(AttrKind::DenseElements { ty, data: DenseData { splat, bits: bits.into() } }))
}

/// Folds `tensor.insert` of a splat's own value into a splat constant.
pub(super) fn fold_insert(ir: &mut Ir, _op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    let (Some(Some(scalar)), Some(Some(dest))) = (consts.first(), consts.get(1)) else { return FoldOutcome::Failure };
    if let AttrKind::DenseElements { data, .. } = ctx.attr_kind(*dest) {
        if data.splat && dense_element(&ctx, *dest, 0) == Some(*scalar) {
            return fold_attr(*dest);
        }
    }
    FoldOutcome::Failure
}

/// Folds `tensor.splat` of a constant into a splat constant (static shapes).
pub fn fold_splat(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    let Some(Some(c)) = consts.first() else { return FoldOutcome::Failure };
    if ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    match splat_elements(&ctx, ir.value_type(ir.result(op, 0)), *c) {
        Some(a) => fold_attr(a),
        None => FoldOutcome::Failure,
    }
}

/// Folds `tensor.rank` of a ranked tensor.
pub fn fold_rank(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    if ir.num_operands(op) != 1 {
        return FoldOutcome::Failure;
    }
    match rank(&ctx, ir.value_type(RankOp(op).tensor(ir))) {
        Some(r) => fold_attr(ctx.index_attr(r as i64)),
        None => FoldOutcome::Failure,
    }
}

/// Folds `tensor.extract_slice`: a splat constant source gives a splat of
/// the result type; a full identity slice gives the source; a slice of an
/// `insert_slice` at the same place gives the inserted tensor.
pub fn fold_extract_slice(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    if ir.num_operands(op) < 1 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    let res_ty = ir.value_type(ir.result(op, 0));
    if let Some(Some(c)) = consts.first() {
        if let AttrKind::DenseElements { data, .. } = ctx.attr_kind(*c) {
            if data.splat && ctx.has_static_shape(res_ty) {
                if let Some(a) = dense_element(&ctx, *c, 0).and_then(|e| splat_elements(&ctx, res_ty, e)) {
                    return fold_attr(a);
                }
            }
        }
    }
    let slice = ExtractSliceOp(op);
    let src = slice.source(ir);
    let p = slice.params(ir);
    if ir.value_type(src) == res_ty && is_identity_slice(&p, ctx.shape(res_ty).unwrap_or(&[])) {
        return fold_value(src);
    }
    if let Some(ins) = def_of(ir, src, InsertSliceOp::NAME).map(InsertSliceOp) {
        if ir.num_operands(ins.0) >= 2 && ir.value_type(ins.source(ir)) == res_ty && ins.params(ir) == p {
            return fold_value(ins.source(ir));
        }
    }
    FoldOutcome::Failure
}

/// All offsets 0, sizes equal to `shape` (on the leading dims), strides 1.
fn is_identity_slice(p: &SliceParams, shape: &[i64]) -> bool {
    p.static_offsets.iter().all(|&o| o == 0)
        && p.static_sizes.iter().zip(shape).all(|(&s, &d)| s != DYNAMIC && s == d)
        && p.static_strides.iter().all(|&s| s == 1)
}

/// Folds `tensor.insert_slice`: a full identity insert gives the source;
/// inserting where a previous insert of the same shape wrote bypasses it
/// (in place); re-inserting a slice extracted from the destination at the
/// same place gives the destination; so does an insert with a size 0.
pub fn fold_insert_slice(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) < 2 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx_arc().clone();
    let slice = InsertSliceOp(op);
    let (src, dest) = (slice.source(ir), slice.dest(ir));
    let res_ty = ir.value_type(slice.result(ir));
    let p = slice.params(ir);
    if ir.value_type(src) == res_ty && is_identity_slice(&p, ctx.shape(res_ty).unwrap_or(&[])) {
        return fold_value(src);
    }
    if let Some(prev) = def_of(ir, dest, InsertSliceOp::NAME).map(InsertSliceOp) {
        if ir.num_operands(prev.0) >= 2 && ir.value_type(prev.source(ir)) == ir.value_type(src) && prev.params(ir) == p
        {
            let d = prev.dest(ir);
            let slot = slice.dest_operand(ir);
            ir.set_use_value(slot, d);
            return FoldOutcome::InPlace;
        }
    }
    if let Some(ext) = def_of(ir, src, ExtractSliceOp::NAME).map(ExtractSliceOp) {
        if ir.num_operands(ext.0) >= 1
            && ext.source(ir) == dest
            && ir.value_type(ext.result(ir)) == ir.value_type(src)
            && ext.params(ir) == p
        {
            return fold_value(dest);
        }
    }
    // Inserting an empty slice (some size is 0) leaves the destination.
    let zero = |s: &OpFoldSize| match s {
        OpFoldSize::Static(v) => *v == 0,
        OpFoldSize::Value(v) => crate::util::const_int(ir, *v) == Some(0),
    };
    if p.mixed_sizes().is_some_and(|sizes| sizes.iter().any(zero)) {
        return fold_value(dest);
    }
    FoldOutcome::Failure
}

/// Folds `tensor.reshape` as upstream's `ReshapeOp::fold`: a splat constant
/// source becomes a splat of the (static) result type; a reshape of a
/// reshape reads the original source (in place); between equal ranked types
/// it is the source when the rank is 1 or when the shape operand is a
/// `tensor.from_elements` of the source's own extents (constants equal to
/// its static sizes, or `tensor.dim`s of the source at their own index).
pub fn fold_reshape(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    let reshape = ReshapeOp(op);
    let ctx = ir.ctx_arc().clone();
    let (src, res) = (ir.value_type(reshape.source(ir)), ir.value_type(reshape.result(ir)));
    if let Some(Some(c)) = consts.first() {
        if let AttrKind::DenseElements { data, .. } = ctx.attr_kind(*c) {
            if data.splat && ctx.has_static_shape(res) && is_ranked_tensor(&ctx, res) {
                return fold_attr(ctx.attr(AttrKind::DenseElements { ty: res, data: data.clone() }));
            }
        }
    }
    if let Some(prev) = def_of(ir, reshape.source(ir), ReshapeOp::NAME).map(ReshapeOp) {
        if ir.num_operands(prev.0) == 2 {
            let s = prev.source(ir);
            let slot = reshape.source_operand(ir);
            ir.set_use_value(slot, s);
            return FoldOutcome::InPlace;
        }
    }
    if src != res || !is_ranked_tensor(&ctx, src) {
        return FoldOutcome::Failure;
    }
    let Some(shape) = ctx.shape(src).map(<[i64]>::to_vec) else { return FoldOutcome::Failure };
    let source = reshape.source(ir);
    if shape.len() == 1 {
        return fold_value(source);
    }
    let Some(from) = def_of(ir, reshape.shape(ir), FromElementsOp::NAME) else { return FoldOutcome::Failure };
    let elements: Vec<ValueId> = ir.operands(from).collect();
    let is_own_extent = |(id, &e): (usize, &ValueId)| {
        if let Some(c) = crate::util::const_int(ir, e) {
            return shape.get(id).is_some_and(|&d| i128::from(d) == c);
        }
        def_of(ir, e, DimOp::NAME).is_some_and(|d| {
            ir.num_operands(d) == 2
                && DimOp(d).source(ir) == source
                && crate::util::const_int(ir, DimOp(d).index(ir)) == i128::try_from(id).ok()
        })
    };
    if elements.len() == shape.len() && elements.iter().enumerate().all(is_own_extent) {
        return fold_value(source);
    }
    FoldOutcome::Failure
}

/// `foldReshapeOp`: a reshape of the inverse reshape, back to the original
/// type, is that original; a splat constant source is re-typed.
fn fold_reassociative(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>], inverse: &str) -> FoldOutcome {
    if ir.num_operands(op) < 1 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx_arc().clone();
    let res_ty = ir.value_type(ir.result(op, 0));
    if ir.value_type(ir.operand(op, 0)) == res_ty {
        return fold_value(ir.operand(op, 0));
    }
    // A constant operand: the same elements at the result's shape.
    if let Some(Some(c)) = consts.first() {
        match ctx.attr_kind(*c) {
            AttrKind::DenseElements { data, .. } => {
                return fold_attr(ctx.attr(AttrKind::DenseElements { ty: res_ty, data: data.clone() }));
            }
            AttrKind::DenseString { splat, values, .. } => {
                let (splat, values) = (*splat, values.clone());
                return fold_attr(ctx.attr(AttrKind::DenseString { ty: res_ty, splat, values }));
            }
            _ => {}
        }
    }
    // The inverse reshape of this one's result type (upstream's
    // `foldReshapeOp`): always when at most one extent is dynamic; else
    // only with the same groups, and then when the pair expanded first or
    // no group holds two dynamic extents.
    let Some(prev) = def_of(ir, ir.operand(op, 0), inverse) else { return FoldOutcome::Failure };
    if ir.num_operands(prev) < 1 {
        return FoldOutcome::Failure;
    }
    let src = ir.operand(prev, 0);
    if ir.value_type(src) != res_ty {
        return FoldOutcome::Failure;
    }
    let Some(shape) = ctx.shape(res_ty) else { return FoldOutcome::Failure };
    if shape.iter().filter(|&&d| d == DYNAMIC).count() < 2 {
        return fold_value(src);
    }
    let groups = super::types::reassociation(ir, op);
    if groups.is_none() || groups != super::types::reassociation(ir, prev) {
        return FoldOutcome::Failure;
    }
    let mid_rank = ctx.shape(ir.value_type(ir.result(prev, 0))).map_or(0, <[i64]>::len);
    let groups = groups.unwrap_or_default();
    let at_most_one_dynamic = |g: &Vec<i64>| {
        let (Some(&first), n) = (g.first(), g.len()) else { return true };
        let start = usize::try_from(first).unwrap_or(usize::MAX);
        shape.get(start..).and_then(|s| s.get(..n)).is_some_and(|s| s.iter().filter(|&&d| d == DYNAMIC).count() < 2)
    };
    if shape.len() < mid_rank || groups.iter().all(at_most_one_dynamic) {
        return fold_value(src);
    }
    FoldOutcome::Failure
}

pub(super) fn fold_collapse_shape(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    fold_reassociative(ir, op, consts, ExpandShapeOp::NAME)
}

pub(super) fn fold_expand_shape(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    fold_reassociative(ir, op, consts, CollapseShapeOp::NAME)
}

/// Upstream's `reshapeConstantSource`: a splat constant source becomes the
/// same splat of the (static) result type; with `cst`, only when the splat
/// value is `cst`.
fn reshape_constant_source(
    ctx: &Context,
    source: Option<Attribute>,
    result: Type,
    cst: Option<Attribute>,
) -> FoldOutcome {
    let Some(source) = source else { return FoldOutcome::Failure };
    let AttrKind::DenseElements { data, .. } = ctx.attr_kind(source) else { return FoldOutcome::Failure };
    if !data.splat {
        return FoldOutcome::Failure;
    }
    let Some(value) = dense_element(ctx, source, 0) else { return FoldOutcome::Failure };
    if cst.is_some_and(|c| c != value) {
        return FoldOutcome::Failure;
    }
    splat_elements(ctx, result, value).map_or(FoldOutcome::Failure, fold_attr)
}

/// `tensor.gather` of a splat constant is that splat.
pub(super) fn fold_gather(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    let res = ir.value_type(GatherOp(op).result(ir));
    reshape_constant_source(&ctx, consts.first().copied().flatten(), res, None)
}

/// `tensor.pack` of a splat constant is that splat when the padding value,
/// if any, is the splat value too.
pub(super) fn fold_pack(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    let pack = PackOp(op);
    let dest = ir.value_type(pack.dest(ir));
    // A padding value that is not a constant constrains nothing.
    let padding = pack.padding_value_range(ir).next().and_then(|i| consts.get(i).copied().flatten());
    reshape_constant_source(&ctx, consts.first().copied().flatten(), dest, padding)
}

/// `tensor.unpack` of a splat constant is that splat.
pub(super) fn fold_unpack(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    let res = ir.value_type(UnPackOp(op).result(ir));
    reshape_constant_source(&ctx, consts.first().copied().flatten(), res, None)
}
