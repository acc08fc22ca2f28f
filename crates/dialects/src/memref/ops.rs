//! The memref ops, each declared once with [`declare_op!`]: name, traits,
//! operand / attribute / result / region groups (so every op has a typed
//! view with accessors and a typed builder), verifier, folder, custom
//! assembly, interfaces and canonicalization patterns; and the dialect's
//! [`register`].
//!
//! The builders of the ops bufferization emits ([`AllocOp::build`],
//! [`AllocaOp::build`], [`CopyOp::build`], [`DeallocOp::build`],
//! [`SubViewOp::build`], [`LoadOp::build`], [`StoreOp::build`]) are public;
//! they create the op at the builder's insertion point, so a pattern
//! rewriter's listener sees it.

use super::*;
use crate::declare_op;
use ir::op_decl::{AnyAttr, AttrDecl, FlatSymbolRef, I32Attr, I64Array, I64Attr, Opt, StrAttr, TypeAttr, UnitAttr};

/// `BoolAttr`: `true` or `false`; absent reads as `false` (the default of
/// MLIR's `DefaultValuedOptionalAttr<BoolAttr, "false">`).
pub struct BoolAttr;

impl AttrDecl for BoolAttr {
    type Get<'a> = bool;
    type Arg<'a> = bool;
    fn get(ctx: &Context, a: Option<Attribute>) -> bool {
        a.is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Bool(true)))
    }
    fn make(ctx: &Context, arg: bool) -> Option<Attribute> {
        Some(ctx.bool_attr(arg))
    }
}

const NONE: OpTraits = OpTraits(0);
const PURE: OpTraits = OpTraits::PURE;

declare_op! {
    /// `memref.alloc`: a heap allocation. Build it with the result type, the
    /// dynamic sizes (one per `?` of the type), the layout's symbol
    /// operands and an optional alignment.
    pub struct AllocOp = "memref.alloc" {
        traits: NONE,
        operands: [dynamic_sizes: Variadic, symbol_operands: Variadic],
        operand_segments: true,
        attrs: [alignment: Opt<I64Attr>],
        results: [memref: Single],
        verify: verify_alloc,
        format: "`(` $dynamic_sizes `)` (`` `[` $symbol_operands^ `]`)? attr-dict `:` type($memref)",
        format_rules: [dynamic_sizes: Is(Context::index_ty), symbol_operands: Is(Context::index_ty), memref: Kind(is_ranked_memref)],
        result_name: "alloc",
        interfaces: [
            MemoryEffects => MemEffects(&[(EffectKind::Allocate, EffectOn::Result(0))]),
            AllocationOp => HeapAllocation,
        ],
        patterns: ["SimplifyAllocConst" => simplify_alloc_const, "SimplifyDeadAlloc" => simplify_dead_alloc],
    }
}

declare_op! {
    /// `memref.alloca`: a stack allocation, freed when the enclosing
    /// automatic allocation scope ends. Built like [`AllocOp`].
    pub struct AllocaOp = "memref.alloca" {
        traits: NONE,
        operands: [dynamic_sizes: Variadic, symbol_operands: Variadic],
        operand_segments: true,
        attrs: [alignment: Opt<I64Attr>],
        results: [memref: Single],
        verify: verify_alloca,
        format: "`(` $dynamic_sizes `)` (`` `[` $symbol_operands^ `]`)? attr-dict `:` type($memref)",
        format_rules: [dynamic_sizes: Is(Context::index_ty), symbol_operands: Is(Context::index_ty), memref: Kind(is_ranked_memref)],
        result_name: "alloca",
        interfaces: [MemoryEffects => AllocaEffects, AllocationOp => StackAllocation],
        patterns: ["SimplifyAllocConst" => simplify_alloc_const, "SimplifyDeadAlloc" => simplify_dead_alloc],
    }
}

