//! Models of the tensor ops whose result is a view of their source buffer
//! (`cast`, `collapse_shape`, `expand_shape`, `reshape`, `extract_slice`)
//! and of the ops that read only a tensor's metadata (`dim`, `rank`).
//!
//! Buffer types follow upstream: a cast keeps the source layout (fully
//! dynamic when either side is unranked), reshapes compute their layout with
//! `dialects::layout` (`collapsed_type`, `expanded_type`; a collapse that is
//! not guaranteed to be possible on the source layout, and every
//! `reshape`, use a copy with the identity layout), and a slice is a
//! rank-reduced subview type. The memory space is always the source's.

use super::{create_or_fold, memory_space_of, op_error};
use crate::one_shot::helpers::{
    allocate_tensor_for_shaped_value, get_buffer, get_buffer_type, memref_type_fully_dynamic, memref_type_identity,
    replace_op_with_bufferized_values,
};
use crate::one_shot::interface::{AliasingValue, AliasingValueList, AnalysisState, BufferRelation, BufferizableOp};
use crate::one_shot::options::BufferizationOptions;
use dialects::bufferization::ToMemrefOp;
use dialects::layout::{
    collapsed_type, expanded_type, is_guaranteed_collapsible, is_identity_layout, memref_parts, memref_type,
    strided_layout, strides_and_offset, subview_rank_reduced_result_type,
};
use dialects::memref;
use dialects::tensor::{CastOp, CollapseShapeOp, DimOp, ExpandShapeOp, ExtractSliceOp, RankOp, ReshapeOp};
use ir::interfaces::OpFoldSize;
use ir::rewrite_api::PatternRewriter;
use ir::{Diagnostic, InsertPoint, Ir, OpId, OperandId, Type, TypeKind, ValueId, DYNAMIC};

/// The one result of `op`, aliasing the operand with `relation`.
fn result_alias(ir: &Ir, operand: OperandId, relation: BufferRelation) -> AliasingValueList {
    let op = ir.use_owner(operand);
    let mut out = AliasingValueList::new();
    out.push(AliasingValue::new(ir.result(op, 0), relation));
    out
}

/// The op defining `value` (a result of the op being asked about).
fn owner(ir: &Ir, value: ValueId) -> Result<OpId, Diagnostic> {
    ir.defining_op(value).ok_or_else(|| Diagnostic::error(ir.value_loc(value), "expected an op result"))
}

/// The buffer type of `value` computed without a stack (upstream's
/// `bufferization::getBufferType(value, options)`).
fn buffer_type_of(ir: &Ir, value: ValueId, options: &BufferizationOptions) -> Result<Type, Diagnostic> {
    get_buffer_type(ir, value, options, &mut Vec::new())
}

/// Sets the insertion point before `op` (where upstream's driver puts it).
fn insert_before(rw: &mut PatternRewriter<'_>, op: OpId) {
    rw.set_insertion_point(InsertPoint::Before(op));
}

/// The reassociation groups of a reshape op (an error when malformed).
fn groups(ir: &Ir, op: OpId) -> Result<Vec<Vec<i64>>, Diagnostic> {
    dialects::tensor::reassociation(ir, op).ok_or_else(|| op_error(ir, op, "invalid reassociation"))
}

// ----- tensor.cast ------------------------------------------------------------

/// `tensor.cast`: neither reads nor writes; the result is the source buffer
/// (equivalent), as a `memref.cast` when the types differ.
pub struct CastModel;

