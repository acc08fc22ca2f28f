//! The `BufferizableOp` model of the `linalg` structured ops (upstream's
//! `LinalgOpInterface` over `DstBufferizableOpInterfaceExternalModel`),
//! and the generic bufferization of a destination-style op
//! ([`bufferize_destination_style_op`]): the op is recreated with memref
//! operands and no results, its region moved over, and its results
//! replaced by the buffers of its inits.
//!
//! One model serves every structured op: it is attached to every op of the
//! `linalg` dialect that implements `DestinationStyle` (found in the
//! registry, not listed by hand), except `linalg.softmax`, which has its
//! own model (upstream's `SoftmaxOpInterface`).

use crate::one_shot::helpers::{get_buffer, replace_op_with_bufferized_values, restore};
use crate::one_shot::interface::{AliasingValue, AliasingValueList, AnalysisState, BufferRelation, BufferizableOp};
use crate::one_shot::options::BufferizationOptions;
use dialects::linalg::{payload_uses_operand, structured_info, IteratorKind};
use ir::interfaces::DestinationStyle;
use ir::rewrite_api::PatternRewriter;
use ir::{Context, Diagnostic, InsertPoint, Ir, OpId, OpSpec, OperandId, TypeKind, ValueId};

/// The init operand range of a destination-style op.
fn inits(ir: &Ir, op: OpId) -> std::ops::Range<usize> {
    match ir.ctx().registry().interface::<dyn DestinationStyle>(ir.op_name(op)) {
        Some(d) => d.inits(ir, op),
        None => 0..0,
    }
}

/// True when `operand` is an init (`outs`) of its destination-style op.
pub fn is_dps_init(ir: &Ir, operand: OperandId) -> bool {
    inits(ir, ir.use_owner(operand)).contains(&ir.use_index(operand))
}

/// The result tied to init `operand` (the n-th init ties the n-th
/// result), if any.
pub fn tied_result(ir: &Ir, operand: OperandId) -> Option<ValueId> {
    let op = ir.use_owner(operand);
    let r = inits(ir, op);
    let i = ir.use_index(operand);
    (r.contains(&i) && i - r.start < ir.num_results(op)).then(|| ir.result(op, i - r.start))
}

/// Creates, before `op`, an op of the same name, attributes and successors
/// with `operands`, `result_types` and as many (empty) regions
/// (upstream's `cloneWithoutRegions`).
pub fn clone_without_regions(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    operands: &[ValueId],
    result_types: &[ir::Type],
) -> OpId {
    let ir = rw.ir();
    let attrs = ir.attrs(op).to_vec();
    let successors = ir.successors(op).to_vec();
    let spec = OpSpec {
        operands,
        results: result_types,
        attrs: &attrs,
        successors: &successors,
        num_regions: ir.regions(op).len(),
        props: ir.props(op),
        ..OpSpec::new(ir.op_name(op), ir.op_loc(op))
    };
    let saved = rw.insertion_point();
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = rw.create(spec);
    restore(rw, saved);
    new
}

/// Moves every region of `from` into the region of `to` with the same
/// index (`to` has as many regions, empty).
pub fn move_regions(rw: &mut PatternRewriter<'_>, from: OpId, to: OpId) {
    let src: Vec<_> = rw.ir().regions(from).to_vec();
    let dst: Vec<_> = rw.ir().regions(to).to_vec();
    for (s, d) in src.into_iter().zip(dst) {
        rw.inline_region_before(s, d, None);
        rw.notify_modified(to);
    }
}