declare_op! {
    /// `memref.alloca_scope`: a region bounding the lifetime of the stack
    /// allocations inside it.
    pub struct AllocaScopeOp = "memref.alloca_scope" {
        traits: OpTraits::AUTOMATIC_ALLOCATION_SCOPE
            | OpTraits::SINGLE_BLOCK
            | OpTraits::IMPLICIT_TERMINATOR
            | OpTraits::RECURSIVE_MEMORY_EFFECTS,
        results: [results: Variadic],
        regions: [body_region: Single],
        verify: verify_alloca_scope,
        asm: AllocaScopeAsm,
        interfaces: [RegionBranch => AllocaScopeBranch],
        patterns: ["AllocaScopeInliner" => inline_alloca_scope],
    }
}

declare_op! {
    /// `memref.alloca_scope.return`: returns values from an `alloca_scope`.
    pub struct AllocaScopeReturnOp = "memref.alloca_scope.return" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::RETURN_LIKE.0 | OpTraits::PURE.0),
        operands: [results: Variadic],
        verify: verify_alloca_scope_return,
        format: "attr-dict ($results^ `:` type($results))?",
        interfaces: [RegionTerminator => ForwardAll],
    }
}

declare_op! {
    /// `memref.assume_alignment`: asserts the alignment of a memref.
    pub struct AssumeAlignmentOp = "memref.assume_alignment" {
        traits: NONE,
        operands: [memref: Single],
        attrs: [alignment: I32Attr],
        verify: verify_assume_alignment,
        format: "$memref `,` $alignment attr-dict `:` type($memref)",
        format_rules: [memref: Kind(is_ranked_memref)],
    }
}

declare_op! {
    /// `memref.atomic_rmw`: an atomic read-modify-write of one element.
    pub struct AtomicRmwOp = "memref.atomic_rmw" {
        traits: NONE,
        operands: [value: Single, memref: Single, indices: Variadic],
        attrs: [kind: I64Attr],
        results: [result: Single],
        verify: verify_atomic_rmw,
        fold: fold_atomic_rmw,
        asm: AtomicRmwAsm,
        interfaces: [MemoryEffects => MemEffects(&[
            (EffectKind::Read, EffectOn::Operand(1)),
            (EffectKind::Write, EffectOn::Operand(1)),
        ])],
    }
}

declare_op! {
    /// `memref.atomic_yield`: the terminator of `generic_atomic_rmw`.
    pub struct AtomicYieldOp = "memref.atomic_yield" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::PURE.0),
        operands: [result: Single],
        verify: verify_atomic_yield,
        format: "$result attr-dict `:` type($result)",
    }
}

declare_op! {
    /// `memref.cast`: converts between compatible memref types.
    pub struct CastOp = "memref.cast" {
        traits: PURE,
        operands: [source: Single],
        results: [dest: Single],
        verify: verify_cast,
        fold: fold_cast,
        format: "$source attr-dict `:` type($source) `to` type($dest)",
        format_rules: [source: Kind(Context::is_memref), dest: Kind(Context::is_memref)],
        result_name: "cast",
        interfaces: [ViewLike => FirstOperandView, CastLike => CastIface { memory_space: false }],
    }
}

declare_op! {
    /// `memref.collapse_shape`: merges groups of contiguous dims.
    pub struct CollapseShapeOp = "memref.collapse_shape" {
        traits: PURE,
        operands: [src: Single],
        attrs: [reassociation: AnyAttr],
        results: [result: Single],
        verify: verify_collapse_shape,
        fold: fold_collapse_shape,
        format: "$src $reassociation attr-dict `:` type($src) `into` type($result)",
        format_rules: [
            src: Kind(is_ranked_memref),
            result: Kind(is_ranked_memref),
            reassociation: AttrKind(|ctx, a| ctx.array_value(a).is_some()),
        ],
        result_name: "collapse_shape",
        interfaces: [ViewLike => FirstOperandView],
        patterns: [
            "ComposeReassociativeReshapeOps" => compose_reassociative_reshapes,
            "ComposeCollapseOfExpandOp" => compose_collapse_of_expand,
            "CollapseShapeOpMemRefCastFolder" => fold_collapse_of_cast,
        ],
    }
}

