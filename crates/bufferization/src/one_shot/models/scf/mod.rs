//! The `BufferizableOp` models of the `scf` dialect's ops (upstream's
//! `SCF/Transforms/BufferizableOpInterfaceImpl.cpp`): `scf.for`,
//! `scf.while`, `scf.if`, `scf.index_switch`, `scf.execute_region`,
//! `scf.forall`, `scf.forall.in_parallel`, `scf.yield` and `scf.condition`.
//!
//! Where 19.1.7 is wrong, these models are right:
//! * an `scf.yield` under `scf.index_switch` aliases the switch result (as
//!   under `scf.if`), so a write in a case to a value the case yields is
//!   seen as a write to the result (19 says the yield aliases nothing);
//! * what an `scf.while` `after` region yields becomes the `before`
//!   region's arguments: a yielded value that aliases an outside value is
//!   copied (as `scf.for` does), and so is a value yielded twice, so an
//!   in-place write in `before` cannot clobber another value (19 copies
//!   only the `scf.condition` args);
//! * `scf.for`'s conflict resolution needs alias sets; with
//!   `copy-before-write` (no analysis) it has nothing to do, instead of
//!   reading alias sets that do not exist (19 crashes).

mod loops;

pub use loops::{ForModel, ForallModel, InParallelModel, WhileModel};

use super::linalg::{clone_without_regions, move_regions};
use crate::one_shot::driver::bufferize_block_signature;
use crate::one_shot::helpers::{
    allocate_tensor_for_shaped_value, get_buffer, get_buffer_type, memref_type_fully_dynamic,
    replace_op_with_bufferized_values, resolve_tensor_op_operand_conflicts, restore, result_equivalent_to_yielded,
    yielded_equivalent_to_result,
};
use crate::one_shot::interface::{
    default_buffer_type, find_bufferizable, owner_of_value, AliasingOpOperand, AliasingOpOperandList, AliasingValue,
    AliasingValueList, AnalysisState, BufferRelation, BufferizableOp,
};
use crate::one_shot::options::BufferizationOptions;
use crate::one_shot::unstructured::{aliasing_branch_op_operands, unstructured_buffer_type};
use dialects::scf::{
    ConditionOp, ExecuteRegionOp, ForOp, ForallOp, IfOp, InParallelOp, IndexSwitchOp, WhileOp, YieldOp,
};
use dialects::static_dynamic::segment_sizes_attr;
use ir::interfaces::OpFoldSize;
use ir::rewrite_api::PatternRewriter;
use ir::{
    Attribute, BlockId, Context, Diagnostic, InsertPoint, Ir, OpId, OperandId, RegionId, Type, TypeKind, ValueDef,
    ValueId,
};

// ---------------------------------------------------------------------------
// Shared helpers.
// ---------------------------------------------------------------------------

fn is_tensor(ir: &Ir, v: ValueId) -> bool {
    ir.ctx().is_tensor(ir.value_type(v))
}

fn op_error(ir: &Ir, op: OpId, msg: &str) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), format!("'{}' op {msg}", ir.op_name_str(op))).with_op(op)
}

/// The memory space of a memref type (`None` for non-memrefs).
pub fn memory_space(ctx: &Context, ty: Type) -> Option<Option<Attribute>> {
    match ctx.kind(ty) {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => Some(*memory_space),
        _ => None,
    }
}

/// `buffer` cast to memref type `ty` (a `memref.cast` at the insertion
/// point unless the types already agree).
pub fn cast_buffer(rw: &mut PatternRewriter<'_>, buffer: ValueId, ty: Type) -> ValueId {
    if rw.ir().value_type(buffer) == ty {
        return buffer;
    }
    let loc = rw.ir().value_loc(buffer);
    dialects::memref::CastOp::build(rw, loc, ty, buffer).dest(rw.ir())
}

/// The buffer type of `v`: its own type when it is a memref already (a
/// value bufferized earlier), else [`get_buffer_type`].
fn buffer_type_or_own(
    ir: &Ir,
    v: ValueId,
    options: &BufferizationOptions,
    stack: &mut Vec<ValueId>,
) -> Result<Type, Diagnostic> {
    let ty = ir.value_type(v);
    if ir.ctx().is_memref(ty) || matches!(ir.ctx().kind(ty), TypeKind::UnrankedMemRef { .. }) {
        return Ok(ty);
    }
    get_buffer_type(ir, v, options, stack)
}

