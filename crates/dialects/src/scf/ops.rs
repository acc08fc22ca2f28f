//! The declarations of the twelve `scf` ops (one [`declare_op!`] each:
//! traits, operand / attribute / result / region groups, verifiers, custom
//! syntax, interfaces, folder and canonicalization patterns) and their
//! registration.

use super::asm::{ExecAsm, ForAsm, IfAsm, WhileAsm};
use super::canon;
use super::forall::{verify_forall, verify_in_parallel, ForallAsm, InParallelAsm};
use super::interfaces::{
    ConditionTerminator, ExecuteRegionBranch, ForBranch, ForallDps, IfBranch, InParallelCombining, IndexSwitchBranch,
    ParallelLoopBranch, ReduceTerminator, WhileBranch, WhileLoop, YieldTerminator,
};
use super::parallel::{
    verify_index_switch, verify_parallel, verify_reduce, verify_reduce_return, IndexSwitchAsm, ParallelAsm, ReduceAsm,
};
use super::verify::{
    verify_exec, verify_for, verify_for_body, verify_if, verify_region_types, verify_while, verify_while_regions,
    verify_yield,
};
use crate::dealloc_interfaces::{InParallelDealloc, ReduceReturnDealloc};
use crate::declare_op;
use crate::util::FirstRegionLoop;
use ir::buffer_interfaces::{BufferDeallocationOp, ParallelCombining};
use ir::interfaces::{DestinationStyle, LoopLike, RegionBranch, RegionTerminator};
use ir::op_decl::{AnyAttr, I64Array};
use ir::{Context, OpTraits};

/// `RecursiveMemoryEffects`, `SingleBlock`, `SingleBlockImplicitTerminator`.
const STRUCTURED: OpTraits =
    OpTraits(OpTraits::RECURSIVE_MEMORY_EFFECTS.0 | OpTraits::SINGLE_BLOCK.0 | OpTraits::IMPLICIT_TERMINATOR.0);
/// The traits of the parallel loops: [`STRUCTURED`], an automatic
/// allocation scope and parallel regions.
const PARALLEL_LOOP: OpTraits =
    OpTraits(STRUCTURED.0 | OpTraits::AUTOMATIC_ALLOCATION_SCOPE.0 | OpTraits::HAS_PARALLEL_REGION.0);

declare_op! {
    /// `scf.for`: a counted loop with loop-carried values.
    pub struct ForOp = "scf.for" {
        traits: OpTraits(STRUCTURED.0 | OpTraits::AUTOMATIC_ALLOCATION_SCOPE.0),
        operands: [lower_bound: Single, upper_bound: Single, step: Single, init_args: Variadic],
        results: [results: Variadic],
        regions: [region: Single],
        verify: verify_for,
        verify_regions: verify_for_body,
        asm: ForAsm,
        interfaces: [RegionBranch => ForBranch, LoopLike => FirstRegionLoop],
        patterns: [
            "ForOpIterArgsFolder" => canon::for_iter_args_folder,
            "SimplifyTrivialLoops" => canon::simplify_trivial_loops,
            "ForOpTensorCastFolder" => canon::for_tensor_cast_folder,
        ],
    }
}

declare_op! {
    /// `scf.if`: a two-way conditional with an optional else region.
    pub struct IfOp = "scf.if" {
        traits: STRUCTURED,
        operands: [condition: Single],
        results: [results: Variadic],
        regions: [then_region: Single, else_region: Single],
        verify: verify_if,
        verify_regions: verify_region_types,
        fold: canon::fold_if,
        asm: IfAsm,
        interfaces: [RegionBranch => IfBranch],
        patterns: [
            "CombineIfs" => canon::combine_ifs,
            "CombineNestedIfs" => canon::combine_nested_ifs,
            "ConditionPropagation" => canon::condition_propagation,
            "ConvertTrivialIfToSelect" => canon::convert_trivial_if_to_select,
            "RemoveEmptyElseBranch" => canon::remove_empty_else_branch,
            "RemoveStaticCondition" => canon::remove_static_condition,
            "RemoveUnusedResults" => canon::remove_unused_results,
            "ReplaceIfYieldWithConditionOrValue" => canon::replace_if_yield_with_condition_or_value,
        ],
    }
}