declare_op! {
    /// `memref.copy`: copies `source` into `target` (same shape).
    pub struct CopyOp = "memref.copy" {
        traits: NONE,
        operands: [source: Single, target: Single],
        verify: verify_copy,
        fold: fold_copy,
        format: "$source `,` $target attr-dict `:` type($source) `to` type($target)",
        format_rules: [source: Kind(Context::is_memref), target: Kind(Context::is_memref)],
        interfaces: [
            MemoryEffects => MemEffects(&[(EffectKind::Read, EffectOn::Operand(0)), (EffectKind::Write, EffectOn::Operand(1))]),
            CopyLike => CopyIface,
        ],
        patterns: [
            "FoldCopyOfCast" => fold_copy_of_cast,
            "FoldEmptyCopy" => fold_empty_copy,
            "FoldSelfCopy" => fold_self_copy,
        ],
    }
}

declare_op! {
    /// `memref.dealloc`: frees a heap allocation.
    pub struct DeallocOp = "memref.dealloc" {
        traits: NONE,
        operands: [memref: Single],
        verify: verify_dealloc,
        fold: fold_dealloc,
        format: "$memref attr-dict `:` type($memref)",
        format_rules: [memref: Kind(Context::is_memref)],
        interfaces: [MemoryEffects => MemEffects(&[(EffectKind::Free, EffectOn::Operand(0))])],
    }
}

declare_op! {
    /// `memref.dim`: the size of one dim.
    pub struct DimOp = "memref.dim" {
        traits: NONE,
        operands: [source: Single, index: Single],
        results: [result: Single],
        verify: verify_dim,
        fold: fold_dim,
        format: "attr-dict $source `,` $index `:` type($source)",
        format_rules: [source: Kind(Context::is_memref), index: Is(Context::index_ty), result: Is(Context::index_ty)],
        result_name: "dim",
        interfaces: [MemoryEffects => MemEffects(&[])],
        patterns: ["DimOfMemRefReshape" => fold_dim_of_reshape],
    }
}

declare_op! {
    /// `memref.expand_shape`: splits dims into groups of contiguous dims.
    pub struct ExpandShapeOp = "memref.expand_shape" {
        traits: PURE,
        operands: [src: Single, output_shape: Variadic],
        attrs: [reassociation: AnyAttr, static_output_shape: I64Array],
        results: [result: Single],
        verify: verify_expand_shape,
        fold: fold_expand_shape,
        asm: ExpandShapeAsm { ok: is_ranked_memref, hint: "expand_shape" },
        interfaces: [ViewLike => FirstOperandView, ReifyShapes => ExpandShapeReify],
        patterns: ["ComposeReassociativeReshapeOps" => compose_reassociative_reshapes],
    }
}

declare_op! {
    /// `memref.extract_aligned_pointer_as_index`.
    pub struct ExtractAlignedPointerAsIndexOp = "memref.extract_aligned_pointer_as_index" {
        traits: PURE,
        operands: [source: Single],
        results: [aligned_pointer: Single],
        verify: verify_extract_aligned_pointer,
        format: "$source `:` type($source) `->` type(results) attr-dict",
        format_rules: [source: Kind(Context::is_memref)],
        result_name: "intptr",
    }
}

declare_op! {
    /// `memref.extract_strided_metadata`: the base buffer, offset, sizes and
    /// strides of a strided memref (sizes and strides, one per dimension).
    pub struct ExtractStridedMetadataOp = "memref.extract_strided_metadata" {
        traits: PURE,
        operands: [source: Single],
        results: [base_buffer: Single, offset: Single, sizes: Variadic, strides: Variadic],
        result_segments: same,
        verify: verify_extract_strided_metadata,
        fold: fold_extract_strided_metadata,
        format: "$source `:` type($source) `->` type(results) attr-dict",
        format_rules: [source: Kind(is_ranked_memref)],
        result_names: metadata_result_names,
        interfaces: [ViewLike => FirstOperandView],
    }
}

