//! Models of the tensor ops that bufferize to a new allocation: `empty`
//! (a `bufferization.alloc_tensor`), `from_elements` (an allocation and one
//! `memref.store` per element), `generate` and `splat` (an allocation
//! filled by a `linalg.map`), `pad` (a generated tensor with the source
//! inserted into it) and `concat` (an allocation and one subview copy per
//! input; see the parent module).
//!
//! The allocations are `bufferization.alloc_tensor`s made by
//! [`allocate_tensor_for_shaped_value`]; the driver bufferizes them (and the
//! `linalg.map` and `tensor.insert_slice` these models create) afterwards,
//! as upstream does.

use super::{create_or_fold, op_error, value_or_constant};
use crate::one_shot::helpers::{
    allocate_tensor_for_shaped_value, create_memcpy, get_buffer, replace_op_with_bufferized_values, restore,
};
use crate::one_shot::interface::{AliasingValueList, AnalysisState, BufferizableOp};
use crate::one_shot::options::BufferizationOptions;
use dialects::bufferization::ToMemrefOp;
use dialects::layout::memref_type;
use dialects::linalg::{IndexOp, MapOp, YieldOp};
use dialects::memref;
use dialects::tensor::{
    build_dim_of, build_index_constant, build_insert_slice, ConcatOp, EmptyOp, FromElementsOp, GenerateOp, MixedSlice,
    PadOp, SplatOp,
};
use ir::affine::{AffineBinaryOp, AffineExpr, AffineMap};
use ir::interfaces::OpFoldSize;
use ir::rewrite_api::PatternRewriter;
use ir::{
    AttrKind, Diagnostic, InsertPoint, Ir, Location, NamedAttr, OpId, OpSpec, OperandId, RegionId, Type, ValueId,
    DYNAMIC,
};

/// The answers shared by ops that only allocate: their operands (never
/// tensors for `empty`, `from_elements`, `generate` and `splat`) are
/// neither read nor written and alias nothing.
macro_rules! no_tensor_operands {
    () => {
        crate::memory_access!(read: false, write: false);
        fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
            AliasingValueList::new()
        }
        fn bufferizes_to_allocation(&self, _ir: &Ir, _value: ValueId) -> bool {
            true
        }
    };
}

/// Upstream's "memory space not implemented yet" check: the ops that fill
/// their allocation with `linalg.map` or stores support only the default
/// memory space (and fail when no memory space can be inferred).
fn check_default_memory_space(
    ir: &Ir,
    op: OpId,
    tensor_ty: Type,
    options: &BufferizationOptions,
) -> Result<(), Diagnostic> {
    match options.default_memory_space(ir, tensor_ty) {
        Some(None) => Ok(()),
        _ => Err(op_error(ir, op, "memory space not implemented yet")),
    }
}

/// `lowerGenerateLikeOpBody`: a `linalg.map` with no inputs into `dest`
/// whose body is `body`'s block, its arguments replaced by `linalg.index`
/// ops and its `tensor.yield` by `linalg.yield`. Returns the map's result.
fn lower_generate_like_body(
    rw: &mut PatternRewriter<'_>,
    loc: Location,
    dest: ValueId,
    body: RegionId,
) -> Result<ValueId, Diagnostic> {
    let ctx = rw.ir().ctx_arc().clone();
    let tensor_ty = rw.ir().value_type(dest);
    let rank = ctx.shape(tensor_ty).map_or(0, <[i64]>::len);
    let Some(src_block) = rw.ir().entry_block(body) else {
        return Err(Diagnostic::error(loc, "expected body with single block"));
    };
    let saved = rw.insertion_point();
    let map = MapOp::build(rw, loc, &[tensor_ty], &[], dest, 1);
    let region = map.mapper(rw.ir());
    let block = rw.create_block(region, &[], &[]);
    rw.set_insertion_point(InsertPoint::BlockStart(block));
    let index = ctx.index_ty();
    let mut indices = Vec::with_capacity(rank);
    for d in 0..rank {
        let i = IndexOp::build(rw, loc, index, d as i64).result(rw.ir());
        rw.set_insertion_point(InsertPoint::After(rw.ir().defining_op(i).expect("just built")));
        indices.push(i);
    }
    rw.merge_blocks(src_block, block, None, &indices);
    if let Some(term) = rw.ir().terminator(block) {
        if dialects::tensor::YieldOp::matches(rw.ir(), term) {
            let value = dialects::tensor::YieldOp(term).value(rw.ir());
            let yloc = rw.ir().op_loc(term);
            rw.set_insertion_point(InsertPoint::Before(term));
            let y = YieldOp::build(rw, yloc, &[value]).0;
            rw.replace_op(term, &[]);
            let _ = y;
        }
    }
    restore(rw, saved);
    Ok(rw.ir().result(map.0, 0))
}

