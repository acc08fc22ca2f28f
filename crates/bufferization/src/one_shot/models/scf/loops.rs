//! The loop models of `scf`: `scf.for`, `scf.while`, `scf.forall` and
//! `scf.forall.in_parallel` (the shared helpers are in the parent module).

use super::*;

// ---------------------------------------------------------------------------
// scf.for
// ---------------------------------------------------------------------------

const FOR_INITS: usize = 3;

fn for_may_have_zero_iterations(ir: &Ir, op: OpId) -> bool {
    let lb = dialects::util::const_int(ir, ir.operand(op, 0));
    let ub = dialects::util::const_int(ir, ir.operand(op, 1));
    match (lb, ub) {
        (Some(lb), Some(ub)) => ub <= lb,
        _ => true,
    }
}

/// The iter bbArg tied to result / init number `i`.
fn for_iter_arg(ir: &Ir, op: OpId, i: usize) -> ValueId {
    ir.block_arg(body_block(ir, op, 0).expect("a loop body"), i + 1)
}

fn for_relation(ir: &Ir, op: OpId, i: usize, state: &dyn AnalysisState) -> BufferRelation {
    let arg = for_iter_arg(ir, op, i);
    match yielded(ir, op, 0, i) {
        Some(y) if state.are_equivalent_bufferized_values(ir, arg, y) => BufferRelation::Equivalent,
        _ => BufferRelation::Unknown,
    }
}

/// `scf.for`: an init is written, read unless the loop certainly runs and
/// never reads the iter bbArg, and aliases its result (equivalent when the
/// body yields a value equivalent to the iter bbArg).
pub struct ForModel;