declare_op! {
    /// `memref.generic_atomic_rmw`: an atomic update computed by a region.
    pub struct GenericAtomicRmwOp = "memref.generic_atomic_rmw" {
        traits: OpTraits::SINGLE_BLOCK,
        operands: [memref: Single, indices: Variadic],
        results: [result: Single],
        regions: [atomic_body: Single],
        verify: verify_generic_atomic_rmw,
        asm: GenericAtomicRmwAsm,
        interfaces: [MemoryEffects => MemEffects(&[
            (EffectKind::Read, EffectOn::Operand(0)),
            (EffectKind::Write, EffectOn::Operand(0)),
        ])],
    }
}

declare_op! {
    /// `memref.get_global`: the memref of a `memref.global`.
    pub struct GetGlobalOp = "memref.get_global" {
        traits: OpTraits(OpTraits::PURE.0 | OpTraits::SYMBOL_USER.0),
        attrs: [name: FlatSymbolRef],
        results: [result: Single],
        verify: verify_get_global,
        format: "$name `:` type($result) attr-dict",
        format_rules: [result: Kind(is_ranked_memref)],
    }
}

declare_op! {
    /// `memref.global`: a named global memref.
    pub struct GlobalOp = "memref.global" {
        traits: OpTraits::SYMBOL,
        attrs: [
            global_type as "type": TypeAttr,
            alignment: Opt<I64Attr>,
            constant: UnitAttr,
            initial_value: AnyAttr,
            sym_name: StrAttr,
            sym_visibility: Opt<StrAttr>,
        ],
        verify: verify_global,
        asm: GlobalAsm,
        interfaces: [ir::interfaces::SymbolOp => crate::func_interfaces::DefinitionSymbol],
    }
}

declare_op! {
    /// `memref.load`: reads one element. `nontemporal: None` leaves the
    /// attribute off (it reads as `false`).
    pub struct LoadOp = "memref.load" {
        traits: NONE,
        operands: [memref: Single, indices: Variadic],
        attrs: [nontemporal: Opt<BoolAttr>],
        results: [result: Single],
        verify: verify_load,
        fold: fold_load,
        format: "$memref `[` $indices `]` attr-dict `:` type($memref)",
        format_rules: [
            memref: Kind(is_ranked_memref),
            indices: Is(Context::index_ty),
            result: From("memref", |ctx, t| ctx.element_type(t)),
            nontemporal: Default(|ctx| ctx.bool_attr(false)),
        ],
        interfaces: [MemoryEffects => MemEffects(&[(EffectKind::Read, EffectOn::Operand(0))])],
    }
}

declare_op! {
    /// `memref.memory_space_cast`: changes the memory space of a memref.
    pub struct MemorySpaceCastOp = "memref.memory_space_cast" {
        traits: PURE,
        operands: [source: Single],
        results: [dest: Single],
        verify: verify_memory_space_cast,
        fold: fold_memory_space_cast,
        format: "$source attr-dict `:` type($source) `to` type($dest)",
        format_rules: [source: Kind(Context::is_memref), dest: Kind(Context::is_memref)],
        result_name: "memspacecast",
        interfaces: [ViewLike => FirstOperandView, CastLike => CastIface { memory_space: true }],
    }
}

declare_op! {
    /// `memref.prefetch`: a prefetch hint.
    pub struct PrefetchOp = "memref.prefetch" {
        traits: NONE,
        operands: [memref: Single, indices: Variadic],
        attrs: [isWrite: BoolAttr, localityHint: I32Attr, isDataCache: BoolAttr],
        verify: verify_prefetch,
        fold: fold_prefetch,
        asm: PrefetchAsm,
    }
}

declare_op! {
    /// `memref.rank`: the rank of a memref.
    pub struct RankOp = "memref.rank" {
        traits: PURE,
        operands: [memref: Single],
        results: [result: Single],
        verify: verify_rank,
        fold: fold_rank,
        format: "$memref attr-dict `:` type($memref)",
        format_rules: [memref: Kind(Context::is_memref), result: Is(Context::index_ty)],
    }
}

