//! The `BufferizableOp` models of the `vector` dialect's ops that take
//! tensors (upstream's `Vector/Transforms/BufferizableOpInterfaceImpl.cpp`):
//! `vector.transfer_read` and `vector.gather` read their source,
//! `vector.transfer_write` writes its source (its destination) and returns
//! it; a `vector.mask`'s results are equivalent to what its `vector.yield`
//! yields, and its body must bufferize in place.

use super::linalg::{clone_without_regions, is_dps_init, move_regions, tied_result};
use crate::one_shot::driver::op_error;
use crate::one_shot::helpers::{
    get_buffer, replace_op_with_bufferized_values, replace_tensor_operands_with_buffers,
    resolve_tensor_op_operand_conflicts, result_equivalent_to_yielded, yielded_equivalent_to_result,
};
use crate::one_shot::interface::{
    find_bufferizable, AliasingOpOperandList, AliasingValue, AliasingValueList, AnalysisState, BufferRelation,
    BufferizableOp,
};
use crate::one_shot::options::BufferizationOptions;
use dialects::bufferization::AllocTensorOp;
use dialects::vector::{masked_op, GatherOp, MaskOp, TransferReadOp, TransferWriteOp, YieldOp};
use ir::rewrite_api::PatternRewriter;
use ir::{Context, Diagnostic, Ir, OpId, OperandId, Type, ValueId};

/// Replaces the operand `index` of `op` by its buffer in a copy of `op`
/// with result types `results`; returns the copy and the buffer.
fn recreate_with_buffer(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    index: usize,
    results: &[Type],
    options: &BufferizationOptions,
) -> Result<(OpId, ValueId), Diagnostic> {
    let source = rw.ir().operand(op, index);
    let buffer = get_buffer(rw, source, options)?;
    let mut operands: Vec<ValueId> = rw.ir().operands(op).collect();
    operands[index] = buffer;
    Ok((clone_without_regions(rw, op, &operands, results), buffer))
}

/// `vector.transfer_read` and `vector.gather`: read their tensor source
/// (operand 0), alias nothing; bufferized on the source's buffer.
pub struct ReadModel;

impl BufferizableOp for ReadModel {
    crate::memory_access!(read: true, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let results = rw.ir().result_types(op).to_vec();
        let (new, _) = recreate_with_buffer(rw, op, 0, &results, options)?;
        let values: Vec<ValueId> = rw.ir().results(new).collect();
        replace_op_with_bufferized_values(rw, op, &values);
        Ok(())
    }
}

/// True when `transfer_write` `op` may leave part of its destination
/// unwritten, so the destination's old contents are read: a dynamic
/// shape, a non-zero index, a mask (a `vector.mask` around it, as
/// upstream's `isMasked`, or its own mask operand, which upstream 19
/// overlooks), or a vector smaller than the tensor.
fn write_may_keep_old_contents(ir: &Ir, op: OpId) -> bool {
    let w = TransferWriteOp(op);
    let ctx = ir.ctx();
    let shaped = ctx.shape(ir.value_type(w.source(ir))).unwrap_or(&[]);
    if shaped.contains(&ir::DYNAMIC) {
        return true;
    }
    if w.indices(ir).iter().any(|i| dialects::util::const_int(ir, i) != Some(0)) {
        return true;
    }
    if w.mask(ir).is_some() || dialects::vector::is_masked(ir, op) {
        return true;
    }
    let vector = ctx.shape(ir.value_type(w.vector(ir))).unwrap_or(&[]);
    shaped.iter().zip(vector).any(|(d0, d1)| d0 > d1)
}

/// `vector.transfer_write`: its tensor destination is written, read when
/// the write may not cover it entirely, and equivalent to the result.
pub struct TransferWriteModel;

impl BufferizableOp for TransferWriteModel {
    fn bufferizes_to_memory_read(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        write_may_keep_old_contents(ir, ir.use_owner(operand))
    }
    fn bufferizes_to_memory_write(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        is_dps_init(ir, operand)
    }
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        let mut out = AliasingValueList::new();
        if let Some(r) = tied_result(ir, operand) {
            out.push(AliasingValue::new(r, BufferRelation::Equivalent));
        }
        out
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let (_, buffer) = recreate_with_buffer(rw, op, 1, &[], options)?;
        replace_op_with_bufferized_values(rw, op, &[buffer]);
        Ok(())
    }
}

