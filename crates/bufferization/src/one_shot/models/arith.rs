//! The `BufferizableOp` models of the `arith` dialect's ops (upstream's
//! `Arith/Transforms/BufferizableOpInterfaceImpl.cpp`): a tensor
//! `constant` becomes a `memref.get_global` of a private constant
//! `memref.global` in the enclosing module (reused when one with the same
//! value and alignment exists, upstream's `getGlobalFor`), `index_cast`
//! casts the buffer's elements, `select` selects between buffers.

use crate::one_shot::driver::{op_error, silent_failure};
use crate::one_shot::helpers::{
    get_buffer, get_buffer_type, memref_type_fully_dynamic, replace_op_with_bufferized_values,
};
use crate::one_shot::interface::{AliasingValue, AliasingValueList, AnalysisState, BufferRelation, BufferizableOp};
use crate::one_shot::models::bufferization::memory_space_of;
use crate::one_shot::options::BufferizationOptions;
use dialects::arith::{ConstantOp, IndexCastOp, SelectOp};
use dialects::layout::memref_type;
use dialects::memref::{GetGlobalOp, GlobalOp};
use ir::op_decl::OpView;
use ir::rewrite_api::PatternRewriter;
use ir::{Attribute, Context, Diagnostic, InsertPoint, Ir, OpId, OperandId, Type, TypeKind, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;

/// The nearest `builtin.module` enclosing `op`.
fn enclosing_module(ir: &Ir, op: OpId) -> Option<OpId> {
    let mut cur = ir.parent_op(op);
    while let Some(p) = cur {
        if ir.op_name_str(p) == "builtin.module" {
            return Some(p);
        }
        cur = ir.parent_op(p);
    }
    None
}

/// The constant globals of the module being bufferized: by (initial value,
/// alignment), the first in module order, and every symbol name of the
/// module. Built by one scan on first use in a bufferization run and kept
/// up to date as globals are created, so that each constant costs O(1)
/// (upstream scans the module for every constant: quadratic).
struct GlobalIndex {
    module: OpId,
    by_value: FxHashMap<(Attribute, u64), OpId>,
    names: FxHashSet<String>,
}

thread_local! {
    /// (nesting depth of bufferization runs, the index of the current one).
    static GLOBALS: RefCell<(usize, Option<GlobalIndex>)> = const { RefCell::new((0, None)) };
}

/// The extent of one bufferization run (a scope): the constant-global index
/// lives from the first constant bufferized in the outermost scope to the
/// end of that scope, so IR changed between runs is scanned afresh.
pub struct ConstantGlobalsScope(());

impl ConstantGlobalsScope {
    /// Enters a run (nested runs share the outermost run's index).
    pub fn enter() -> Self {
        GLOBALS.with(|g| {
            let mut g = g.borrow_mut();
            if g.0 == 0 {
                g.1 = None;
            }
            g.0 += 1;
        });
        ConstantGlobalsScope(())
    }
}

impl Drop for ConstantGlobalsScope {
    fn drop(&mut self) {
        GLOBALS.with(|g| {
            let mut g = g.borrow_mut();
            g.0 -= 1;
            if g.0 == 0 {
                g.1 = None;
            }
        });
    }
}

fn scan_module(ir: &Ir, module: OpId, body: ir::BlockId) -> GlobalIndex {
    let mut index = GlobalIndex { module, by_value: FxHashMap::default(), names: FxHashSet::default() };
    for o in ir.block_ops(body) {
        if let Some(g) = GlobalOp::cast(ir, o) {
            if let Some(init) = g.initial_value(ir) {
                let align = g.alignment(ir).unwrap_or(0) as u64;
                index.by_value.entry((init, align)).or_insert(o);
            }
        }
        if let Some(n) = ir.symbol_name(o) {
            index.names.insert(ir.ctx().str(n).to_string());
        }
    }
    index
}

/// The `memref.global` holding the value of tensor constant `constant`
/// (upstream's `getGlobalFor`): an existing one in the enclosing module with
/// the same initial value and alignment, else a new private constant global
/// named `__constant_<shape>x<elem>` (made unique with `_<n>`), placed first
/// in the module. `None` outside a module.
pub fn global_for_constant(
    ir: &mut Ir,
    constant: OpId,
    alignment: u64,
    memory_space: Option<Attribute>,
) -> Option<OpId> {
    let module = enclosing_module(ir, constant)?;
    let body = ir.entry_block(ir.regions(module)[0])?;
    let value = ConstantOp(constant).value(ir)?;
    let _scope = ConstantGlobalsScope::enter();
    GLOBALS.with(|g| {
        let mut g = g.borrow_mut();
        if g.1.as_ref().is_none_or(|i| i.module != module) {
            g.1 = Some(scan_module(ir, module, body));
        }
        let index = g.1.as_mut().expect("just built");
        if let Some(&found) = index.by_value.get(&(value, alignment)) {
            if ir.is_alive(found) {
                return Some(found);
            }
        }
        let ctx = ir.ctx_arc().clone();
        let ty = ir.value_type(ir.result(constant, 0));
        let (shape, elem) = match ctx.kind(ty) {
            TypeKind::Tensor { shape, elem, .. } => (shape.clone(), *elem),
            _ => return None,
        };
        let mut name = String::from("__constant_");
        name.push_str(&shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x"));
        name.push('x');
        name.push_str(&syntax::print_attr::type_to_string(&ctx, elem));
        if index.names.contains(&name) {
            let mut n = 0;
            while index.names.contains(&format!("{name}_{n}")) {
                n += 1;
            }
            name = format!("{name}_{n}");
        }
        let memref_ty = memref_type(&ctx, &shape, elem, None, memory_space);
        let loc = ir.op_loc(constant);
        let align = (alignment > 0).then_some(alignment as i64);
        let mut listener = ir::rewrite_api::NoListener;
        let mut b = PatternRewriter::new(ir, &mut listener);
        match b.ir().block_ops(body).next() {
            Some(first) => b.set_insertion_point(InsertPoint::Before(first)),
            None => b.set_insertion_point(InsertPoint::BlockEnd(body)),
        }
        let global = GlobalOp::build(&mut b, loc, memref_ty, align, true, Some(value), &name, Some("private")).0;
        index.names.insert(name);
        index.by_value.insert((value, alignment), global);
        Some(global)
    })
}

struct ConstantModel;

impl BufferizableOp for ConstantModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn is_writable(&self, _ir: &Ir, _value: ValueId, _state: &dyn AnalysisState) -> bool {
        // The memory of a `memref.get_global` must not be written.
        false
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let ty = rw.ir().value_type(rw.ir().result(op, 0));
        if !matches!(rw.ir().ctx().kind(ty), TypeKind::Tensor { .. }) {
            return Err(silent_failure(rw.ir(), op));
        }
        let Some(space) = options.default_memory_space(rw.ir(), ty) else {
            return Err(Diagnostic::error(rw.ir().op_loc(op), "could not infer memory space").with_op(op));
        };
        let Some(global) = global_for_constant(rw.ir_mut(), op, options.buffer_alignment, space) else {
            return Err(silent_failure(rw.ir(), op));
        };
        let g = GlobalOp(global);
        let (Some(gty), Some(name)) = (g.global_type(rw.ir()), g.sym_name(rw.ir()).map(str::to_string)) else {
            return Err(silent_failure(rw.ir(), op));
        };
        let loc = rw.ir().op_loc(op);
        let m = GetGlobalOp::build(rw, loc, gty, &name).result(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[m]);
        Ok(())
    }
}

struct IndexCastModel;

impl BufferizableOp for IndexCastModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        let mut out = AliasingValueList::new();
        out.push(AliasingValue::new(ir.result(ir.use_owner(operand), 0), BufferRelation::Equivalent));
        out
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let cast = IndexCastOp(op);
        let ctx = rw.ir().ctx_arc().clone();
        let result_elem = ctx.element_type(rw.ir().value_type(cast.out(rw.ir()))).expect("a tensor result");
        let source = get_buffer(rw, cast.input(rw.ir()), options)?;
        let result_ty = match ctx.kind(rw.ir().value_type(source)) {
            TypeKind::MemRef { shape, layout, memory_space, .. } => {
                memref_type(&ctx, shape, result_elem, *layout, *memory_space)
            }
            TypeKind::UnrankedMemRef { memory_space, .. } => {
                ctx.ty(TypeKind::UnrankedMemRef { elem: result_elem, memory_space: *memory_space })
            }
            _ => return Err(silent_failure(rw.ir(), op)),
        };
        let loc = rw.ir().op_loc(op);
        let v = IndexCastOp::build(rw, loc, result_ty, source).out(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[v]);
        Ok(())
    }
}