// ----- tensor.empty -------------------------------------------------------------------

/// `tensor.empty`: an allocation of undefined contents (its result does not
/// write); folded away when unused.
pub struct EmptyModel;

impl BufferizableOp for EmptyModel {
    no_tensor_operands!();
    fn result_bufferizes_to_memory_write(&self, _ir: &Ir, _result: ValueId, _state: &dyn AnalysisState) -> bool {
        false
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let result = EmptyOp(op).result(rw.ir());
        if rw.ir().uses(result).next().is_none() {
            rw.erase_op(op);
            return Ok(());
        }
        rw.set_insertion_point(InsertPoint::Before(op));
        let loc = rw.ir().op_loc(op);
        let alloc = allocate_tensor_for_shaped_value(rw, loc, result, options, false)?;
        rw.replace_op(op, &[alloc]);
        Ok(())
    }
}

// ----- tensor.from_elements ------------------------------------------------------------

/// `tensor.from_elements`: an allocation with the identity layout and one
/// `memref.store` per element, indexed by `arith.constant`s `0..max(shape)`
/// created once, in that order.
pub struct FromElementsModel;

impl BufferizableOp for FromElementsModel {
    no_tensor_operands!();
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let from = FromElementsOp(op);
        let ctx = rw.ir().ctx_arc().clone();
        let (result, loc) = (from.result(rw.ir()), rw.ir().op_loc(op));
        let tensor_ty = rw.ir().value_type(result);
        check_default_memory_space(rw.ir(), op, tensor_ty, options)?;
        let (Some(shape), Some(elem)) = (ctx.shape(tensor_ty).map(<[i64]>::to_vec), ctx.element_type(tensor_ty)) else {
            return Err(op_error(rw.ir(), op, "expected a ranked tensor result"));
        };
        rw.set_insertion_point(InsertPoint::Before(op));
        let alloc = allocate_tensor_for_shaped_value(rw, loc, result, options, false)?;
        let ty = memref_type(&ctx, &shape, elem, None, None);
        let buffer = ToMemrefOp::build(rw, loc, ty, alloc, false).memref(rw.ir());
        let elements: Vec<ValueId> = from.elements(rw.ir()).to_vec();
        if elements.is_empty() {
            replace_op_with_bufferized_values(rw, op, &[buffer]);
            return Ok(());
        }
        if shape.is_empty() {
            memref::StoreOp::build(rw, loc, elements[0], buffer, &[], Some(false));
            replace_op_with_bufferized_values(rw, op, &[buffer]);
            return Ok(());
        }
        let max_dim = shape.iter().copied().max().unwrap_or(0);
        let constants: Vec<ValueId> = (0..max_dim).map(|i| build_index_constant(rw, loc, i)).collect();
        // Row-major order: the last index varies fastest.
        let mut indices = vec![0usize; shape.len()];
        for &element in &elements {
            let idx: Vec<ValueId> = indices.iter().map(|&i| constants[i]).collect();
            memref::StoreOp::build(rw, loc, element, buffer, &idx, Some(false));
            for d in (0..shape.len()).rev() {
                indices[d] += 1;
                if (indices[d] as i64) < shape[d] {
                    break;
                }
                indices[d] = 0;
            }
        }
        replace_op_with_bufferized_values(rw, op, &[buffer]);
        Ok(())
    }
}

// ----- tensor.generate ------------------------------------------------------------------

/// `tensor.generate`: an allocation filled by a `linalg.map` whose body is
/// the generate's.
pub struct GenerateModel;

impl BufferizableOp for GenerateModel {
    no_tensor_operands!();
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let generate = GenerateOp(op);
        let (result, loc) = (generate.result(rw.ir()), rw.ir().op_loc(op));
        check_default_memory_space(rw.ir(), op, rw.ir().value_type(result), options)?;
        rw.set_insertion_point(InsertPoint::Before(op));
        let alloc = allocate_tensor_for_shaped_value(rw, loc, result, options, false)?;
        let body = generate.body(rw.ir());
        let filled = lower_generate_like_body(rw, loc, alloc, body)?;
        rw.replace_op(op, &[filled]);
        Ok(())
    }
}

// ----- tensor.splat ------------------------------------------------------------------------

/// `tensor.splat`: an allocation filled by a `linalg.map` yielding the
/// scalar.
pub struct SplatModel;

