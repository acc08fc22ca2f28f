//! The bufferization passes: One-Shot Bufferize, ownership-based buffer
//! deallocation with its simplification and lowering, and the older
//! (clone-based and dialect-conversion) passes upstream has removed.
//!
//! Passes live one module each and reach ops through the registry's
//! interfaces and `dialects`' typed views; [`register_passes`] adds them
//! all to a [`PassRegistry`], and the `bufopt` tool calls it.

use transforms::pass::PassRegistry;

pub mod buffer_hoisting;
pub mod buffer_placement;
pub mod buffer_results_to_out_params;
pub mod bufferization_to_memref;
pub mod clone_dealloc;
pub mod conversion;
pub mod copy_removal;
pub mod dealloc_pipeline;
pub mod dealloc_simplify;
pub mod dealloc_state;
pub mod drop_equivalent_results;
pub mod expand_realloc;
pub mod finalizing_bufferize;
pub mod func_bufferize;
pub mod func_conversion;
pub mod linalg_generalize;
pub mod lower_deallocations;
pub mod one_shot;
pub mod ownership_dealloc;
pub mod partial_bufferize;
pub mod promote_to_stack;
pub mod scf_bufferize;
pub mod type_converter;

/// Adds every bufferization pass and pipeline to `reg`.
pub fn register_passes(reg: &mut PassRegistry) {
    reg.add(expand_realloc::pass_info());
    reg.add(lower_deallocations::pass_info());
    reg.add(bufferization_to_memref::pass_info());
    reg.add(ownership_dealloc::pass_info());
    reg.add(dealloc_simplify::pass_info());
    reg.add(clone_dealloc::pass_info());
    reg.add(copy_removal::pass_info());
    reg.pipelines.push(dealloc_pipeline::pipeline_info());
    reg.add(func_bufferize::pass_info());
    reg.add(finalizing_bufferize::pass_info());
    reg.add(scf_bufferize::pass_info());
    reg.add(partial_bufferize::arith_pass_info());
    reg.add(partial_bufferize::tensor_pass_info());
    reg.add(partial_bufferize::linalg_pass_info());
    reg.passes.extend([buffer_hoisting::pass_info(), buffer_hoisting::loop_pass_info(), promote_to_stack::pass_info()]);
    reg.add(func_conversion::pass_info());
    reg.add(drop_equivalent_results::pass_info());
    reg.add(buffer_results_to_out_params::pass_info());
    reg.add(one_shot::pass::pass_info());
    reg.add(one_shot::pass::test_copy_insertion_pass_info());
    reg.add(one_shot::pass::empty_tensor_pass_info());
    reg.add(one_shot::empty_tensor_elimination::pass_info());
    reg.add(linalg_generalize::pass_info());
}

/// The functions with a body in `op`, nested ones first (MLIR's post-order
/// walk), for the passes that handle one function at a time.
pub(crate) fn defined_functions(ir: &ir::Ir, op: ir::OpId) -> Vec<ir::OpId> {
    ir.post_order(op)
        .into_iter()
        .filter(|&f| {
            dialects::func::FuncOp::matches(ir, f) && ir.regions(f).first().is_some_and(|&r| !ir.region_is_empty(r))
        })
        .collect()
}
