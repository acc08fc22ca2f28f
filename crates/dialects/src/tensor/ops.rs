//! The declarations of the tensor dialect's ops: one `declare_op!` per op
//! (traits, operand / attribute / result / region groups, verifier, folder,
//! custom assembly, interfaces and canonicalization patterns in upstream's
//! order), and the typed slice views shared by `extract_slice`,
//! `insert_slice` and `parallel_insert_slice`.

use super::asm::{
    from_elements_types, ExtractSliceAsm, GatherScatterAsm, GenerateAsm, InsertSliceAsm, PadAsm, RelayoutAsm,
};
use super::canon::{
    canonicalize_pack, canonicalize_unpack, cast_of_extract_slice, chained_bitcast, chained_cast,
    extract_slice_constant_args, extract_slice_of_cast, insert_slice_cast_folder, insert_slice_constant_args,
    single_input_concat,
};
use super::fold::{
    fold_cast, fold_collapse_shape, fold_concat, fold_dim, fold_expand_shape, fold_extract, fold_extract_slice,
    fold_from_elements, fold_gather, fold_identity_cast, fold_insert, fold_insert_slice, fold_pack, fold_rank,
    fold_reshape, fold_splat, fold_unpack,
};
use super::generate_canon::{extract_from_tensor_generate, static_tensor_generate};
use super::interfaces::{
    InsertSliceSubset, NoEffects, RelayoutDest, SliceLayout, SliceSubset, TensorCastLike, TensorDest, TensorReify,
};
use super::pad_canon::{
    fold_pad, fold_source_tensor_cast, fold_static_padding, fold_static_zero_padding, fold_target_tensor_cast,
};
use super::reshape_canon::{
    collapse_of_cast, compose_collapse_of_expand, compose_collapses, compose_expand_of_collapse, compose_expands,
    reshape_of_from_elements, reshape_of_splat,
};
use super::shape_canon::{
    cast_of_empty, dim_of_cast, dim_of_collapse_shape, dim_of_dest_style, dim_of_empty, dim_of_expand_shape,
    dim_of_reshape, empty_static_sizes, extract_of_cast, extract_of_index_cast,
};
use super::types::{is_ranked_tensor, is_tensor};
use super::verify::{
    verify_bitcast, verify_cast, verify_collapse_shape, verify_concat, verify_dim, verify_empty, verify_expand_shape,
    verify_extract, verify_extract_slice, verify_from_elements, verify_gather, verify_generate, verify_insert,
    verify_insert_slice, verify_pack, verify_pad, verify_parallel_insert_slice, verify_rank, verify_reshape,
    verify_scatter, verify_splat, verify_unpack, verify_yield,
};
use crate::declare_op;
use crate::static_dynamic::{mixed_values, OffsetSizeAndStride, SliceParams};
use crate::util::ExpandShapeAsm;
use ir::buffer_interfaces::{SubsetExtraction, SubsetInsertion, SubsetOp};
use ir::interfaces::{CastLike, DestinationStyle, MemoryEffects, OpFoldSize, ReifyShapes};
use ir::op_decl::{AnyAttr, I64Array, I64Attr, Opt, UnitAttr};
use ir::{Context, Ir, OpTraits};

declare_op! {
    /// `tensor.bitcast`: reinterprets the elements with a type of the same
    /// bit width.
    pub struct BitcastOp = "tensor.bitcast" {
        traits: OpTraits::PURE,
        operands: [source: Single],
        results: [dest: Single],
        verify: verify_bitcast,
        fold: fold_identity_cast,
        format: "$source attr-dict `:` type($source) `to` type($dest)",
        format_rules: [source: Kind(is_tensor), dest: Kind(is_tensor)],
        interfaces: [CastLike => TensorCastLike { bitcast: true }],
        patterns: ["ChainedTensorBitcast" => chained_bitcast],
    }
}

declare_op! {
    /// `tensor.cast`: changes how much of the shape is static.
    pub struct CastOp = "tensor.cast" {
        traits: OpTraits::PURE,
        operands: [source: Single],
        results: [dest: Single],
        verify: verify_cast,
        fold: fold_cast,
        format: "$source attr-dict `:` type($source) `to` type($dest)",
        format_rules: [source: Kind(is_tensor), dest: Kind(is_tensor)],
        result_name: "cast",
        interfaces: [CastLike => TensorCastLike { bitcast: false }],
        patterns: ["ChainedTensorCast" => chained_cast, "TensorCastExtractSlice" => cast_of_extract_slice],
    }
}

