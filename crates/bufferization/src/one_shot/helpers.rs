//! The helpers every `bufferize` implementation calls (upstream's free
//! functions in `BufferizableOpInterface.cpp`): the buffer of a tensor
//! ([`get_buffer`]), its memref type ([`get_buffer_type`],
//! [`memref_type_for`] and the two layout policies), replacing an op by
//! its buffer form ([`replace_op_with_bufferized_values`]), allocation and
//! copy through the options' hooks ([`create_alloc`], [`create_memcpy`]),
//! and tensor copy insertion for one op ([`allocate_tensor_for_shaped_value`],
//! [`resolve_tensor_op_operand_conflicts`]).

use super::interface::{
    find_bufferizable, owner_of_value, AliasingOpOperand, AliasingOpOperandList, AliasingValue, AliasingValueList,
    AnalysisState, BufferRelation,
};
use super::options::{BufferizationOptions, LayoutMapOption};
use dialects::bufferization::{AllocTensorOp, ToMemrefOp, ToTensorOp};
use dialects::layout::{fully_dynamic_memref_type, memref_type};
use ir::interfaces::{OpFoldSize, ReifyShapes};
use ir::op_decl::OpBuilder;
use ir::rewrite_api::PatternRewriter;
use ir::{
    Attribute, Diagnostic, InsertPoint, Ir, Location, OpId, OperandId, Type, TypeKind, ValueDef, ValueId, DYNAMIC,
};
use rustc_hash::FxHashSet;

/// Where ops computing from `v` go: after its defining op, or at the start
/// of its block.
/// `None` for a detached value.
pub fn insertion_point_after_value(ir: &Ir, v: ValueId) -> Option<InsertPoint> {
    match ir.value_def(v) {
        ValueDef::Result { op, .. } => Some(InsertPoint::After(op)),
        ValueDef::BlockArg { block, .. } => Some(InsertPoint::BlockStart(block)),
        ValueDef::Detached => None,
    }
}

/// The buffer of tensor `value`: the memref of a `to_tensor`, else a new
/// `to_memref` right after the value's definition.
pub fn get_buffer(
    rw: &mut PatternRewriter<'_>,
    value: ValueId,
    options: &BufferizationOptions,
) -> Result<ValueId, Diagnostic> {
    if let Some(def) = rw.ir().defining_op(value) {
        if ToTensorOp::matches(rw.ir(), def) {
            return Ok(ToTensorOp(def).memref(rw.ir()));
        }
    }
    let ty = get_buffer_type(rw.ir(), value, options, &mut Vec::new())?;
    let saved = rw.insertion_point();
    let ip = insertion_point_after_value(rw.ir(), value)
        .ok_or_else(|| Diagnostic::error(rw.ir().value_loc(value), "cannot bufferize a detached value"))?;
    rw.set_insertion_point(ip);
    let loc = rw.ir().value_loc(value);
    let m = ToMemrefOp::build(rw, loc, ty, value, false).memref(rw.ir());
    restore(rw, saved);
    Ok(m)
}

/// Restores a saved insertion point.
pub fn restore(rw: &mut PatternRewriter<'_>, saved: Option<InsertPoint>) {
    if let Some(ip) = saved {
        rw.set_insertion_point(ip);
    }
}

/// The memref type tensor `value` bufferizes to. `stack` holds the values
/// whose type is being computed (so loops can break cycles).
pub fn get_buffer_type(
    ir: &Ir,
    value: ValueId,
    options: &BufferizationOptions,
    stack: &mut Vec<ValueId>,
) -> Result<Type, Diagnostic> {
    stack.push(value);
    let r = (|| {
        let op = owner_of_value(ir, value);
        if let Some(m) = op.and_then(|op| find_bufferizable(ir, op, options)) {
            return m.buffer_type(ir, value, options, stack);
        }
        let Some(space) = options.default_memory_space(ir, ir.value_type(value)) else {
            let loc = op.map(|o| ir.op_loc(o)).unwrap_or_else(|| ir.value_loc(value));
            let mut d = Diagnostic::error(loc, "could not infer memory space");
            if let Some(o) = op {
                d = d.with_op(o);
            }
            return Err(d);
        };
        memref_type_for(ir, value, options, None, space)
    })();
    stack.pop();
    r
}

