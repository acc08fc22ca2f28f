//! The lowering of `bufferization.dealloc` to `memref.dealloc` guarded by
//! `scf.if` (spec "Lower Deallocations Pass"), and the
//! `bufferization-lower-deallocations` pass. `convert-bufferization-to-memref`
//! ([`crate::bufferization_to_memref`]) lowers leftover deallocs through the
//! same [`lower_dealloc`].
//!
//! Which lowering a dealloc gets depends on its operands only:
//! - no memref: every retained value gets `false`;
//! - one memref, nothing retained: `scf.if %cond { memref.dealloc %m }`;
//! - one memref, some retained: the base pointers are compared inline (code
//!   linear in the number of retained values), the memref is freed when it
//!   aliases none of them, and each retained value's ownership is
//!   `aliases(r) && cond`;
//! - otherwise (the general case) the base pointers and conditions are
//!   stored into small buffers passed to the module's `dealloc_helper`
//!   function, which computes which memrefs to free and the retained
//!   values' ownerships; the buffers are freed right after.
//!
//! The helper is built once per symbol table that holds a dealloc with more
//! than one memref, at the end of that table's body, named `dealloc_helper`
//! (uniqued as `dealloc_helper_0`, `_1`, … when the name is taken), and only
//! when the pass runs on a module: on a function the general case is an
//! error, since nothing may be added outside the function.

use crate::conversion::{convert_partially, Lowering};
use dialects::arith::{AndIOp, CmpIOp, OrIOp, XOrIOp};
use dialects::bufferization::DeallocOp;
use dialects::func::{CallOp, FuncOp, ReturnOp};
use dialects::memref::{
    AllocOp, CastOp, DeallocOp as MemrefDeallocOp, DimOp, ExtractAlignedPointerAsIndexOp, LoadOp, StoreOp,
};
use dialects::scf::build::{build_for, build_if_then};
use dialects::util::{build_bool, build_constant};
use ir::interfaces::Callable;
use ir::op_decl::IrBuilder;
use ir::{Diagnostic, InsertPoint, Ir, Location, OpId, OpTraits, Type, ValueId, DYNAMIC};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use transforms::pass::{Pass, PassContext, PassInfo};

/// The name upstream gives the helper function.
const HELPER_NAME: &str = "dealloc_helper";

/// `arith.cmpi` predicates used here.
const CMPI_EQ: i64 = 0;
const CMPI_NE: i64 = 1;

/// The `dealloc_helper` function of each symbol table (by op) that has one,
/// by name (MLIR's `DeallocHelperMap`).
pub type DeallocHelpers = FxHashMap<OpId, String>;

/// True for the ops the lowering passes run on: a `builtin.module` or a
/// function (an op implementing `Callable`).
pub(crate) fn is_module_or_function(ir: &Ir, op: OpId) -> bool {
    ir.op_name_str(op) == "builtin.module" || ir.ctx().registry().interface::<dyn Callable>(ir.op_name(op)).is_some()
}

/// The error for any other root op.
pub(crate) fn root_error(ir: &Ir, op: OpId) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), "root operation must be a builtin.module or a function")
}

/// Builds the helper function in every symbol table under `root` that holds
/// a `bufferization.dealloc` of more than one memref, when `root` is a
/// `builtin.module` (nothing otherwise); the functions are located at
/// `root`'s location.
pub fn build_dealloc_helpers(ir: &mut Ir, root: OpId) -> DeallocHelpers {
    let mut helpers = DeallocHelpers::default();
    if ir.op_name_str(root) != "builtin.module" {
        return helpers;
    }
    let mut tables: Vec<OpId> = Vec::new();
    let mut seen: FxHashSet<OpId> = FxHashSet::default();
    for op in ir.post_order(root) {
        let Some(d) = DeallocOp::cast(ir, op) else { continue };
        if d.memrefs(ir).len() <= 1 {
            continue;
        }
        if let Some(t) = ir.nearest_symbol_table(op).filter(|&t| seen.insert(t)) {
            tables.push(t);
        }
    }
    let loc = ir.op_loc(root);
    for t in tables {
        if let Some(name) = build_helper_function(ir, t, loc) {
            helpers.insert(t, name);
        }
    }
    helpers
}

/// `base`, or `base_N` for the first `N` (counting from 0) that names no
/// symbol of `table` (`SymbolTable::insert`'s uniquing).
fn unique_symbol_name(ir: &Ir, table: OpId, base: &str) -> String {
    let taken = |n: &str| ir.ctx().lookup_str(n).is_some_and(|s| ir.lookup_symbol_in(table, s).is_some());
    if !taken(base) {
        return base.to_string();
    }
    (0usize..).map(|i| format!("{base}_{i}")).find(|n| !taken(n)).unwrap_or_default()
}

