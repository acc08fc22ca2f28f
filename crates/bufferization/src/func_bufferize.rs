//! `func-bufferize` (dialect-conversion bufferization of function
//! boundaries, as mlir-opt-19's `FuncBufferize.cpp`): a full conversion of
//! the module with the [`bufferize_type_converter`] that converts the
//! signatures and blocks of `func.func`, the results of `func.call`, the
//! operands of `func.return` and the successor operands of branches in a
//! function body. Ops inside bodies are left alone: values crossing into
//! them get `bufferization.to_tensor` / `to_memref` materializations.
//! A terminator directly in a function body that is neither a branch nor
//! return-like (and may need its operands converted) cannot be legalized.
//!
//! The generic patterns (function signature, branch operands, return
//! operands, call results) are public so other conversions can use them.

use crate::type_converter::bufferize_type_converter;
use ir::interfaces::{BranchOp, Callable};
use ir::{Diagnostic, InsertPoint, Ir, OpId, OpSpec, OpTraits, Type, ValueId};
use std::sync::Arc;
use transforms::conversion::NoMatch;
use transforms::conversion::{
    apply_full_conversion, ConversionPatternSet, ConversionRewriter, ConversionTarget, SignatureConversion,
    TypeConverter,
};
use transforms::pass::{Pass, PassContext, PassInfo};

/// The forwarded (successor) operand indices of a branch op, or `None`
/// when `op` does not implement the branch interface.
fn branch_operands(ir: &Ir, op: OpId) -> Option<Vec<usize>> {
    let b = ir.ctx().registry().interface::<dyn BranchOp>(ir.op_name(op))?;
    Some((0..ir.successors(op).len()).flat_map(|s| b.successor_operands(ir, op, s)).collect())
}

/// The function type of a callable op.
fn signature(ir: &Ir, op: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
    let c = ir.ctx().registry().interface::<dyn Callable>(ir.op_name(op))?;
    Some(c.signature(ir, op))
}

/// Whether the signature and the block arguments of the function `op` are
/// legal for `tc`.
pub fn is_function_legal(ir: &Ir, op: OpId, tc: &TypeConverter) -> bool {
    let Some((ins, outs)) = signature(ir, op) else { return true };
    tc.is_signature_legal(ir.ctx(), &ins, &outs) && ir.regions(op).iter().all(|&r| tc.is_legal_region(ir, r))
}

/// Adds the pattern that converts the signature and body block arguments
/// of ops named `func_name` (MLIR's
/// `populateFunctionOpInterfaceTypeConversionPattern`).
pub fn add_function_signature_pattern(patterns: &mut ConversionPatternSet, func_name: &str, tc: &Arc<TypeConverter>) {
    let c = tc.clone();
    patterns.add_fn(Some(func_name), Some(tc.clone()), move |op, _, rw: &mut ConversionRewriter<'_>| {
        let (ins, outs) = signature(rw.ir(), op).ok_or(NoMatch)?;
        let ctx = rw.ir().ctx_arc().clone();
        let mut conv = SignatureConversion::new(ins.len());
        for (i, &t) in ins.iter().enumerate() {
            c.convert_signature_arg(&ctx, i, t, &mut conv).ok_or(NoMatch)?;
        }
        let results = c.convert_types(&ctx, &outs).ok_or(NoMatch)?;
        let body = rw.ir().regions(op).first().copied();
        if let Some(body) = body {
            rw.convert_region_types(body, &c, Some(&conv))?;
        }
        let fty = ctx.type_attr(ctx.function_ty(conv.converted_types(), &results));
        rw.modify_in_place(op, |ir| ir.set_attr_str(op, "function_type", fty));
        Ok(())
    });
}

