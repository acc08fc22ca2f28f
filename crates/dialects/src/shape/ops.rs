//! The declarations of the `shape` dialect's ops: one `declare_op!` per
//! op with upstream's traits, operand / attribute / result / region
//! groups, assembly format, verifier, folder and canonicalization patterns
//! (ShapeOps.td of MLIR 19).

use super::asm::{AssumingAsm, ConstShapeAsm, FuncAsm, FunctionLibraryAsm, ReduceAsm, TerminatorAsm, WithShapeAsm};
use super::canon::{
    assuming_all_of_cstr_broadcastable, assuming_all_one, assuming_all_to_cstr_eq, assuming_with_true,
    broadcast_concretize_result_type, broadcast_fold_constant_operands, broadcast_forward_single_operand,
    cast_extent_tensor_operands, cstr_all_shapes_equal, extract_from_shape_of_extent_tensor, index_to_size_to_index,
    merge_assuming_all, rank_shape_of, remove_duplicate_operands, remove_empty_shape_operands, remove_unused_results,
    shape_of_cast_extent_tensor, shape_of_from_reshape, shape_of_to_const_shape, size_to_index_to_size,
    tensor_cast_const_shape,
};
use super::fold::*;
use super::types::{size_type, value_shape_type, witness_type};
use super::verify::*;
use crate::declare_op;
use crate::util::GenericOnlyAsm;
use ir::interfaces::{RegionBranch, RegionTerminator};
use ir::op_decl::{AnyAttr, IntAttr, Opt, StrAttr};
use ir::{Context, Ir, OpId, OpTraits, ValueId};

const PURE: OpTraits = OpTraits::PURE;
const PURE_COMMUTATIVE: OpTraits = OpTraits(OpTraits::PURE.0 | OpTraits::COMMUTATIVE.0);

declare_op! {
    /// `shape.add`: the sum of two sizes or indices.
    pub struct AddOp = "shape.add" {
        traits: PURE_COMMUTATIVE,
        operands: [lhs: Single, rhs: Single],
        results: [result: Single],
        verify: verify_size_or_index_binary,
        fold: fold_add,
        format: "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)",
    }
}

declare_op! {
    /// `shape.any`: any combination of the input shapes.
    pub struct AnyOp = "shape.any" {
        traits: PURE_COMMUTATIVE,
        operands: [inputs: Variadic],
        results: [result: Single],
        verify: verify_any,
        fold: fold_any,
        format: "$inputs attr-dict `:` type($inputs) `->` type($result)",
    }
}

declare_op! {
    /// `shape.assuming_all`: the conjunction of witnesses.
    pub struct AssumingAllOp = "shape.assuming_all" {
        traits: PURE_COMMUTATIVE,
        operands: [inputs: Variadic],
        results: [result: Single],
        verify: verify_assuming_all,
        fold: fold_assuming_all,
        format: "$inputs attr-dict",
        format_rules: [inputs: Is(witness_type), result: Is(witness_type)],
        patterns: [
            "MergeAssumingAllOps" => merge_assuming_all,
            "AssumingAllOneOp" => assuming_all_one,
            "AssumingAllOfCstrBroadcastable" => assuming_all_of_cstr_broadcastable,
            "AssumingAllToCstrEqCanonicalization" => assuming_all_to_cstr_eq,
            "RemoveDuplicateOperandsPattern<AssumingAllOp>" => remove_duplicate_operands,
        ],
    }
}

declare_op! {
    /// `shape.assuming`: executes its region under a witness; the values
    /// the region yields are the results.
    pub struct AssumingOp = "shape.assuming" {
        traits: OpTraits(OpTraits::RECURSIVE_MEMORY_EFFECTS.0 | OpTraits::SINGLE_BLOCK.0 | OpTraits::IMPLICIT_TERMINATOR.0),
        operands: [witness: Single],
        results: [results: Variadic],
        regions: [do_region: Single],
        verify: verify_assuming_structure,
        verify_regions: verify_assuming,
        asm: AssumingAsm,
        interfaces: [RegionBranch => crate::scf::ExecuteRegionBranch],
        patterns: [
            "AssumingOpRemoveUnusedResults" => remove_unused_results,
            "AssumingWithTrue" => assuming_with_true,
        ],
    }
}

