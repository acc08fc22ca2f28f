//! The `BufferizableOp` models of the `func` dialect's ops (upstream's
//! `FuncBufferizableOpInterfaceImpl.cpp`). They take part only with
//! `bufferize-function-boundaries` (the options' filter drops `func.*` ops
//! otherwise):
//! * `func.func`: the signature becomes buffers (the boundary layout
//!   policy, a `bufferization.buffer_layout` argument attribute, the default
//!   memory space), every block signature is bufferized, the return's tensor
//!   operands go through `to_memref`; arguments are writable unless
//!   `bufferization.writable = false`;
//! * `func.return`: reads its operands; rewritten by its function;
//! * `func.call`: operands become buffers (cast to the callee's argument
//!   types, or copied to a new buffer when a cast could fail at run time),
//!   results take the callee's bufferized result types; a callee not
//!   bufferized yet (a call cycle) gets its boundary types computed here.
//!
//! A call asks the state's `FuncAnalysisState` (`one_shot::module`) which
//! operands the callee reads and writes and which results alias (or equal)
//! which operands; for a callee not analyzed (yet), every tensor operand
//! is read and written and may alias every tensor result, as upstream.
//! The results of a call to a function on a call cycle are not writable
//! when it may return a constant.

use crate::one_shot::driver::{cast_or_realloc_memref, op_error};
use crate::one_shot::helpers::{get_buffer, memref_type_fully_dynamic, memref_type_identity};
use crate::one_shot::helpers::{get_buffer_type, replace_op_with_bufferized_values};
use crate::one_shot::interface::{
    unknown_aliasing_values, AliasingOpOperandList, AliasingValue, AliasingValueList, AnalysisState, BufferRelation,
    BufferizableOp,
};
use crate::one_shot::module::FuncAnalysisState;
use crate::one_shot::options::{BufferizationOptions, LayoutMapOption};
use crate::one_shot::unstructured::{aliasing_branch_op_operands, unstructured_buffer_type};
use dialects::bufferization::ToMemrefOp;
use dialects::func::{CallOp, FuncOp, ReturnOp};
use dialects::func_sig::{arg_attr, called_function, unique_return};
use ir::op_decl::OpView;
use ir::rewrite_api::PatternRewriter;
use ir::{AttrKind, Context, Diagnostic, InsertPoint, Ir, OpId, OperandId, Type, TypeKind, ValueDef, ValueId};

/// The buffer type at a function boundary of tensor type `ty` (upstream's
/// `functionArgTypeConverterFn`): identity layout under
/// `identity-layout-map`, else fully dynamic.
fn boundary_type(ir: &Ir, func: OpId, ty: Type, options: &BufferizationOptions) -> Result<Type, Diagnostic> {
    let Some(space) = options.default_memory_space(ir, ty) else {
        return Err(Diagnostic::error(ir.op_loc(func), "could not infer memory space").with_op(func));
    };
    let t = if options.function_boundary_type_conversion == LayoutMapOption::IdentityLayoutMap {
        memref_type_identity(ir, ty, space)
    } else {
        memref_type_fully_dynamic(ir, ty, space)
    };
    t.ok_or_else(|| Diagnostic::error(ir.op_loc(func), "expected a tensor type").with_op(func))
}

/// The buffer type of argument `index` of `func` (upstream's
/// `getBufferizedFunctionArgType`).
fn bufferized_arg_type(ir: &Ir, func: OpId, index: usize, options: &BufferizationOptions) -> Result<Type, Diagnostic> {
    let ctx = ir.ctx();
    let fty = FuncOp(func).function_type(ir).expect("a function type");
    let (ins, _) = ctx.function_sig(fty).expect("a function type");
    let ty = boundary_type(ir, func, ins[index], options)?;
    let Some(layout) = arg_attr(ir, func, index, "bufferization.buffer_layout") else { return Ok(ty) };
    match ctx.kind(ty) {
        // The layout as given (upstream's `MemRefType::get`): an identity
        // map with symbols is a type of its own that prints like the
        // default layout, so a buffer of the default layout is cast to it.
        TypeKind::MemRef { shape, elem, memory_space, .. } => {
            let layout = match ctx.attr_kind(layout) {
                AttrKind::AffineMap(m) if m.is_identity() && m.num_symbols == 0 => None,
                _ => Some(layout),
            };
            Ok(ctx.ty(TypeKind::MemRef { shape: shape.clone(), elem: *elem, layout, memory_space: *memory_space }))
        }
        _ => Err(op_error(ir, func, "buffer layout not supported on unranked tensors")),
    }
}