declare_op! {
    /// `memref.realloc`: grows or shrinks a 1-d heap allocation.
    pub struct ReallocOp = "memref.realloc" {
        traits: NONE,
        operands: [source: Single, dynamic_result_size: Optional],
        attrs: [alignment: Opt<I64Attr>],
        results: [result: Single],
        verify: verify_realloc,
        format: "$source (`(` $dynamic_result_size^ `)`)? attr-dict `:` type($source) `to` type(results)",
        format_rules: [source: Kind(is_ranked_memref), result: Kind(is_ranked_memref), dynamic_result_size: Is(Context::index_ty)],
        interfaces: [
            MemoryEffects => MemEffects(&[(EffectKind::Free, EffectOn::Operand(0)), (EffectKind::Allocate, EffectOn::Result(0))]),
            AllocationOp => Reallocation,
            BufferViewFlow => ReallocViewFlow,
        ],
        patterns: ["SimplifyDeadAlloc" => simplify_dead_alloc],
    }
}

declare_op! {
    /// `memref.reinterpret_cast`: a view with explicit offset, sizes and
    /// strides.
    pub struct ReinterpretCastOp = "memref.reinterpret_cast" {
        traits: PURE,
        operands: [source: Single, offsets: Variadic, sizes: Variadic, strides: Variadic],
        operand_segments: true,
        attrs: [static_offsets: I64Array, static_sizes: I64Array, static_strides: I64Array],
        results: [result: Single],
        verify: verify_reinterpret_cast,
        fold: fold_reinterpret_cast,
        asm: SliceAsm { labelled: true, source: Context::is_memref, name: "reinterpret_cast" },
        interfaces: [ViewLike => FirstOperandView, OffsetSizeAndStride => SliceLayout::ReinterpretCast],
        patterns: ["ReinterpretCastOpExtractStridedMetadataFolder" => fold_reinterpret_of_metadata],
    }
}

declare_op! {
    /// `memref.reshape`: a reshape to a shape given by a memref operand.
    pub struct ReshapeOp = "memref.reshape" {
        traits: PURE,
        operands: [source: Single, shape: Single],
        results: [result: Single],
        verify: verify_reshape,
        format: "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
        result_name: "reshape",
        interfaces: [ViewLike => FirstOperandView],
    }
}

declare_op! {
    /// `memref.store`: writes one element. `nontemporal: None` leaves the
    /// attribute off (it reads as `false`).
    pub struct StoreOp = "memref.store" {
        traits: NONE,
        operands: [value: Single, memref: Single, indices: Variadic],
        attrs: [nontemporal: Opt<BoolAttr>],
        verify: verify_store,
        fold: fold_store,
        format: "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)",
        format_rules: [
            memref: Kind(is_ranked_memref),
            indices: Is(Context::index_ty),
            value: From("memref", |ctx, t| ctx.element_type(t)),
            nontemporal: Default(|ctx| ctx.bool_attr(false)),
        ],
        interfaces: [MemoryEffects => MemEffects(&[(EffectKind::Write, EffectOn::Operand(1))])],
    }
}

declare_op! {
    /// `memref.subview`: a strided view of a slice of its source. The
    /// builder takes the split lists (dynamic values per group, then the
    /// static arrays with [`DYNAMIC`] at the dynamic positions);
    /// [`SubViewOp::build_mixed`] takes mixed lists.
    pub struct SubViewOp = "memref.subview" {
        traits: PURE,
        operands: [source: Single, offsets: Variadic, sizes: Variadic, strides: Variadic],
        operand_segments: true,
        attrs: [static_offsets: I64Array, static_sizes: I64Array, static_strides: I64Array],
        results: [result: Single],
        verify: verify_subview,
        fold: fold_subview,
        asm: SliceAsm { labelled: false, source: is_ranked_memref, name: "subview" },
        interfaces: [ViewLike => FirstOperandView, OffsetSizeAndStride => SliceLayout::SubView],
        patterns: [
            "OpWithOffsetSizesAndStridesConstantArgumentFolder" => fold_subview_constant_arguments,
            "SubViewOpMemRefCastFolder" => fold_subview_of_cast,
            "TrivialSubViewOpFolder" => fold_trivial_subview,
        ],
    }
}