declare_op! {
    /// `shape.assuming_yield`: the terminator of `shape.assuming`.
    pub struct AssumingYieldOp = "shape.assuming_yield" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::RETURN_LIKE.0 | OpTraits::PURE.0),
        operands: [operands: Variadic],
        verify: verify_assuming_yield,
        asm: TerminatorAsm,
        interfaces: [RegionTerminator => crate::util::ForwardAllOperands],
    }
}

declare_op! {
    /// `shape.broadcast`: the broadcast of two or more shapes.
    pub struct BroadcastOp = "shape.broadcast" {
        traits: PURE_COMMUTATIVE,
        operands: [shapes: Variadic],
        attrs: [error: Opt<StrAttr>],
        results: [result: Single],
        verify: verify_broadcast,
        fold: fold_broadcast,
        format: "$shapes attr-dict `:` type($shapes) `->` type($result)",
        patterns: [
            "BroadcastConcretizeResultTypePattern" => broadcast_concretize_result_type,
            "BroadcastFoldConstantOperandsPattern" => broadcast_fold_constant_operands,
            "BroadcastForwardSingleOperandPattern" => broadcast_forward_single_operand,
            "CanonicalizeCastExtentTensorOperandsPattern<BroadcastOp>" => cast_extent_tensor_operands,
            "RemoveDuplicateOperandsPattern<BroadcastOp>" => remove_duplicate_operands,
            "RemoveEmptyShapeOperandsPattern<BroadcastOp>" => remove_empty_shape_operands,
        ],
    }
}

declare_op! {
    /// `shape.concat`: the extents of `lhs` then those of `rhs`.
    pub struct ConcatOp = "shape.concat" {
        traits: PURE,
        operands: [lhs: Single, rhs: Single],
        results: [result: Single],
        verify: verify_concat,
        fold: fold_concat,
        format: "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)",
    }
}

declare_op! {
    /// `shape.const_shape`: a constant shape or extent tensor.
    pub struct ConstShapeOp = "shape.const_shape" {
        traits: OpTraits(OpTraits::CONSTANT_LIKE.0 | OpTraits::PURE.0),
        attrs: [shape: AnyAttr],
        results: [result: Single],
        verify: verify_const_shape,
        fold: fold_const_shape,
        asm: ConstShapeAsm,
        patterns: ["TensorCastConstShape" on "tensor.cast" => tensor_cast_const_shape],
    }
}

declare_op! {
    /// `shape.const_size`: a constant `!shape.size`.
    pub struct ConstSizeOp = "shape.const_size" {
        traits: OpTraits(OpTraits::CONSTANT_LIKE.0 | OpTraits::PURE.0),
        attrs: [value: IntAttr<0>],
        results: [result: Single],
        verify: verify_const_size,
        fold: fold_const_size,
        format: "$value attr-dict",
        format_rules: [result: Is(size_type)],
        result_names: const_size_name,
    }
}

declare_op! {
    /// `shape.const_witness`: a statically known witness.
    pub struct ConstWitnessOp = "shape.const_witness" {
        traits: OpTraits(OpTraits::CONSTANT_LIKE.0 | OpTraits::PURE.0),
        attrs: [passing: super::Passing],
        results: [result: Single],
        verify: verify_const_witness,
        fold: fold_const_witness,
        format: "$passing attr-dict",
        format_rules: [result: Is(witness_type)],
    }
}

