//! Builders of tensor IR that add logic to the generated typed builders
//! (`CastOp::build`, `EmptyOp::build`, …): `tensor.dim` with its index
//! constant, and the slice ops from mixed static/dynamic lists with an
//! inferred (possibly rank-reduced) result type. All go through
//! [`OpBuilder`], so a rewriter's listener sees what they create.

use super::ops::{DimOp, ExtractSliceOp, InsertSliceOp, ParallelInsertSliceOp};
use super::types::{canonical_rank_reduced_type, infer_slice_result_type};
use crate::static_dynamic::dispatch_mixed;
use ir::interfaces::OpFoldSize;
use ir::op_decl::{IrBuilder, OpBuilder};
use ir::{InsertPoint, Ir, Location, NamedAttr, OpId, OpSpec, Type, ValueId};

/// Creates `arith.constant <v> : index` (the op is created by name, so this
/// works whether or not the arith dialect is registered).
pub fn build_index_constant(b: &mut (impl OpBuilder + ?Sized), loc: Location, v: i64) -> ValueId {
    let ctx = b.ir().ctx_arc().clone();
    let attrs = [NamedAttr { name: ctx.intern_str("value"), value: ctx.index_attr(v) }];
    let index = ctx.index_ty();
    let name = ctx.intern_str("arith.constant");
    let op = b.create(OpSpec { results: &[index], attrs: &attrs, ..OpSpec::new(name, loc) });
    b.ir().result(op, 0)
}

/// Creates `%c = arith.constant <dim> : index` and `tensor.dim %source, %c`
/// at the builder's insertion point, in that order.
pub fn build_dim_of(b: &mut (impl OpBuilder + ?Sized), loc: Location, source: ValueId, dim: usize) -> Option<ValueId> {
    let d = i64::try_from(dim).ok()?;
    let c = build_index_constant(b, loc, d);
    let index = b.ir().ctx().index_ty();
    Some(DimOp::build(b, loc, index, source, c).result(b.ir()))
}

/// Creates `tensor.dim %source, %c<dim>` (with its index constant) at `ip`
/// in plain IR, for `ReifyShapes` implementations (which get the IR, not a
/// builder). With an `After` or `BlockStart` point the constant still comes
/// first.
pub fn build_dim(ir: &mut Ir, ip: InsertPoint, loc: Location, source: ValueId, dim: usize) -> Option<ValueId> {
    let d = i64::try_from(dim).ok()?;
    let mut b = IrBuilder::at(ir, ip);
    let c = build_index_constant(&mut b, loc, d);
    if let InsertPoint::After(_) | InsertPoint::BlockStart(_) = ip {
        b.ip = Some(InsertPoint::After(b.ir.defining_op(c)?));
    }
    let index = b.ir.ctx().index_ty();
    Some(DimOp::build(&mut b, loc, index, source, c).result(b.ir))
}

/// [`build_dim`], then folded (MLIR's `createOrFoldDimOp`): a `tensor.dim`
/// of a value whose extent is known (e.g. a `tensor.empty` size) is that
/// value, and the `tensor.dim` is erased; its index constant stays, as
/// upstream's does.
pub fn build_dim_folded(ir: &mut Ir, ip: InsertPoint, loc: Location, source: ValueId, dim: usize) -> Option<ValueId> {
    let d = build_dim(ir, ip, loc, source, dim)?;
    let dim_op = ir.defining_op(d)?;
    Some(crate::affine_compose::create_or_fold_index(ir, dim_op))
}

/// Mixed offsets, sizes and strides of a slice to build.
#[derive(Clone, Copy, Debug)]
pub struct MixedSlice<'s> {
    /// Offsets.
    pub offsets: &'s [OpFoldSize],
    /// Sizes.
    pub sizes: &'s [OpFoldSize],
    /// Strides.
    pub strides: &'s [OpFoldSize],
}

