//! The `BufferizableOp` models of the `vector` dialect's ops that take
//! tensors (upstream's `Vector/Transforms/BufferizableOpInterfaceImpl.cpp`):
//! `vector.transfer_read` and `vector.gather` read their source,
//! `vector.transfer_write` writes its source (its destination) and returns
//! it.
//!
//! bufopt's `vector` dialect does not declare `vector.mask` or
//! `vector.yield`, so they have no model here.

use super::linalg::{clone_without_regions, is_dps_init, tied_result};
use crate::one_shot::helpers::{get_buffer, replace_op_with_bufferized_values};
use crate::one_shot::interface::{AliasingValue, AliasingValueList, AnalysisState, BufferRelation, BufferizableOp};
use crate::one_shot::options::BufferizationOptions;
use dialects::vector::{GatherOp, TransferReadOp, TransferWriteOp};
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
    fn bufferizes_to_memory_read(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        true
    }
    fn bufferizes_to_memory_write(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        false
    }
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
/// shape, a non-zero index, a mask, or a vector smaller than the tensor.
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
    if w.mask(ir).is_some() {
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

/// Attaches the `vector` models.
pub fn register(ctx: &mut Context) {
    let read = ctx.intern_str(TransferReadOp::NAME);
    let gather = ctx.intern_str(GatherOp::NAME);
    let write = ctx.intern_str(TransferWriteOp::NAME);
    let reg = ctx.registry_mut();
    reg.add_interface::<dyn BufferizableOp>(read, Box::new(ReadModel));
    reg.add_interface::<dyn BufferizableOp>(gather, Box::new(ReadModel));
    reg.add_interface::<dyn BufferizableOp>(write, Box::new(TransferWriteModel));
}
