//! The `BufferizableOp` models of `shape.assuming` and
//! `shape.assuming_yield` (upstream's
//! `Shape/Transforms/BufferizableOpInterfaceImpl.cpp`).
//!
//! `shape.assuming` has no tensor operand; each tensor result is
//! equivalent to the value its yield forwards (so use-def traversals walk
//! through the op), and bufferizing it recreates the op with the yield's
//! (already bufferized) operand types, moves the body over and wraps the
//! tensor results in `to_tensor`. The yield reads its operands, always in
//! place (no copy inside the body), each equivalent to the parent's
//! result, and bufferizes by forwarding their buffers.

use crate::one_shot::helpers::{
    replace_op_with_bufferized_values, replace_tensor_operands_with_buffers, restore, result_equivalent_to_yielded,
    yielded_equivalent_to_result,
};
use crate::one_shot::interface::{AliasingOpOperandList, AliasingValueList, AnalysisState, BufferizableOp};
use crate::one_shot::options::BufferizationOptions;
use dialects::shape::{AssumingOp, AssumingYieldOp};
use ir::op_decl::OpView;
use ir::rewrite_api::PatternRewriter;
use ir::{Context, Diagnostic, InsertPoint, Ir, OpId, OpSpec, OperandId, Type, ValueId};

/// The `shape.assuming_yield` ending the single block of `op`'s body.
fn body_yield(ir: &Ir, op: OpId) -> Option<OpId> {
    let region = AssumingOp(op).do_region(ir);
    let block = ir.entry_block(region)?;
    if ir.region_blocks(region).nth(1).is_some() {
        return None;
    }
    ir.terminator(block).filter(|&t| AssumingYieldOp::matches(ir, t))
}

fn unsupported_body(ir: &Ir, op: OpId) -> Diagnostic {
    crate::one_shot::driver::op_error(ir, op, "expected a single block ended by shape.assuming_yield")
}

/// `shape.assuming`.
struct AssumingModel;

impl BufferizableOp for AssumingModel {
    // The op has no tensor operand (its witness is a `!shape.witness`), so
    // the three operand queries are never asked about one.
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    /// A result aliases (is equivalent to) the yield operand it comes from.
    fn aliasing_op_operands(&self, ir: &Ir, value: ValueId, _state: &dyn AnalysisState) -> AliasingOpOperandList {
        result_equivalent_to_yielded(ir, value, body_yield)
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        _options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let ir = rw.ir();
        let Some(y) = body_yield(ir, op) else { return Err(unsupported_body(ir, op)) };
        let types: Vec<Type> = ir.operand_types(y).to_vec();
        let witness = AssumingOp(op).witness(ir);
        let spec = OpSpec {
            operands: &[witness],
            results: &types,
            num_regions: 1,
            ..OpSpec::new(AssumingOp::name(ir.ctx()), ir.op_loc(op))
        };
        let saved = rw.insertion_point();
        rw.set_insertion_point(InsertPoint::Before(op));
        let new = rw.create(spec);
        restore(rw, saved);
        let (from, to) = (rw.ir().region(op, 0), rw.ir().region(new, 0));
        rw.inline_region_before(from, to, None);
        rw.notify_modified(new);
        let results: Vec<ValueId> = rw.ir().results(new).collect();
        replace_op_with_bufferized_values(rw, op, &results);
        Ok(())
    }
}

/// `shape.assuming_yield`: analysed with its parent, bufferized by
/// forwarding buffers.
struct AssumingYieldModel;

impl BufferizableOp for AssumingYieldModel {
    crate::memory_access!(read: true, write: false);
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        if !ir.parent_op(ir.use_owner(operand)).is_some_and(|p| AssumingOp::matches(ir, p)) {
            return AliasingValueList::new();
        }
        yielded_equivalent_to_result(ir, operand, true)
    }
    /// Yielding a copy would return an allocation from the body.
    fn must_bufferize_in_place(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        true
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        replace_tensor_operands_with_buffers(rw, op, options)
    }
}

/// Attaches the `shape` models.
pub fn register(ctx: &mut Context) {
    let names = [AssumingOp::name(ctx), AssumingYieldOp::name(ctx)];
    let reg = ctx.registry_mut();
    reg.add_interface::<dyn BufferizableOp>(names[0], Box::new(AssumingModel));
    reg.add_interface::<dyn BufferizableOp>(names[1], Box::new(AssumingYieldModel));
}