declare_op! {
    /// `tensor.concat`: joins tensors along dimension `dim`.
    pub struct ConcatOp = "tensor.concat" {
        traits: OpTraits::PURE,
        operands: [inputs: Variadic],
        attrs: [dim: I64Attr],
        results: [result: Single],
        verify: verify_concat,
        fold: fold_concat,
        format: "`dim` `(` $dim `)` $inputs attr-dict `:` functional-type(operands, results)",
        result_name: "concat",
        interfaces: [ReifyShapes => TensorReify::Concat],
        patterns: ["SingleInputConcatOp" => single_input_concat],
    }
}

declare_op! {
    /// `tensor.dim`: one extent of a tensor. `NoMemoryEffect` but only
    /// conditionally speculatable, so not `PURE`.
    pub struct DimOp = "tensor.dim" {
        traits: OpTraits::default(),
        operands: [source: Single, index: Single],
        results: [result: Single],
        verify: verify_dim,
        fold: fold_dim,
        format: "attr-dict $source `,` $index `:` type($source)",
        format_rules: [source: Kind(is_tensor), index: Is(Context::index_ty), result: Is(Context::index_ty)],
        result_name: "dim",
        interfaces: [MemoryEffects => NoEffects],
        patterns: ["DimOfCastOp" => dim_of_cast, "DimOfDestStyleOp" => dim_of_dest_style, "DimOfReshapeOp" => dim_of_reshape],
    }
}

declare_op! {
    /// `tensor.empty`: a tensor of unspecified contents.
    pub struct EmptyOp = "tensor.empty" {
        traits: OpTraits::PURE,
        operands: [dynamic_sizes: Variadic],
        results: [result: Single],
        verify: verify_empty,
        format: "`(` $dynamic_sizes `)` attr-dict `:` type($result)",
        format_rules: [dynamic_sizes: Is(Context::index_ty), result: Kind(is_ranked_tensor)],
        interfaces: [ReifyShapes => TensorReify::DynamicSizes],
        patterns: [
            "FoldEmptyTensorWithCastOp" on "tensor.cast" => cast_of_empty,
            "FoldEmptyTensorWithDimOp" on "tensor.dim" => dim_of_empty,
            "ReplaceEmptyTensorStaticShapeDims" => empty_static_sizes,
        ],
    }
}

declare_op! {
    /// `tensor.extract`: reads one element.
    pub struct ExtractOp = "tensor.extract" {
        traits: OpTraits::PURE,
        operands: [tensor: Single, indices: Variadic],
        results: [result: Single],
        verify: verify_extract,
        fold: fold_extract,
        format: "$tensor `[` $indices `]` attr-dict `:` type($tensor)",
        format_rules: [tensor: Kind(is_ranked_tensor), indices: Is(Context::index_ty), result: From("tensor", |ctx, t| ctx.element_type(t))],
        result_name: "extracted",
        patterns: ["ExtractFromTensorCast" => extract_of_cast],
    }
}

declare_op! {
    /// `tensor.extract_slice`: reads a strided slice (possibly rank-reduced).
    pub struct ExtractSliceOp = "tensor.extract_slice" {
        traits: OpTraits::PURE,
        operands: [source: Single, offsets: Variadic, sizes: Variadic, strides: Variadic],
        operand_segments: true,
        attrs: [static_offsets: I64Array, static_sizes: I64Array, static_strides: I64Array],
        results: [result: Single],
        verify: verify_extract_slice,
        fold: fold_extract_slice,
        asm: ExtractSliceAsm,
        interfaces: [
            OffsetSizeAndStride => SliceLayout::EXTRACT,
            ReifyShapes => TensorReify::ExtractSlice,
            SubsetOp => SliceSubset,
            SubsetExtraction => SliceSubset,
        ],
        patterns: [
            "OpWithOffsetSizesAndStridesConstantArgumentFolder" => extract_slice_constant_args,
            "ExtractSliceOpCastFolder" => extract_slice_of_cast,
        ],
    }
}

