//! Models of the tensor ops that read or write elements or slices:
//! `extract` (a `memref.load`), `insert` (a `memref.store` into the
//! destination buffer), `insert_slice` (a copy into a subview of the
//! destination buffer) and `parallel_insert_slice` (the same copy, put
//! before the `scf.forall` terminator that holds it).
//!
//! `insert` and `insert_slice` are destination-style: every operand is
//! read (except an `insert_slice` destination that the slice entirely
//! overwrites), only the destination is written, and it is equivalent to the
//! result (upstream's `DstBufferizableOpInterfaceExternalModel`).

use super::views::slice_buffer_type;
use super::{constant_int, op_error};
use crate::one_shot::helpers::{create_memcpy, get_buffer, replace_op_with_bufferized_values};
use crate::one_shot::interface::{AliasingValue, AliasingValueList, AnalysisState, BufferRelation, BufferizableOp};
use crate::one_shot::options::BufferizationOptions;
use dialects::memref;
use dialects::tensor::{ExtractOp, InsertOp, InsertSliceOp, ParallelInsertSliceOp};
use ir::interfaces::{DestinationStyle, EffectKind, OpFoldSize};
use ir::rewrite_api::PatternRewriter;
use ir::{Diagnostic, InsertPoint, Ir, OpId, OperandId, ValueId};

/// True when `operand` is a destination (init) of its destination-style op.
fn is_dps_init(ir: &Ir, operand: OperandId) -> bool {
    let op = ir.use_owner(operand);
    let Some(dps) = ir.ctx().registry().interface::<dyn DestinationStyle>(ir.op_name(op)) else { return false };
    let inits = dps.inits(ir, op);
    ir.operand_ids(op)[inits.clone()].contains(&operand)
}

/// The destination-style aliasing: an init aliases its tied result.
fn dps_aliasing_values(ir: &Ir, operand: OperandId) -> AliasingValueList {
    let mut out = AliasingValueList::new();
    let op = ir.use_owner(operand);
    let Some(dps) = ir.ctx().registry().interface::<dyn DestinationStyle>(ir.op_name(op)) else { return out };
    let inits = dps.inits(ir, op);
    if let Some(i) = ir.operand_ids(op)[inits].iter().position(|&u| u == operand) {
        out.push(AliasingValue::new(ir.result(op, i), BufferRelation::Equivalent));
    }
    out
}

/// The mixed offsets, sizes and strides of a slice op, or an error naming
/// the op.
type Mixed = (Vec<OpFoldSize>, Vec<OpFoldSize>, Vec<OpFoldSize>);

fn malformed(ir: &Ir, op: OpId) -> Diagnostic {
    op_error(ir, op, "malformed offsets, sizes or strides")
}

/// Takes a subview of `dest_buffer` at the slice of `op` (typed as the
/// rank-reduced slice of `source`) and copies `src_buffer` into it.
fn copy_into_slice(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    (offsets, sizes, strides): &Mixed,
    source: ValueId,
    dest_buffer: ValueId,
) -> Result<ValueId, Diagnostic> {
    let ir = rw.ir();
    let ty = slice_buffer_type(ir, op, ir.value_type(source), ir.value_type(dest_buffer))?;
    let loc = ir.op_loc(op);
    Ok(memref::SubViewOp::build_mixed(rw, loc, ty, dest_buffer, [offsets, sizes, strides]).result(rw.ir()))
}

// ----- tensor.extract -----------------------------------------------------------

/// `tensor.extract`: reads its tensor, aliases nothing; becomes
/// `memref.load`.
pub struct ExtractModel;

impl BufferizableOp for ExtractModel {
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
        rw.set_insertion_point(InsertPoint::Before(op));
        let extract = ExtractOp(op);
        let buffer = get_buffer(rw, extract.tensor(rw.ir()), options)?;
        let ir = rw.ir();
        let (loc, ty, indices) = (ir.op_loc(op), ir.value_type(extract.result(ir)), extract.indices(ir).to_vec());
        let load = memref::LoadOp::build(rw, loc, ty, buffer, &indices, Some(false)).result(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[load]);
        Ok(())
    }
}

// ----- tensor.insert --------------------------------------------------------------

/// `tensor.insert`: destination-style; a `memref.store` into the
/// destination buffer, which becomes the result.
pub struct InsertModel;

impl BufferizableOp for InsertModel {
    fn bufferizes_to_memory_read(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        true
    }
    fn bufferizes_to_memory_write(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        is_dps_init(ir, operand)
    }
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        dps_aliasing_values(ir, operand)
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        rw.set_insertion_point(InsertPoint::Before(op));
        let insert = InsertOp(op);
        let buffer = get_buffer(rw, insert.dest(rw.ir()), options)?;
        let ir = rw.ir();
        let (loc, scalar, indices) = (ir.op_loc(op), insert.scalar(ir), insert.indices(ir).to_vec());
        memref::StoreOp::build(rw, loc, scalar, buffer, &indices, Some(false));
        replace_op_with_bufferized_values(rw, op, &[buffer]);
        Ok(())
    }
}