fn is_entry_arg(ir: &Ir, func: OpId, v: ValueId) -> bool {
    match ir.value_def(v) {
        ValueDef::BlockArg { block, .. } => ir.regions(func).first().and_then(|&r| ir.entry_block(r)) == Some(block),
        _ => false,
    }
}

/// The analyzed callee of the call owning `operand`, with the facts.
fn analyzed_callee<'s>(
    ir: &Ir,
    operand: OperandId,
    state: &'s dyn AnalysisState,
) -> Option<(OpId, &'s FuncAnalysisState)> {
    let fs = state.func_state()?;
    let f = called_function(ir, ir.use_owner(operand))?;
    fs.is_analyzed(f).then_some((f, fs))
}

struct CallModel;

impl BufferizableOp for CallModel {
    /// A result is not writable when the analyzed callee returns a buffer
    /// that is not (a constant): bufopt's fix of an mlir-opt-19 defect.
    /// Likewise for every result of a callee on a call cycle (which has no
    /// boundary facts) that may return such a buffer.
    fn is_writable(&self, ir: &Ir, value: ValueId, state: &dyn AnalysisState) -> bool {
        let ValueDef::Result { op, index } = ir.value_def(value) else { return true };
        let Some(fs) = state.func_state() else { return true };
        let Some(f) = called_function(ir, op) else { return true };
        if fs.is_unordered(f) {
            return !fs.read_only_unordered.contains(&f);
        }
        !(fs.is_analyzed(f) && fs.non_writable_results.get(&f).is_some_and(|s| s.contains(&(index as usize))))
    }
    fn bufferizes_to_memory_read(&self, ir: &Ir, operand: OperandId, state: &dyn AnalysisState) -> bool {
        match analyzed_callee(ir, operand, state) {
            Some((f, fs)) => fs.read_bbargs.get(&f).is_some_and(|s| s.contains(&ir.use_index(operand))),
            None => true,
        }
    }
    fn bufferizes_to_memory_write(&self, ir: &Ir, operand: OperandId, state: &dyn AnalysisState) -> bool {
        match analyzed_callee(ir, operand, state) {
            Some((f, fs)) => fs.written_bbargs.get(&f).is_some_and(|s| s.contains(&ir.use_index(operand))),
            None => true,
        }
    }
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, state: &dyn AnalysisState) -> AliasingValueList {
        let Some((f, fs)) = analyzed_callee(ir, operand, state) else { return unknown_aliasing_values(ir, operand) };
        let idx = ir.use_index(operand);
        let results: Vec<usize> =
            fs.aliasing_return_vals.get(&f).and_then(|m| m.get(&idx)).cloned().unwrap_or_default();
        let equivalent = if results.len() == 1 { fs.equivalent_arg(f, results[0]) } else { None };
        let call = ir.use_owner(operand);
        let call_results: Vec<ValueId> = ir.results(call).collect();
        results
            .iter()
            .map(|&r| AliasingValue {
                value: call_results[r],
                relation: if equivalent.is_some() { BufferRelation::Equivalent } else { BufferRelation::Unknown },
                definite: equivalent.is_some(),
            })
            .collect()
    }
    /// The callee's result type once it is bufferized; before that (a call
    /// cycle) the boundary type of its tensor result.
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        _stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let ValueDef::Result { op, index } = ir.value_def(value) else { unreachable!("a call result") };
        let func = called_function(ir, op).ok_or_else(|| op_error(ir, op, "expected a call to a func.func"))?;
        let fty = FuncOp(func).function_type(ir).expect("a function type");
        let (_, outs) = ir.ctx().function_sig(fty).expect("a function type");
        let ty = outs[index as usize];
        if !ir.ctx().is_tensor(ty) {
            // The callee is bufferized already: its signature says.
            return Ok(ty);
        }
        // Asked before the callee is bufferized (tensor copy insertion asks
        // when it copies a value computed from a call result): the
        // function-boundary type, as LLVM 20 does. mlir-opt-19 takes the
        // tensor type for a buffer type there and crashes.
        boundary_type(ir, func, ty, options)
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let ctx = rw.ir().ctx_arc().clone();
        let mut result_types = Vec::new();
        for r in rw.ir().results(op).collect::<Vec<_>>() {
            let t = rw.ir().value_type(r);
            result_types.push(if ctx.is_tensor(t) {
                get_buffer_type(rw.ir(), r, options, &mut Vec::new())?
            } else {
                t
            });
        }
        let func =
            called_function(rw.ir(), op).ok_or_else(|| op_error(rw.ir(), op, "expected a call to a func.func"))?;
        let fty = FuncOp(func).function_type(rw.ir()).expect("a function type");
        let ins: Vec<Type> = ctx.function_sig(fty).expect("a function type").0.to_vec();
        let loc = rw.ir().op_loc(op);
        let mut operands = Vec::new();
        for (i, v) in rw.ir().operands(op).collect::<Vec<_>>().into_iter().enumerate() {
            if !ctx.is_tensor(rw.ir().value_type(v)) {
                operands.push(v);
                continue;
            }
            let mut buf = get_buffer(rw, v, options)?;
            // A callee not bufferized yet (a call cycle): its argument type.
            let want = if ctx.is_tensor(ins[i]) { bufferized_arg_type(rw.ir(), func, i, options)? } else { ins[i] };
            if rw.ir().value_type(buf) != want {
                // A cast when it cannot fail at run time, else a copy (a
                // view passed where an identity layout is expected).
                buf = cast_or_realloc_memref(rw, buf, want, options)?
                    .ok_or_else(|| op_error(rw.ir(), op, "CallOp::bufferize: cast incompatible"))?;
            }
            operands.push(buf);
        }
        let name = FuncOp(func).sym_name(rw.ir()).unwrap_or("").to_string();
        let new = CallOp::build(rw, loc, &result_types, &operands, &name);
        let attrs: Vec<ir::NamedAttr> = rw.ir().attrs(op).to_vec();
        rw.modify_in_place(new.0, |ir| {
            for a in attrs {
                ir.set_attr(new.0, a.name, a.value);
            }
        });
        let values: Vec<ValueId> = rw.ir().results(new.0).collect();
        replace_op_with_bufferized_values(rw, op, &values);
        Ok(())
    }
}