/// The `vector.yield` ending the region of `mask`.
fn mask_terminator(ir: &Ir, mask: OpId) -> Option<OpId> {
    let block = ir.entry_block(*ir.regions(mask).first()?)?;
    ir.last_op(block).filter(|&t| YieldOp::matches(ir, t))
}

/// `vector.mask`: it has no tensor operands; each result is equivalent to
/// the value its `vector.yield` yields. Its body must bufferize in place:
/// an out-of-place copy inside it would be an allocation yielded from the
/// block. A mask that masks nothing bufferizes to its yielded buffers
/// (mlir-opt-19 crashes on it).
pub struct MaskModel;

impl BufferizableOp for MaskModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn aliasing_op_operands(&self, ir: &Ir, value: ValueId, _state: &dyn AnalysisState) -> AliasingOpOperandList {
        result_equivalent_to_yielded(ir, value, mask_terminator)
    }
    fn resolve_conflicts(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        state: &dyn AnalysisState,
    ) -> Result<(), Diagnostic> {
        resolve_tensor_op_operand_conflicts(rw, op, state)?;
        let ir = rw.ir();
        let block = ir.regions(op).first().and_then(|&r| ir.entry_block(r));
        if block.is_some_and(|b| ir.block_ops(b).any(|o| AllocTensorOp::matches(ir, o))) {
            return Err(op_error(ir, op, "body must bufferize in-place"));
        }
        Ok(())
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let ir = rw.ir();
        // Upstream 19 crashes on a mask that masks nothing; here its
        // yielded values simply replace its results (as the canonical
        // `ElideEmptyMaskOp` does).
        let masked = masked_op(ir, MaskOp(op));
        if masked.is_some_and(|m| find_bufferizable(ir, m, options).is_none()) {
            return Ok(());
        }
        let Some(yield_op) = mask_terminator(ir, op) else { return Ok(()) };
        // Yielded values that are not results of the masked op are buffers
        // from above (former tensor results): they replace the mask's
        // results directly and are no longer yielded.
        let mut returned: Vec<Option<ValueId>> = vec![None; ir.num_results(op)];
        let mut yielded = Vec::new();
        for (i, v) in ir.operands(yield_op).enumerate() {
            if masked.is_some() && ir.defining_op(v) == masked {
                yielded.push(v);
            } else if let Some(slot) = returned.get_mut(i) {
                *slot = Some(v);
            }
        }
        let types: Vec<Type> = yielded.iter().map(|&v| ir.value_type(v)).collect();
        let operands: Vec<ValueId> = ir.operands(op).collect();
        rw.modify_in_place(yield_op, |ir| ir.set_operands(yield_op, &yielded));
        let new = clone_without_regions(rw, op, &operands, &types);
        move_regions(rw, op, new);
        let mut new_results = rw.ir().results(new);
        let values: Vec<ValueId> =
            returned.into_iter().map(|v| v.or_else(|| new_results.next()).expect("one result per yield")).collect();
        replace_op_with_bufferized_values(rw, op, &values);
        Ok(())
    }
}

/// `vector.yield`: reads, never writes, always in place; each operand is
/// equivalent to the parent's result of the same number.
pub struct YieldModel;

impl BufferizableOp for YieldModel {
    crate::memory_access!(read: true, write: false);
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        yielded_equivalent_to_result(ir, operand, true)
    }
    fn must_bufferize_in_place(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        true
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let ir = rw.ir();
        let Some(mask) = ir.parent_op(op).filter(|&p| MaskOp::matches(ir, p)) else {
            return Err(Diagnostic::error(ir.op_loc(op), "unsupported vector::YieldOp parent").with_op(op));
        };
        let first = ir.regions(mask).first().and_then(|&r| ir.entry_block(r)).and_then(|b| ir.first_op(b));
        if first.is_none_or(|f| find_bufferizable(ir, f, options).is_none()) {
            return Ok(());
        }
        replace_tensor_operands_with_buffers(rw, op, options)
    }
}

/// Attaches the `vector` models.
pub fn register(ctx: &mut Context) {
    let models: [(&str, Box<dyn BufferizableOp>); 5] = [
        (TransferReadOp::NAME, Box::new(ReadModel)),
        (GatherOp::NAME, Box::new(ReadModel)),
        (TransferWriteOp::NAME, Box::new(TransferWriteModel)),
        (MaskOp::NAME, Box::new(MaskModel)),
        (YieldOp::NAME, Box::new(YieldModel)),
    ];
    for (name, model) in models {
        let name = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn BufferizableOp>(name, model);
    }
}