/// The memref type of tensor `value` with `layout` (or, without one, the
/// options' unknown-type conversion) in `memory_space` (upstream's
/// `getMemRefType`). Always `Ok` for tensors; `Err` is for non-tensors.
pub fn memref_type_for(
    ir: &Ir,
    value: ValueId,
    options: &BufferizationOptions,
    layout: Option<Attribute>,
    memory_space: Option<Attribute>,
) -> Result<Type, Diagnostic> {
    let ctx = ir.ctx();
    let ty = ir.value_type(value);
    match ctx.kind(ty) {
        TypeKind::UnrankedTensor { elem } => {
            Ok(ctx.ty(TypeKind::UnrankedMemRef { elem: *elem, memory_space: drop_default_space(ir, memory_space) }))
        }
        TypeKind::Tensor { shape, elem, .. } => Ok(match layout {
            Some(l) => memref_type(ctx, shape, *elem, Some(l), memory_space),
            None => match options.unknown_type_conversion {
                LayoutMapOption::IdentityLayoutMap => memref_type(ctx, shape, *elem, None, memory_space),
                _ => fully_dynamic_memref_type(ctx, shape, *elem, memory_space),
            },
        }),
        _ => Err(Diagnostic::error(ir.value_loc(value), "expected a tensor")),
    }
}

fn drop_default_space(ir: &Ir, s: Option<Attribute>) -> Option<Attribute> {
    s.filter(|&s| ir.ctx().int_value(s) != Some(0))
}

/// `tensor_ty` as a memref with a fully dynamic layout (unranked stays
/// unranked); `None` for non-tensors.
pub fn memref_type_fully_dynamic(ir: &Ir, tensor_ty: Type, memory_space: Option<Attribute>) -> Option<Type> {
    let ctx = ir.ctx();
    match ctx.kind(tensor_ty) {
        TypeKind::UnrankedTensor { elem } => {
            Some(ctx.ty(TypeKind::UnrankedMemRef { elem: *elem, memory_space: drop_default_space(ir, memory_space) }))
        }
        TypeKind::Tensor { shape, elem, .. } => Some(fully_dynamic_memref_type(ctx, shape, *elem, memory_space)),
        _ => None,
    }
}

/// `tensor_ty` as a memref with the identity layout (unranked stays
/// unranked); `None` for non-tensors.
pub fn memref_type_identity(ir: &Ir, tensor_ty: Type, memory_space: Option<Attribute>) -> Option<Type> {
    let ctx = ir.ctx();
    match ctx.kind(tensor_ty) {
        TypeKind::UnrankedTensor { elem } => {
            Some(ctx.ty(TypeKind::UnrankedMemRef { elem: *elem, memory_space: drop_default_space(ir, memory_space) }))
        }
        TypeKind::Tensor { shape, elem, .. } => Some(memref_type(ctx, shape, *elem, None, memory_space)),
        _ => None,
    }
}

/// Replaces `op` by `values` (one per result): tensor results get their
/// buffer wrapped in a `to_tensor` for the uses not yet bufferized.
pub fn replace_op_with_bufferized_values(rw: &mut PatternRewriter<'_>, op: OpId, values: &[ValueId]) {
    let saved = rw.insertion_point();
    let results: Vec<ValueId> = rw.ir().results(op).collect();
    let mut repl = Vec::with_capacity(values.len());
    for (r, &v) in results.iter().zip(values) {
        if rw.ir().ctx().is_tensor(rw.ir().value_type(*r)) {
            rw.set_insertion_point(InsertPoint::After(op));
            let loc = rw.ir().value_loc(v);
            let t = dialects::bufferization::build_to_tensor(rw, loc, v, false, false).unwrap_or(v);
            repl.push(t);
        } else {
            repl.push(v);
        }
    }
    rw.replace_op(op, &repl);
    restore(rw, saved);
}

/// A new buffer of memref type `ty` with `dyn_sizes`: the options'
/// allocation hook, else `memref.alloc` with the options' alignment.
pub fn create_alloc(
    b: &mut dyn OpBuilder,
    loc: Location,
    ty: Type,
    dyn_sizes: &[ValueId],
    options: &BufferizationOptions,
) -> Result<ValueId, Diagnostic> {
    if let Some(f) = &options.allocation_fn {
        return f(b, loc, ty, dyn_sizes, options.buffer_alignment)
            .ok_or_else(|| Diagnostic::error(loc, "failed to create allocation"));
    }
    let align = (options.buffer_alignment != 0).then_some(options.buffer_alignment as i64);
    Ok(dialects::memref::AllocOp::build(b, loc, ty, dyn_sizes, &[], align).memref(b.ir()))
}

/// Copies buffer `from` into `to`: the options' copy hook, else
/// `memref.copy`.
pub fn create_memcpy(
    b: &mut dyn OpBuilder,
    loc: Location,
    from: ValueId,
    to: ValueId,
    options: &BufferizationOptions,
) -> Result<(), Diagnostic> {
    if let Some(f) = &options.memcpy_fn {
        return if f(b, loc, from, to) { Ok(()) } else { Err(Diagnostic::error(loc, "failed to create memcpy")) };
    }
    dialects::memref::CopyOp::build(b, loc, from, to);
    Ok(())
}