/// The three lists split into dynamic operands and static attributes.
struct SplitSlice {
    offsets: (Vec<ValueId>, Vec<i64>),
    sizes: (Vec<ValueId>, Vec<i64>),
    strides: (Vec<ValueId>, Vec<i64>),
}

impl MixedSlice<'_> {
    fn split(&self) -> SplitSlice {
        SplitSlice {
            offsets: dispatch_mixed(self.offsets),
            sizes: dispatch_mixed(self.sizes),
            strides: dispatch_mixed(self.strides),
        }
    }
}

/// The result type of a `tensor.extract_slice` to build.
#[derive(Clone, Copy, Debug)]
pub enum SliceType {
    /// The static sizes, not rank-reduced (`inferResultType`).
    Inferred,
    /// Rank-reduced to this rank, dropping leading unit dimensions first
    /// (`inferCanonicalRankReducedResultType`).
    RankReduced(usize),
    /// This type.
    Exactly(Type),
}

/// Creates `tensor.extract_slice` of `source`; `None` when the result type
/// cannot be inferred.
pub fn build_extract_slice(
    b: &mut (impl OpBuilder + ?Sized),
    loc: Location,
    source: ValueId,
    slice: MixedSlice<'_>,
    ty: SliceType,
) -> Option<ValueId> {
    let ctx = b.ir().ctx_arc().clone();
    let s = slice.split();
    let src_ty = b.ir().value_type(source);
    let ty = match ty {
        SliceType::RankReduced(r) => canonical_rank_reduced_type(&ctx, src_ty, &s.sizes.1, r)?,
        SliceType::Inferred => infer_slice_result_type(&ctx, src_ty, &s.sizes.1)?,
        SliceType::Exactly(t) => t,
    };
    let op = ExtractSliceOp::build(
        b,
        loc,
        ty,
        source,
        &s.offsets.0,
        &s.sizes.0,
        &s.strides.0,
        &s.offsets.1,
        &s.sizes.1,
        &s.strides.1,
    );
    Some(op.result(b.ir()))
}

/// Creates `tensor.insert_slice %source into %dest[...]`.
pub fn build_insert_slice(
    b: &mut (impl OpBuilder + ?Sized),
    loc: Location,
    source: ValueId,
    dest: ValueId,
    slice: MixedSlice<'_>,
) -> ValueId {
    let s = slice.split();
    let ty = b.ir().value_type(dest);
    let op = InsertSliceOp::build(
        b,
        loc,
        ty,
        source,
        dest,
        &s.offsets.0,
        &s.sizes.0,
        &s.strides.0,
        &s.offsets.1,
        &s.sizes.1,
        &s.strides.1,
    );
    op.result(b.ir())
}

/// Creates `tensor.parallel_insert_slice %source into %dest[...]` (no
/// result).
pub fn build_parallel_insert_slice(
    b: &mut (impl OpBuilder + ?Sized),
    loc: Location,
    source: ValueId,
    dest: ValueId,
    slice: MixedSlice<'_>,
) -> OpId {
    let s = slice.split();
    ParallelInsertSliceOp::build(
        b,
        loc,
        source,
        dest,
        &s.offsets.0,
        &s.sizes.0,
        &s.strides.0,
        &s.offsets.1,
        &s.sizes.1,
        &s.strides.1,
    )
    .0
}

/// Creates `tensor.empty` with the mixed static and dynamic `sizes`
/// (upstream's `EmptyOp::build` from `OpFoldResult`s) and returns it.
pub fn build_empty_mixed(
    b: &mut (impl OpBuilder + ?Sized),
    loc: Location,
    sizes: &[OpFoldSize],
    elem: Type,
) -> ValueId {
    let (dynamic, shape) = dispatch_mixed(sizes);
    let ty = b.ir().ctx().tensor_ty(&shape, elem);
    super::ops::EmptyOp::build(b, loc, ty, &dynamic).result(b.ir())
}
