//! The tensor dialect's canonicalization patterns about shapes:
//! `tensor.dim` looked up through the op that defines its source
//! (upstream's `DimOfCastOp`, `DimOfDestStyleOp` and `DimOfReshapeOp`,
//! registered on `tensor.dim`; `FoldDimOfExpandShape` and
//! `FoldDimOfCollapseShape`, registered on `tensor.expand_shape`), and the
//! sizes of `tensor.empty` made static or read back (`ReplaceEmptyTensorStaticShapeDims`,
//! `FoldEmptyTensorWithCastOp` rooted at `tensor.cast`, `FoldEmptyTensorWithDimOp` rooted at
//! `tensor.dim`). Real frontend
//! output with dynamic shapes depends on them: TOSA's lowering measures each
//! intermediate result with a `tensor.dim`, and only these patterns let
//! `--canonicalize --cse` share the sizes again.

use super::build::build_dim_of;
use super::fold::preserves_static_information;
use super::ops::{CastOp, CollapseShapeOp, DimOp, EmptyOp, ExpandShapeOp, ExtractOp, ReshapeOp};
use super::types::{reassociation, tensor_parts, tensor_type};
use crate::arith::IndexCastOp;
use ir::affine::{AffineBinaryOp, AffineExpr, AffineMap};
use ir::interfaces::tied_init;
use ir::rewrite_api::PatternRewriter;
use ir::{InsertPoint, Ir, OpId, Type, ValueDef, ValueId, DYNAMIC};

/// The defining op of the `tensor.dim`'s source.
fn source_def(rw: &PatternRewriter<'_>, op: OpId) -> Option<OpId> {
    let ir = rw.ir();
    (ir.num_operands(op) == 2).then(|| ir.defining_op(DimOp(op).source(ir)))?
}

/// `DimOfCastOp`: `tensor.dim (tensor.cast %x), %i` measures `%x`.
pub fn dim_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(cast) = source_def(rw, op).and_then(|d| CastOp::cast(rw.ir(), d)) else { return false };
    let ir = rw.ir();
    let (loc, index, ty, src) = (ir.op_loc(op), DimOp(op).index(ir), ir.value_type(ir.result(op, 0)), cast.source(ir));
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = DimOp::build(rw, loc, ty, src, index).result(rw.ir());
    rw.replace_op(op, &[new]);
    true
}

/// `DimOfDestStyleOp`: a `tensor.dim` of a result of a destination-style op
/// measures the tied init instead (updated in place).
pub fn dim_of_dest_style(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 {
        return false;
    }
    let ValueDef::Result { op: def, index } = ir.value_def(DimOp(op).source(ir)) else { return false };
    let Some(init) = tied_init(ir, def, index as usize) else { return false };
    let v = ir.use_value(init);
    rw.modify_in_place(op, |ir| ir.set_operand(op, 0, v));
    true
}

/// `DimOfReshapeOp`: `tensor.dim (tensor.reshape %x(%shape)), %i` reads
/// `%shape[%i]` (cast to `index` when the shape holds integers), created
/// after the `tensor.dim`.
pub fn dim_of_reshape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(reshape) = source_def(rw, op).and_then(|d| ReshapeOp::cast(rw.ir(), d)) else { return false };
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let (loc, index, shape) = (ir.op_loc(op), DimOp(op).index(ir), reshape.shape(ir));
    let Some(elem) = ctx.element_type(ir.value_type(shape)) else { return false };
    let dim_ty = ir.value_type(ir.result(op, 0));
    rw.set_insertion_point(InsertPoint::After(op));
    let extract = ExtractOp::build(rw, loc, elem, shape, &[index][..]);
    let mut v = extract.result(rw.ir());
    if elem != dim_ty {
        rw.set_insertion_point(InsertPoint::After(extract.0));
        v = IndexCastOp::build(rw, loc, dim_ty, v).out(rw.ir());
    }
    rw.replace_op(op, &[v]);
    true
}

/// The constant index of a `tensor.dim` and the dynamic-dim check of its
/// source type: `Some(dim)` when the dimension is constant and dynamic.
fn constant_dynamic_dim(rw: &PatternRewriter<'_>, op: OpId) -> Option<usize> {
    let ir = rw.ir();
    let dim = usize::try_from(crate::util::const_int(ir, DimOp(op).index(ir))?).ok()?;
    let shape = ir.ctx().shape(ir.value_type(DimOp(op).source(ir)))?;
    (shape.get(dim) == Some(&DYNAMIC)).then_some(dim)
}