/// The buffers of `values` (non-tensors as they are).
fn get_buffers(
    rw: &mut PatternRewriter<'_>,
    values: &[ValueId],
    options: &BufferizationOptions,
) -> Result<Vec<ValueId>, Diagnostic> {
    let mut out = Vec::with_capacity(values.len());
    for &v in values {
        out.push(if is_tensor(rw.ir(), v) { get_buffer(rw, v, options)? } else { v });
    }
    Ok(out)
}

/// Retypes the arguments of `block` to `types` and, for each argument
/// that was a tensor and has uses, puts a `to_tensor` of it at the start
/// of the block (in argument order) in place of its uses (upstream builds
/// a new block and merges the old one into it; the printed result is the
/// same).
fn retype_block_args(rw: &mut PatternRewriter<'_>, block: BlockId, types: &[Type]) {
    let args: Vec<ValueId> = rw.ir().block_args(block).to_vec();
    let mut after: Option<OpId> = None;
    for (&a, &ty) in args.iter().zip(types) {
        let was_tensor = is_tensor(rw.ir(), a);
        if rw.ir().value_type(a) == ty {
            continue;
        }
        let uses: Vec<OperandId> = rw.ir().uses(a).collect();
        rw.ir_mut().set_value_type(a, ty);
        if !was_tensor {
            continue;
        }
        let ip = match after {
            Some(op) => InsertPoint::After(op),
            None => InsertPoint::BlockStart(block),
        };
        rw.set_insertion_point(ip);
        let loc = rw.ir().value_loc(a);
        let Some(t) = dialects::bufferization::build_to_tensor(rw, loc, a, false, false) else { continue };
        after = rw.ir().defining_op(t);
        for u in uses {
            let owner = rw.ir().use_owner(u);
            rw.modify_in_place(owner, |ir| ir.set_use_value(u, t));
        }
    }
}

/// True when region `anc` is `r` or contains it.
fn region_is_ancestor(ir: &Ir, anc: RegionId, mut r: RegionId) -> bool {
    loop {
        if r == anc {
            return true;
        }
        let Some(op) = ir.region_parent_op(r) else { return false };
        let Some(up) = ir.op_region(op) else { return false };
        r = up;
    }
}

fn value_region(ir: &Ir, v: ValueId) -> Option<RegionId> {
    match ir.value_def(v) {
        ValueDef::Result { op, .. } => ir.op_region(op),
        ValueDef::BlockArg { block, .. } => ir.block_region(block),
        ValueDef::Detached => None,
    }
}

/// True when no alias of `value` (but `exception`) is defined outside
/// `region` (upstream's `doesNotAliasExternalValue`), and none is read-only
/// (a constant, say: 19.1.7 hands such a buffer out as the loop's
/// writable result). False when the state knows no alias sets.
fn does_not_alias_external_value(
    ir: &Ir,
    value: ValueId,
    region: RegionId,
    exception: ValueId,
    state: &dyn AnalysisState,
) -> bool {
    let inside = |alias: ValueId| {
        let Some(r) = value_region(ir, alias) else { return true };
        match ir.value_def(alias) {
            ValueDef::BlockArg { .. } => r != region && region_is_ancestor(ir, region, r),
            _ => region_is_ancestor(ir, region, r),
        }
    };
    no_alias_escapes(ir, value, exception, &inside, state)
}

/// True when every alias of `value` (but `exception`) is `inside` and
/// writable. False when the state knows no alias sets.
fn no_alias_escapes(
    ir: &Ir,
    value: ValueId,
    exception: ValueId,
    inside: &dyn Fn(ValueId) -> bool,
    state: &dyn AnalysisState,
) -> bool {
    let mut result = true;
    let known = state.apply_on_aliases(ir, value, &mut |alias| {
        if alias != exception && (!inside(alias) || !is_writable_value(ir, alias, state)) {
            result = false;
        }
    });
    known && result
}

/// True when the buffer of `v` may be written (upstream's
/// `OneShotAnalysisState::isWritable`: the model says so; values of ops
/// without a model are not writable).
fn is_writable_value(ir: &Ir, v: ValueId, state: &dyn AnalysisState) -> bool {
    match owner_of_value(ir, v).and_then(|op| find_bufferizable(ir, op, state.options())) {
        Some(m) => m.is_writable(ir, v, state),
        None => false,
    }
}