declare_op! {
    /// `shape.cstr_broadcastable`: a witness that the shapes broadcast.
    pub struct CstrBroadcastableOp = "shape.cstr_broadcastable" {
        traits: OpTraits::COMMUTATIVE,
        operands: [shapes: Variadic],
        results: [result: Single],
        verify: verify_cstr_broadcastable,
        fold: fold_cstr_broadcastable,
        format: "$shapes attr-dict `:` type($shapes)",
        format_rules: [result: Is(witness_type)],
        patterns: [
            "CanonicalizeCastExtentTensorOperandsPattern<CstrBroadcastableOp>" => cast_extent_tensor_operands,
            "CstrBroadcastableEqOps" => cstr_all_shapes_equal,
            "RemoveDuplicateOperandsPattern<CstrBroadcastableOp>" => remove_duplicate_operands,
            "RemoveEmptyShapeOperandsPattern<CstrBroadcastableOp>" => remove_empty_shape_operands,
        ],
    }
}

declare_op! {
    /// `shape.cstr_eq`: a witness that all shapes are equal.
    pub struct CstrEqOp = "shape.cstr_eq" {
        traits: OpTraits::COMMUTATIVE,
        operands: [shapes: Variadic],
        results: [result: Single],
        verify: verify_cstr_eq,
        fold: fold_cstr_eq,
        format: "$shapes attr-dict `:` type($shapes)",
        format_rules: [result: Is(witness_type)],
        patterns: ["CstrEqEqOps" => cstr_all_shapes_equal],
    }
}

declare_op! {
    /// `shape.cstr_require`: a witness that an `i1` is true.
    pub struct CstrRequireOp = "shape.cstr_require" {
        traits: OpTraits::default(),
        operands: [pred: Single],
        attrs: [msg: super::FormatStr],
        results: [result: Single],
        verify: verify_cstr_require,
        fold: fold_cstr_require,
        format: "$pred `,` $msg attr-dict",
        format_rules: [pred: Is(Context::i1_ty), result: Is(witness_type), msg: AttrKind(is_str_attr)],
    }
}

declare_op! {
    /// `shape.debug_print`: passes its input through (printed generically).
    pub struct DebugPrintOp = "shape.debug_print" {
        traits: OpTraits::default(),
        operands: [input: Single],
        results: [output: Single],
        verify: verify_debug_print,
        asm: GenericOnlyAsm { result_names: None },
    }
}

declare_op! {
    /// `shape.dim`: one extent of a shaped value.
    pub struct DimOp = "shape.dim" {
        traits: PURE,
        operands: [value: Single, index: Single],
        results: [extent: Single],
        verify: verify_dim,
        fold: fold_dim,
        format: "$value `,` $index attr-dict `:` type($value) `,` type($index) `->` type($extent)",
    }
}

declare_op! {
    /// `shape.div`: floor division of sizes or indices.
    pub struct DivOp = "shape.div" {
        traits: PURE,
        operands: [lhs: Single, rhs: Single],
        results: [result: Single],
        verify: verify_size_or_index_binary,
        fold: fold_div,
        format: "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)",
    }
}

declare_op! {
    /// `shape.from_extent_tensor`: a shape from an extent tensor.
    pub struct FromExtentTensorOp = "shape.from_extent_tensor" {
        traits: PURE,
        operands: [input: Single],
        results: [result: Single],
        verify: verify_from_extent_tensor,
        format: "$input attr-dict `:` type($input)",
        format_rules: [input: Kind(Context::is_tensor), result: Is(super::types::shape_type)],
    }
}

declare_op! {
    /// `shape.from_extents`: a shape from extent values.
    pub struct FromExtentsOp = "shape.from_extents" {
        traits: PURE,
        operands: [extents: Variadic],
        results: [shape: Single],
        verify: verify_from_extents,
        fold: fold_from_extents,
        format: "$extents attr-dict `:` type($extents)",
        format_rules: [shape: Is(super::types::shape_type)],
    }
}