/// `FoldDimOfExpandShape`: a dynamic extent of an expanded tensor is the
/// source extent of its group divided by the group's other (static)
/// extents: `affine.apply ()[s0] -> (s0 floordiv product)`.
pub fn dim_of_expand_shape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(expand) = source_def(rw, op).and_then(|d| ExpandShapeOp::cast(rw.ir(), d)) else { return false };
    let Some(dim) = constant_dynamic_dim(rw, op) else { return false };
    let ir = rw.ir();
    let Some(groups) = reassociation(ir, expand.0) else { return false };
    let Some(src_dim) = groups.iter().position(|g| g.contains(&(dim as i64))) else { return false };
    let Some(shape) = ir.ctx().shape(ir.value_type(expand.result(ir))) else { return false };
    let mut product = 1i64;
    for &d in &groups[src_dim] {
        let Some(&extent) = usize::try_from(d).ok().and_then(|d| shape.get(d)) else { return false };
        if d as usize != dim {
            if extent == DYNAMIC {
                return false;
            }
            product = product.saturating_mul(extent);
        }
    }
    let (loc, src) = (ir.op_loc(op), expand.src(ir));
    rw.set_insertion_point(InsertPoint::Before(op));
    let Some(src_size) = build_dim_of(rw, loc, src, src_dim) else { return false };
    let map = AffineMap::new(0, 1, [AffineExpr::symbol(0).floor_div(product)]);
    crate::affine_compose::replace_with_apply(rw, op, map, &[src_size]);
    true
}

/// `FoldDimOfCollapseShape`: a dynamic extent of a collapsed tensor is the
/// product of the source extents of its group: `affine.apply
/// ()[s0, s1, ...] -> (s0 * s1 * ...)`.
pub fn dim_of_collapse_shape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some(collapse) = source_def(rw, op).and_then(|d| CollapseShapeOp::cast(rw.ir(), d)) else { return false };
    let Some(dim) = constant_dynamic_dim(rw, op) else { return false };
    let ir = rw.ir();
    let Some(group) = reassociation(ir, collapse.0).and_then(|g| g.get(dim).cloned()) else { return false };
    let (loc, src) = (ir.op_loc(op), collapse.src(ir));
    rw.set_insertion_point(InsertPoint::Before(op));
    let mut sizes = Vec::with_capacity(group.len());
    let mut product: Option<AffineExpr> = None;
    for (i, &d) in group.iter().enumerate() {
        let Some(size) = usize::try_from(d).ok().and_then(|d| build_dim_of(rw, loc, src, d)) else { return false };
        sizes.push(size);
        let s = AffineExpr::symbol(i);
        product = Some(match product {
            None => s,
            Some(p) => AffineExpr::binary(AffineBinaryOp::Mul, &p, &s),
        });
    }
    let Some(product) = product else { return false };
    let map = AffineMap::new(0, sizes.len(), [product]);
    crate::affine_compose::replace_with_apply(rw, op, map, &sizes);
    true
}

/// Upstream's `foldDynamicToStaticDimSizes`: the type `ty` with each
/// dynamic extent whose size (in `sizes`, one per dynamic extent) is a
/// non-negative constant made static, and the sizes left dynamic; `None`
/// when `ty` is not a ranked tensor or the sizes do not match it.
pub(super) fn fold_dynamic_to_static_sizes(ir: &Ir, ty: Type, sizes: &[ValueId]) -> Option<(Type, Vec<ValueId>)> {
    let ctx = ir.ctx();
    let (shape, elem, encoding) = tensor_parts(ctx, ty)?;
    let mut new_shape = shape.to_vec();
    let mut kept = Vec::with_capacity(sizes.len());
    let mut next = sizes.iter().copied();
    for extent in new_shape.iter_mut().filter(|d| **d == DYNAMIC) {
        let v = next.next()?;
        match crate::util::const_int(ir, v).and_then(|c| i64::try_from(c).ok()) {
            Some(c) if c >= 0 => *extent = c,
            _ => kept.push(v),
        }
    }
    Some((tensor_type(ctx, &new_shape, elem, encoding), kept))
}