/// The buffer type of a loop's iter bbArg (upstream's
/// `computeLoopRegionIterArgBufferType`): the init's type when the
/// yielded value agrees (or when the computation recurses), else a fully
/// dynamic layout in their common memory space.
fn loop_iter_arg_buffer_type(
    ir: &Ir,
    op: OpId,
    iter_arg: ValueId,
    init: ValueId,
    yielded: ValueId,
    options: &BufferizationOptions,
    stack: &mut Vec<ValueId>,
) -> Result<Type, Diagnostic> {
    let init_ty = get_buffer_type(ir, init, options, stack)?;
    if stack.iter().filter(|&&v| v == iter_arg).count() >= 2 {
        return Ok(init_ty);
    }
    let yielded_ty = buffer_type_or_own(ir, yielded, options, stack)?;
    if init_ty == yielded_ty {
        return Ok(yielded_ty);
    }
    let ctx = ir.ctx();
    let space = memory_space(ctx, yielded_ty).flatten();
    if memory_space(ctx, init_ty).flatten() != space {
        return Err(op_error(ir, op, "init_arg and yielded value bufferize to inconsistent memory spaces"));
    }
    memref_type_fully_dynamic(ir, ir.value_type(iter_arg), space)
        .ok_or_else(|| Diagnostic::error(ir.op_loc(op), "expected a tensor"))
}

/// The common buffer type of values yielded to one result by several
/// branches: their type if they agree, else a fully dynamic layout.
fn join_branch_buffer_types(
    ir: &Ir,
    op: OpId,
    result: ValueId,
    yielded: &[ValueId],
    options: &BufferizationOptions,
    stack: &mut Vec<ValueId>,
    mismatch: &str,
) -> Result<Type, Diagnostic> {
    let ctx = ir.ctx();
    let mut ty: Option<Type> = None;
    for &v in yielded {
        let t = buffer_type_or_own(ir, v, options, stack)?;
        let Some(cur) = ty else {
            ty = Some(t);
            continue;
        };
        if cur == t {
            continue;
        }
        let space = memory_space(ctx, cur).flatten();
        if space != memory_space(ctx, t).flatten() {
            return Err(Diagnostic::error(ir.op_loc(op), mismatch).with_op(op));
        }
        ty = memref_type_fully_dynamic(ir, ir.value_type(result), space);
    }
    ty.ok_or_else(|| Diagnostic::error(ir.op_loc(op), "expected a yielded value"))
}

fn result_index(ir: &Ir, v: ValueId) -> usize {
    match ir.value_def(v) {
        ValueDef::Result { index, .. } => index as usize,
        ValueDef::BlockArg { index, .. } => index as usize,
        ValueDef::Detached => 0,
    }
}

fn body_block(ir: &Ir, op: OpId, region: usize) -> Option<BlockId> {
    ir.regions(op).get(region).and_then(|&r| ir.entry_block(r))
}

fn block_terminator(ir: &Ir, op: OpId, region: usize) -> Option<OpId> {
    body_block(ir, op, region).and_then(|b| ir.terminator(b))
}

/// The value yielded to result `i` by the terminator of region `region`.
fn yielded(ir: &Ir, op: OpId, region: usize, i: usize) -> Option<ValueId> {
    let t = block_terminator(ir, op, region)?;
    (i < ir.num_operands(t)).then(|| ir.operand(t, i))
}

fn const_size(ir: &Ir, v: OpFoldSize) -> Option<i64> {
    match v {
        OpFoldSize::Static(c) => Some(c),
        OpFoldSize::Value(v) => dialects::util::const_int(ir, v).and_then(|c| i64::try_from(c).ok()),
    }
}