/// A `bufferization.alloc_tensor` shaped like `value` (a ranked tensor or
/// memref), a copy of it when `copy`, else with undefined contents (its
/// dynamic sizes reified, or `tensor.dim`s) in the value's memory space.
pub fn allocate_tensor_for_shaped_value(
    rw: &mut PatternRewriter<'_>,
    loc: Location,
    value: ValueId,
    options: &BufferizationOptions,
    copy: bool,
) -> Result<ValueId, Diagnostic> {
    let ctx = rw.ir().ctx_arc().clone();
    let vty = rw.ir().value_type(value);
    let tensor = match ctx.kind(vty) {
        TypeKind::Tensor { .. } => value,
        TypeKind::MemRef { .. } => dialects::bufferization::build_to_tensor(rw, loc, value, false, false)
            .ok_or_else(|| Diagnostic::error(loc, "expected a memref"))?,
        _ => {
            let owner = owner_of_value(rw.ir(), value);
            let at = owner.map(|o| rw.ir().op_loc(o)).unwrap_or(loc);
            let mut d = Diagnostic::error(at, "copying of unranked tensors is not implemented");
            if let Some(o) = owner {
                d = d.with_op(o);
            }
            return Err(d);
        }
    };
    let tty = rw.ir().value_type(tensor);
    let shape: Vec<i64> = ctx.shape(tty).unwrap_or(&[]).to_vec();
    let mut dyn_sizes = Vec::new();
    if !copy {
        let mut reified = false;
        if let (TypeKind::Tensor { .. }, ValueDef::Result { op, index }) = (ctx.kind(vty), rw.ir().value_def(value)) {
            if let Some(reify) = ctx.registry().interface::<dyn ReifyShapes>(rw.ir().op_name(op)) {
                let at = rw.insertion_point().unwrap_or(InsertPoint::Before(op));
                let dims_of = rw.build_with(at, |ir, at| reify.reify(ir, op, at));
                if let Some(dims) = dims_of {
                    if let Some(shape_of) = dims.get(index as usize) {
                        let mut sizes = Vec::new();
                        for (i, &d) in shape.iter().enumerate() {
                            if d == DYNAMIC {
                                match shape_of.get(i) {
                                    Some(OpFoldSize::Value(v)) => sizes.push(*v),
                                    Some(OpFoldSize::Static(c)) => {
                                        sizes.push(dialects::tensor::build_index_constant(rw, loc, *c))
                                    }
                                    None => {}
                                }
                            }
                        }
                        dyn_sizes = sizes;
                        reified = true;
                    }
                }
            }
        }
        if !reified {
            for (i, &d) in shape.iter().enumerate() {
                if d == DYNAMIC {
                    let c = dialects::tensor::build_index_constant(rw, loc, i as i64);
                    let index = ctx.index_ty();
                    dyn_sizes.push(dialects::tensor::DimOp::build(rw, loc, index, tensor, c).result(rw.ir()));
                }
            }
        }
    }
    let alloc = AllocTensorOp::build(rw, loc, tty, &dyn_sizes, copy.then_some(tensor), None, None);
    if copy {
        return Ok(alloc.result(rw.ir()));
    }
    let buf_ty = get_buffer_type(rw.ir(), tensor, options, &mut Vec::new())?;
    let space = match ctx.kind(buf_ty) {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => Some(*memory_space),
        _ => None,
    };
    let space = match space {
        Some(s) => Some(s),
        None => options.default_memory_space(rw.ir(), tty),
    };
    if let Some(Some(s)) = space {
        let name = ctx.intern_str("memory_space");
        rw.modify_in_place(alloc.0, |ir| ir.set_attr(alloc.0, name, s));
    } else if let Some(None) = space {
        // The default space: upstream sets the (null) attribute, which
        // prints as nothing.
    }
    Ok(alloc.result(rw.ir()))
}