/// `memref<?xT>`.
fn dynamic_1d(ir: &Ir, elem: Type) -> Type {
    ir.ctx().memref_ty(&[DYNAMIC], elem, None)
}

/// `memref<NxT>`.
fn static_1d(ir: &Ir, n: usize, elem: Type) -> Type {
    ir.ctx().memref_ty(&[n as i64], elem, None)
}

fn index_const(b: &mut IrBuilder<'_>, loc: Location, v: usize) -> ValueId {
    let ctx = b.ir.ctx_arc().clone();
    build_constant(b, loc, ctx.index_attr(v as i64), ctx.index_ty())
}

fn cmpi(b: &mut IrBuilder<'_>, loc: Location, pred: i64, lhs: ValueId, rhs: ValueId) -> ValueId {
    let ctx = b.ir.ctx_arc().clone();
    let attr = dialects::arith::flags::predicate_attr(&ctx, pred);
    CmpIOp::build(b, loc, ctx.i1_ty(), lhs, rhs, Some(attr)).result(b.ir)
}

fn andi(b: &mut IrBuilder<'_>, loc: Location, lhs: ValueId, rhs: ValueId) -> ValueId {
    let ty = b.ir.value_type(lhs);
    AndIOp::build(b, loc, ty, lhs, rhs).result(b.ir)
}

fn load(b: &mut IrBuilder<'_>, loc: Location, memref: ValueId, index: ValueId) -> ValueId {
    let elem = b.ir.ctx().element_type(b.ir.value_type(memref)).unwrap_or_else(|| b.ir.ctx().index_ty());
    LoadOp::build(b, loc, elem, memref, &[index], Some(false)).result(b.ir)
}

fn store(b: &mut IrBuilder<'_>, loc: Location, value: ValueId, memref: ValueId, index: ValueId) {
    // The builders set the default-valued `nontemporal = false`.
    StoreOp::build(b, loc, value, memref, &[index], Some(false));
}

fn aligned_pointer(b: &mut IrBuilder<'_>, loc: Location, memref: ValueId) -> ValueId {
    let index = b.ir.ctx().index_ty();
    ExtractAlignedPointerAsIndexOp::build(b, loc, index, memref).aligned_pointer(b.ir)
}

fn alloc(b: &mut IrBuilder<'_>, loc: Location, ty: Type) -> ValueId {
    AllocOp::build(b, loc, ty, &[], &[], None).memref(b.ir)
}

fn cast(b: &mut IrBuilder<'_>, loc: Location, ty: Type, v: ValueId) -> ValueId {
    CastOp::build(b, loc, ty, v).dest(b.ir)
}