declare_op! {
    /// `tensor.from_elements`: a static tensor from its elements.
    pub struct FromElementsOp = "tensor.from_elements" {
        traits: OpTraits::PURE,
        operands: [elements: Variadic],
        results: [result: Single],
        verify: verify_from_elements,
        fold: fold_from_elements,
        format: "$elements attr-dict `:` type($result)",
        // `AnyStaticShapeTensor` is a `RankedTensorType` to the parser.
        format_rules: [result: Kind(is_ranked_tensor), elements: FromList("result", from_elements_types)],
        result_name: "from_elements",
        patterns: ["ExtractElementFromIndexCast" on "tensor.extract" => extract_of_index_cast],
    }
}

declare_op! {
    /// `tensor.generate`: a tensor whose elements a region computes.
    pub struct GenerateOp = "tensor.generate" {
        traits: OpTraits::RECURSIVE_MEMORY_EFFECTS | OpTraits::SINGLE_BLOCK | OpTraits::IMPLICIT_TERMINATOR,
        operands: [dynamic_extents: Variadic],
        results: [result: Single],
        regions: [body: Single],
        verify: verify_generate,
        asm: GenerateAsm,
        interfaces: [ReifyShapes => TensorReify::DynamicSizes],
        patterns: [
            "ExtractFromTensorGenerate" on "tensor.extract" => extract_from_tensor_generate,
            "StaticTensorGenerate" => static_tensor_generate,
        ],
    }
}

declare_op! {
    /// `tensor.gather`: the elements or slices of `source` at the
    /// coordinates `indices` holds along `gather_dims`.
    pub struct GatherOp = "tensor.gather" {
        traits: OpTraits::PURE,
        operands: [source: Single, indices: Single],
        attrs: [gather_dims: I64Array, unique: UnitAttr],
        results: [result: Single],
        verify: verify_gather,
        fold: fold_gather,
        asm: GatherScatterAsm { scatter: false },
    }
}

declare_op! {
    /// `tensor.scatter`: writes the elements or slices of `source` into
    /// `dest` at the coordinates `indices` holds along `scatter_dims`.
    pub struct ScatterOp = "tensor.scatter" {
        traits: OpTraits::PURE,
        operands: [source: Single, dest: Single, indices: Single],
        attrs: [scatter_dims: I64Array, unique: UnitAttr],
        results: [result: Single],
        verify: verify_scatter,
        asm: GatherScatterAsm { scatter: true },
    }
}

declare_op! {
    /// `tensor.pack`: tiles `source` into the higher-rank `dest`, padding
    /// partial tiles with `padding_value`. `NoMemoryEffect` but only
    /// conditionally speculatable, so not `PURE`.
    pub struct PackOp = "tensor.pack" {
        traits: OpTraits::default(),
        operands: [source: Single, dest: Single, padding_value: Optional, inner_tiles: Variadic],
        operand_segments: true,
        attrs: [outer_dims_perm: Opt<I64Array>, inner_dims_pos: I64Array, static_inner_tiles: I64Array],
        results: [result: Single],
        verify: verify_pack,
        fold: fold_pack,
        asm: RelayoutAsm { pack: true },
        interfaces: [
            DestinationStyle => RelayoutDest,
            MemoryEffects => NoEffects,
            ReifyShapes => TensorReify::Relayout,
        ],
        patterns: ["PackOp::canonicalize" => canonicalize_pack],
    }
}

declare_op! {
    /// `tensor.unpack`: the inverse of `tensor.pack`, from tiles back to
    /// the lower-rank `dest`.
    pub struct UnPackOp = "tensor.unpack" {
        traits: OpTraits::default(),
        operands: [source: Single, dest: Single, inner_tiles: Variadic],
        attrs: [outer_dims_perm: Opt<I64Array>, inner_dims_pos: I64Array, static_inner_tiles: I64Array],
        results: [result: Single],
        verify: verify_unpack,
        fold: fold_unpack,
        asm: RelayoutAsm { pack: false },
        interfaces: [
            DestinationStyle => RelayoutDest,
            MemoryEffects => NoEffects,
            ReifyShapes => TensorReify::Relayout,
        ],
        patterns: ["UnPackOp::canonicalize" => canonicalize_unpack],
    }
}