impl BufferizableOp for CastModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        result_alias(ir, operand, BufferRelation::Equivalent)
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let op = owner(ir, value)?;
        let cast = CastOp(op);
        let src = cast.source(ir);
        let src_buffer = get_buffer_type(ir, src, options, stack)?;
        let space = memory_space_of(ir, src_buffer);
        let ctx = ir.ctx();
        let result_ty = ir.value_type(cast.dest(ir));
        let unranked = |t: Type| matches!(ctx.kind(t), TypeKind::UnrankedTensor { .. });
        // From or to an unranked tensor nothing is known of the layout.
        if unranked(ir.value_type(src)) || unranked(result_ty) {
            return memref_type_fully_dynamic(ir, result_ty, space)
                .ok_or_else(|| op_error(ir, op, "expected a tensor result"));
        }
        // Ranked to ranked: offset and strides do not change.
        let (Some(shape), Some(elem)) = (ctx.shape(result_ty), ctx.element_type(result_ty)) else {
            return Err(op_error(ir, op, "expected a ranked tensor result"));
        };
        Ok(memref_type(ctx, shape, elem, ctx.memref_layout(src_buffer), space))
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        insert_before(rw, op);
        let cast = CastOp(op);
        let buffer = get_buffer(rw, cast.source(rw.ir()), options)?;
        let ty = buffer_type_of(rw.ir(), cast.dest(rw.ir()), options)?;
        if rw.ir().value_type(buffer) == ty {
            replace_op_with_bufferized_values(rw, op, &[buffer]);
            return Ok(());
        }
        let loc = rw.ir().op_loc(op);
        let new = memref::CastOp::build(rw, loc, ty, buffer).dest(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[new]);
        Ok(())
    }
}

// ----- tensor.collapse_shape ----------------------------------------------------

/// `tensor.collapse_shape`: reads its source (it may have to copy it), and
/// the result is equivalent to the source.
pub struct CollapseShapeModel;

impl BufferizableOp for CollapseShapeModel {
    crate::memory_access!(read: true, write: false);
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        result_alias(ir, operand, BufferRelation::Equivalent)
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let op = owner(ir, value)?;
        let collapse = CollapseShapeOp(op);
        let src_buffer = get_buffer_type(ir, collapse.src(ir), options, stack)?;
        let reassociation = groups(ir, op)?;
        let ctx = ir.ctx();
        if !is_guaranteed_collapsible(ctx, src_buffer, &reassociation) {
            // Not collapsible in place: a new allocation with the identity layout.
            return memref_type_identity(ir, ir.value_type(collapse.result(ir)), memory_space_of(ir, src_buffer))
                .ok_or_else(|| op_error(ir, op, "expected a tensor result"));
        }
        collapsed_type(ctx, src_buffer, &reassociation)
            .ok_or_else(|| op_error(ir, op, "could not compute the collapsed buffer type"))
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        insert_before(rw, op);
        let collapse = CollapseShapeOp(op);
        let ctx = rw.ir().ctx_arc().clone();
        let src = collapse.src(rw.ir());
        let result_ty = rw.ir().value_type(collapse.result(rw.ir()));
        let mut buffer = get_buffer(rw, src, options)?;
        let buffer_ty = rw.ir().value_type(buffer);
        let Some(parts) = memref_parts(&ctx, buffer_ty) else {
            return Err(op_error(rw.ir(), op, "expected a ranked memref buffer"));
        };
        let reassociation_attr =
            collapse.reassociation(rw.ir()).ok_or_else(|| op_error(rw.ir(), op, "invalid reassociation"))?;
        let loc = rw.ir().op_loc(op);
        let elem = ctx.element_type(result_ty).unwrap_or(parts.elem);
        if ctx.shape(result_ty).is_some_and(<[i64]>::is_empty) {
            // 0-d collapses keep the source's offset (when it has a layout).
            let ty = if is_identity_layout(&ctx, parts.layout) {
                memref_type(&ctx, &[], elem, None, parts.memory_space)
            } else {
                let Some((_, offset)) = strides_and_offset(&ctx, buffer_ty) else {
                    return Err(op_error(rw.ir(), op, "expected a strided buffer layout"));
                };
                memref_type(&ctx, &[], elem, Some(strided_layout(&ctx, &[], offset)), parts.memory_space)
            };
            let new = memref::CollapseShapeOp::build(rw, loc, ty, buffer, Some(reassociation_attr)).result(rw.ir());
            replace_op_with_bufferized_values(rw, op, &[new]);
            return Ok(());
        }
        let reassociation = groups(rw.ir(), op)?;
        if !is_guaranteed_collapsible(&ctx, buffer_ty, &reassociation) {
            // Copy into a buffer with the identity layout, which collapses.
            let alloc = allocate_tensor_for_shaped_value(rw, loc, src, options, true)?;
            let src_ty = rw.ir().value_type(src);
            let shape = ctx.shape(src_ty).unwrap_or(&[]).to_vec();
            let elem = ctx.element_type(src_ty).unwrap_or(parts.elem);
            let ty = memref_type(&ctx, &shape, elem, None, parts.memory_space);
            buffer = ToMemrefOp::build(rw, loc, ty, alloc, false).memref(rw.ir());
        }
        let ty = collapsed_type(&ctx, rw.ir().value_type(buffer), &reassociation)
            .ok_or_else(|| op_error(rw.ir(), op, "could not compute the collapsed buffer type"))?;
        let new = memref::CollapseShapeOp::build(rw, loc, ty, buffer, Some(reassociation_attr)).result(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[new]);
        Ok(())
    }
}