/// Builds the private `dealloc_helper(%dealloc_ptrs: memref<?xindex>,
/// %retain_ptrs: memref<?xindex>, %conds: memref<?xi1>, %dealloc_out:
/// memref<?xi1>, %ownership_out: memref<?xi1>)` at the end of `table`'s
/// body (before its terminator, if any), with the body of the spec's
/// "Library function"; returns its name, `None` when `table` has no body.
fn build_helper_function(ir: &mut Ir, table: OpId, loc: Location) -> Option<String> {
    let body = ir.regions(table).first().and_then(|&r| ir.entry_block(r))?;
    let ctx = ir.ctx_arc().clone();
    let (index, i1) = (ctx.index_ty(), ctx.i1_ty());
    let (index_list, bool_list) = (dynamic_1d(ir, index), dynamic_1d(ir, i1));
    let arg_types = [index_list, index_list, bool_list, bool_list, bool_list];
    let fn_type = ctx.function_ty(&arg_types, &[]);
    let name = unique_symbol_name(ir, table, HELPER_NAME);
    let ip = match ir.last_op(body) {
        Some(last) if ir.has_trait(last, OpTraits::TERMINATOR) => InsertPoint::Before(last),
        _ => InsertPoint::BlockEnd(body),
    };
    let func = FuncOp::build(&mut IrBuilder::at(ir, ip), loc, None, fn_type, None, &name, Some("private"), 1);
    let region = func.body(ir);
    let block = ir.append_block(region, &arg_types, &[loc; 5]);
    let args: SmallVec<[ValueId; 5]> = ir.block_args(block).into();
    let (to_dealloc, to_retain, conds, dealloc_out, ownership_out) = (args[0], args[1], args[2], args[3], args[4]);

    let b = &mut IrBuilder::at(ir, InsertPoint::BlockEnd(block));
    let c0 = index_const(b, loc, 0);
    let c1 = index_const(b, loc, 1);
    let true_v = build_bool(b, loc, true);
    let false_v = build_bool(b, loc, false);
    let num_dealloc = DimOp::build(b, loc, index, to_dealloc, c0).result(b.ir);
    let num_retain = DimOp::build(b, loc, index, to_retain, c0).result(b.ir);

    // Every retained value starts out not owned.
    build_for(b, loc, (c0, num_retain, c1), &[], |b, i, _| {
        store(b, loc, false_v, ownership_out, i);
        Vec::new()
    });
    build_for(b, loc, (c0, num_dealloc, c1), &[], |b, outer, _| {
        let ptr = load(b, loc, to_dealloc, outer);
        let cond = load(b, loc, conds, outer);
        // Aliasing with the retained values; each one it aliases takes over
        // the ownership.
        let no_retain_alias = build_for(b, loc, (c0, num_retain, c1), &[true_v], |b, i, iter| {
            let retained = load(b, loc, to_retain, i);
            let does_alias = cmpi(b, loc, CMPI_EQ, retained, ptr);
            build_if_then(b, loc, does_alias, |b| {
                let owned = load(b, loc, ownership_out, i);
                let updated = OrIOp::build(b, loc, i1, owned, cond).result(b.ir);
                store(b, loc, updated, ownership_out, i);
            });
            let does_not_alias = cmpi(b, loc, CMPI_NE, retained, ptr);
            vec![andi(b, loc, iter[0], does_not_alias)]
        })
        .results(b.ir)
        .next();
        // Aliasing with the memrefs before it in the list (freed by those).
        let init = no_retain_alias.unwrap_or(true_v);
        let no_alias = build_for(b, loc, (c0, outer, c1), &[init], |b, i, iter| {
            let earlier = load(b, loc, to_dealloc, i);
            let does_not_alias = cmpi(b, loc, CMPI_NE, earlier, ptr);
            vec![andi(b, loc, iter[0], does_not_alias)]
        })
        .results(b.ir)
        .next()
        .unwrap_or(init);
        let should_dealloc = andi(b, loc, no_alias, cond);
        store(b, loc, should_dealloc, dealloc_out, outer);
        Vec::new()
    });
    ReturnOp::build(b, loc, &[]);
    Some(name)
}

/// Lowers the `bufferization.dealloc` `op` before it, using the helper of
/// its symbol table for the general case; returns the values that replace
/// its results (the retained values' ownerships). Fails, building nothing,
/// when the general case is needed and `helpers` has no helper for it.
pub fn lower_dealloc(ir: &mut Ir, op: OpId, helpers: &DeallocHelpers) -> Lowering {
    let d = DeallocOp(op);
    let memrefs: SmallVec<[ValueId; 4]> = d.memrefs(ir).iter().collect();
    let conds: SmallVec<[ValueId; 4]> = d.conditions(ir).iter().collect();
    let retained: SmallVec<[ValueId; 4]> = d.retained(ir).iter().collect();
    let loc = ir.op_loc(op);
    if memrefs.len() > 1 {
        let helper = ir.nearest_symbol_table(op).and_then(|t| helpers.get(&t)).cloned();
        let Some(helper) = helper else {
            return Lowering::Failed(
                Diagnostic::error(
                    loc,
                    "library function required for generic lowering, but cannot be automatically inserted when \
                     operating on functions",
                )
                .with_op(op),
            );
        };
        let b = &mut IrBuilder::at(ir, InsertPoint::Before(op));
        return Lowering::Replaced(lower_general(b, loc, &memrefs, &conds, &retained, &helper));
    }
    let b = &mut IrBuilder::at(ir, InsertPoint::Before(op));
    let Some((&m, &cond)) = memrefs.first().zip(conds.first()) else {
        // Nothing to free: nothing retained is owned.
        let false_v = build_bool(b, loc, false);
        return Lowering::Replaced(retained.iter().map(|_| false_v).collect());
    };
    if retained.is_empty() {
        build_if_then(b, loc, cond, |b| {
            MemrefDeallocOp::build(b, loc, m);
        });
        return Lowering::Replaced(SmallVec::new());
    }
    Lowering::Replaced(lower_one_memref(b, loc, m, cond, &retained))
}