declare_op! {
    /// `tensor.insert`: writes one element into a destination.
    pub struct InsertOp = "tensor.insert" {
        traits: OpTraits::PURE,
        operands: [scalar: Single, dest: Single, indices: Variadic],
        results: [result: Single],
        verify: verify_insert,
        fold: fold_insert,
        format: "$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)",
        format_rules: [
            dest: Kind(is_ranked_tensor),
            indices: Is(Context::index_ty),
            scalar: From("dest", |ctx, t| ctx.element_type(t)),
            result: SameAs("dest"),
        ],
        result_name: "inserted",
        interfaces: [DestinationStyle => TensorDest],
    }
}

declare_op! {
    /// `tensor.insert_slice`: writes a tensor into a strided slice of a
    /// destination.
    pub struct InsertSliceOp = "tensor.insert_slice" {
        traits: OpTraits::PURE,
        operands: [source: Single, dest: Single, offsets: Variadic, sizes: Variadic, strides: Variadic],
        operand_segments: true,
        attrs: [static_offsets: I64Array, static_sizes: I64Array, static_strides: I64Array],
        results: [result: Single],
        verify: verify_insert_slice,
        fold: fold_insert_slice,
        asm: InsertSliceAsm { parallel: false },
        interfaces: [
            DestinationStyle => TensorDest,
            OffsetSizeAndStride => SliceLayout::INSERT,
            ReifyShapes => TensorReify::InsertSlice,
            SubsetOp => SliceSubset,
            SubsetInsertion => InsertSliceSubset,
        ],
        patterns: [
            "InsertSliceOpConstantArgumentFolder" => insert_slice_constant_args,
            "InsertSliceOpCastFolder" => insert_slice_cast_folder,
        ],
    }
}

declare_op! {
    /// `tensor.rank`: the rank of a tensor.
    pub struct RankOp = "tensor.rank" {
        traits: OpTraits::PURE,
        operands: [tensor: Single],
        results: [result: Single],
        verify: verify_rank,
        fold: fold_rank,
        format: "$tensor attr-dict `:` type($tensor)",
        format_rules: [tensor: Kind(is_tensor), result: Is(Context::index_ty)],
        result_name: "rank",
    }
}

declare_op! {
    /// `tensor.reshape`: reshapes to the shape held by a 1-D tensor.
    pub struct ReshapeOp = "tensor.reshape" {
        traits: OpTraits::PURE,
        operands: [source: Single, shape: Single],
        results: [result: Single],
        verify: verify_reshape,
        fold: fold_reshape,
        format: "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
        result_name: "reshape",
    }
}

declare_op! {
    /// `tensor.expand_shape`: splits dimensions along a reassociation.
    pub struct ExpandShapeOp = "tensor.expand_shape" {
        traits: OpTraits::PURE,
        operands: [src: Single, output_shape: Variadic],
        attrs: [reassociation: AnyAttr, static_output_shape: I64Array],
        results: [result: Single],
        verify: verify_expand_shape,
        fold: fold_expand_shape,
        asm: ExpandShapeAsm { ok: is_tensor, hint: "expanded" },
        interfaces: [ReifyShapes => TensorReify::ExpandShape],
        patterns: [
            "ComposeReassociativeReshapeOps" => compose_expands,
            "ComposeExpandOfCollapseOp" => compose_expand_of_collapse,
            "FoldReshapeWithSplat" => reshape_of_splat,
            "FoldReshapeWithFromElements" => reshape_of_from_elements,
            "FoldDimOfExpandShape" on "tensor.dim" => dim_of_expand_shape,
            "FoldDimOfCollapseShape" on "tensor.dim" => dim_of_collapse_shape,
        ],
    }
}

declare_op! {
    /// `tensor.collapse_shape`: merges dimensions along a reassociation.
    pub struct CollapseShapeOp = "tensor.collapse_shape" {
        traits: OpTraits::PURE,
        operands: [src: Single],
        attrs: [reassociation: AnyAttr],
        results: [result: Single],
        verify: verify_collapse_shape,
        fold: fold_collapse_shape,
        format: "$src $reassociation attr-dict `:` type($src) `into` type($result)",
        format_rules: [
            src: Kind(is_tensor),
            result: Kind(is_tensor),
            reassociation: AttrKind(|ctx, a| ctx.array_value(a).is_some()),
        ],
        result_name: "collapsed",
        interfaces: [ReifyShapes => TensorReify::CollapseShape],
        patterns: [
            "ComposeReassociativeReshapeOps" => compose_collapses,
            "ComposeCollapseOfExpandOp" => compose_collapse_of_expand,
            "FoldReshapeWithSplat" => reshape_of_splat,
            "FoldReshapeWithFromElements" => reshape_of_from_elements,
            "FoldCollapseOfCastOp" => collapse_of_cast,
        ],
    }
}