// ----- tensor.insert_slice ----------------------------------------------------------

/// `tensor.insert_slice`: destination-style; the source is copied into a
/// subview of the destination buffer, which becomes the result. The
/// destination is not read when the slice covers all of it (zero offsets,
/// unit strides, sizes equal to the destination's static sizes).
pub struct InsertSliceModel;

impl BufferizableOp for InsertSliceModel {
    fn bufferizes_to_memory_read(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        let slice = InsertSliceOp(ir.use_owner(operand));
        if operand == slice.source_operand(ir) {
            return true;
        }
        let (Some(offsets), Some(sizes), Some(strides)) =
            (slice.mixed_offsets(ir), slice.mixed_sizes(ir), slice.mixed_strides(ir))
        else {
            return true;
        };
        let dest_shape = ir.ctx().shape(ir.value_type(slice.dest(ir))).unwrap_or(&[]);
        let all_offsets_zero = offsets.iter().all(|o| constant_int(ir, o) == Some(0));
        let sizes_match = sizes.iter().enumerate().all(|(i, s)| constant_int(ir, s) == dest_shape.get(i).copied());
        let all_strides_one = strides.iter().all(|s| constant_int(ir, s) == Some(1));
        !(all_offsets_zero && sizes_match && all_strides_one)
    }
    fn bufferizes_to_memory_write(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        is_dps_init(ir, operand)
    }
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        dps_aliasing_values(ir, operand)
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        rw.set_insertion_point(InsertPoint::Before(op));
        let slice = InsertSliceOp(op);
        let ir = rw.ir();
        let mixed = match (slice.mixed_offsets(ir), slice.mixed_sizes(ir), slice.mixed_strides(ir)) {
            (Some(o), Some(s), Some(t)) => (o, s, t),
            _ => return Err(malformed(ir, op)),
        };
        let (source, loc) = (slice.source(ir), ir.op_loc(op));
        let dest_buffer = get_buffer(rw, slice.dest(rw.ir()), options)?;
        let view = copy_into_slice(rw, op, &mixed, source, dest_buffer)?;
        let src_buffer = get_buffer(rw, source, options)?;
        create_memcpy(rw, loc, src_buffer, view, options)?;
        replace_op_with_bufferized_values(rw, op, &[dest_buffer]);
        Ok(())
    }
}

// ----- tensor.parallel_insert_slice -------------------------------------------------

/// `tensor.parallel_insert_slice`: reads both operands, writes its
/// destination, aliases nothing (the enclosing `scf.forall` result does).
/// It always bufferizes in place: no copies are inserted for it. The copy
/// into the destination's subview is put before the `scf.forall.in_parallel`
/// terminator that holds the op.
pub struct ParallelInsertSliceModel;

impl BufferizableOp for ParallelInsertSliceModel {
    fn bufferizes_to_memory_read(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        true
    }
    fn bufferizes_to_memory_write(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        operand == ParallelInsertSliceOp(ir.use_owner(operand)).dest_operand(ir)
    }
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn resolve_conflicts(
        &self,
        _rw: &mut PatternRewriter<'_>,
        _op: OpId,
        _state: &dyn AnalysisState,
    ) -> Result<(), Diagnostic> {
        Ok(())
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let slice = ParallelInsertSliceOp(op);
        let ir = rw.ir();
        let Some(parent) = ir.parent_op(op) else {
            return Err(op_error(ir, op, "expected a parallel combining parent"));
        };
        let mixed = match (slice.mixed_offsets(ir), slice.mixed_sizes(ir), slice.mixed_strides(ir)) {
            (Some(o), Some(s), Some(t)) => (o, s, t),
            _ => return Err(malformed(ir, op)),
        };
        let (source, dest, loc) = (slice.source(ir), slice.dest(ir), ir.op_loc(op));
        let saved = rw.insertion_point();
        rw.set_insertion_point(InsertPoint::Before(parent));
        let dest_buffer = get_buffer(rw, dest, options)?;
        let src_buffer = get_buffer(rw, source, options)?;
        let view = copy_into_slice(rw, op, &mixed, source, dest_buffer)?;
        create_memcpy(rw, loc, src_buffer, view, options)?;
        // A deallocation of the source in the same block must follow the
        // copy: the terminator does more than yield, so it goes right
        // before it.
        let parent_block = rw.ir().op_block(parent);
        let users: Vec<OpId> = rw.ir().uses(src_buffer).map(|u| rw.ir().use_owner(u)).collect();
        for user in users {
            let frees = ir::interfaces::memory_effects(rw.ir(), user)
                .is_some_and(|effects| effects.iter().any(|e| e.kind == EffectKind::Free));
            if frees {
                let block = rw.ir().op_block(user);
                if block.is_some() && block == parent_block {
                    if let Some(term) = block.and_then(|b| rw.ir().terminator(b)) {
                        rw.move_op(user, InsertPoint::Before(term));
                    }
                }
                break;
            }
        }
        crate::one_shot::helpers::restore(rw, saved);
        rw.erase_op(op);
        Ok(())
    }
}