/// Bufferizes a destination-style op (upstream's
/// `bufferizeDestinationStyleOpInterface`): inputs and inits become their
/// buffers, the op is recreated without results, and each result is
/// replaced by the buffer of its tied init.
pub fn bufferize_destination_style_op(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    options: &BufferizationOptions,
) -> Result<(), Diagnostic> {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let types: Vec<_> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    let has_tensor = types.iter().any(|&t| ctx.is_tensor(t));
    let has_memref = types.iter().any(|&t| ctx.is_memref(t));
    if !has_tensor {
        // Already bufferized.
        return Ok(());
    }
    if has_memref {
        return Err(Diagnostic::error(ir.op_loc(op), "op does not have pure tensor semantics").with_op(op));
    }
    let range = inits(ir, op);
    let operands: Vec<ValueId> = ir.operands(op).collect();
    let mut new_inputs = Vec::with_capacity(range.start);
    for &v in &operands[..range.start] {
        if is_shaped(rw.ir(), v) {
            new_inputs.push(get_buffer(rw, v, options)?);
        } else {
            new_inputs.push(v);
        }
    }
    let mut new_outputs = Vec::new();
    for i in 0..rw.ir().num_results(op) {
        new_outputs.push(get_buffer(rw, operands[range.start + i], options)?);
    }
    let mut new_operands = new_inputs;
    new_operands.extend_from_slice(&new_outputs);
    // Inits without a tied result (memref inits) stay as they are.
    new_operands.extend_from_slice(&operands[(range.start + new_outputs.len()).min(operands.len())..]);
    let new = clone_without_regions(rw, op, &new_operands, &[]);
    move_regions(rw, op, new);
    replace_op_with_bufferized_values(rw, op, &new_outputs);
    Ok(())
}

fn is_shaped(ir: &Ir, v: ValueId) -> bool {
    matches!(
        ir.ctx().kind(ir.value_type(v)),
        TypeKind::Tensor { .. }
            | TypeKind::UnrankedTensor { .. }
            | TypeKind::MemRef { .. }
            | TypeKind::UnrankedMemRef { .. }
            | TypeKind::Vector { .. }
    )
}

/// The model of every linalg structured op.
pub struct LinalgOpModel;

impl BufferizableOp for LinalgOpModel {
    fn bufferizes_to_memory_read(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        payload_uses_operand(ir, ir.use_owner(operand), ir.use_index(operand))
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
    fn bufferizes_to_elementwise_access(
        &self,
        ir: &Ir,
        op: OpId,
        _state: &dyn AnalysisState,
        operands: &[OperandId],
    ) -> bool {
        let Some(info) = structured_info(ir, op) else { return false };
        if info.iterators.iter().any(|&k| k != IteratorKind::Parallel) {
            return false;
        }
        let ctx = ir.ctx();
        for (&u, map) in ir.operand_ids(op).iter().zip(&info.indexing_maps) {
            let ty = ir.value_type(ir.use_value(u));
            if !matches!(ctx.kind(ty), TypeKind::Tensor { .. } | TypeKind::MemRef { .. }) {
                continue;
            }
            if !operands.contains(&u) {
                continue;
            }
            if !map.is_identity() {
                return false;
            }
        }
        true
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        bufferize_destination_style_op(rw, op, options)
    }
}

/// `linalg.softmax` (destination style, but not a structured op): reads
/// its input, writes its output (not read) and returns it.
pub struct SoftmaxModel;

impl BufferizableOp for SoftmaxModel {
    fn bufferizes_to_memory_read(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        ir.use_index(operand) == 0
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
        let input = get_buffer(rw, rw.ir().operand(op, 0), options)?;
        let output = get_buffer(rw, rw.ir().operand(op, 1), options)?;
        clone_without_regions(rw, op, &[input, output], &[]);
        replace_op_with_bufferized_values(rw, op, &[output]);
        Ok(())
    }
}

/// Attaches [`LinalgOpModel`] to every destination-style op of the
/// `linalg` dialect but `linalg.softmax`, which gets [`SoftmaxModel`].
pub fn register(ctx: &mut Context) {
    let linalg = ctx.intern_str("linalg");
    let softmax = ctx.intern_str(dialects::linalg::SoftmaxOp::NAME);
    let reg = ctx.registry();
    let names: Vec<_> = reg
        .ops()
        .filter(|info| info.dialect == linalg && reg.interface::<dyn DestinationStyle>(info.name).is_some())
        .map(|info| info.name)
        .filter(|&name| name != softmax)
        .collect();
    let reg = ctx.registry_mut();
    for name in names {
        reg.add_interface::<dyn BufferizableOp>(name, Box::new(LinalgOpModel));
    }
    reg.add_interface::<dyn BufferizableOp>(softmax, Box::new(SoftmaxModel));
}