// ----- tensor.expand_shape ------------------------------------------------------

/// `tensor.expand_shape`: neither reads nor writes; the result is
/// equivalent to the source. The `memref.expand_shape`'s output shape is
/// inferred from the source buffer's sizes, as upstream's builder does.
pub struct ExpandShapeModel;

impl BufferizableOp for ExpandShapeModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        result_alias(ir, operand, BufferRelation::Equivalent)
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let op = owner(ir, value)?;
        let expand = ExpandShapeOp(op);
        let src_buffer = get_buffer_type(ir, expand.src(ir), options, stack)?;
        let shape = ir.ctx().shape(ir.value_type(expand.result(ir))).unwrap_or(&[]).to_vec();
        expanded_type(ir.ctx(), src_buffer, &shape, &groups(ir, op)?)
            .ok_or_else(|| op_error(ir, op, "could not compute the expanded buffer type"))
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        insert_before(rw, op);
        let expand = ExpandShapeOp(op);
        let ctx = rw.ir().ctx_arc().clone();
        let shape = ctx.shape(rw.ir().value_type(expand.result(rw.ir()))).unwrap_or(&[]).to_vec();
        let reassociation = groups(rw.ir(), op)?;
        let reassociation_attr =
            expand.reassociation(rw.ir()).ok_or_else(|| op_error(rw.ir(), op, "invalid reassociation"))?;
        let buffer = get_buffer(rw, expand.src(rw.ir()), options)?;
        let ty = expanded_type(&ctx, rw.ir().value_type(buffer), &shape, &reassociation)
            .ok_or_else(|| op_error(rw.ir(), op, "could not compute the expanded buffer type"))?;
        let loc = rw.ir().op_loc(op);
        let input_shape = memref_mixed_sizes(rw, loc, buffer);
        let output = infer_expand_output_shape(rw, loc, &shape, &reassociation, &input_shape)
            .ok_or_else(|| op_error(rw.ir(), op, "unable to infer output shape"))?;
        let (values, statics) = dialects::static_dynamic::dispatch_mixed(&output);
        let new = memref::ExpandShapeOp::build(rw, loc, ty, buffer, &values, Some(reassociation_attr), &statics)
            .result(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[new]);
        Ok(())
    }
}

/// `memref::getMixedSizes`: the static sizes of `buffer`, and a folded
/// `memref.dim` (with its index constant) for each dynamic one.
fn memref_mixed_sizes(rw: &mut PatternRewriter<'_>, loc: ir::Location, buffer: ValueId) -> Vec<OpFoldSize> {
    let ctx = rw.ir().ctx_arc().clone();
    let shape = ctx.shape(rw.ir().value_type(buffer)).unwrap_or(&[]).to_vec();
    let index = ctx.index_ty();
    let mut out = Vec::with_capacity(shape.len());
    for (i, &d) in shape.iter().enumerate() {
        if d != DYNAMIC {
            out.push(OpFoldSize::Static(d));
            continue;
        }
        let c = dialects::tensor::build_index_constant(rw, loc, i as i64);
        let dim = memref::DimOp::build(rw, loc, index, buffer, c).0;
        out.push(OpFoldSize::Value(create_or_fold(rw, dim)));
    }
    out
}

