//! The `BufferizableOp` models of the `ml_program` globals (upstream's
//! `MLProgram/Transforms/BufferizableOpInterfaceImpl.cpp`):
//! `ml_program.global` becomes a `memref.global` of the same name,
//! visibility and initial value (constant when the global is immutable);
//! `ml_program.global_load` becomes a `memref.get_global`, whose buffer must
//! not be written in place (a write to the loaded tensor copies it);
//! `ml_program.global_store` copies the stored tensor's buffer into the
//! global's (`memref.get_global` + the options' memcpy).
//!
//! The buffers have the static identity layout of the global's tensor type
//! in the default memory space. None of the ops' tensor operands alias a
//! result, and a store counts as a write of its operand (not a read), as
//! upstream has it.

use crate::one_shot::driver::op_error;
use crate::one_shot::helpers::{create_memcpy, get_buffer, memref_type_identity, replace_op_with_bufferized_values};
use crate::one_shot::interface::{AliasingValueList, AnalysisState, BufferizableOp};
use crate::one_shot::options::BufferizationOptions;
use dialects::memref::{GetGlobalOp, GlobalOp as MemrefGlobalOp};
use dialects::ml_program::{leaf_reference, GlobalLoadOp, GlobalOp, GlobalStoreOp};
use ir::op_decl::OpView;
use ir::rewrite_api::PatternRewriter;
use ir::{Context, Diagnostic, Ir, OpId, OperandId, Type, TypeKind, ValueId};

/// The static identity-layout memref type of ranked tensor type `ty`
/// (upstream's `getMemRefTypeWithStaticIdentityLayout`, whose result the
/// models cast to a ranked memref type).
fn ranked_buffer_type(ir: &Ir, op: OpId, ty: Type) -> Result<Type, Diagnostic> {
    match ir.ctx().kind(ty) {
        TypeKind::Tensor { .. } => Ok(memref_type_identity(ir, ty, None).expect("a tensor type")),
        _ => Err(op_error(ir, op, "expected a ranked tensor type")),
    }
}

/// The name of the global a load or store names (the leaf of its symbol
/// reference).
fn global_name(ir: &Ir, op: OpId, sym: Option<ir::Attribute>) -> Result<String, Diagnostic> {
    sym.and_then(|s| leaf_reference(ir.ctx(), s))
        .map(str::to_string)
        .ok_or_else(|| op_error(ir, op, "requires attribute 'global'"))
}

/// `ml_program.global`: a tensor global becomes a `memref.global`.
struct GlobalModel;

impl BufferizableOp for GlobalModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    /// A global holds a tensor without taking or returning one.
    fn has_tensor_semantics(&self, _ir: &Ir, _op: OpId) -> bool {
        true
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        _options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let ir = rw.ir();
        let g = GlobalOp(op);
        let Some(value) = g.value(ir) else {
            return Err(Diagnostic::error(ir.op_loc(op), "global op must have a value").with_op(op));
        };
        let Some(ty) = g.global_type(ir) else { return Err(op_error(ir, op, "requires attribute 'type'")) };
        let memref_ty = ranked_buffer_type(ir, op, ty)?;
        let name = g.sym_name(ir).unwrap_or_default().to_string();
        let visibility = g.sym_visibility(ir).map(str::to_string);
        let constant = !g.is_mutable(ir);
        let loc = ir.op_loc(op);
        rw.set_insertion_point(ir::InsertPoint::Before(op));
        MemrefGlobalOp::build(rw, loc, memref_ty, None, constant, Some(value), &name, visibility.as_deref());
        rw.erase_op(op);
        Ok(())
    }
}

/// `ml_program.global_load`: the global's buffer, read-only.
struct GlobalLoadModel;

impl BufferizableOp for GlobalLoadModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    /// Writing the loaded tensor in place would change the global.
    fn is_writable(&self, _ir: &Ir, _value: ValueId, _state: &dyn AnalysisState) -> bool {
        false
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        _options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let ir = rw.ir();
        let load = GlobalLoadOp(op);
        let memref_ty = ranked_buffer_type(ir, op, ir.value_type(load.result(ir)))?;
        let name = global_name(ir, op, load.global(ir))?;
        let loc = ir.op_loc(op);
        let m = GetGlobalOp::build(rw, loc, memref_ty, &name).result(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[m]);
        Ok(())
    }
}

/// `ml_program.global_store`: copies the stored buffer into the global.
struct GlobalStoreModel;

impl BufferizableOp for GlobalStoreModel {
    crate::memory_access!(read: false, write: true);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let ir = rw.ir();
        let store = GlobalStoreOp(op);
        let value = store.value(ir);
        let memref_ty = ranked_buffer_type(ir, op, ir.value_type(value))?;
        let name = global_name(ir, op, store.global(ir))?;
        let loc = ir.op_loc(op);
        let target = GetGlobalOp::build(rw, loc, memref_ty, &name).result(rw.ir());
        let source = get_buffer(rw, value, options)?;
        create_memcpy(rw, loc, source, target, options)?;
        rw.erase_op(op);
        Ok(())
    }
}

/// Attaches the `ml_program` models.
pub fn register(ctx: &mut Context) {
    let names = [GlobalOp::name(ctx), GlobalLoadOp::name(ctx), GlobalStoreOp::name(ctx)];
    let reg = ctx.registry_mut();
    reg.add_interface::<dyn BufferizableOp>(names[0], Box::new(GlobalModel));
    reg.add_interface::<dyn BufferizableOp>(names[1], Box::new(GlobalLoadModel));
    reg.add_interface::<dyn BufferizableOp>(names[2], Box::new(GlobalStoreModel));
}