declare_op! {
    /// `tensor.pad`: pads a tensor with values a region computes.
    pub struct PadOp = "tensor.pad" {
        traits: OpTraits::PURE | OpTraits::SINGLE_BLOCK | OpTraits::IMPLICIT_TERMINATOR,
        operands: [source: Single, low: Variadic, high: Variadic],
        operand_segments: true,
        attrs: [nofold: UnitAttr, static_high: I64Array, static_low: I64Array],
        results: [result: Single],
        regions: [region: Single],
        verify: verify_pad,
        fold: fold_pad,
        asm: PadAsm,
        interfaces: [ReifyShapes => TensorReify::Pad],
        patterns: [
            "FoldStaticZeroPadding" => fold_static_zero_padding,
            "FoldSourceTensorCast" => fold_source_tensor_cast,
            "FoldTargetTensorCast" => fold_target_tensor_cast,
            "FoldOrthogonalPaddings" => super::pad_canon::fold_orthogonal_paddings,
            "FoldStaticPadding" => fold_static_padding,
        ],
    }
}

declare_op! {
    /// `tensor.parallel_insert_slice`: the insertion of one iteration of an
    /// `scf.forall` into the loop's shared output.
    pub struct ParallelInsertSliceOp = "tensor.parallel_insert_slice" {
        traits: OpTraits::default(),
        operands: [source: Single, dest: Single, offsets: Variadic, sizes: Variadic, strides: Variadic],
        operand_segments: true,
        attrs: [static_offsets: I64Array, static_sizes: I64Array, static_strides: I64Array],
        verify: verify_parallel_insert_slice,
        asm: InsertSliceAsm { parallel: true },
        interfaces: [
            OffsetSizeAndStride => SliceLayout::INSERT,
            SubsetOp => SliceSubset,
            SubsetInsertion => InsertSliceSubset,
        ],
        patterns: [
            "InsertSliceOpConstantArgumentFolder" => insert_slice_constant_args,
            "InsertSliceOpCastFolder" => insert_slice_cast_folder,
        ],
    }
}

declare_op! {
    /// `tensor.splat`: a tensor with every element equal to a scalar.
    pub struct SplatOp = "tensor.splat" {
        traits: OpTraits::PURE,
        operands: [input: Single, dynamic_sizes: Variadic],
        results: [aggregate: Single],
        verify: verify_splat,
        fold: fold_splat,
        format: "$input (`[` $dynamic_sizes^ `]`)? attr-dict `:` type($aggregate)",
        format_rules: [
            aggregate: Kind(is_ranked_tensor),
            input: From("aggregate", |ctx, t| ctx.element_type(t)),
            dynamic_sizes: Is(Context::index_ty),
        ],
        result_name: "splat",
        interfaces: [ReifyShapes => TensorReify::Splat],
    }
}

declare_op! {
    /// `tensor.yield`: the terminator of `tensor.generate` and `tensor.pad`.
    pub struct YieldOp = "tensor.yield" {
        traits: OpTraits::PURE | OpTraits::RETURN_LIKE | OpTraits::TERMINATOR,
        operands: [value: Single],
        verify: verify_yield,
        format: "$value attr-dict `:` type($value)",
    }
}

/// Registers every op of the tensor dialect.
pub(super) fn register_tensor_ops(ctx: &mut ir::Context) {
    crate::register_ops!(
        ctx,
        [
            BitcastOp,
            CastOp,
            ConcatOp,
            DimOp,
            EmptyOp,
            ExtractOp,
            ExtractSliceOp,
            FromElementsOp,
            GatherOp,
            GenerateOp,
            InsertOp,
            InsertSliceOp,
            RankOp,
            ReshapeOp,
            ExpandShapeOp,
            CollapseShapeOp,
            PackOp,
            PadOp,
            ParallelInsertSliceOp,
            ScatterOp,
            SplatOp,
            UnPackOp,
            YieldOp,
        ]
    );
}