/// `inferExpandShapeOutputShape`: the output shape of an expansion to
/// `shape`; each dynamic output size is the group's input size divided
/// (`arith.divui`, folded) by the product of the group's static sizes.
/// `None` when a group has several dynamic sizes.
fn infer_expand_output_shape(
    rw: &mut PatternRewriter<'_>,
    loc: ir::Location,
    shape: &[i64],
    reassociation: &[Vec<i64>],
    input_shape: &[OpFoldSize],
) -> Option<Vec<OpFoldSize>> {
    if input_shape.is_empty() {
        return Some(vec![OpFoldSize::Static(1); shape.len()]);
    }
    if !shape.contains(&DYNAMIC) {
        return Some(shape.iter().map(|&d| OpFoldSize::Static(d)).collect());
    }
    let mut out: Vec<OpFoldSize> = shape.iter().map(|&d| OpFoldSize::Static(d)).collect();
    for (g, group) in reassociation.iter().enumerate() {
        let mut product = 1i64;
        let mut dynamic = None;
        for &d in group {
            let d = usize::try_from(d).ok()?;
            let size = *shape.get(d)?;
            if size == DYNAMIC {
                if dynamic.is_some() {
                    return None;
                }
                dynamic = Some(d);
            } else {
                product = product.wrapping_mul(size);
            }
        }
        let Some(d) = dynamic else { continue };
        let OpFoldSize::Value(group_size) = *input_shape.get(g)? else { return None };
        let c = dialects::tensor::build_index_constant(rw, loc, product);
        let index = rw.ir().ctx().index_ty();
        let div = dialects::arith::DivUIOp::build(rw, loc, index, group_size, c).0;
        out[d] = OpFoldSize::Value(create_or_fold(rw, div));
    }
    Some(out)
}

// ----- tensor.reshape -------------------------------------------------------------

/// `tensor.reshape`: reads only its shape operand; the result is
/// equivalent to the source, whose buffer is copied first when its layout
/// is not the identity.
pub struct ReshapeModel;

impl BufferizableOp for ReshapeModel {
    fn bufferizes_to_memory_read(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        operand == ReshapeOp(ir.use_owner(operand)).shape_operand(ir)
    }
    fn bufferizes_to_memory_write(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        false
    }
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        result_alias(ir, operand, BufferRelation::Equivalent)
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let op = owner(ir, value)?;
        let reshape = ReshapeOp(op);
        let src_buffer = get_buffer_type(ir, reshape.source(ir), options, stack)?;
        memref_type_identity(ir, ir.value_type(reshape.result(ir)), memory_space_of(ir, src_buffer))
            .ok_or_else(|| op_error(ir, op, "expected a tensor result"))
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        insert_before(rw, op);
        let reshape = ReshapeOp(op);
        let src = reshape.source(rw.ir());
        let mut src_buffer = get_buffer(rw, src, options)?;
        let shape_buffer = get_buffer(rw, reshape.shape(rw.ir()), options)?;
        let ty = buffer_type_of(rw.ir(), reshape.result(rw.ir()), options)?;
        let ctx = rw.ir().ctx_arc().clone();
        // memref.reshape needs the identity layout: copy other sources.
        if let Some(parts) = memref_parts(&ctx, rw.ir().value_type(src_buffer)) {
            if !is_identity_layout(&ctx, parts.layout) {
                let loc = rw.ir().op_loc(op);
                let alloc = allocate_tensor_for_shaped_value(rw, loc, src, options, true)?;
                let copy_ty = memref_type(&ctx, &parts.shape, parts.elem, None, parts.memory_space);
                src_buffer = ToMemrefOp::build(rw, loc, copy_ty, alloc, false).memref(rw.ir());
            }
        }
        let loc = rw.ir().op_loc(op);
        let new = memref::ReshapeOp::build(rw, loc, ty, src_buffer, shape_buffer).result(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[new]);
        Ok(())
    }
}