/// The tensor types of `values` converted to their buffer types (others
/// kept).
fn result_buffer_types(ir: &Ir, op: OpId, options: &BufferizationOptions) -> Result<Vec<Type>, Diagnostic> {
    let mut out = Vec::new();
    for r in ir.results(op) {
        out.push(if is_tensor(ir, r) { get_buffer_type(ir, r, options, &mut Vec::new())? } else { ir.value_type(r) });
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// scf.condition
// ---------------------------------------------------------------------------

/// `scf.condition`: reads its args, aliases nothing, always in place; its
/// tensors become buffers of the `after` arguments' types.
pub struct ConditionModel;

impl BufferizableOp for ConditionModel {
    crate::memory_access!(read: true, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
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
        let Some(while_op) = rw.ir().parent_op(op) else { return Ok(()) };
        let Some(after) = body_block(rw.ir(), while_op, 1) else { return Ok(()) };
        let args: Vec<ValueId> = rw.ir().operands(op).skip(1).collect();
        let saved = rw.insertion_point();
        rw.set_insertion_point(InsertPoint::Before(op));
        for (i, v) in args.into_iter().enumerate() {
            if !is_tensor(rw.ir(), v) {
                continue;
            }
            let buffer = get_buffer(rw, v, options)?;
            let after_arg = rw.ir().block_arg(after, i);
            let ty = get_buffer_type(rw.ir(), after_arg, options, &mut Vec::new())?;
            let cast = cast_buffer(rw, buffer, ty);
            rw.modify_in_place(op, |ir| ir.set_operand(op, i + 1, cast));
        }
        restore(rw, saved);
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// scf.execute_region
// ---------------------------------------------------------------------------

/// The unique `scf.yield` of an `scf.execute_region` (`None` when there
/// are several).
fn unique_yield(ir: &Ir, op: OpId) -> Option<OpId> {
    let region = *ir.regions(op).first()?;
    let mut found = None;
    for b in ir.region_blocks(region) {
        if let Some(t) = ir.terminator(b).filter(|&t| YieldOp::matches(ir, t)) {
            if found.is_some() {
                return None;
            }
            found = Some(t);
        }
    }
    found
}

/// `scf.execute_region`: its results are equivalent to what its unique
/// `scf.yield` yields; it may hold several blocks.
pub struct ExecuteRegionModel;

impl BufferizableOp for ExecuteRegionModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn supports_unstructured_control_flow(&self) -> bool {
        true
    }
    fn verify_analysis(&self, ir: &Ir, op: OpId, _state: &dyn AnalysisState) -> Result<(), Diagnostic> {
        match unique_yield(ir, op) {
            Some(_) => Ok(()),
            None => Err(op_error(ir, op, "op without unique scf.yield is not supported")),
        }
    }
    fn aliasing_op_operands(&self, ir: &Ir, value: ValueId, state: &dyn AnalysisState) -> AliasingOpOperandList {
        if let ValueDef::BlockArg { .. } = ir.value_def(value) {
            return aliasing_branch_op_operands(ir, value, state);
        }
        result_equivalent_to_yielded(ir, value, unique_yield)
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        if let ValueDef::BlockArg { .. } = ir.value_def(value) {
            return unstructured_buffer_type(ir, value, options, stack);
        }
        default_buffer_type(ir, value, options, stack)
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let Some(y) = unique_yield(rw.ir(), op) else {
            return Err(op_error(rw.ir(), op, "op without unique scf.yield is not supported"));
        };
        let types: Vec<Type> = rw.ir().operand_types(y).to_vec();
        let new = clone_without_regions(rw, op, &[], &types);
        move_regions(rw, op, new);
        let region = rw.ir().region(new, 0);
        let blocks: Vec<BlockId> = rw.ir().region_blocks(region).collect();
        for b in blocks {
            bufferize_block_signature(rw, b, options)?;
        }
        // Upstream wraps every tensor result in a `to_tensor` and replaces.
        let results: Vec<ValueId> = rw.ir().results(new).collect();
        replace_op_with_bufferized_values(rw, op, &results);
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// scf.if and scf.index_switch
// ---------------------------------------------------------------------------

/// `scf.if`: each result is equivalent to (but not definitely) what either
/// branch yields.
pub struct IfModel;

impl BufferizableOp for IfModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn aliasing_op_operands(&self, ir: &Ir, value: ValueId, _state: &dyn AnalysisState) -> AliasingOpOperandList {
        let op = ir.defining_op(value).expect("a result");
        branch_yield_operands(ir, op, result_index(ir, value), &[0, 1])
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        bufferize_branching_op(rw, op, options)
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let op = ir.defining_op(value).expect("a result");
        let i = result_index(ir, value);
        let vals: Vec<ValueId> = [0, 1].iter().filter_map(|&r| yielded(ir, op, r, i)).collect();
        join_branch_buffer_types(
            ir,
            op,
            value,
            &vals,
            options,
            stack,
            "inconsistent memory space on then/else branches",
        )
    }
}

/// The yield operands number `i` of the given regions' terminators, each
/// Equivalent and not definite.
fn branch_yield_operands(ir: &Ir, op: OpId, i: usize, regions: &[usize]) -> AliasingOpOperandList {
    let mut out = AliasingOpOperandList::new();
    for &r in regions {
        if let Some(t) = block_terminator(ir, op, r) {
            if let Some(&u) = ir.operand_ids(t).get(i) {
                out.push(AliasingOpOperand { operand: u, relation: BufferRelation::Equivalent, definite: false });
            }
        }
    }
    out
}

/// `scf.if` / `scf.index_switch` bufferization: the op is recreated with
/// buffer result types and its regions moved over.
fn bufferize_branching_op(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    options: &BufferizationOptions,
) -> Result<(), Diagnostic> {
    let types = result_buffer_types(rw.ir(), op, options)?;
    let operands: Vec<ValueId> = rw.ir().operands(op).collect();
    let new = clone_without_regions(rw, op, &operands, &types);
    move_regions(rw, op, new);
    let results: Vec<ValueId> = rw.ir().results(new).collect();
    replace_op_with_bufferized_values(rw, op, &results);
    Ok(())
}

/// `scf.index_switch`: each result is equivalent to (not definitely) what
/// each case and the default yield.
pub struct IndexSwitchModel;

impl BufferizableOp for IndexSwitchModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn aliasing_op_operands(&self, ir: &Ir, value: ValueId, _state: &dyn AnalysisState) -> AliasingOpOperandList {
        let op = ir.defining_op(value).expect("a result");
        // Cases first, then the default region (region 0), as upstream.
        let mut regions: Vec<usize> = (1..ir.regions(op).len()).collect();
        regions.push(0);
        branch_yield_operands(ir, op, result_index(ir, value), &regions)
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        bufferize_branching_op(rw, op, options)
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let op = ir.defining_op(value).expect("a result");
        let i = result_index(ir, value);
        // The default region first, then the cases, as upstream.
        let vals: Vec<ValueId> = (0..ir.regions(op).len()).filter_map(|r| yielded(ir, op, r, i)).collect();
        join_branch_buffer_types(ir, op, value, &vals, options, stack, "inconsistent memory space on switch cases")
    }
}

// ---------------------------------------------------------------------------
// scf.yield
// ---------------------------------------------------------------------------

/// `scf.yield`: reads, never writes, always in place; aliases the parent's
/// result under `scf.if`, `scf.index_switch` (not definitely) and
/// `scf.execute_region`.
pub struct YieldModel;

impl BufferizableOp for YieldModel {
    crate::memory_access!(read: true, write: false);
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        match ir.parent_op(ir.use_owner(operand)) {
            Some(p) if IfOp::matches(ir, p) || IndexSwitchOp::matches(ir, p) => {
                yielded_equivalent_to_result(ir, operand, false)
            }
            Some(p) if ExecuteRegionOp::matches(ir, p) => yielded_equivalent_to_result(ir, operand, true),
            _ => AliasingValueList::new(),
        }
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
        let Some(parent) = ir.parent_op(op) else { return Ok(()) };
        let known = ExecuteRegionOp::matches(ir, parent)
            || IfOp::matches(ir, parent)
            || IndexSwitchOp::matches(ir, parent)
            || ForOp::matches(ir, parent)
            || WhileOp::matches(ir, parent);
        if !known {
            return Err(Diagnostic::error(ir.op_loc(op), "unsupported scf::YieldOp parent").with_op(op));
        }
        let cast_to_result =
            IfOp::matches(ir, parent) || IndexSwitchOp::matches(ir, parent) || ForOp::matches(ir, parent);
        let is_while = WhileOp::matches(ir, parent);
        let values: Vec<ValueId> = ir.operands(op).collect();
        let saved = rw.insertion_point();
        for (i, v) in values.into_iter().enumerate() {
            if !is_tensor(rw.ir(), v) {
                continue;
            }
            let mut buffer = get_buffer(rw, v, options)?;
            let target = if cast_to_result {
                Some(rw.ir().result(parent, i))
            } else if is_while {
                body_block(rw.ir(), parent, 0).map(|b| rw.ir().block_arg(b, i))
            } else {
                None
            };
            if let Some(t) = target {
                let ty = get_buffer_type(rw.ir(), t, options, &mut Vec::new())?;
                rw.set_insertion_point(InsertPoint::Before(op));
                buffer = cast_buffer(rw, buffer, ty);
            }
            rw.modify_in_place(op, |ir| ir.set_operand(op, i, buffer));
        }
        restore(rw, saved);
        Ok(())
    }
}

/// Attaches the `scf` models.
pub fn register(ctx: &mut Context) {
    let names = [
        (ConditionOp::NAME, Box::new(ConditionModel) as Box<dyn BufferizableOp>),
        (ExecuteRegionOp::NAME, Box::new(ExecuteRegionModel)),
        (ForOp::NAME, Box::new(ForModel)),
        (IfOp::NAME, Box::new(IfModel)),
        (IndexSwitchOp::NAME, Box::new(IndexSwitchModel)),
        (ForallOp::NAME, Box::new(ForallModel)),
        (InParallelOp::NAME, Box::new(InParallelModel)),
        (WhileOp::NAME, Box::new(WhileModel)),
        (YieldOp::NAME, Box::new(YieldModel)),
    ];
    for (name, model) in names {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn BufferizableOp>(n, model);
    }
}