/// The offsets, sizes and strides of the three slice ops, read through
/// their typed accessors (MLIR's `OffsetSizeAndStrideOpInterface`
/// getters).
macro_rules! slice_view {
    ($($Op:ident),*) => {$(
        impl $Op {
            /// The static and dynamic offsets, sizes and strides.
            pub fn params(self, ir: &Ir) -> SliceParams {
                SliceParams {
                    static_offsets: self.static_offsets(ir).to_vec(),
                    static_sizes: self.static_sizes(ir).to_vec(),
                    static_strides: self.static_strides(ir).to_vec(),
                    offsets: self.offsets(ir).to_vec(),
                    sizes: self.sizes(ir).to_vec(),
                    strides: self.strides(ir).to_vec(),
                }
            }
            /// The offsets as one mixed list (`None` when malformed).
            pub fn mixed_offsets(self, ir: &Ir) -> Option<Vec<OpFoldSize>> {
                mixed_values(&self.static_offsets(ir), &self.offsets(ir).to_vec())
            }
            /// The sizes as one mixed list (`None` when malformed).
            pub fn mixed_sizes(self, ir: &Ir) -> Option<Vec<OpFoldSize>> {
                mixed_values(&self.static_sizes(ir), &self.sizes(ir).to_vec())
            }
            /// The strides as one mixed list (`None` when malformed).
            pub fn mixed_strides(self, ir: &Ir) -> Option<Vec<OpFoldSize>> {
                mixed_values(&self.static_strides(ir), &self.strides(ir).to_vec())
            }
        }
    )*};
}
slice_view!(ExtractSliceOp, InsertSliceOp, ParallelInsertSliceOp);

/// `PadOp::getMixedLowPad`: the low padding, with values defined by
/// constants given as those constants (`None` when malformed).
pub fn pad_mixed_low(ir: &Ir, pad: PadOp) -> Option<Vec<OpFoldSize>> {
    pad_mixed(ir, &pad.static_low(ir), &pad.low(ir).to_vec())
}

/// `PadOp::getMixedHighPad`, as [`pad_mixed_low`].
pub fn pad_mixed_high(ir: &Ir, pad: PadOp) -> Option<Vec<OpFoldSize>> {
    pad_mixed(ir, &pad.static_high(ir), &pad.high(ir).to_vec())
}

/// `PadOp::getConstantPaddingValue`: the value the body yields when it is
/// a constant or defined outside the body (the same for every element).
pub fn pad_constant_padding_value(ir: &Ir, pad: PadOp) -> Option<ir::ValueId> {
    let body = ir.regions(pad.0).first().and_then(|&r| ir.entry_block(r))?;
    let term = ir.terminator(body).or_else(|| ir.last_op(body))?;
    if !YieldOp::matches(ir, term) || ir.num_operands(term) != 1 {
        return None;
    }
    let v = ir.operand(term, 0);
    if crate::util::const_attr(ir, v).is_some() {
        return Some(v);
    }
    (ir.value_block(v) != Some(body)).then_some(v)
}

/// Upstream's `getMixedPadImpl`: static entries, and each dynamic value
/// through `getAsOpFoldResult` (a constant op's value becomes static).
fn pad_mixed(ir: &Ir, statics: &[i64], values: &[ir::ValueId]) -> Option<Vec<OpFoldSize>> {
    Some(
        mixed_values(statics, values)?
            .into_iter()
            .map(|m| match m {
                OpFoldSize::Value(v) => crate::util::const_int(ir, v)
                    .and_then(|c| i64::try_from(c).ok())
                    .map_or(OpFoldSize::Value(v), OpFoldSize::Static),
                s => s,
            })
            .collect(),
    )
}

/// The typed slice view of any of the three slice ops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SliceOp {
    /// `tensor.extract_slice`
    Extract(ExtractSliceOp),
    /// `tensor.insert_slice`
    Insert(InsertSliceOp),
    /// `tensor.parallel_insert_slice`
    ParallelInsert(ParallelInsertSliceOp),
}