struct ReturnModel;

impl BufferizableOp for ReturnModel {
    crate::memory_access!(read: true, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn bufferize(
        &self,
        _rw: &mut PatternRewriter<'_>,
        _op: OpId,
        _options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        // Returns are bufferized with their function.
        Ok(())
    }
}

struct FuncModel;

impl BufferizableOp for FuncModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn supports_unstructured_control_flow(&self) -> bool {
        true
    }
    fn has_tensor_semantics(&self, ir: &Ir, op: OpId) -> bool {
        let ctx = ir.ctx();
        if let Some((ins, outs)) = FuncOp(op).function_type(ir).and_then(|t| ctx.function_sig(t)) {
            if ins.iter().chain(outs.iter()).any(|&t| ctx.is_tensor(t)) {
                return true;
            }
        }
        ir.regions(op)
            .iter()
            .any(|&r| ir.region_blocks(r).any(|b| ir.block_args(b).iter().any(|&a| ctx.is_tensor(ir.value_type(a)))))
    }
    fn aliasing_op_operands(&self, ir: &Ir, value: ValueId, state: &dyn AnalysisState) -> AliasingOpOperandList {
        aliasing_branch_op_operands(ir, value, state)
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let ValueDef::BlockArg { block, index } = ir.value_def(value) else { unreachable!("a block argument") };
        let func = ir.block_parent_op(block).expect("a function");
        if is_entry_arg(ir, func, value) {
            return bufferized_arg_type(ir, func, index as usize, options);
        }
        unstructured_buffer_type(ir, value, options, stack)
    }
    fn verify_analysis(&self, ir: &Ir, op: OpId, _state: &dyn AnalysisState) -> Result<(), Diagnostic> {
        let external = ir.regions(op).first().is_none_or(|&r| ir.region_is_empty(r));
        if !external && unique_return(ir, op).is_none() {
            return Err(op_error(ir, op, "op without unique func.return is not supported"));
        }
        Ok(())
    }
    fn is_writable(&self, ir: &Ir, value: ValueId, _state: &dyn AnalysisState) -> bool {
        let ValueDef::BlockArg { block, index } = ir.value_def(value) else { return true };
        let Some(func) = ir.block_parent_op(block) else { return true };
        if !is_entry_arg(ir, func, value) {
            return true;
        }
        match arg_attr(ir, func, index as usize, "bufferization.writable") {
            Some(a) => match ir.ctx().attr_kind(a) {
                AttrKind::Bool(b) => *b,
                _ => true,
            },
            None => true,
        }
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let ctx = rw.ir().ctx_arc().clone();
        let fty = FuncOp(op).function_type(rw.ir()).expect("a function type");
        let (ins, outs) = ctx.function_sig(fty).expect("a function type");
        let (ins, outs) = (ins.to_vec(), outs.to_vec());
        let mut arg_types = Vec::with_capacity(ins.len());
        for (i, &t) in ins.iter().enumerate() {
            arg_types.push(if ctx.is_tensor(t) { bufferized_arg_type(rw.ir(), op, i, options)? } else { t });
        }
        let external = rw.ir().regions(op).first().is_none_or(|&r| rw.ir().region_is_empty(r));
        if external {
            if outs.iter().any(|&t| ctx.is_tensor(t)) {
                return Err(Diagnostic::error(
                    rw.ir().op_loc(op),
                    "cannot bufferize bodiless function that returns a tensor",
                )
                .with_op(op));
            }
            let new = ctx.type_attr(ctx.function_ty(&arg_types, &outs));
            rw.modify_in_place(op, |ir| ir.set_attr_str(op, "function_type", new));
            return Ok(());
        }
        let ret = unique_return(rw.ir(), op)
            .ok_or_else(|| op_error(rw.ir(), op, "op without unique func.return is not supported"))?;
        let body = rw.ir().regions(op)[0];
        let blocks: Vec<_> = rw.ir().region_blocks(body).collect();
        for b in blocks {
            crate::one_shot::driver::bufferize_block_signature(rw, b, options)?;
        }
        let loc = rw.ir().op_loc(ret);
        let mut values = Vec::new();
        let operands: Vec<ValueId> = rw.ir().operands(ret).collect();
        for v in operands {
            let t = rw.ir().value_type(v);
            if !ctx.is_tensor(t) {
                values.push(v);
                continue;
            }
            let rt = boundary_type(rw.ir(), op, t, options)?;
            rw.set_insertion_point(InsertPoint::Before(ret));
            values.push(ToMemrefOp::build(rw, loc, rt, v, false).memref(rw.ir()));
        }
        let result_types: Vec<Type> = values.iter().map(|&v| rw.ir().value_type(v)).collect();
        rw.modify_in_place(ret, |ir| ir.set_operands(ret, &values));
        let new = ctx.type_attr(ctx.function_ty(&arg_types, &result_types));
        rw.modify_in_place(op, |ir| ir.set_attr_str(op, "function_type", new));
        Ok(())
    }
}

/// Attaches the `func` models.
pub fn register(ctx: &mut Context) {
    let names = [FuncOp::name(ctx), ReturnOp::name(ctx), CallOp::name(ctx)];
    let reg = ctx.registry_mut();
    reg.add_interface::<dyn BufferizableOp>(names[0], Box::new(FuncModel));
    reg.add_interface::<dyn BufferizableOp>(names[1], Box::new(ReturnModel));
    reg.add_interface::<dyn BufferizableOp>(names[2], Box::new(CallModel));
}