/// `ReplaceEmptyTensorStaticShapeDims`: the non-negative constant sizes of
/// a `tensor.empty` become static extents; a `tensor.cast` gives back the
/// old type.
pub fn empty_static_sizes(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(empty) = EmptyOp::cast(ir, op) else { return false };
    let ty = ir.value_type(empty.result(ir));
    // `tensor.empty`'s operands are its dynamic sizes.
    let sizes: Vec<ValueId> = ir.operands(op).collect();
    let Some((new_ty, kept)) = fold_dynamic_to_static_sizes(ir, ty, &sizes) else { return false };
    if kept.len() == sizes.len() {
        return false;
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = EmptyOp::build(rw, loc, new_ty, &kept[..]).result(rw.ir());
    let v = CastOp::build(rw, loc, ty, new).dest(rw.ir());
    rw.replace_op(op, &[v]);
    true
}

/// `FoldEmptyTensorWithCastOp`: a cast that adds static information to a
/// `tensor.empty` is a `tensor.empty` of the cast's type (the input is
/// trusted to agree with the constant extents).
pub fn cast_of_empty(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let Some(cast) = CastOp::cast(ir, op) else { return false };
    let (source, dest) = (cast.source(ir), cast.dest(ir));
    let (src_ty, dest_ty) = (ir.value_type(source), ir.value_type(dest));
    if !preserves_static_information(&ctx, src_ty, dest_ty) {
        return false;
    }
    let Some(empty) = ir.defining_op(source).and_then(|d| EmptyOp::cast(ir, d)) else { return false };
    let (Some(src_shape), Some(dest_shape), Some(elem)) =
        (ctx.shape(src_ty), ctx.shape(dest_ty), ctx.element_type(dest_ty))
    else {
        return false;
    };
    if src_shape.len() != dest_shape.len() {
        return false;
    }
    let sizes: Vec<ValueId> = ir.operands(empty.0).collect();
    let mut next = sizes.iter().copied();
    let mut kept = Vec::new();
    for (&old, &new) in src_shape.iter().zip(dest_shape) {
        if old != DYNAMIC {
            if new != old {
                return false;
            }
            continue;
        }
        let Some(v) = next.next() else { return false };
        if new == DYNAMIC {
            kept.push(v);
        }
    }
    // The encoding is dropped, as upstream does.
    let new_ty = ctx.tensor_ty(dest_shape, elem);
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let v = EmptyOp::build(rw, loc, new_ty, &kept[..]).result(rw.ir());
    rw.replace_op(op, &[v]);
    true
}

/// `ExtractFromTensorCast`: `tensor.extract` of a cast of a ranked tensor
/// reads the cast's source.
pub fn extract_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(cast) = ir.operands(op).next().and_then(|t| ir.defining_op(t)).and_then(|d| CastOp::cast(ir, d)) else {
        return false;
    };
    let source = cast.source(ir);
    if ir.ctx().shape(ir.value_type(source)).is_none() {
        return false;
    }
    let (loc, ty) = (ir.op_loc(op), ir.value_type(ir.result(op, 0)));
    let indices: Vec<ValueId> = ir.operands(op).skip(1).collect();
    rw.set_insertion_point(InsertPoint::Before(op));
    let v = ExtractOp::build(rw, loc, ty, source, &indices[..]).result(rw.ir());
    rw.replace_op(op, &[v]);
    true
}

/// `FoldEmptyTensorWithDimOp`: `tensor.dim` of a dynamic extent of a
/// `tensor.empty`, at a constant index, becomes the size operand that
/// gives it. (A pattern, not part of `tensor.dim`'s folder, as upstream:
/// `createOrFold` of a `tensor.dim` leaves it.)
pub fn dim_of_empty(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(empty) = ir.defining_op(ir.operand(op, 0)).and_then(|d| EmptyOp::cast(ir, d)) else { return false };
    let Some(idx) = crate::util::const_int(ir, ir.operand(op, 1)).and_then(|i| usize::try_from(i).ok()) else {
        return false;
    };
    let Some(shape) = ir.ctx().shape(ir.value_type(empty.result(ir))) else { return false };
    if shape.get(idx) != Some(&DYNAMIC) {
        return false;
    }
    let k = shape[..idx].iter().filter(|&&d| d == DYNAMIC).count();
    let Some(size) = empty.dynamic_sizes(ir).get(k) else { return false };
    rw.replace_op(op, &[size]);
    true
}

/// `ExtractElementFromIndexCast` (registered on `tensor.from_elements`,
/// rooted at `tensor.extract`): an element of an `arith.index_cast` of a
/// tensor is the cast of the element of the cast's input.
pub fn extract_of_index_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) < 1 || ir.num_results(op) != 1 {
        return false;
    }
    let extract = ExtractOp(op);
    let Some(cast) = ir.defining_op(extract.tensor(ir)).and_then(|d| IndexCastOp::cast(ir, d)) else { return false };
    let input = cast.input(ir);
    let in_ty = ir.value_type(input);
    let elem = ir.ctx().element_type(in_ty).unwrap_or(in_ty);
    let (loc, ty) = (ir.op_loc(op), ir.value_type(extract.result(ir)));
    let indices: Vec<ValueId> = ir.operands(op).skip(1).collect();
    rw.set_insertion_point(InsertPoint::Before(op));
    let element = ExtractOp::build(rw, loc, elem, input, &indices[..]).result(rw.ir());
    let v = IndexCastOp::build(rw, loc, ty, element).out(rw.ir());
    rw.replace_op(op, &[v]);
    true
}