declare_op! {
    /// `scf.while`: a loop whose 'before' region decides, through
    /// `scf.condition`, whether the 'after' region runs again.
    pub struct WhileOp = "scf.while" {
        traits: OpTraits::RECURSIVE_MEMORY_EFFECTS,
        operands: [inits: Variadic],
        results: [results: Variadic],
        regions: [before: Single, after: Single],
        verify: verify_while,
        verify_regions: verify_while_regions,
        asm: WhileAsm,
        interfaces: [RegionBranch => WhileBranch, LoopLike => WhileLoop],
        patterns: [
            "RemoveLoopInvariantArgsFromBeforeBlock" => canon::while_remove_invariant_before_args,
            "RemoveLoopInvariantValueYielded" => canon::while_remove_invariant_value_yielded,
            "WhileConditionTruth" => canon::while_condition_truth,
            "WhileCmpCond" => canon::while_cmp_cond,
            "WhileUnusedResult" => canon::while_unused_result,
            "WhileRemoveDuplicatedResults" => canon::while_remove_duplicated_results,
            "WhileRemoveUnusedArgs" => canon::while_remove_unused_args,
            "WhileOpAlignBeforeArgs" => canon::while_align_before_args,
        ],
    }
}

declare_op! {
    /// `scf.condition`: the terminator of `scf.while`'s 'before' region.
    pub struct ConditionOp = "scf.condition" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::PURE.0),
        operands: [condition: Single, args: Variadic],
        format: "`(` $condition `)` attr-dict ($args^ `:` type($args))?",
        format_rules: [condition: Is(Context::i1_ty)],
        interfaces: [RegionTerminator => ConditionTerminator],
    }
}

declare_op! {
    /// `scf.execute_region`: a region executed once, possibly of many blocks.
    pub struct ExecuteRegionOp = "scf.execute_region" {
        traits: OpTraits::RECURSIVE_MEMORY_EFFECTS,
        results: [results: Variadic],
        regions: [region: Single],
        verify: verify_exec,
        verify_regions: verify_region_types,
        asm: ExecAsm,
        interfaces: [RegionBranch => ExecuteRegionBranch],
        patterns: [
            "SingleBlockExecuteInliner" => canon::single_block_execute_inliner,
            "MultiBlockExecuteInliner" => canon::multi_block_execute_inliner,
        ],
    }
}

declare_op! {
    /// `scf.yield`: the terminator forwarding values to the parent op.
    pub struct YieldOp = "scf.yield" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::RETURN_LIKE.0 | OpTraits::PURE.0),
        operands: [values: Variadic],
        verify: verify_yield,
        format: "attr-dict ($values^ `:` type($values))?",
        interfaces: [RegionTerminator => YieldTerminator],
    }
}

declare_op! {
    /// `scf.forall`: a parallel loop over a (mixed static / dynamic)
    /// iteration space with shared tensor outputs.
    pub struct ForallOp = "scf.forall" {
        traits: PARALLEL_LOOP,
        operands: [
            dynamic_lower_bound: Variadic,
            dynamic_upper_bound: Variadic,
            dynamic_step: Variadic,
            outputs: Variadic,
        ],
        operand_segments: true,
        attrs: [staticLowerBound: I64Array, staticUpperBound: I64Array, staticStep: I64Array, mapping: AnyAttr],
        results: [results: Variadic],
        regions: [region: Single],
        verify: verify_forall,
        asm: ForallAsm,
        interfaces: [RegionBranch => ParallelLoopBranch, DestinationStyle => ForallDps, LoopLike => FirstRegionLoop],
        patterns: [
            "FoldTensorCastOfOutputIntoForallOp" => super::forall_canon::fold_tensor_cast_of_output,
            "ForallOpControlOperandsFolder" => super::forall::control_operands_folder,
            "ForallOpIterArgsFolder" => super::forall_canon::iter_args_folder,
            "ForallOpSingleOrZeroIterationDimsFolder" => super::forall_canon::single_or_zero_iteration_dims,
        ],
    }
}

