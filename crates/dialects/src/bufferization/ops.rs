//! The bufferization ops, each declared once (name, traits, operand and
//! attribute groups, results, verifier, folder, syntax, interfaces,
//! canonicalization patterns), and the dialect's registration.

use super::asm::{AllocTensorAsm, DeallocAsm};
use super::canon;
use super::fold::{fold_clone, fold_to_memref_of_to_tensor, fold_to_tensor_of_to_memref};
use super::interfaces::{
    AllocTensorEffects, AllocTensorReify, CloneAllocation, CloneEffects, MaterializeDps, MaterializeEffects,
    MaterializeSubset, ToTensorEffects,
};
use super::verify::{
    verify_alloc_tensor, verify_clone, verify_dealloc, verify_dealloc_tensor, verify_materialize, verify_to_memref,
    verify_to_tensor,
};
use crate::declare_op;
use crate::layout::tensor_type_from_memref;
use crate::tensor::is_tensor;
use crate::util::register_dialect;
use ir::buffer_interfaces::{AllocationOp, SubsetInsertion, SubsetOp};
use ir::interfaces::{DestinationStyle, MemoryEffects, ReifyShapes};
use ir::op_decl::{AnyAttr, UnitAttr};
use ir::{Context, OpTraits};

declare_op! {
    /// `bufferization.alloc_tensor`: a new tensor, to become an allocation,
    /// optionally a copy of another tensor.
    pub struct AllocTensorOp = "bufferization.alloc_tensor" {
        traits: OpTraits::default(),
        operands: [dynamic_sizes: Variadic, copy: Optional, size_hint: Optional],
        operand_segments: true,
        attrs: [memory_space: AnyAttr],
        results: [result: Single],
        verify: verify_alloc_tensor,
        asm: AllocTensorAsm,
        interfaces: [MemoryEffects => AllocTensorEffects, ReifyShapes => AllocTensorReify],
        patterns: [
            "FoldDimOfAllocTensorOp" on "tensor.dim" => canon::dim_of_alloc_tensor,
            "ReplaceStaticShapeDims" => canon::alloc_tensor_static_dims,
        ],
    }
}

declare_op! {
    /// `bufferization.clone`: a copy of a buffer into a new allocation.
    pub struct CloneOp = "bufferization.clone" {
        traits: OpTraits::default(),
        operands: [input: Single],
        results: [output: Single],
        verify: verify_clone,
        fold: fold_clone,
        format: "$input attr-dict `:` type($input) `to` type($output)",
        format_rules: [input: Kind(Context::is_memref), output: Kind(Context::is_memref)],
        interfaces: [MemoryEffects => CloneEffects, AllocationOp => CloneAllocation],
        patterns: ["SimplifyClones" => canon::erase_unused_clone],
    }
}

declare_op! {
    /// `bufferization.materialize_in_destination`: writes a tensor into a
    /// destination tensor or memref.
    pub struct MaterializeInDestinationOp = "bufferization.materialize_in_destination" {
        traits: OpTraits::default(),
        operands: [source: Single, dest: Single],
        attrs: [restrict: UnitAttr, writable: UnitAttr],
        results: [result: Optional],
        verify: verify_materialize,
        format: "$source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest attr-dict `:` functional-type(operands, results)",
        interfaces: [
            MemoryEffects => MaterializeEffects,
            DestinationStyle => MaterializeDps,
            SubsetOp => MaterializeSubset,
            SubsetInsertion => MaterializeSubset,
        ],
    }
}

declare_op! {
    /// `bufferization.dealloc_tensor`: releases a tensor's buffer.
    pub struct DeallocTensorOp = "bufferization.dealloc_tensor" {
        traits: OpTraits::default(),
        operands: [tensor: Single],
        verify: verify_dealloc_tensor,
        format: "$tensor attr-dict `:` type($tensor)",
        format_rules: [tensor: Kind(is_tensor)],
    }
}

declare_op! {
    /// `bufferization.to_tensor`: the tensor view of a memref.
    pub struct ToTensorOp = "bufferization.to_tensor" {
        traits: OpTraits::default(),
        operands: [memref: Single],
        attrs: [restrict: UnitAttr, writable: UnitAttr],
        results: [result: Single],
        verify: verify_to_tensor,
        fold: fold_to_tensor_of_to_memref,
        format: "$memref (`restrict` $restrict^)? (`writable` $writable^)? attr-dict `:` type($memref)",
        format_rules: [memref: Kind(Context::is_memref), result: From("memref", tensor_type_from_memref)],
        interfaces: [MemoryEffects => ToTensorEffects],
        patterns: ["DimOfToTensorFolder" on "tensor.dim" => canon::tensor_dim_of_to_tensor],
    }
}

declare_op! {
    /// `bufferization.to_memref`: the buffer of a tensor.
    pub struct ToMemrefOp = "bufferization.to_memref" {
        traits: OpTraits::PURE,
        operands: [tensor: Single],
        attrs: [read_only: UnitAttr],
        results: [memref: Single],
        verify: verify_to_memref,
        fold: fold_to_memref_of_to_tensor,
        format: "$tensor (`read_only` $read_only^)? attr-dict `:` type($memref)",
        format_rules: [memref: Kind(Context::is_memref), tensor: From("memref", tensor_type_from_memref)],
        patterns: [
            "DimOfCastOp" on "memref.dim" => canon::memref_dim_of_to_memref,
            "LoadOfToMemref" on "memref.load" => canon::load_of_to_memref,
            "ToMemrefOfCast" => canon::to_memref_of_cast,
            "ToMemrefToTensorFolding" => canon::to_memref_to_tensor_folding,
        ],
    }
}

declare_op! {
    /// `bufferization.dealloc`: frees each memref under its condition unless
    /// it aliases a retained value; one updated condition per retained value.
    pub struct DeallocOp = "bufferization.dealloc" {
        traits: OpTraits::default(),
        operands: [memrefs: Variadic, conditions: Variadic, retained: Variadic],
        operand_segments: true,
        results: [updated_conditions: Variadic],
        verify: verify_dealloc,
        asm: DeallocAsm,
        patterns: [
            "DeallocRemoveDuplicateDeallocMemrefs" => canon::dealloc_remove_duplicate_memrefs,
            "DeallocRemoveDuplicateRetainedMemrefs" => canon::dealloc_remove_duplicate_retained,
            "EraseEmptyDealloc" => canon::erase_empty_dealloc,
            "EraseAlwaysFalseDealloc" => canon::dealloc_erase_always_false,
            "SkipExtractMetadataOfAlloc" => canon::dealloc_skip_extract_metadata,
            "RemoveAllocDeallocPairWhenNoOtherUsers" => canon::dealloc_remove_alloc_pairs,
        ],
    }
}

/// Registers the bufferization dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "bufferization", false);
    let n = ctx.intern_str("bufferization");
    ctx.registry_mut().set_attr_verifier(n, "bufferization", std::sync::Arc::new(super::verify::BufferizationAttrs));
    crate::register_ops!(
        ctx,
        [AllocTensorOp, CloneOp, MaterializeInDestinationOp, DeallocTensorOp, ToTensorOp, ToMemrefOp, DeallocOp]
    );
}