/// Adds the pattern that replaces a `func.call` by one with converted
/// result types and converted operands.
pub fn add_call_pattern(patterns: &mut ConversionPatternSet, tc: &Arc<TypeConverter>) {
    let c = tc.clone();
    patterns.add_fn(Some("func.call"), Some(tc.clone()), move |op, operands, rw| {
        let ir = rw.ir();
        let ctx = ir.ctx_arc().clone();
        let results = c.convert_types(&ctx, &ir.result_types(op)).ok_or(NoMatch)?;
        if results.len() != ir.num_results(op) {
            return Err(NoMatch);
        }
        let callee = ir.attr(op, "callee").ok_or(NoMatch)?;
        let attrs = [ir::NamedAttr { name: ctx.intern_str("callee"), value: callee }];
        let spec = OpSpec { operands, results: &results, attrs: &attrs, ..OpSpec::new(ir.op_name(op), ir.op_loc(op)) };
        let new = rw.ir_mut().insert_new_op(InsertPoint::Before(op), spec);
        rw.replace_op_with_op(op, new);
        Ok(())
    });
}

/// Adds the pattern that sets the forwarded operands of any branch op to
/// their converted values (MLIR's
/// `populateBranchOpInterfaceTypeConversionPattern`).
pub fn add_branch_pattern(patterns: &mut ConversionPatternSet, tc: &Arc<TypeConverter>) {
    patterns.add_fn(None, Some(tc.clone()), move |op, operands, rw| {
        let fwd = branch_operands(rw.ir(), op).ok_or(NoMatch)?;
        let mut new: Vec<ValueId> = rw.ir().operand_vec(op).to_vec();
        for i in fwd {
            new[i] = operands[i];
        }
        rw.set_operands(op, &new);
        Ok(())
    });
}

/// Adds the pattern that sets the operands of `func.return` to their
/// converted values.
pub fn add_return_pattern(patterns: &mut ConversionPatternSet, tc: &Arc<TypeConverter>) {
    patterns.add_fn(Some("func.return"), Some(tc.clone()), move |op, operands, rw| {
        rw.set_operands(op, operands);
        Ok(())
    });
}

/// Whether `op` is a terminator of a function body block (or might be:
/// unregistered ops) that the function conversion must handle (MLIR's
/// `!isNotBranchOpInterfaceOrReturnLikeOp`).
fn is_function_terminator(ir: &Ir, op: OpId) -> bool {
    let might_terminate = ir.op_info(op).is_none() || ir.has_trait(op, OpTraits::TERMINATOR);
    let last = ir.op_block(op).and_then(|b| ir.last_op(b)) == Some(op);
    might_terminate && last && ir.parent_op(op).is_some_and(|p| ir.is_op(p, "func.func"))
}

/// The conversion target and patterns of `func-bufferize`.
pub fn func_bufferize_conversion(tc: &Arc<TypeConverter>) -> (ConversionTarget, ConversionPatternSet) {
    let mut patterns = ConversionPatternSet::new();
    let mut target = ConversionTarget::new();
    add_function_signature_pattern(&mut patterns, "func.func", tc);
    let c = tc.clone();
    target.add_dynamically_legal_op("func.func", move |ir, op| is_function_legal(ir, op, &c));
    add_call_pattern(&mut patterns, tc);
    let c = tc.clone();
    target.add_dynamically_legal_op("func.call", move |ir, op| c.is_legal_op(ir, op));
    add_branch_pattern(&mut patterns, tc);
    add_return_pattern(&mut patterns, tc);
    target.add_legal_op("builtin.module");
    crate::type_converter::add_materialization_legality(&mut target);
    let c = tc.clone();
    target.mark_unknown_op_dynamically_legal(move |ir, op| {
        if !is_function_terminator(ir, op) {
            return true;
        }
        if let Some(fwd) = branch_operands(ir, op) {
            return fwd.iter().all(|&i| c.is_legal_type(ir.ctx(), ir.value_type(ir.operand(op, i))));
        }
        if ir.is_op(op, "func.return") {
            return c.is_legal_op(ir, op);
        }
        ir.has_trait(op, OpTraits::RETURN_LIKE)
    });
    (target, patterns)
}

/// The `func-bufferize` pass.
pub struct FuncBufferize;

impl Pass for FuncBufferize {
    fn name(&self) -> &'static str {
        "func-bufferize"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        let tc = bufferize_type_converter();
        let (target, patterns) = func_bufferize_conversion(&tc);
        apply_full_conversion(ir, op, &target, &patterns)
    }
}

/// Registration of `func-bufferize`.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "func-bufferize",
        summary: "Bufferize func/call/return ops",
        options: vec![],
        ctor: |_| Ok(Box::new(FuncBufferize)),
    }
}