struct SelectModel;

impl BufferizableOp for SelectModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        let mut out = AliasingValueList::new();
        out.push(AliasingValue {
            value: ir.result(ir.use_owner(operand), 0),
            relation: BufferRelation::Equivalent,
            definite: false,
        });
        out
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let op = SelectOp(ir.defining_op(value).expect("a select result"));
        let t = get_buffer_type(ir, op.true_value(ir), options, stack)?;
        let f = get_buffer_type(ir, op.false_value(ir), options, stack)?;
        if t == f {
            return Ok(t);
        }
        if memory_space_of(ir, t) != memory_space_of(ir, f) {
            return Err(
                Diagnostic::error(ir.op_loc(op.0), "inconsistent memory space on true/false operands").with_op(op.0)
            );
        }
        let ctx = ir.ctx();
        let (shape, elem) = match ctx.kind(t) {
            TypeKind::MemRef { shape, elem, .. } => (shape.clone(), *elem),
            _ => return Err(Diagnostic::error(ir.op_loc(op.0), "expected a ranked memref").with_op(op.0)),
        };
        let tensor = ctx.ty(TypeKind::Tensor { shape, elem, encoding: None });
        Ok(memref_type_fully_dynamic(ir, tensor, memory_space_of(ir, t)).expect("a tensor type"))
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let s = SelectOp(op);
        let loc = rw.ir().op_loc(op);
        let cond = s.condition(rw.ir());
        let i1 = rw.ir().ctx().i1_ty();
        if rw.ir().value_type(cond) != i1 {
            return Err(op_error(rw.ir(), op, "only i1 condition values are supported"));
        }
        let t = get_buffer(rw, s.true_value(rw.ir()), options)?;
        let f = get_buffer(rw, s.false_value(rw.ir()), options)?;
        let (mut tb, mut fb) = (t, f);
        if rw.ir().value_type(tb) != rw.ir().value_type(fb) {
            let target = get_buffer_type(rw.ir(), s.result(rw.ir()), options, &mut Vec::new())?;
            if rw.ir().value_type(tb) != target {
                tb = dialects::memref::CastOp::build(rw, loc, target, tb).dest(rw.ir());
            }
            if rw.ir().value_type(fb) != target {
                fb = dialects::memref::CastOp::build(rw, loc, target, fb).dest(rw.ir());
            }
        }
        let ty = rw.ir().value_type(tb);
        let v = SelectOp::build(rw, loc, ty, cond, tb, fb).result(rw.ir());
        replace_op_with_bufferized_values(rw, op, &[v]);
        Ok(())
    }
}

/// Attaches the `arith` models.
pub fn register(ctx: &mut Context) {
    let names = [ConstantOp::name(ctx), IndexCastOp::name(ctx), SelectOp::name(ctx)];
    let reg = ctx.registry_mut();
    reg.add_interface::<dyn BufferizableOp>(names[0], Box::new(ConstantModel));
    reg.add_interface::<dyn BufferizableOp>(names[1], Box::new(IndexCastModel));
    reg.add_interface::<dyn BufferizableOp>(names[2], Box::new(SelectModel));
}