impl BufferizableOp for ForModel {
    fn bufferizes_to_memory_read(&self, ir: &Ir, operand: OperandId, state: &dyn AnalysisState) -> bool {
        let op = ir.use_owner(operand);
        if for_may_have_zero_iterations(ir, op) {
            return true;
        }
        state.is_value_read(ir, for_iter_arg(ir, op, ir.use_index(operand) - FOR_INITS))
    }
    fn bufferizes_to_memory_write(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        true
    }
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, state: &dyn AnalysisState) -> AliasingValueList {
        let op = ir.use_owner(operand);
        let i = ir.use_index(operand) - FOR_INITS;
        let relation = for_relation(ir, op, i, state);
        let mut out = AliasingValueList::new();
        out.push(AliasingValue { value: ir.result(op, i), relation, definite: relation == BufferRelation::Equivalent });
        out
    }
    fn is_writable(&self, _ir: &Ir, _value: ValueId, _state: &dyn AnalysisState) -> bool {
        true
    }
    fn resolve_conflicts(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        state: &dyn AnalysisState,
    ) -> Result<(), Diagnostic> {
        resolve_tensor_op_operand_conflicts(rw, op, state)?;
        let options = state.options();
        // Without analysis nothing is written in place, so a yielded alias
        // of an outside value is never written through: nothing to do.
        if !options.enforce_aliasing_invariants || options.copy_before_write {
            return Ok(());
        }
        let ir = rw.ir();
        let Some(yield_op) = block_terminator(ir, op, 0) else { return Ok(()) };
        let region = ir.region(op, 0);
        let n = ir.num_operands(op) - FOR_INITS;
        let mut replace = Vec::new();
        // Values kept so far: a later one that may alias one of them is
        // copied too, or two iter bbArgs would share a buffer (19.1.7 keeps
        // two yields of one new buffer).
        let mut kept: Vec<ValueId> = Vec::new();
        for i in 0..n.min(ir.num_operands(yield_op)) {
            if !is_tensor(ir, ir.operand(op, FOR_INITS + i)) {
                continue;
            }
            let v = ir.operand(yield_op, i);
            let shared = kept.iter().any(|&k| state.are_aliasing_bufferized_values(ir, k, v));
            if !shared && does_not_alias_external_value(ir, v, region, for_iter_arg(ir, op, i), state) {
                kept.push(v);
                continue;
            }
            replace.push((i, v));
        }
        let saved = rw.insertion_point();
        rw.set_insertion_point(InsertPoint::Before(yield_op));
        let loc = rw.ir().op_loc(yield_op);
        for (i, v) in replace {
            let alloc = allocate_tensor_for_shaped_value(rw, loc, v, options, true)?;
            rw.modify_in_place(yield_op, |ir| ir.set_operand(yield_op, i, alloc));
        }
        restore(rw, saved);
        Ok(())
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        match ir.value_def(value) {
            ValueDef::Result { op, index } => get_buffer_type(ir, for_iter_arg(ir, op, index as usize), options, stack),
            ValueDef::BlockArg { block, index } => {
                let op = ir.block_parent_op(block).expect("a loop");
                let i = index as usize - 1;
                let y = yielded(ir, op, 0, i).ok_or_else(|| op_error(ir, op, "expected a yielded value"))?;
                loop_iter_arg_buffer_type(ir, op, value, ir.operand(op, FOR_INITS + i), y, options, stack)
            }
            ValueDef::Detached => Err(Diagnostic::error(ir.value_loc(value), "detached value")),
        }
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let saved = rw.insertion_point();
        rw.set_insertion_point(InsertPoint::Before(op));
        let inits: Vec<ValueId> = rw.ir().operands(op).skip(FOR_INITS).collect();
        let buffers = get_buffers(rw, &inits, options)?;
        let mut casted = Vec::with_capacity(buffers.len());
        for (i, b) in buffers.into_iter().enumerate() {
            let result = rw.ir().result(op, i);
            if !is_tensor(rw.ir(), result) {
                casted.push(b);
                continue;
            }
            let ty = get_buffer_type(rw.ir(), result, options, &mut Vec::new())?;
            rw.set_insertion_point(InsertPoint::Before(op));
            casted.push(cast_buffer(rw, b, ty));
        }
        let mut operands: Vec<ValueId> = rw.ir().operands(op).take(FOR_INITS).collect();
        operands.extend_from_slice(&casted);
        let types: Vec<Type> = casted.iter().map(|&v| rw.ir().value_type(v)).collect();
        let new = clone_without_regions(rw, op, &operands, &types);
        move_regions(rw, op, new);
        let body = body_block(rw.ir(), new, 0).expect("a loop body");
        let mut arg_types = vec![rw.ir().value_type(rw.ir().block_arg(body, 0))];
        arg_types.extend_from_slice(&types);
        retype_block_args(rw, body, &arg_types);
        let results: Vec<ValueId> = rw.ir().results(new).collect();
        replace_op_with_bufferized_values(rw, op, &results);
        restore(rw, saved);
        Ok(())
    }
    fn verify_analysis(&self, ir: &Ir, op: OpId, state: &dyn AnalysisState) -> Result<(), Diagnostic> {
        if state.options().allow_return_allocs_from_loops {
            return Ok(());
        }
        let Some(yield_op) = block_terminator(ir, op, 0) else { return Ok(()) };
        for (i, r) in ir.results(op).enumerate() {
            if !is_tensor(ir, r) {
                continue;
            }
            if for_relation(ir, op, i, state) != BufferRelation::Equivalent {
                return Err(Diagnostic::error(
                    ir.op_loc(yield_op),
                    format!("Yield operand #{i} is not equivalent to the corresponding iter bbArg"),
                )
                .with_op(yield_op));
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// scf.while
// ---------------------------------------------------------------------------

fn while_relation(ir: &Ir, op: OpId, i: usize, state: &dyn AnalysisState) -> BufferRelation {
    let (Some(before), Some(after)) = (body_block(ir, op, 0), body_block(ir, op, 1)) else {
        return BufferRelation::Unknown;
    };
    let before_args = ir.block_args(before);
    if i >= before_args.len() || ir.value_type(ir.result(op, i)) != ir.value_type(before_args[i]) {
        return BufferRelation::Unknown;
    }
    let (Some(cond), Some(yield_op)) = (ir.terminator(before), ir.terminator(after)) else {
        return BufferRelation::Unknown;
    };
    let after_args = ir.block_args(after);
    if i + 1 >= ir.num_operands(cond) || i >= after_args.len() || i >= ir.num_operands(yield_op) {
        return BufferRelation::Unknown;
    }
    let equiv_condition = state.are_equivalent_bufferized_values(ir, before_args[i], ir.operand(cond, i + 1));
    let equiv_yield = state.are_equivalent_bufferized_values(ir, after_args[i], ir.operand(yield_op, i));
    if equiv_condition && equiv_yield {
        BufferRelation::Equivalent
    } else {
        BufferRelation::Unknown
    }
}

/// The indices `i` (below both lengths) where tensor `args[i]` and tensor
/// `values[i]` are equivalent.
fn equivalent_buffers(ir: &Ir, args: &[ValueId], values: &[ValueId], state: &dyn AnalysisState) -> Vec<bool> {
    let n = args.len().min(values.len());
    let mut out = vec![false; values.len()];
    for i in 0..n {
        if is_tensor(ir, args[i])
            && is_tensor(ir, values[i])
            && state.are_equivalent_bufferized_values(ir, args[i], values[i])
        {
            out[i] = true;
        }
    }
    out
}

/// `scf.while`: an init is read, written and aliases the result of the
/// same number (equivalent when both regions pass the value through
/// equivalently).
pub struct WhileModel;

impl BufferizableOp for WhileModel {
    crate::memory_access!(read: true, write: true);
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, state: &dyn AnalysisState) -> AliasingValueList {
        let op = ir.use_owner(operand);
        let i = ir.use_index(operand);
        let mut out = AliasingValueList::new();
        if i >= ir.num_results(op) || ir.value_type(ir.use_value(operand)) != ir.value_type(ir.result(op, i)) {
            return out;
        }
        let relation = while_relation(ir, op, i, state);
        out.push(AliasingValue { value: ir.result(op, i), relation, definite: relation == BufferRelation::Equivalent });
        out
    }
    fn is_writable(&self, _ir: &Ir, _value: ValueId, _state: &dyn AnalysisState) -> bool {
        true
    }
    fn resolve_conflicts(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        state: &dyn AnalysisState,
    ) -> Result<(), Diagnostic> {
        resolve_tensor_op_operand_conflicts(rw, op, state)?;
        let options = state.options();
        if !options.enforce_aliasing_invariants {
            return Ok(());
        }
        let ir = rw.ir();
        let (Some(before), Some(after)) = (body_block(ir, op, 0), body_block(ir, op, 1)) else { return Ok(()) };
        let (Some(cond), Some(yield_op)) = (ir.terminator(before), ir.terminator(after)) else { return Ok(()) };
        let cond_args: Vec<ValueId> = ir.operands(cond).skip(1).collect();
        let yields: Vec<ValueId> = ir.operands(yield_op).collect();
        let eq_before = equivalent_buffers(ir, ir.block_args(before), &cond_args, state);
        let eq_after = equivalent_buffers(ir, ir.block_args(after), &yields, state);
        let saved = rw.insertion_point();
        rw.set_insertion_point(InsertPoint::Before(cond));
        let loc = rw.ir().op_loc(cond);
        for (i, &v) in cond_args.iter().enumerate() {
            let keep = !is_tensor(rw.ir(), v)
                || (eq_after.get(i).copied().unwrap_or(false) && eq_before.get(i).copied().unwrap_or(false));
            if keep {
                continue;
            }
            let alloc = allocate_tensor_for_shaped_value(rw, loc, v, options, true)?;
            rw.modify_in_place(cond, |ir| ir.set_operand(cond, i + 1, alloc));
        }
        // What the `after` region yields becomes the `before` arguments,
        // which the `before` region may write in place: a yielded value
        // that may alias a value from outside the loop, or a read-only
        // buffer, is copied, as `scf.for` does. 19.1.7 does not, and the
        // `before` region then writes over the outside value. (The `after`
        // arguments themselves are fresh unless equivalent, see above.) A
        // value that may alias an earlier yielded one is copied too, or two
        // `before` arguments would share a buffer.
        if !options.copy_before_write {
            let ir = rw.ir();
            let inside = |alias: ValueId| owner_of_value(ir, alias).is_none_or(|o| ir.is_ancestor(op, o));
            let mut replace = Vec::new();
            let mut kept: Vec<ValueId> = Vec::new();
            for (i, &v) in yields.iter().enumerate() {
                let Some(&arg) = ir.block_args(before).get(i) else { continue };
                if !is_tensor(ir, v) || !is_tensor(ir, arg) {
                    continue;
                }
                let own = ir.block_args(after).get(i).copied().unwrap_or(v);
                let shared = kept.iter().any(|&k| state.are_aliasing_bufferized_values(ir, k, v));
                if shared || !no_alias_escapes(ir, v, own, &inside, state) {
                    replace.push((i, v));
                } else {
                    kept.push(v);
                }
            }
            rw.set_insertion_point(InsertPoint::Before(yield_op));
            let loc = rw.ir().op_loc(yield_op);
            for (i, v) in replace {
                let alloc = allocate_tensor_for_shaped_value(rw, loc, v, options, true)?;
                rw.modify_in_place(yield_op, |ir| ir.set_operand(yield_op, i, alloc));
            }
        }
        restore(rw, saved);
        Ok(())
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let saved = rw.insertion_point();
        rw.set_insertion_point(InsertPoint::Before(op));
        let before = body_block(rw.ir(), op, 0).expect("a before region");
        let after = body_block(rw.ir(), op, 1).expect("an after region");
        let inits: Vec<ValueId> = rw.ir().operands(op).collect();
        let buffers = get_buffers(rw, &inits, options)?;
        let mut casted = Vec::with_capacity(buffers.len());
        for (i, b) in buffers.into_iter().enumerate() {
            let arg = rw.ir().block_arg(before, i);
            if !is_tensor(rw.ir(), arg) {
                casted.push(b);
                continue;
            }
            let ty = get_buffer_type(rw.ir(), arg, options, &mut Vec::new())?;
            rw.set_insertion_point(InsertPoint::Before(op));
            casted.push(cast_buffer(rw, b, ty));
        }
        let mut after_types = Vec::new();
        for &a in rw.ir().block_args(after).to_vec().iter() {
            after_types.push(if is_tensor(rw.ir(), a) {
                get_buffer_type(rw.ir(), a, options, &mut Vec::new())?
            } else {
                rw.ir().value_type(a)
            });
        }
        let before_types: Vec<Type> = casted.iter().map(|&v| rw.ir().value_type(v)).collect();
        let new = clone_without_regions(rw, op, &casted, &after_types);
        move_regions(rw, op, new);
        let before = body_block(rw.ir(), new, 0).expect("a before region");
        let after = body_block(rw.ir(), new, 1).expect("an after region");
        retype_block_args(rw, before, &before_types);
        retype_block_args(rw, after, &after_types);
        let results: Vec<ValueId> = rw.ir().results(new).collect();
        replace_op_with_bufferized_values(rw, op, &results);
        restore(rw, saved);
        Ok(())
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let (op, i) = match ir.value_def(value) {
            ValueDef::BlockArg { block, index } => {
                let op = ir.block_parent_op(block).expect("a while");
                let i = index as usize;
                if ir.block_region(block) == Some(ir.region(op, 0)) {
                    let init = ir.operand(op, i);
                    let y = yielded(ir, op, 1, i).ok_or_else(|| op_error(ir, op, "expected a yielded value"))?;
                    return loop_iter_arg_buffer_type(ir, op, value, init, y, options, stack);
                }
                (op, i)
            }
            ValueDef::Result { op, index } => (op, index as usize),
            ValueDef::Detached => return Err(Diagnostic::error(ir.value_loc(value), "detached value")),
        };
        let cond = block_terminator(ir, op, 0).ok_or_else(|| op_error(ir, op, "expected scf.condition"))?;
        let v = ir.operand(cond, i + 1);
        buffer_type_or_own(ir, v, options, stack)
    }
    fn verify_analysis(&self, ir: &Ir, op: OpId, state: &dyn AnalysisState) -> Result<(), Diagnostic> {
        if state.options().allow_return_allocs_from_loops {
            return Ok(());
        }
        for (region, skip, what) in [(0usize, 1usize, "Condition arg"), (1, 0, "Yield operand")] {
            let Some(block) = body_block(ir, op, region) else { continue };
            let Some(t) = ir.terminator(block) else { continue };
            let args = ir.block_args(block);
            for (i, v) in ir.operands(t).skip(skip).enumerate() {
                if !is_tensor(ir, v) {
                    continue;
                }
                if i >= args.len() || !state.are_equivalent_bufferized_values(ir, v, args[i]) {
                    return Err(Diagnostic::error(
                        ir.op_loc(t),
                        format!("{what} #{i} is not equivalent to the corresponding iter bbArg"),
                    )
                    .with_op(t));
                }
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// scf.forall and scf.forall.in_parallel
// ---------------------------------------------------------------------------

fn forall_rank(ir: &Ir, op: OpId) -> usize {
    dialects::scf::forall_bounds(ir, op).map(|b| b.lower.len()).unwrap_or(0)
}

fn forall_may_have_zero_iterations(ir: &Ir, op: OpId) -> bool {
    let Some(b) = dialects::scf::forall_bounds(ir, op) else { return true };
    b.lower.iter().zip(&b.upper).any(|(&lb, &ub)| match (const_size(ir, lb), const_size(ir, ub)) {
        (Some(lb), Some(ub)) => lb >= ub,
        _ => true,
    })
}

fn forall_is_repetitive(ir: &Ir, op: OpId) -> bool {
    let Some(b) = dialects::scf::forall_bounds(ir, op) else { return true };
    for ((&lb, &ub), &step) in b.lower.iter().zip(&b.upper).zip(&b.step) {
        let (Some(lb), Some(ub), Some(step)) = (const_size(ir, lb), const_size(ir, ub), const_size(ir, step)) else {
            return true;
        };
        if lb + step < ub {
            return true;
        }
    }
    false
}

/// The index of the first `shared_outs` operand.
fn forall_first_output(ir: &Ir, op: OpId) -> usize {
    ir.num_operands(op) - ForallOp(op).outputs(ir).len()
}

/// `scf.forall`: a `shared_outs` operand is written, read unless the loop
/// certainly runs and never reads its bbArg, and is equivalent to its
/// result; the body runs in parallel with itself when it may run twice.
pub struct ForallModel;

impl BufferizableOp for ForallModel {
    fn bufferizes_to_memory_read(&self, ir: &Ir, operand: OperandId, state: &dyn AnalysisState) -> bool {
        let op = ir.use_owner(operand);
        if forall_may_have_zero_iterations(ir, op) {
            return true;
        }
        let i = ir.use_index(operand) - forall_first_output(ir, op);
        let body = body_block(ir, op, 0).expect("a forall body");
        state.is_value_read(ir, ir.block_arg(body, forall_rank(ir, op) + i))
    }
    fn bufferizes_to_memory_write(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        true
    }
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        let op = ir.use_owner(operand);
        let i = ir.use_index(operand) - forall_first_output(ir, op);
        let mut out = AliasingValueList::new();
        out.push(AliasingValue::new(ir.result(op, i), BufferRelation::Equivalent));
        out
    }
    fn is_writable(&self, _ir: &Ir, _value: ValueId, _state: &dyn AnalysisState) -> bool {
        true
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let saved = rw.insertion_point();
        let rank = forall_rank(rw.ir(), op);
        let outputs: Vec<ValueId> = ForallOp(op).outputs(rw.ir()).to_vec();
        let mut buffers = Vec::with_capacity(outputs.len());
        for &out in &outputs {
            rw.set_insertion_point(InsertPoint::Before(op));
            buffers.push(get_buffer(rw, out, options)?);
        }
        let body = body_block(rw.ir(), op, 0).expect("a forall body");
        let loc = rw.ir().op_loc(op);
        let mut after: Option<OpId> = None;
        for (i, &buffer) in buffers.iter().enumerate() {
            let arg = rw.ir().block_arg(body, rank + i);
            let ip = match after {
                Some(o) => InsertPoint::After(o),
                None => InsertPoint::BlockStart(body),
            };
            rw.set_insertion_point(ip);
            let t = dialects::bufferization::build_to_tensor(rw, loc, buffer, false, false)
                .ok_or_else(|| Diagnostic::error(loc, "expected a memref"))?;
            after = rw.ir().defining_op(t);
            rw.replace_all_uses(arg, t);
        }
        let first_output = forall_first_output(rw.ir(), op);
        let operands: Vec<ValueId> = rw.ir().operands(op).take(first_output).collect();
        let new = clone_without_regions(rw, op, &operands, &[]);
        let ctx = rw.ir().ctx_arc().clone();
        let name = ctx.intern_str("operandSegmentSizes");
        let f = ForallOp(op);
        let sizes = [
            f.dynamic_lower_bound(rw.ir()).len(),
            f.dynamic_upper_bound(rw.ir()).len(),
            f.dynamic_step(rw.ir()).len(),
            0,
        ];
        rw.modify_in_place(new, |ir| ir.set_attr(new, name, segment_sizes_attr(&ctx, &sizes)));
        move_regions(rw, op, new);
        let body = body_block(rw.ir(), new, 0).expect("a forall body");
        for i in (rank..rw.ir().block_args(body).len()).rev() {
            rw.erase_block_arg(body, i);
        }
        replace_op_with_bufferized_values(rw, op, &buffers);
        restore(rw, saved);
        Ok(())
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let (op, i) = match ir.value_def(value) {
            ValueDef::BlockArg { block, index } => {
                let op = ir.block_parent_op(block).expect("a forall");
                (op, index as usize - forall_rank(ir, op))
            }
            ValueDef::Result { op, index } => (op, index as usize),
            ValueDef::Detached => return Err(Diagnostic::error(ir.value_loc(value), "detached value")),
        };
        let out = ForallOp(op).outputs(ir).to_vec()[i];
        get_buffer_type(ir, out, options, stack)
    }
    fn is_repetitive_region(&self, ir: &Ir, op: OpId, _index: usize) -> bool {
        forall_is_repetitive(ir, op)
    }
    fn is_parallel_region(&self, ir: &Ir, op: OpId, _index: usize) -> bool {
        forall_is_repetitive(ir, op)
    }
}

/// `scf.forall.in_parallel`: has no tensor operands or results (its
/// nested `parallel_insert_slice`s are bufferized on their own).
pub struct InParallelModel;

impl BufferizableOp for InParallelModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        _options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        Err(Diagnostic::error(rw.ir().op_loc(op), "op does not have any tensor OpOperands / OpResults").with_op(op))
    }
}