declare_op! {
    /// `shape.func`: a shape function.
    pub struct FuncOp = "shape.func" {
        traits: OpTraits(OpTraits::ISOLATED_FROM_ABOVE.0 | OpTraits::AUTOMATIC_ALLOCATION_SCOPE.0 | OpTraits::SYMBOL.0),
        attrs: [
            sym_name: StrAttr,
            function_type: ir::op_decl::TypeAttr,
            arg_attrs: AnyAttr,
            res_attrs: AnyAttr,
            sym_visibility: Opt<StrAttr>,
        ],
        regions: [body: Single],
        verify: verify_func,
        asm: FuncAsm,
    }
}

declare_op! {
    /// `shape.function_library`: shape functions and the ops they serve.
    pub struct FunctionLibraryOp = "shape.function_library" {
        traits: OpTraits(
            OpTraits::ISOLATED_FROM_ABOVE.0 | OpTraits::SYMBOL_TABLE.0 | OpTraits::SYMBOL.0
                | OpTraits::NO_TERMINATOR.0 | OpTraits::SINGLE_BLOCK.0
        ),
        attrs: [sym_name: StrAttr, sym_visibility: Opt<StrAttr>, mapping: AnyAttr],
        regions: [body: Single],
        verify: verify_function_library,
        asm: FunctionLibraryAsm,
    }
}

declare_op! {
    /// `shape.get_extent`: one extent of a shape.
    pub struct GetExtentOp = "shape.get_extent" {
        traits: PURE,
        operands: [shape: Single, dim: Single],
        results: [extent: Single],
        verify: verify_get_extent,
        fold: fold_get_extent,
        format: "$shape `,` $dim attr-dict `:` type($shape) `,` type($dim) `->` type($extent)",
    }
}

declare_op! {
    /// `shape.index_to_size`: an `index` as a `!shape.size`.
    pub struct IndexToSizeOp = "shape.index_to_size" {
        traits: PURE,
        operands: [arg: Single],
        results: [result: Single],
        verify: verify_index_to_size,
        fold: fold_forward_constant,
        format: "$arg attr-dict",
        format_rules: [arg: Is(Context::index_ty), result: Is(size_type)],
        patterns: ["SizeToIndexToSizeCanonicalization" => size_to_index_to_size],
    }
}

declare_op! {
    /// `shape.is_broadcastable`: whether the shapes broadcast.
    pub struct IsBroadcastableOp = "shape.is_broadcastable" {
        traits: OpTraits::COMMUTATIVE,
        operands: [shapes: Variadic],
        results: [result: Single],
        verify: verify_is_broadcastable,
        fold: fold_is_broadcastable,
        format: "$shapes attr-dict `:` type($shapes)",
        format_rules: [result: Is(Context::i1_ty)],
        patterns: ["RemoveDuplicateOperandsPattern<IsBroadcastableOp>" => remove_duplicate_operands],
    }
}

declare_op! {
    /// `shape.max`: elementwise maximum of sizes or shapes.
    pub struct MaxOp = "shape.max" {
        traits: PURE_COMMUTATIVE,
        operands: [lhs: Single, rhs: Single],
        results: [result: Single],
        verify: verify_max_min,
        fold: fold_same_operands,
        format: "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)",
    }
}

declare_op! {
    /// `shape.meet`: the least general shape or size of its operands.
    pub struct MeetOp = "shape.meet" {
        traits: OpTraits::COMMUTATIVE,
        operands: [arg0: Single, arg1: Single],
        attrs: [error: Opt<super::FormatStr>],
        results: [result: Single],
        verify: verify_meet,
        format: "$arg0 `,` $arg1 (`,` `error` `=` $error^)? attr-dict `:` type($arg0) `,` type($arg1) `->` type($result)",
        format_rules: [error: AttrKind(is_str_attr)],
    }
}

declare_op! {
    /// `shape.min`: elementwise minimum of sizes or shapes.
    pub struct MinOp = "shape.min" {
        traits: PURE_COMMUTATIVE,
        operands: [lhs: Single, rhs: Single],
        results: [result: Single],
        verify: verify_max_min,
        fold: fold_same_operands,
        format: "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)",
    }
}

