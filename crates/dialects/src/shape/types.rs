//! The `shape` dialect's types (`!shape.shape`, `!shape.size`,
//! `!shape.value_shape`, `!shape.witness`, kept as dialect types without
//! parameters, so they print as written) and ODS's type constraints over
//! them (`size or index`, `shape or extent tensor`, ...), with the
//! descriptions upstream's verifier messages use.

use ir::{Context, Type, TypeKind};

fn shape_dialect_type(ctx: &Context, body: &str) -> Type {
    ctx.ty(TypeKind::Opaque { dialect: ctx.intern_str("shape"), body: ctx.intern_str(body) })
}

fn is_shape_dialect_type(ctx: &Context, t: Type, body: &str) -> bool {
    matches!(ctx.kind(t), TypeKind::Opaque { dialect, body: b }
        if ctx.str(*dialect) == "shape" && ctx.str(*b) == body)
}

/// `!shape.shape`.
pub fn shape_type(ctx: &Context) -> Type {
    shape_dialect_type(ctx, "shape")
}

/// `!shape.size`.
pub fn size_type(ctx: &Context) -> Type {
    shape_dialect_type(ctx, "size")
}

/// `!shape.value_shape`.
pub fn value_shape_type(ctx: &Context) -> Type {
    shape_dialect_type(ctx, "value_shape")
}

/// `!shape.witness`.
pub fn witness_type(ctx: &Context) -> Type {
    shape_dialect_type(ctx, "witness")
}

/// True for `!shape.shape`.
pub fn is_shape(ctx: &Context, t: Type) -> bool {
    is_shape_dialect_type(ctx, t, "shape")
}

/// True for `!shape.size`.
pub fn is_size(ctx: &Context, t: Type) -> bool {
    is_shape_dialect_type(ctx, t, "size")
}

/// True for `!shape.value_shape`.
pub fn is_value_shape(ctx: &Context, t: Type) -> bool {
    is_shape_dialect_type(ctx, t, "value_shape")
}

/// True for `!shape.witness`.
pub fn is_witness(ctx: &Context, t: Type) -> bool {
    is_shape_dialect_type(ctx, t, "witness")
}

/// `tensor<Nxindex>`, `?` for [`ir::DYNAMIC`].
pub fn extent_tensor_type(ctx: &Context, rank: i64) -> Type {
    ctx.tensor_ty(&[rank], ctx.index_ty())
}

/// A ranked tensor of rank 1 with `index` elements (upstream's
/// `isExtentTensorType`, ODS's `1DTensorOf<[Index]>`).
pub fn is_extent_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Tensor { .. })
        && ctx.shape(t).is_some_and(|s| s.len() == 1)
        && ctx.element_type(t).is_some_and(|e| ctx.is_index(e))
}

/// The static length of an extent tensor type (`None` when dynamic or not
/// a ranked tensor of rank 1).
pub fn extent_tensor_len(ctx: &Context, t: Type) -> Option<i64> {
    let s = ctx.shape(t).filter(|s| s.len() == 1 && matches!(ctx.kind(t), TypeKind::Tensor { .. }))?;
    (s[0] != ir::DYNAMIC).then_some(s[0])
}

/// `size or index`.
pub fn is_size_or_index(ctx: &Context, t: Type) -> bool {
    is_size(ctx, t) || ctx.is_index(t)
}

/// `shape or extent tensor`.
pub fn is_shape_or_extent_tensor(ctx: &Context, t: Type) -> bool {
    is_shape(ctx, t) || is_extent_tensor(ctx, t)
}

/// `shape or size`.
pub fn is_shape_or_size(ctx: &Context, t: Type) -> bool {
    is_shape(ctx, t) || is_size(ctx, t)
}

/// `any shape or size`.
pub fn is_any_shape_or_size(ctx: &Context, t: Type) -> bool {
    is_size_or_index(ctx, t) || is_shape_or_extent_tensor(ctx, t)
}

/// ODS's `AnyShaped`: tensors, memrefs and vectors.
pub fn is_shaped(ctx: &Context, t: Type) -> bool {
    ctx.is_shaped(t)
}

/// `shaped of any type values or value shape` (ODS's
/// `AnyTypeOf<[AnyShaped, Shape_ValueShapeType]>`).
pub fn is_shaped_or_value_shape(ctx: &Context, t: Type) -> bool {
    is_shaped(ctx, t) || is_value_shape(ctx, t)
}

/// A type that can carry an error (`size`, `shape`, `value_shape`):
/// upstream's `isErrorPropagationPossible` for one type.
pub fn can_hold_error(ctx: &Context, t: Type) -> bool {
    is_size(ctx, t) || is_shape(ctx, t) || is_value_shape(ctx, t)
}

/// Descriptions of the constraints, as ODS prints them.
pub mod desc {
    /// `Shape_SizeOrIndexType`.
    pub const SIZE_OR_INDEX: &str = "size or index";
    /// `Shape_ShapeOrExtentTensorType`.
    pub const SHAPE_OR_EXTENT: &str = "shape or extent tensor";
    /// `Shape_ShapeOrSizeType`.
    pub const SHAPE_OR_SIZE: &str = "shape or size";
    /// `Shape_AnyShapeOrSizeType`.
    pub const ANY_SHAPE_OR_SIZE: &str = "any shape or size";
    /// `AnyTypeOf<[AnyShaped, Shape_ValueShapeType]>`.
    pub const SHAPED_OR_VALUE_SHAPE: &str = "shaped of any type values or ";
    /// A type of the dialect (`Shape_WitnessType`, ...): no description.
    pub const DIALECT_TYPE: &str = "";
    /// `AnyTypeOf<[1DTensorOf<[AnyInteger, Index]>, Shape_ValueShapeType]>`.
    pub const INT_TENSOR_OR_VALUE_SHAPE: &str = "1D tensor of integer or index values or ";
    /// `IndexTensor`.
    pub const INDEX_TENSOR: &str = "tensor of index values";
    /// `1DTensorOf<[Index]>`.
    pub const EXTENT_TENSOR_1D: &str = "1D tensor of index values";
}