impl SliceOp {
    /// The view of `op` when it is one of the slice ops.
    pub fn cast(ir: &Ir, op: ir::OpId) -> Option<SliceOp> {
        if let Some(s) = ExtractSliceOp::cast(ir, op) {
            return Some(SliceOp::Extract(s));
        }
        if let Some(s) = InsertSliceOp::cast(ir, op) {
            return Some(SliceOp::Insert(s));
        }
        ParallelInsertSliceOp::cast(ir, op).map(SliceOp::ParallelInsert)
    }
    /// The offsets, sizes and strides.
    pub fn params(self, ir: &Ir) -> SliceParams {
        match self {
            SliceOp::Extract(s) => s.params(ir),
            SliceOp::Insert(s) => s.params(ir),
            SliceOp::ParallelInsert(s) => s.params(ir),
        }
    }
    /// The tensor whose subset is accessed: the source of an extraction,
    /// the destination of an insertion (MLIR's `getTensorContainer`).
    pub fn container(self, ir: &Ir) -> ir::ValueId {
        match self {
            SliceOp::Extract(s) => s.source(ir),
            SliceOp::Insert(s) => s.dest(ir),
            SliceOp::ParallelInsert(s) => s.dest(ir),
        }
    }
}

/// The typed view of `tensor.pack` or `tensor.unpack` (upstream's
/// `Tensor_RelayoutOp`), for what both share: the lists, the mixed tiles
/// and which side is packed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Relayout {
    /// `tensor.pack`
    Pack(PackOp),
    /// `tensor.unpack`
    UnPack(UnPackOp),
}

impl Relayout {
    /// The view of `op` when it is `tensor.pack` or `tensor.unpack`.
    pub fn cast(ir: &Ir, op: ir::OpId) -> Option<Relayout> {
        PackOp::cast(ir, op).map(Relayout::Pack).or_else(|| UnPackOp::cast(ir, op).map(Relayout::UnPack))
    }
    /// The op.
    pub fn op(self) -> ir::OpId {
        match self {
            Relayout::Pack(p) => p.0,
            Relayout::UnPack(u) => u.0,
        }
    }
    /// The source operand.
    pub fn source(self, ir: &Ir) -> ir::ValueId {
        match self {
            Relayout::Pack(p) => p.source(ir),
            Relayout::UnPack(u) => u.source(ir),
        }
    }
    /// The destination operand (the DPS init).
    pub fn dest(self, ir: &Ir) -> ir::ValueId {
        match self {
            Relayout::Pack(p) => p.dest(ir),
            Relayout::UnPack(u) => u.dest(ir),
        }
    }
    /// `inner_dims_pos`.
    pub fn inner_dims_pos(self, ir: &Ir) -> Vec<i64> {
        match self {
            Relayout::Pack(p) => p.inner_dims_pos(ir).to_vec(),
            Relayout::UnPack(u) => u.inner_dims_pos(ir).to_vec(),
        }
    }
    /// `outer_dims_perm` (empty when absent).
    pub fn outer_dims_perm(self, ir: &Ir) -> Vec<i64> {
        match self {
            Relayout::Pack(p) => p.outer_dims_perm(ir).to_vec(),
            Relayout::UnPack(u) => u.outer_dims_perm(ir).to_vec(),
        }
    }
    /// `static_inner_tiles`.
    pub fn static_inner_tiles(self, ir: &Ir) -> Vec<i64> {
        match self {
            Relayout::Pack(p) => p.static_inner_tiles(ir).to_vec(),
            Relayout::UnPack(u) => u.static_inner_tiles(ir).to_vec(),
        }
    }
    /// The dynamic tile operands.
    pub fn inner_tiles(self, ir: &Ir) -> Vec<ir::ValueId> {
        match self {
            Relayout::Pack(p) => p.inner_tiles(ir).to_vec(),
            Relayout::UnPack(u) => u.inner_tiles(ir).to_vec(),
        }
    }
    /// Upstream's `getMixedTiles`: static tiles as integers, dynamic ones
    /// as their values (`None` when the lists disagree).
    pub fn mixed_tiles(self, ir: &Ir) -> Option<Vec<OpFoldSize>> {
        mixed_values(&self.static_inner_tiles(ir), &self.inner_tiles(ir))
    }
    /// The packed tensor: the result of a pack, the source of an unpack.
    pub fn packed(self, ir: &Ir) -> ir::ValueId {
        match self {
            Relayout::Pack(p) => p.dest(ir),
            Relayout::UnPack(u) => u.source(ir),
        }
    }
    /// The unpacked tensor: the source of a pack, the result of an unpack.
    pub fn unpacked(self, ir: &Ir) -> ir::ValueId {
        match self {
            Relayout::Pack(p) => p.source(ir),
            Relayout::UnPack(u) => u.dest(ir),
        }
    }
}
