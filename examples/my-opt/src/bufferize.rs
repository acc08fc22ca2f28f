//! One-Shot Bufferize for the `my` dialect: the `BufferizableOp` model of
//! `my.scale` on tensors, attached to the op as an external model by
//! [`register`], exactly as bufopt attaches its own models
//! (`bufferization::one_shot::models`). `docs/one-shot-extension-guide.md`
//! walks through this file.
//!
//! `%r = my.scale %x by %f : tensor<4xf32>` reads every element of `%x` and
//! produces a tensor of the same shape. Its buffer form computes in place:
//! the product is written over the elements of `%x`'s buffer, and `%r`
//! *is* that buffer. So the model tells the analysis:
//! - the tensor operand is read and, in place, written;
//! - the result is equivalent to it (the same buffer), definitely;
//! - the access is element-wise (element `i` is written only after element
//!   `i` was read, and nothing else is read after it).
//!
//! From that, One-Shot Analysis decides for each `my.scale` whether its
//! operand can be overwritten: in place when no later read needs the old
//! value and the buffer is writable; otherwise tensor copy insertion gives
//! the op a copy of the operand, and the op writes into the copy. The
//! model never decides that itself: `bufferize` just takes the operand's
//! buffer ([`get_buffer`]), which is the copy when one was inserted.
//!
//! The memref code is a `linalg.map` that reads the buffer and writes the
//! same buffer, its body an `arith.mulf` by the factor, so the bufferized
//! program uses only upstream ops: `mlir-opt-19` verifies it and
//! `bufopt-run` executes it. (The memref form of `my.scale` is pure and
//! returns a new memref, so it cannot serve as the in-place form.)

use crate::ScaleOp;
use bufferization::one_shot::helpers::{get_buffer, replace_op_with_bufferized_values, restore};
use bufferization::one_shot::interface::{
    AliasingValue, AliasingValueList, AnalysisState, BufferRelation, BufferizableOp,
};
use bufferization::one_shot::options::BufferizationOptions;
use dialects::arith::MulFOp;
use dialects::linalg::{MapOp, YieldOp};
use ir::rewrite_api::PatternRewriter;
use ir::{Context, Diagnostic, InsertPoint, Ir, OpId, OperandId};

/// The `BufferizableOp` model of `my.scale` (its tensor form; the memref
/// form has no tensor operand and is left alone by One-Shot Bufferize).
pub struct ScaleModel;

impl BufferizableOp for ScaleModel {
    /// The input's elements are read. (Only tensor operands are asked: the
    /// factor is a scalar.)
    fn bufferizes_to_memory_read(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        true
    }

    /// In place, the product is stored over the input's elements.
    fn bufferizes_to_memory_write(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        true
    }

    /// Element `i` of the result depends on element `i` of the input only.
    fn bufferizes_to_elementwise_access(
        &self,
        _ir: &Ir,
        _op: OpId,
        _state: &dyn AnalysisState,
        _operands: &[OperandId],
    ) -> bool {
        true
    }

    /// In place, the result is the input's buffer itself.
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        let op = ir.use_owner(operand);
        let mut out = AliasingValueList::new();
        out.push(AliasingValue::new(ScaleOp(op).result(ir), BufferRelation::Equivalent));
        out
    }

    // `aliasing_op_operands`, `result_bufferizes_to_memory_write`,
    // `buffer_type` (the input's buffer type), `is_writable`,
    // `resolve_conflicts` (copy the operand when it is out of place) and the
    // rest keep the trait's defaults, which upstream's interface has too.

    /// `linalg.map ins(%buf) outs(%buf) (%in) { mulf %in, %f }`, then the
    /// result is replaced by `%buf`.
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let scale = ScaleOp(op);
        let (input, factor) = (scale.input(rw.ir()), scale.factor(rw.ir()));
        let loc = rw.ir().op_loc(op);
        let elem = rw.ir().value_type(factor);
        let saved = rw.insertion_point();
        rw.set_insertion_point(InsertPoint::Before(op));
        let buffer = get_buffer(rw, input, options)?;
        let map = MapOp::build(rw, loc, &[], &[buffer], buffer, 1);
        let body = map.mapper(rw.ir());
        let block = rw.create_block(body, &[elem], &[loc]);
        let element = rw.ir().block_arg(block, 0);
        rw.set_insertion_point(InsertPoint::BlockEnd(block));
        let product = MulFOp::build(rw, loc, elem, element, factor, None).result(rw.ir());
        YieldOp::build(rw, loc, &[product]);
        restore(rw, saved);
        replace_op_with_bufferized_values(rw, op, &[buffer]);
        Ok(())
    }
}

/// Attaches [`ScaleModel`] to `my.scale`. Call it after the op is
/// registered (an interface attached to an unknown name is a registration
/// error).
pub fn register(ctx: &mut Context) {
    let name = ctx.intern_str(ScaleOp::NAME);
    ctx.registry_mut().add_interface::<dyn BufferizableOp>(name, Box::new(ScaleModel));
}