// ----- tensor.extract_slice ---------------------------------------------------------

/// `tensor.extract_slice`: neither reads nor writes; the result is a
/// `memref.subview` of the source buffer (aliasing, not equivalent).
pub struct ExtractSliceModel;

impl BufferizableOp for ExtractSliceModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        result_alias(ir, operand, BufferRelation::Unknown)
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let op = owner(ir, value)?;
        let slice = ExtractSliceOp(op);
        let src_buffer = get_buffer_type(ir, slice.source(ir), options, stack)?;
        slice_buffer_type(ir, op, ir.value_type(slice.result(ir)), src_buffer)
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        insert_before(rw, op);
        let slice = ExtractSliceOp(op);
        let ir = rw.ir();
        let (Some(offsets), Some(sizes), Some(strides)) =
            (slice.mixed_offsets(ir), slice.mixed_sizes(ir), slice.mixed_strides(ir))
        else {
            return Err(op_error(ir, op, "malformed offsets, sizes or strides"));
        };
        let loc = ir.op_loc(op);
        let src_buffer = get_buffer(rw, slice.source(rw.ir()), options)?;
        let ty = buffer_type_of(rw.ir(), slice.result(rw.ir()), options)?;
        let view =
            memref::SubViewOp::build_mixed(rw, loc, ty, src_buffer, [&offsets, &sizes, &strides]).result(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[view]);
        Ok(())
    }
}

/// `SubViewOp::inferRankReducedResultType` for a slice op `op` (whose static
/// offsets, sizes and strides are the first three `static_*` attributes)
/// producing `result` (a tensor type whose shape is the rank-reduced one)
/// from a source buffer of type `source`.
pub(crate) fn slice_buffer_type(ir: &Ir, op: OpId, result: Type, source: Type) -> Result<Type, Diagnostic> {
    let ctx = ir.ctx();
    let statics =
        |name: &str| -> Vec<i64> { ir.attr(op, name).and_then(|a| ctx.dense_i64_array(a)).unwrap_or_default() };
    let shape = ctx.shape(result).unwrap_or(&[]).to_vec();
    subview_rank_reduced_result_type(
        ctx,
        &shape,
        source,
        &statics("static_offsets"),
        &statics("static_sizes"),
        &statics("static_strides"),
    )
    .ok_or_else(|| op_error(ir, op, "could not compute the subview buffer type"))
}

// ----- tensor.dim and tensor.rank ---------------------------------------------------

/// `tensor.dim`: reads only metadata, aliases nothing; becomes `memref.dim`.
pub struct DimModel;

impl BufferizableOp for DimModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        insert_before(rw, op);
        let dim = DimOp(op);
        let buffer = get_buffer(rw, dim.source(rw.ir()), options)?;
        let (loc, index, ty) = (rw.ir().op_loc(op), dim.index(rw.ir()), rw.ir().value_type(dim.result(rw.ir())));
        let new = memref::DimOp::build(rw, loc, ty, buffer, index).result(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[new]);
        Ok(())
    }
}

/// `tensor.rank`: reads only metadata, aliases nothing; becomes
/// `memref.rank`.
pub struct RankModel;

impl BufferizableOp for RankModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        insert_before(rw, op);
        let rank = RankOp(op);
        let buffer = get_buffer(rw, rank.tensor(rw.ir()), options)?;
        let (loc, ty) = (rw.ir().op_loc(op), rw.ir().value_type(rank.result(rw.ir())));
        let new = memref::RankOp::build(rw, loc, ty, buffer).result(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[new]);
        Ok(())
    }
}