impl BufferizableOp for SplatModel {
    no_tensor_operands!();
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let splat = SplatOp(op);
        let (result, loc) = (splat.aggregate(rw.ir()), rw.ir().op_loc(op));
        rw.set_insertion_point(InsertPoint::Before(op));
        let alloc = allocate_tensor_for_shaped_value(rw, loc, result, options, false)?;
        let tensor_ty = rw.ir().value_type(alloc);
        check_default_memory_space(rw.ir(), op, tensor_ty, options)?;
        let saved = rw.insertion_point();
        let map = MapOp::build(rw, loc, &[tensor_ty], &[], alloc, 1);
        let region = map.mapper(rw.ir());
        let block = rw.create_block(region, &[], &[]);
        rw.set_insertion_point(InsertPoint::BlockStart(block));
        let input = splat.input(rw.ir());
        YieldOp::build(rw, loc, &[input]);
        restore(rw, saved);
        let filled = rw.ir().result(map.0, 0);
        rw.replace_op(op, &[filled]);
        Ok(())
    }
}

// ----- tensor.pad -------------------------------------------------------------------------

/// `tensor.pad`: reads its source, aliases nothing; an allocation filled by
/// a `linalg.map` of the padding body, then the source inserted at the low
/// padding (a `tensor.insert_slice`). The buffer has the identity layout in
/// the source's memory space.
pub struct PadModel;

impl BufferizableOp for PadModel {
    fn bufferizes_to_allocation(&self, _ir: &Ir, _value: ValueId) -> bool {
        true
    }
    crate::memory_access!(read: true, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let op = ir.defining_op(value).ok_or_else(|| Diagnostic::error(ir.value_loc(value), "expected a result"))?;
        let pad = PadOp(op);
        let src_buffer = crate::one_shot::helpers::get_buffer_type(ir, pad.source(ir), options, stack)?;
        let ctx = ir.ctx();
        let ty = ir.value_type(pad.result(ir));
        let (Some(shape), Some(elem)) = (ctx.shape(ty), ctx.element_type(ty)) else {
            return Err(op_error(ir, op, "expected a ranked tensor result"));
        };
        Ok(memref_type(ctx, shape, elem, None, ctx.memory_space(src_buffer)))
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        rw.set_insertion_point(InsertPoint::Before(op));
        let pad = PadOp(op);
        let ctx = rw.ir().ctx_arc().clone();
        let ir = rw.ir();
        let (source, result, loc) = (pad.source(ir), pad.result(ir), ir.op_loc(op));
        let (Some(low), Some(high)) =
            (dialects::tensor::pad_mixed_low(ir, pad), dialects::tensor::pad_mixed_high(ir, pad))
        else {
            return Err(op_error(ir, op, "malformed low or high padding"));
        };
        let result_shape = ctx.shape(ir.value_type(result)).unwrap_or(&[]).to_vec();
        let src_rank = ctx.shape(ir.value_type(source)).map_or(0, <[i64]>::len);
        // The dynamic result sizes as upstream computes them (source dim +
        // low + high); the allocation below reifies its own.
        let sum = {
            let s = |i| AffineExpr::symbol(i);
            let s01 = AffineExpr::binary(AffineBinaryOp::Add, &s(0), &s(1));
            AffineMap::new(0, 3, [AffineExpr::binary(AffineBinaryOp::Add, &s01, &s(2))])
        };
        let map_attr = ctx.attr(AttrKind::AffineMap(sum));
        let (apply, map_name, index) = (ctx.intern_str("affine.apply"), ctx.intern_str("map"), ctx.index_ty());
        for (i, &d) in result_shape.iter().enumerate() {
            if d != DYNAMIC {
                continue;
            }
            let src_dim = build_dim_of(rw, loc, source, i).ok_or_else(|| op_error(rw.ir(), op, "invalid dimension"))?;
            let lo = value_or_constant(rw, loc, &low[i]);
            let hi = value_or_constant(rw, loc, &high[i]);
            let attrs = [NamedAttr { name: map_name, value: map_attr }];
            rw.create(OpSpec {
                operands: &[src_dim, lo, hi],
                results: &[index],
                attrs: &attrs,
                ..OpSpec::new(apply, loc)
            });
        }
        let alloc = allocate_tensor_for_shaped_value(rw, loc, result, options, false)?;
        let region = pad.region(rw.ir());
        let filled = lower_generate_like_body(rw, loc, alloc, region)?;
        // `tensor::getMixedSizes` of the source.
        let src_shape = ctx.shape(rw.ir().value_type(source)).unwrap_or(&[]).to_vec();
        let mut sizes = Vec::with_capacity(src_rank);
        for (i, &d) in src_shape.iter().enumerate() {
            if d != DYNAMIC {
                sizes.push(OpFoldSize::Static(d));
                continue;
            }
            let c = build_index_constant(rw, loc, i as i64);
            let dim = dialects::tensor::DimOp::build(rw, loc, index, source, c).0;
            sizes.push(OpFoldSize::Value(create_or_fold(rw, dim)));
        }
        let strides = vec![OpFoldSize::Static(1); src_rank];
        let slice = MixedSlice { offsets: &low, sizes: &sizes, strides: &strides };
        let inserted = build_insert_slice(rw, loc, source, filled, slice);
        rw.replace_op(op, &[inserted]);
        Ok(())
    }
}