/// One memref `m` freed under `cond` unless it aliases a retained value.
fn lower_one_memref(
    b: &mut IrBuilder<'_>,
    loc: Location,
    m: ValueId,
    cond: ValueId,
    retained: &[ValueId],
) -> SmallVec<[ValueId; 4]> {
    let m_ptr = aligned_pointer(b, loc, m);
    let does_not_alias: SmallVec<[ValueId; 4]> = retained
        .iter()
        .map(|&r| {
            let r_ptr = aligned_pointer(b, loc, r);
            cmpi(b, loc, CMPI_NE, m_ptr, r_ptr)
        })
        .collect();
    let mut not_retained = does_not_alias[0];
    for &x in &does_not_alias[1..] {
        not_retained = andi(b, loc, not_retained, x);
    }
    let should_dealloc = andi(b, loc, not_retained, cond);
    build_if_then(b, loc, should_dealloc, |b| {
        MemrefDeallocOp::build(b, loc, m);
    });
    let true_v = build_bool(b, loc, true);
    does_not_alias
        .iter()
        .map(|&x| {
            let i1 = b.ir.ctx().i1_ty();
            let aliases = XOrIOp::build(b, loc, i1, x, true_v).result(b.ir);
            andi(b, loc, aliases, cond)
        })
        .collect()
}

/// The general case through the helper function `helper`.
fn lower_general(
    b: &mut IrBuilder<'_>,
    loc: Location,
    memrefs: &[ValueId],
    conds: &[ValueId],
    retained: &[ValueId],
    helper: &str,
) -> SmallVec<[ValueId; 4]> {
    let ctx = b.ir.ctx_arc().clone();
    let (index, i1) = (ctx.index_ty(), ctx.i1_ty());
    let to_dealloc = alloc(b, loc, static_1d(b.ir, memrefs.len(), index));
    let cond_list = alloc(b, loc, static_1d(b.ir, conds.len(), i1));
    let to_retain = alloc(b, loc, static_1d(b.ir, retained.len(), index));
    for (i, &m) in memrefs.iter().enumerate() {
        let ptr = aligned_pointer(b, loc, m);
        let c = index_const(b, loc, i);
        store(b, loc, ptr, to_dealloc, c);
    }
    for (i, &cond) in conds.iter().enumerate() {
        let c = index_const(b, loc, i);
        store(b, loc, cond, cond_list, c);
    }
    for (i, &r) in retained.iter().enumerate() {
        let ptr = aligned_pointer(b, loc, r);
        let c = index_const(b, loc, i);
        store(b, loc, ptr, to_retain, c);
    }
    let (index_list, bool_list) = (dynamic_1d(b.ir, index), dynamic_1d(b.ir, i1));
    let to_dealloc_dyn = cast(b, loc, index_list, to_dealloc);
    let cond_list_dyn = cast(b, loc, bool_list, cond_list);
    let to_retain_dyn = cast(b, loc, index_list, to_retain);
    let dealloc_out = alloc(b, loc, static_1d(b.ir, memrefs.len(), i1));
    let ownership_out = alloc(b, loc, static_1d(b.ir, retained.len(), i1));
    let dealloc_out_dyn = cast(b, loc, bool_list, dealloc_out);
    let ownership_out_dyn = cast(b, loc, bool_list, ownership_out);
    let args = [to_dealloc_dyn, to_retain_dyn, cond_list_dyn, dealloc_out_dyn, ownership_out_dyn];
    CallOp::build(b, loc, &[], &args, helper);
    for (i, &m) in memrefs.iter().enumerate() {
        let c = index_const(b, loc, i);
        let should_dealloc = load(b, loc, dealloc_out, c);
        build_if_then(b, loc, should_dealloc, |b| {
            MemrefDeallocOp::build(b, loc, m);
        });
    }
    let ownerships = (0..retained.len())
        .map(|i| {
            let c = index_const(b, loc, i);
            load(b, loc, ownership_out, c)
        })
        .collect();
    for buffer in [to_dealloc, to_retain, cond_list, dealloc_out, ownership_out] {
        MemrefDeallocOp::build(b, loc, buffer);
    }
    ownerships
}

/// `bufferization-lower-deallocations`.
pub struct LowerDeallocations;

impl Pass for LowerDeallocations {
    fn name(&self) -> &'static str {
        "bufferization-lower-deallocations"
    }
    fn title(&self) -> String {
        "LowerDeallocations".into()
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        if !is_module_or_function(ir, op) {
            return Err(root_error(ir, op));
        }
        let helpers = build_dealloc_helpers(ir, op);
        convert_partially(ir, op, DeallocOp::matches, |ir, o| lower_dealloc(ir, o, &helpers))
    }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "bufferization-lower-deallocations",
        summary: "Lowers `bufferization.dealloc` operations to `memref.dealloc`operations",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(LowerDeallocations)),
    }
}