declare_op! {
    /// `scf.forall.in_parallel`: the terminator of `scf.forall`, whose
    /// region holds the ops combining each iteration's result.
    pub struct InParallelOp = "scf.forall.in_parallel" {
        traits: OpTraits(
            OpTraits::PURE.0
                | OpTraits::TERMINATOR.0
                | OpTraits::NO_TERMINATOR.0
                | OpTraits::GRAPH_REGION.0
                | OpTraits::SINGLE_BLOCK.0
        ),
        regions: [region: Single],
        verify: verify_in_parallel,
        asm: InParallelAsm,
        interfaces: [ParallelCombining => InParallelCombining, BufferDeallocationOp => InParallelDealloc],
    }
}

declare_op! {
    /// `scf.parallel`: a parallel loop with reductions.
    pub struct ParallelOp = "scf.parallel" {
        traits: PARALLEL_LOOP,
        operands: [lower_bound: Variadic, upper_bound: Variadic, step: Variadic, init_vals: Variadic],
        operand_segments: true,
        results: [results: Variadic],
        regions: [region: Single],
        verify: verify_parallel,
        asm: ParallelAsm,
        interfaces: [RegionBranch => ParallelLoopBranch, LoopLike => FirstRegionLoop],
        patterns: [
            "ParallelOpSingleOrZeroIterationDimsFolder" => super::parallel_canon::single_or_zero_iteration_dims,
            "MergeNestedParallelLoops" => super::parallel_canon::merge_nested,
        ],
    }
}

declare_op! {
    /// `scf.reduce`: the terminator of `scf.parallel`, one reduction region
    /// per operand.
    pub struct ReduceOp = "scf.reduce" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::RECURSIVE_MEMORY_EFFECTS.0 | OpTraits::SINGLE_BLOCK.0),
        operands: [reduce_operands: Variadic],
        regions: [reductions: Variadic],
        verify: verify_reduce,
        asm: ReduceAsm,
        interfaces: [RegionTerminator => ReduceTerminator],
    }
}

declare_op! {
    /// `scf.reduce.return`: the terminator of a reduction region.
    pub struct ReduceReturnOp = "scf.reduce.return" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::PURE.0),
        operands: [result: Single],
        verify: verify_reduce_return,
        format: "$result attr-dict `:` type($result)",
        interfaces: [BufferDeallocationOp => ReduceReturnDealloc],
    }
}

declare_op! {
    /// `scf.index_switch`: a switch on an `index` with one region per case
    /// and a default region.
    pub struct IndexSwitchOp = "scf.index_switch" {
        traits: STRUCTURED,
        operands: [arg: Single],
        attrs: [cases: I64Array],
        results: [results: Variadic],
        regions: [default_region: Single, case_regions: Variadic],
        verify: verify_index_switch,
        asm: IndexSwitchAsm,
        interfaces: [RegionBranch => IndexSwitchBranch],
        patterns: ["FoldConstantCase" => canon::index_switch_constant_case],
    }
}

/// Registers every scf op.
pub(super) fn register(ctx: &mut Context) {
    crate::register_ops!(
        ctx,
        [
            ForOp,
            IfOp,
            WhileOp,
            ExecuteRegionOp,
            YieldOp,
            ConditionOp,
            ForallOp,
            InParallelOp,
            ParallelOp,
            ReduceOp,
            ReduceReturnOp,
            IndexSwitchOp,
        ]
    );
}