/// The typed offset/size/stride lists of `subview` and `reinterpret_cast`.
macro_rules! slice_params_of {
    ($Op:ident) => {
        impl $Op {
            /// The offsets, sizes and strides, split into static arrays and
            /// dynamic values.
            pub fn slice_params(self, ir: &Ir) -> SliceParams {
                SliceParams {
                    static_offsets: self.static_offsets(ir).to_vec(),
                    static_sizes: self.static_sizes(ir).to_vec(),
                    static_strides: self.static_strides(ir).to_vec(),
                    offsets: self.offsets(ir).to_vec(),
                    sizes: self.sizes(ir).to_vec(),
                    strides: self.strides(ir).to_vec(),
                }
            }
        }
    };
}
slice_params_of!(SubViewOp);
slice_params_of!(ReinterpretCastOp);

/// The lists of a `reinterpret_cast`, or else of a `subview` (the two share
/// their operand layout).
pub(super) fn slice_params_of(ir: &Ir, op: OpId) -> SliceParams {
    match ReinterpretCastOp::cast(ir, op) {
        Some(rc) => rc.slice_params(ir),
        None => SubViewOp(op).slice_params(ir),
    }
}

impl SubViewOp {
    /// Creates a subview of `source` from mixed offset, size and stride
    /// lists (each entry a constant or a value), with result type `result`.
    pub fn build_mixed<B: OpBuilder + ?Sized>(
        b: &mut B,
        loc: Location,
        result: Type,
        source: ValueId,
        [offsets, sizes, strides]: [&[OpFoldSize]; 3],
    ) -> SubViewOp {
        let (o, so) = static_dynamic::dispatch_mixed(offsets);
        let (s, ss) = static_dynamic::dispatch_mixed(sizes);
        let (t, st) = static_dynamic::dispatch_mixed(strides);
        SubViewOp::build(b, loc, result, source, &o, &s, &t, &so, &ss, &st)
    }
}

declare_op! {
    /// `memref.transpose`: a permuted view.
    pub struct TransposeOp = "memref.transpose" {
        traits: PURE,
        operands: [input: Single],
        attrs: [permutation: AnyAttr],
        results: [result: Single],
        verify: verify_transpose,
        fold: fold_transpose,
        asm: TransposeAsm,
        interfaces: [ViewLike => FirstOperandView],
    }
}

declare_op! {
    /// `memref.view`: a typed view of an `i8` buffer at a byte shift.
    pub struct ViewOp = "memref.view" {
        traits: PURE,
        operands: [source: Single, byte_shift: Single, sizes: Variadic],
        results: [result: Single],
        verify: verify_view,
        format: "$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)",
        format_rules: [source: Kind(is_ranked_memref), byte_shift: Is(Context::index_ty), sizes: Is(Context::index_ty)],
        result_name: "view",
        interfaces: [ViewLike => FirstOperandView],
        patterns: ["ViewOpShapeFolder" => fold_view_shape, "ViewOpMemrefCastFolder" => fold_view_of_cast],
    }
}

/// Registers the memref dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "memref", false);
    // Upstream's memref dialect materializes folded constants as `arith.constant`.
    crate::arith::use_arith_materializer(ctx, "memref");
    crate::register_ops!(
        ctx,
        [
            AllocOp,
            AllocaOp,
            AllocaScopeOp,
            AllocaScopeReturnOp,
            AssumeAlignmentOp,
            AtomicRmwOp,
            AtomicYieldOp,
            CastOp,
            CollapseShapeOp,
            CopyOp,
            DeallocOp,
            DimOp,
            ExpandShapeOp,
            ExtractAlignedPointerAsIndexOp,
            ExtractStridedMetadataOp,
            GenericAtomicRmwOp,
            GetGlobalOp,
            GlobalOp,
            LoadOp,
            MemorySpaceCastOp,
            PrefetchOp,
            RankOp,
            ReallocOp,
            ReinterpretCastOp,
            ReshapeOp,
            StoreOp,
            SubViewOp,
            TransposeOp,
            ViewOp,
        ]
    );
}