// ----- tensor.concat -------------------------------------------------------------------------

/// `tensor.concat` (later upstream's model): reads its inputs, aliases
/// nothing; an allocation of the result with the identity layout, and per
/// input a copy of its buffer into the subview of the allocation at its
/// offset along the concatenated dimension.
pub struct ConcatModel;

impl BufferizableOp for ConcatModel {
    fn bufferizes_to_allocation(&self, _ir: &Ir, _value: ValueId) -> bool {
        true
    }
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
        let concat = ConcatOp(op);
        let ctx = rw.ir().ctx_arc().clone();
        let (result, loc) = (concat.result(rw.ir()), rw.ir().op_loc(op));
        let alloc = allocate_tensor_for_shaped_value(rw, loc, result, options, false)?;
        let tensor_ty = rw.ir().value_type(alloc);
        check_default_memory_space(rw.ir(), op, tensor_ty, options)?;
        let (Some(shape), Some(elem)) = (ctx.shape(tensor_ty).map(<[i64]>::to_vec), ctx.element_type(tensor_ty)) else {
            return Err(op_error(rw.ir(), op, "expected a ranked tensor result"));
        };
        let dim = concat
            .dim(rw.ir())
            .and_then(|d| usize::try_from(d).ok())
            .filter(|&d| d < shape.len())
            .ok_or_else(|| op_error(rw.ir(), op, "invalid concatenation dimension"))?;
        let dst_ty = memref_type(&ctx, &shape, elem, None, None);
        let dst = ToMemrefOp::build(rw, loc, dst_ty, alloc, false).memref(rw.ir());
        let index = ctx.index_ty();
        let mut offsets = vec![OpFoldSize::Static(0); shape.len()];
        let strides = vec![OpFoldSize::Static(1); shape.len()];
        let mut sizes = Vec::with_capacity(shape.len());
        for (i, &d) in shape.iter().enumerate() {
            if d == DYNAMIC {
                let c = build_index_constant(rw, loc, i as i64);
                sizes.push(OpFoldSize::Value(memref::DimOp::build(rw, loc, index, dst, c).result(rw.ir())));
            } else {
                sizes.push(OpFoldSize::Static(d));
            }
        }
        let dynamic = shape[dim] == DYNAMIC;
        let mut static_offset = 0i64;
        let mut dynamic_offset = dynamic.then(|| build_index_constant(rw, loc, 0));
        let inputs: Vec<ValueId> = concat.inputs(rw.ir()).to_vec();
        for input in inputs {
            let src = get_buffer(rw, input, options)?;
            let input_ty = rw.ir().value_type(input);
            let input_size = ctx.shape(input_ty).and_then(|s| s.get(dim).copied()).unwrap_or(DYNAMIC);
            let mut dynamic_size = None;
            if let Some(off) = dynamic_offset {
                offsets[dim] = OpFoldSize::Value(off);
                let c = build_index_constant(rw, loc, dim as i64);
                let size = memref::DimOp::build(rw, loc, index, src, c).result(rw.ir());
                sizes[dim] = OpFoldSize::Value(size);
                dynamic_size = Some(size);
            } else {
                sizes[dim] = OpFoldSize::Static(input_size);
                offsets[dim] = OpFoldSize::Static(static_offset);
            }
            let static_of = |v: &[OpFoldSize]| -> Vec<i64> {
                v.iter()
                    .map(|s| match s {
                        OpFoldSize::Static(c) => *c,
                        OpFoldSize::Value(_) => DYNAMIC,
                    })
                    .collect()
            };
            let input_shape = ctx.shape(input_ty).unwrap_or(&[]).to_vec();
            let view_ty = dialects::layout::subview_rank_reduced_result_type(
                &ctx,
                &input_shape,
                dst_ty,
                &static_of(&offsets),
                &static_of(&sizes),
                &static_of(&strides),
            )
            .ok_or_else(|| op_error(rw.ir(), op, "could not compute the subview buffer type"))?;
            let view =
                memref::SubViewOp::build_mixed(rw, loc, view_ty, dst, [&offsets, &sizes, &strides]).result(rw.ir());
            create_memcpy(rw, loc, src, view, options)?;
            match (dynamic_offset, dynamic_size) {
                (Some(off), Some(size)) => {
                    dynamic_offset =
                        Some(dialects::arith::AddIOp::build(rw, loc, index, off, size, None).result(rw.ir()));
                }
                _ => static_offset += input_size,
            }
        }
        replace_op_with_bufferized_values(rw, op, &[dst]);
        Ok(())
    }
}