declare_op! {
    /// `shape.mul`: the product of two sizes or indices.
    pub struct MulOp = "shape.mul" {
        traits: PURE_COMMUTATIVE,
        operands: [lhs: Single, rhs: Single],
        results: [result: Single],
        verify: verify_size_or_index_binary,
        fold: fold_mul,
        format: "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)",
    }
}

declare_op! {
    /// `shape.num_elements`: the product of the extents.
    pub struct NumElementsOp = "shape.num_elements" {
        traits: PURE,
        operands: [shape: Single],
        results: [result: Single],
        verify: verify_num_elements,
        fold: fold_num_elements,
        format: "$shape attr-dict `:` type($shape) `->` type($result)",
    }
}

declare_op! {
    /// `shape.rank`: the number of extents.
    pub struct RankOp = "shape.rank" {
        traits: PURE,
        operands: [shape: Single],
        results: [rank: Single],
        verify: verify_rank,
        fold: fold_rank,
        format: "$shape attr-dict `:` type($shape) `->` type($rank)",
        patterns: ["RankShapeOfCanonicalizationPattern" => rank_shape_of],
    }
}

declare_op! {
    /// `shape.reduce`: a reduction over the extents of a shape.
    pub struct ReduceOp = "shape.reduce" {
        traits: OpTraits(OpTraits::SINGLE_BLOCK.0 | OpTraits::IMPLICIT_TERMINATOR.0),
        operands: [shape: Single, init_vals: Variadic],
        results: [result: Variadic],
        regions: [region: Single],
        verify: verify_reduce,
        asm: ReduceAsm,
    }
}

declare_op! {
    /// `shape.return`: the terminator of `shape.func`.
    pub struct ReturnOp = "shape.return" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::RETURN_LIKE.0 | OpTraits::PURE.0),
        operands: [operands: Variadic],
        verify: verify_return,
        asm: TerminatorAsm,
    }
}

declare_op! {
    /// `shape.shape_eq`: whether the shapes are equal.
    pub struct ShapeEqOp = "shape.shape_eq" {
        traits: PURE_COMMUTATIVE,
        operands: [shapes: Variadic],
        results: [result: Single],
        verify: verify_shape_eq,
        fold: fold_shape_eq,
        format: "$shapes attr-dict `:` type($shapes)",
        format_rules: [result: Is(Context::i1_ty)],
    }
}

declare_op! {
    /// `shape.shape_of`: the shape of a shaped value.
    pub struct ShapeOfOp = "shape.shape_of" {
        traits: PURE,
        operands: [arg: Single],
        results: [result: Single],
        verify: verify_shape_of,
        format: "$arg attr-dict `:` type($arg) `->` type($result)",
        patterns: [
            "ShapeOfCastExtentTensor" on "tensor.cast" => shape_of_cast_extent_tensor,
            "ShapeOfFromReshape" => shape_of_from_reshape,
            "ExtractFromShapeOfExtentTensor" on "tensor.extract" => extract_from_shape_of_extent_tensor,
            "ShapeOfOpToConstShapeOp" => shape_of_to_const_shape,
        ],
    }
}

declare_op! {
    /// `shape.size_to_index`: a size (or index) as an `index`.
    pub struct SizeToIndexOp = "shape.size_to_index" {
        traits: PURE,
        operands: [arg: Single],
        results: [result: Single],
        verify: verify_size_to_index,
        fold: fold_size_to_index,
        format: "$arg attr-dict `:` type($arg)",
        format_rules: [result: Is(Context::index_ty)],
        patterns: ["IndexToSizeToIndexCanonicalization" => index_to_size_to_index],
    }
}