/// Default [`super::interface::BufferizableOp::resolve_conflicts`]: copies
/// every out-of-place tensor operand, or, when the op only creates one alias
/// of it as a result, the result instead (a slice is smaller than its
/// source).
pub fn resolve_tensor_op_operand_conflicts(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    state: &dyn AnalysisState,
) -> Result<(), Diagnostic> {
    let saved = rw.insertion_point();
    let options = state.options();
    let mut out_operands = Vec::new();
    let mut copied_operands = FxHashSet::default();
    let mut out_values = Vec::new();
    let mut copied_values = FxHashSet::default();
    let ir = rw.ir();
    for &u in ir.operand_ids(op) {
        let ty = ir.value_type(ir.use_value(u));
        if !ir.ctx().is_tensor(ty) || state.is_in_place(ir, u) {
            continue;
        }
        if matches!(ir.ctx().kind(ty), TypeKind::UnrankedTensor { .. }) {
            return Err(Diagnostic::error(ir.op_loc(op), "copying of unranked tensors is not implemented").with_op(op));
        }
        let aliases = state.get_aliasing_values(ir, u);
        let single_result = aliases.len() == 1
            && ir.defining_op(aliases[0].value).is_some()
            && !state.writes(ir, u)
            && state.get_aliasing_op_operands(ir, aliases[0].value).len() == 1
            && !matches!(ir.ctx().kind(ir.value_type(aliases[0].value)), TypeKind::UnrankedTensor { .. });
        if single_result {
            let v = aliases[0].value;
            out_values.push(v);
            if !state.can_omit_tensor_copy(ir, u) {
                copied_values.insert(v);
            }
        } else {
            out_operands.push(u);
            if !state.can_omit_tensor_copy(ir, u) {
                copied_operands.insert(u);
            }
        }
    }
    let loc = rw.ir().op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    for u in out_operands {
        let v = rw.ir().use_value(u);
        let copy = allocate_tensor_for_shaped_value(rw, loc, v, options, copied_operands.contains(&u))?;
        rw.modify_in_place(op, |ir| ir.set_use_value(u, copy));
    }
    // After `op`, in creation order (an `After(op)` anchor would put each
    // new op before the previous one).
    let after = match (rw.ir().next_op(op), rw.ir().op_block(op)) {
        (Some(next), _) => InsertPoint::Before(next),
        (None, Some(b)) => InsertPoint::BlockEnd(b),
        (None, None) => InsertPoint::After(op),
    };
    rw.set_insertion_point(after);
    for v in out_values {
        let copy = allocate_tensor_for_shaped_value(rw, loc, v, options, copied_values.contains(&v))?;
        let copy_op = rw.ir().defining_op(copy);
        let uses: Vec<_> = rw.ir().uses(v).collect();
        for u in uses {
            let owner = rw.ir().use_owner(u);
            if Some(owner) == copy_op || dialects::tensor::DimOp::matches(rw.ir(), owner) {
                continue;
            }
            rw.modify_in_place(owner, |ir| ir.set_use_value(u, copy));
        }
    }
    restore(rw, saved);
    Ok(())
}

// ----- ops whose single body yields their results ----------------------------

/// The result `value` of a region op is equivalent to the operand of the
/// same number of its body's terminator, `yield_of(op)` (the results of
/// `scf.execute_region`, `vector.mask`, `shape.assuming`).
pub fn result_equivalent_to_yielded(
    ir: &Ir,
    value: ValueId,
    yield_of: impl FnOnce(&Ir, OpId) -> Option<OpId>,
) -> AliasingOpOperandList {
    let mut out = AliasingOpOperandList::new();
    let Some(op) = ir.defining_op(value) else { return out };
    let Some(i) = ir.results(op).position(|r| r == value) else { return out };
    if let Some(&u) = yield_of(ir, op).and_then(|y| ir.operand_ids(y).get(i)) {
        out.push(AliasingOpOperand::new(u, BufferRelation::Equivalent));
    }
    out
}

/// Operand `operand` of a region terminator is equivalent to the result of
/// the same number of the terminator's parent; `definite` unless the
/// parent may yield from another region instead (`scf.if`).
pub fn yielded_equivalent_to_result(ir: &Ir, operand: OperandId, definite: bool) -> AliasingValueList {
    let mut out = AliasingValueList::new();
    let i = ir.use_index(operand);
    if let Some(parent) = ir.parent_op(ir.use_owner(operand)).filter(|&p| i < ir.num_results(p)) {
        out.push(AliasingValue { value: ir.result(parent, i), relation: BufferRelation::Equivalent, definite });
    }
    out
}

/// Replaces every tensor operand of `op` by its buffer (the bufferization
/// of a terminator that forwards its values unchanged).
pub fn replace_tensor_operands_with_buffers(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    options: &BufferizationOptions,
) -> Result<(), Diagnostic> {
    let values: Vec<ValueId> = rw.ir().operands(op).collect();
    for (i, v) in values.into_iter().enumerate() {
        if !rw.ir().ctx().is_tensor(rw.ir().value_type(v)) {
            continue;
        }
        let buffer = get_buffer(rw, v, options)?;
        rw.modify_in_place(op, |ir| ir.set_operand(op, i, buffer));
    }
    Ok(())
}