declare_op! {
    /// `shape.split_at`: a shape split at an index (printed generically).
    pub struct SplitAtOp = "shape.split_at" {
        traits: PURE,
        operands: [operand: Single, index: Single],
        results: [head: Single, tail: Single],
        verify: verify_split_at,
        fold: fold_split_at,
        asm: GenericOnlyAsm { result_names: Some(split_at_names) },
    }
}

declare_op! {
    /// `shape.to_extent_tensor`: a shape as an extent tensor.
    pub struct ToExtentTensorOp = "shape.to_extent_tensor" {
        traits: PURE,
        operands: [input: Single],
        results: [result: Single],
        verify: verify_to_extent_tensor,
        fold: fold_to_extent_tensor,
        format: "$input attr-dict `:` type($input) `->` type($result)",
        format_rules: [result: Kind(Context::is_tensor)],
    }
}

declare_op! {
    /// `shape.value_as_shape`: a value read as a shape.
    pub struct ValueAsShapeOp = "shape.value_as_shape" {
        traits: PURE,
        operands: [arg: Single],
        results: [result: Single],
        verify: verify_value_as_shape,
        format: "$arg attr-dict `:` type($arg) `->` type($result)",
    }
}

declare_op! {
    /// `shape.value_of`: the value of a `!shape.value_shape`.
    pub struct ValueOfOp = "shape.value_of" {
        traits: PURE,
        operands: [arg: Single],
        results: [result: Single],
        verify: verify_value_of,
        format: "$arg attr-dict `:` type($result)",
        format_rules: [arg: Is(value_shape_type), result: Kind(super::types::is_shaped)],
    }
}

declare_op! {
    /// `shape.with_shape`: a value paired with a shape.
    pub struct WithOp = "shape.with_shape" {
        traits: PURE,
        operands: [operand: Single, shape: Single],
        results: [result: Single],
        verify: verify_with_shape,
        asm: WithShapeAsm,
    }
}

declare_op! {
    /// `shape.yield`: the terminator of `shape.reduce`.
    pub struct YieldOp = "shape.yield" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::RETURN_LIKE.0 | OpTraits::PURE.0),
        operands: [operands: Variadic],
        verify: verify_yield,
        asm: TerminatorAsm,
        interfaces: [RegionTerminator => crate::util::ForwardAllOperands],
    }
}

/// `%c<value>` for `shape.const_size` (upstream's `getAsmResultNames`).
fn const_size_name(ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
    if let Some(v) = ConstSizeOp(op).value(ir) {
        set(ir.result(op, 0), &format!("c{v}"));
    }
}

fn is_str_attr(ctx: &Context, a: ir::Attribute) -> bool {
    ctx.str_value(a).is_some()
}

/// `%head, %tail` for `shape.split_at` (the names ODS gives the results
/// of an op with several named results).
fn split_at_names(ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
    set(ir.result(op, 0), "head");
    set(ir.result(op, 1), "tail");
}

/// Registers every op of the dialect.
pub(super) fn register_all(ctx: &mut Context) {
    crate::register_ops!(
        ctx,
        [
            AddOp,
            AnyOp,
            AssumingAllOp,
            AssumingOp,
            AssumingYieldOp,
            BroadcastOp,
            ConcatOp,
            ConstShapeOp,
            ConstSizeOp,
            ConstWitnessOp,
            CstrBroadcastableOp,
            CstrEqOp,
            CstrRequireOp,
            DebugPrintOp,
            DimOp,
            DivOp,
            FromExtentTensorOp,
            FromExtentsOp,
            FuncOp,
            FunctionLibraryOp,
            GetExtentOp,
            IndexToSizeOp,
            IsBroadcastableOp,
            MaxOp,
            MeetOp,
            MinOp,
            MulOp,
            NumElementsOp,
            RankOp,
            ReduceOp,
            ReturnOp,
            ShapeEqOp,
            ShapeOfOp,
            SizeToIndexOp,
            SplitAtOp,
            ToExtentTensorOp,
            ValueAsShapeOp,
            ValueOfOp,
            WithOp,
            YieldOp,
        ]
    );
}
