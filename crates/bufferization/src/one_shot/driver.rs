//! The One-Shot Bufferize driver (upstream's `runOneShotBufferize`,
//! `insertTensorCopies` and `bufferizeOp`).
//!
//! This module owns:
//! * [`run_one_shot_bufferize`]: analysis (unless `copy-before-write`),
//!   tensor copy insertion, then the rewrite;
//! * [`insert_tensor_copies`] / [`insert_tensor_copies_with_analysis`]:
//!   every bufferizable op's `resolve_conflicts`, in upstream's post-order
//!   walk;
//! * [`bufferize_op`]: the rewrite. Ops with tensor semantics are collected
//!   post-order into a worklist; ops that `bufferize` creates join it (a
//!   rewrite listener, as upstream's `BufferizationRewriter`); then
//!   `to_memref(to_tensor(x))` pairs fold, dead `to_tensor`s go, and ops
//!   that still have tensor semantics are errors unless
//!   `allow-unknown-ops`;
//! * [`fold_to_memref_to_tensor_pair`] (with the options' allocation and
//!   copy hooks) and [`bufferize_block_signature`] for models of ops with
//!   blocks that branch to each other;
//! * [`has_tensor_semantics`] (the model's answer, else the default).

use super::analysis::{analyze_op, AnalysisStatistics};
use super::helpers::{create_alloc, create_memcpy, get_buffer_type, insertion_point_after_value};
use super::interface::{bufferizable_model, default_has_tensor_semantics, find_bufferizable, AnalysisState, BaseState};
use super::options::BufferizationOptions;
use dialects::bufferization::{ToMemrefOp, ToTensorOp};
use dialects::layout::{are_cast_compatible, memref_parts, strides_and_offset};
use ir::interfaces::{is_memory_effect_free, EffectKind, MemoryEffects};
use ir::op_decl::OpBuilder;
use ir::rewrite_api::{NoListener, PatternRewriter, RewriteListener};
use ir::{BlockId, Diagnostic, InsertPoint, Ir, OpId, TypeKind, ValueId, DYNAMIC};
use rustc_hash::FxHashSet;

/// The counters of one run (upstream's `BufferizationStatistics`).
#[derive(Default, Debug, Clone, Copy)]
pub struct BufferizationStatistics {
    /// New ops with an `Allocate` effect created by the rewrite.
    pub num_buffer_alloc: u64,
    /// Operands the analysis decided in place.
    pub num_tensor_in_place: u64,
    /// Operands the analysis decided out of place.
    pub num_tensor_out_of_place: u64,
}

/// Upstream's `hasTensorSemantics`: the model's answer when the op has one
/// (filter or not), else the default.
pub fn has_tensor_semantics(ir: &Ir, op: OpId) -> bool {
    match bufferizable_model(ir, op) {
        Some(m) => m.has_tensor_semantics(ir, op),
        None => default_has_tensor_semantics(ir, op),
    }
}

/// `'name' op message`, upstream's `emitOpError`.
pub fn op_error(ir: &Ir, op: OpId, message: &str) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), format!("'{}' op {}", ir.op_name_str(op), message)).with_op(op)
}

/// A failure that upstream reports without a message of its own (a bare
/// `failure()`): the caller's diagnostic ("failed to bufferize op") is the
/// only one printed.
pub fn silent_failure(ir: &Ir, op: OpId) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), String::new()).with_op(op)
}

/// `d` reported after `earlier`, unless `earlier` is a silent failure.
fn after_unless_silent(d: Diagnostic, earlier: Diagnostic) -> Diagnostic {
    if earlier.message.is_empty() && earlier.preceding.is_empty() {
        d
    } else {
        d.after(earlier)
    }
}

/// One-Shot Bufferize of `op` and everything nested in it (upstream's
/// `runOneShotBufferize`): the analysis and tensor copy insertion unless
/// `copy_before_write` (then `bufferize_op` copies before every write);
/// with `test_analysis_only`, only the analysis (which annotates).
pub fn run_one_shot_bufferize(
    ir: &mut Ir,
    op: OpId,
    options: &BufferizationOptions,
    stats: &mut BufferizationStatistics,
) -> Result<(), Diagnostic> {
    if !options.copy_before_write {
        insert_tensor_copies_with_analysis(ir, op, options, stats)?;
        if options.test_analysis_only {
            return Ok(());
        }
    }
    bufferize_op(ir, op, options, stats)
}

/// Runs One-Shot Analysis on `op`, then (unless `test_analysis_only`)
/// inserts the tensor copies it calls for (upstream's
/// `insertTensorCopies(op, options, statistics)`).
pub fn insert_tensor_copies_with_analysis(
    ir: &mut Ir,
    op: OpId,
    options: &BufferizationOptions,
    stats: &mut BufferizationStatistics,
) -> Result<(), Diagnostic> {
    let mut astats = AnalysisStatistics::default();
    let analysis = analyze_op(ir, op, options, &mut astats);
    stats.num_tensor_in_place = astats.num_tensor_in_place;
    stats.num_tensor_out_of_place = astats.num_tensor_out_of_place;
    let state = analysis?;
    if options.test_analysis_only {
        return Ok(());
    }
    insert_tensor_copies(ir, op, &state)
}

/// Resolves the conflicts `state` knows of (upstream's
/// `insertTensorCopies(op, state)`): every bufferizable op nested in `op`
/// (post-order, as it was before the walk) gets its `resolve_conflicts`.
pub fn insert_tensor_copies(ir: &mut Ir, op: OpId, state: &dyn AnalysisState) -> Result<(), Diagnostic> {
    let ops = ir.post_order(op);
    let ctx = ir.ctx_arc().clone();
    let mut listener = NoListener;
    let mut rw = PatternRewriter::new(ir, &mut listener);
    for o in ops {
        if !rw.ir().is_alive(o) {
            continue;
        }
        let Some(model) = model_of(&ctx, rw.ir(), o, state.options()) else { continue };
        rw.set_insertion_point(InsertPoint::Before(o));
        model.resolve_conflicts(&mut rw, o, state)?;
    }
    Ok(())
}

/// [`find_bufferizable`] with the model borrowed from the context rather
/// than the IR, so the IR can be rewritten while the model is in use.
fn model_of<'c>(
    ctx: &'c ir::Context,
    ir: &Ir,
    op: OpId,
    options: &BufferizationOptions,
) -> Option<&'c dyn super::BufferizableOp> {
    if !options.is_op_allowed(ir, op) {
        return None;
    }
    ctx.registry().interface::<dyn super::BufferizableOp>(ir.op_name(op))
}

/// What the rewrite hears about (upstream's `BufferizationRewriter`):
/// erased ops, new `to_memref`s, and new ops with tensor semantics, which
/// join the worklist.
struct BufferizeListener<'o> {
    options: &'o BufferizationOptions,
    /// Ops with ids below this existed before the rewrite.
    watermark: usize,
    /// New ops already reported (a later move of one is no creation).
    reported: FxHashSet<OpId>,
    erased: FxHashSet<OpId>,
    to_memref_ops: Vec<OpId>,
    worklist: Vec<OpId>,
    num_buffer_alloc: u64,
}

impl RewriteListener for BufferizeListener<'_> {
    fn op_erased(&mut self, _ir: &Ir, op: OpId) {
        self.erased.insert(op);
    }
    fn op_inserted(&mut self, ir: &Ir, op: OpId) {
        // Only newly created ops count (upstream: no previous position).
        if ir::entity::EntityRef::index(op) < self.watermark || !self.reported.insert(op) {
            return;
        }
        if has_allocate_effect(ir, op) {
            self.num_buffer_alloc += 1;
        }
        if ToMemrefOp::matches(ir, op) {
            self.to_memref_ops.push(op);
            return;
        }
        if ToTensorOp::matches(ir, op) || !has_tensor_semantics(ir, op) || !self.options.is_op_allowed(ir, op) {
            return;
        }
        self.worklist.push(op);
    }
}

/// True when `op` declares an `Allocate` effect. `alloc_tensor` is not
/// counted: upstream's has no memory-effect interface (bufopt's declares
/// the allocation it stands for), and its buffer is counted when it is
/// bufferized.
fn has_allocate_effect(ir: &Ir, op: OpId) -> bool {
    if dialects::bufferization::AllocTensorOp::matches(ir, op) {
        return false;
    }
    let Some(me) = ir.ctx().registry().interface::<dyn MemoryEffects>(ir.op_name(op)) else { return false };
    let mut effects = Vec::new();
    me.effects(ir, op, &mut effects);
    effects.iter().any(|e| e.kind == EffectKind::Allocate)
}

/// Bufferizes `op` and everything nested in it (upstream's `bufferizeOp`).
/// With `copy_before_write`, first inserts a copy before every write.
pub fn bufferize_op(
    ir: &mut Ir,
    op: OpId,
    options: &BufferizationOptions,
    stats: &mut BufferizationStatistics,
) -> Result<(), Diagnostic> {
    let _globals = super::models::arith::ConstantGlobalsScope::enter();
    if options.copy_before_write {
        let state = BaseState { options };
        insert_tensor_copies(ir, op, &state)?;
    }
    let all = ir.post_order(op);
    let to_memref_ops: Vec<OpId> = all.iter().copied().filter(|&o| ToMemrefOp::matches(ir, o)).collect();
    let worklist: Vec<OpId> =
        all.into_iter().filter(|&o| options.is_op_allowed(ir, o) && has_tensor_semantics(ir, o)).collect();
    let mut listener = BufferizeListener {
        options,
        watermark: ir.op_capacity(),
        reported: FxHashSet::default(),
        erased: FxHashSet::default(),
        to_memref_ops,
        worklist,
        num_buffer_alloc: 0,
    };
    let result = bufferize_worklist(ir, op, options, &mut listener);
    stats.num_buffer_alloc += listener.num_buffer_alloc;
    result
}

fn bufferize_worklist(
    ir: &mut Ir,
    op: OpId,
    options: &BufferizationOptions,
    listener: &mut BufferizeListener<'_>,
) -> Result<(), Diagnostic> {
    let ctx = ir.ctx_arc().clone();
    let mut i = 0;
    while i < listener.worklist.len() {
        let next = listener.worklist[i];
        i += 1;
        if listener.erased.contains(&next) || !ir.is_alive(next) {
            continue;
        }
        let Some(model) = model_of(&ctx, ir, next, options) else { continue };
        if !model.has_tensor_semantics(ir, next) {
            continue;
        }
        if !model.supports_unstructured_control_flow()
            && ir.regions(next).iter().any(|&r| ir.region_blocks(r).nth(1).is_some())
        {
            return Err(op_error(
                ir,
                next,
                "op or BufferizableOpInterface implementation does not support unstructured control flow, but at \
                 least one region has multiple blocks",
            ));
        }
        let mut rw = PatternRewriter::new(ir, listener);
        rw.set_insertion_point(InsertPoint::Before(next));
        if let Err(e) = model.bufferize(&mut rw, next, options) {
            let d = Diagnostic::error(ir.op_loc(next), "failed to bufferize op").with_op(next);
            return Err(after_unless_silent(d, e));
        }
    }

    if listener.erased.contains(&op) || !ir.is_alive(op) {
        return Ok(());
    }

    // Fold all to_memref(to_tensor(x)) pairs.
    let to_memref_ops = std::mem::take(&mut listener.to_memref_ops);
    for t in to_memref_ops {
        if listener.erased.contains(&t) || !ir.is_alive(t) {
            continue;
        }
        let mut rw = PatternRewriter::new(ir, listener);
        rw.set_insertion_point(InsertPoint::Before(t));
        let _ = fold_to_memref_to_tensor_pair(&mut rw, t, options);
    }

    // Remove all dead to_tensor ops.
    for t in ir.post_order(op) {
        if ir.is_alive(t) && ToTensorOp::matches(ir, t) && !ir.has_uses(ir.result(t, 0)) {
            let mut rw = PatternRewriter::new(ir, listener);
            rw.erase_op(t);
        }
    }

    if options.allow_unknown_ops {
        return Ok(());
    }
    for &o in &listener.worklist {
        if listener.erased.contains(&o) || !ir.is_alive(o) {
            continue;
        }
        if !has_tensor_semantics(ir, o) || !options.is_op_allowed(ir, o) {
            continue;
        }
        if ir.results(o).all(|r| !ir.has_uses(r)) && is_memory_effect_free(ir, o) {
            continue;
        }
        if ToTensorOp::matches(ir, o) || ToMemrefOp::matches(ir, o) {
            continue;
        }
        return Err(Diagnostic::error(ir.op_loc(o), "op was not bufferized").with_op(o));
    }
    Ok(())
}

/// `value` as a memref of type `dst` (upstream's `castOrReallocMemRefValue`):
/// a `memref.cast` when it always succeeds at run time, else a new buffer
/// (the options' allocation hook) and a copy. `Ok(None)` when element type,
/// memory space or rank differ.
pub fn cast_or_realloc_memref(
    b: &mut dyn OpBuilder,
    value: ValueId,
    dst: ir::Type,
    options: &BufferizationOptions,
) -> Result<Option<ValueId>, Diagnostic> {
    let ctx = b.ir().ctx_arc().clone();
    let src = b.ir().value_type(value);
    let loc = b.ir().value_loc(value);
    let (Some(sp), Some(dp)) = (memref_parts(&ctx, src), memref_parts(&ctx, dst)) else { return Ok(None) };
    if sp.elem != dp.elem || sp.memory_space != dp.memory_space || sp.shape.len() != dp.shape.len() {
        return Ok(None);
    }
    let guaranteed = match (strides_and_offset(&ctx, src), strides_and_offset(&ctx, dst)) {
        (Some((ss, so)), Some((ds, d_off))) => {
            let dyn_to_static = |a: i64, b: i64| a == DYNAMIC && b != DYNAMIC;
            !dyn_to_static(so, d_off) && !ss.iter().zip(&ds).any(|(&a, &b)| dyn_to_static(a, b))
        }
        _ => false,
    };
    if guaranteed && are_cast_compatible(&ctx, src, dst) {
        return Ok(Some(dialects::memref::CastOp::build(b, loc, dst, value).dest(b.ir())));
    }
    let index = ctx.index_ty();
    let mut sizes = Vec::new();
    for (i, &d) in dp.shape.iter().enumerate() {
        if d == DYNAMIC {
            let c = dialects::tensor::build_index_constant(b, loc, i as i64);
            sizes.push(dialects::memref::DimOp::build(b, loc, index, value, c).result(b.ir()));
        }
    }
    let alloc = create_alloc(b, loc, dst, &sizes, options)?;
    create_memcpy(b, loc, value, alloc, options)?;
    Ok(Some(alloc))
}

/// Folds `to_memref(to_tensor(x))` into `x` (upstream's
/// `foldToMemrefToTensorPair`), with a cast (or a reallocation and copy)
/// when the types differ. Returns false when it does not apply.
pub fn fold_to_memref_to_tensor_pair(
    rw: &mut PatternRewriter<'_>,
    to_memref: OpId,
    options: &BufferizationOptions,
) -> Result<bool, Diagnostic> {
    let ir = rw.ir();
    let tm = ToMemrefOp(to_memref);
    let Some(tt) = ir.defining_op(tm.tensor(ir)).filter(|&d| ToTensorOp::matches(ir, d)) else {
        return Ok(false);
    };
    let m = ToTensorOp(tt).memref(ir);
    let (src, dst) = (ir.value_type(m), ir.value_type(tm.memref(ir)));
    if src == dst {
        rw.replace_op(to_memref, &[m]);
        return Ok(true);
    }
    let ctx = ir.ctx_arc().clone();
    let ranked_src = matches!(ctx.kind(src), TypeKind::MemRef { .. });
    let ranked_dst = matches!(ctx.kind(dst), TypeKind::MemRef { .. });
    if ranked_src && ranked_dst {
        let Some(v) = cast_or_realloc_memref(rw, m, dst, options)? else { return Ok(false) };
        rw.replace_op(to_memref, &[v]);
        return Ok(true);
    }
    if !ranked_src && ranked_dst {
        return Ok(false);
    }
    let loc = rw.ir().op_loc(to_memref);
    let v = dialects::memref::CastOp::build(rw, loc, dst, m).dest(rw.ir());
    rw.replace_op(to_memref, &[v]);
    Ok(true)
}

/// Bufferizes the signature of `block` (upstream's
/// `bufferizeBlockSignature`): tensor arguments become their buffer types
/// (their uses go through a new `to_tensor`), and every branch to the block
/// passes buffers (`to_memref`, cast when the types differ).
pub fn bufferize_block_signature(
    rw: &mut PatternRewriter<'_>,
    block: BlockId,
    options: &BufferizationOptions,
) -> Result<(), Diagnostic> {
    let saved = rw.insertion_point();
    let r = bufferize_block_signature_impl(rw, block, options);
    super::helpers::restore(rw, saved);
    r
}

fn bufferize_block_signature_impl(
    rw: &mut PatternRewriter<'_>,
    block: BlockId,
    options: &BufferizationOptions,
) -> Result<(), Diagnostic> {
    let parent = rw.ir().block_parent_op(block);
    if parent.and_then(|p| find_bufferizable(rw.ir(), p, options)).is_none() {
        let loc = parent.map(|p| rw.ir().op_loc(p)).unwrap_or_else(|| rw.ir().ctx().unknown_loc());
        return Err(Diagnostic::error(loc, String::new()));
    }
    let args: Vec<ValueId> = rw.ir().block_args(block).to_vec();
    let mut new_types = Vec::with_capacity(args.len());
    for &a in &args {
        let ty = rw.ir().value_type(a);
        if !rw.ir().ctx().is_tensor(ty) {
            new_types.push(ty);
            continue;
        }
        new_types.push(get_buffer_type(rw.ir(), a, options, &mut Vec::new())?);
    }
    for (&a, &ty) in args.iter().zip(&new_types) {
        if rw.ir().value_type(a) == ty {
            continue;
        }
        let uses: Vec<_> = rw.ir().uses(a).collect();
        rw.ir_mut().set_value_type(a, ty);
        rw.set_insertion_point(InsertPoint::BlockStart(block));
        if !uses.is_empty() {
            let loc = rw.ir().value_loc(a);
            let t = dialects::bufferization::build_to_tensor(rw, loc, a, false, false)
                .ok_or_else(|| Diagnostic::error(loc, "expected a memref"))?;
            for u in uses {
                let owner = rw.ir().use_owner(u);
                rw.modify_in_place(owner, |ir| ir.set_use_value(u, t));
            }
        }
    }
    let preds: Vec<OpId> = rw.ir().predecessors(block).to_vec();
    let mut seen = FxHashSet::default();
    for p in preds {
        if !seen.insert(p) {
            continue;
        }
        let Some(branch) = rw.ir().ctx().registry().interface::<dyn ir::interfaces::BranchOp>(rw.ir().op_name(p))
        else {
            return Err(op_error(
                rw.ir(),
                p,
                "cannot bufferize ops with block references that do not implement BranchOpInterface",
            ));
        };
        let succ = rw.ir().successors(p).iter().position(|&s| s == block).unwrap_or(0);
        let range = branch.successor_operands(rw.ir(), p, succ);
        let operands: Vec<ir::OperandId> = rw.ir().operand_ids(p)[range].to_vec();
        for (u, &ty) in operands.iter().zip(&new_types) {
            let v = rw.ir().use_value(*u);
            if rw.ir().value_type(v) == ty {
                continue;
            }
            let buf_ty = get_buffer_type(rw.ir(), v, options, &mut Vec::new())?;
            let ip = insertion_point_after_value(rw.ir(), v)
                .ok_or_else(|| Diagnostic::error(rw.ir().value_loc(v), "cannot bufferize a detached value"))?;
            rw.set_insertion_point(ip);
            let loc = rw.ir().value_loc(v);
            let mut m = ToMemrefOp::build(rw, loc, buf_ty, v, false).memref(rw.ir());
            if buf_ty != ty {
                m = dialects::memref::CastOp::build(rw, loc, ty, m).dest(rw.ir());
            }
            let u = *u;
            rw.modify_in_place(p, |ir| ir.set_use_value(u, m));
        }
    }
    Ok(())
}

/// One-Shot Module Bufferize of `module` (upstream's
/// `runOneShotModuleBufferize`), in `copy-before-write` mode only: One-Shot
/// Module Analysis (the function-boundary equivalence and access analysis)
/// is not built, so the analysis mode is an error.
pub fn run_one_shot_module_bufferize(
    ir: &mut Ir,
    module: OpId,
    options: &BufferizationOptions,
    stats: &mut BufferizationStatistics,
) -> Result<(), Diagnostic> {
    if !options.copy_before_write {
        return Err(Diagnostic::error(
            ir.op_loc(module),
            "'bufferize-function-boundaries' needs One-Shot Module Analysis, which is not implemented: use \
             'copy-before-write'",
        )
        .with_op(module));
    }
    bufferize_module_op(ir, module, options, stats)
}

/// The functions of `module` (nested ones too), callees before callers
/// (upstream's `getFuncOpsOrderedByCalls`; among functions that are ready
/// at the same time, module order, where upstream's order is a hash
/// order).
pub fn funcs_ordered_by_calls(ir: &Ir, module: OpId) -> Result<Vec<OpId>, Diagnostic> {
    use super::models::func::{called_function, unique_return};
    use dialects::func::{CallOp, FuncOp};
    use rustc_hash::FxHashMap;
    let funcs: Vec<OpId> = ir.pre_order(module).into_iter().filter(|&o| FuncOp::matches(ir, o)).collect();
    let has_tensor_signature = |f: OpId| {
        let ctx = ir.ctx();
        FuncOp(f)
            .function_type(ir)
            .and_then(|t| ctx.function_sig(t))
            .is_some_and(|(i, o)| i.iter().chain(o.iter()).any(|&t| ctx.is_tensor(t)))
    };
    let mut pending: FxHashMap<OpId, usize> = FxHashMap::default();
    let mut callers_of: FxHashMap<OpId, Vec<OpId>> = FxHashMap::default();
    for &f in &funcs {
        let has_body = ir.regions(f).first().is_some_and(|&r| !ir.region_is_empty(r));
        if has_body && unique_return(ir, f).is_none() {
            return Err(Diagnostic::error(
                ir.op_loc(f),
                "cannot bufferize a FuncOp with tensors and without a unique ReturnOp",
            )
            .with_op(f));
        }
        let mut callees = FxHashSet::default();
        for c in ir.pre_order(f) {
            if !CallOp::matches(ir, c) {
                continue;
            }
            let callee =
                called_function(ir, c).ok_or_else(|| op_error(ir, c, "could not find the called func.func"))?;
            if has_tensor_signature(callee) && callees.insert(callee) {
                callers_of.entry(callee).or_default().push(f);
            }
        }
        pending.insert(f, callees.len());
    }
    // Kahn's algorithm; among the ready functions, the first in module
    // order goes first.
    let position: FxHashMap<OpId, usize> = funcs.iter().enumerate().map(|(i, &f)| (f, i)).collect();
    let mut ready: std::collections::BTreeSet<usize> =
        funcs.iter().enumerate().filter(|(_, f)| pending[*f] == 0).map(|(i, _)| i).collect();
    let mut ordered = Vec::with_capacity(funcs.len());
    while let Some(i) = ready.pop_first() {
        let next = funcs[i];
        ordered.push(next);
        for caller in callers_of.get(&next).into_iter().flatten() {
            let n = pending.get_mut(caller).expect("a function");
            *n -= 1;
            if *n == 0 {
                ready.insert(position[caller]);
            }
        }
    }
    if ordered.len() < funcs.len() {
        return Err(op_error(ir, module, "expected callgraph to be free of circular dependencies."));
    }
    Ok(ordered)
}

/// Bufferizes every function (callees first), then the other ops of the
/// module (upstream's `bufferizeModuleOp`).
pub fn bufferize_module_op(
    ir: &mut Ir,
    module: OpId,
    options: &BufferizationOptions,
    stats: &mut BufferizationStatistics,
) -> Result<(), Diagnostic> {
    use dialects::func::FuncOp;
    let _globals = super::models::arith::ConstantGlobalsScope::enter();
    let ordered = funcs_ordered_by_calls(ir, module)?;
    for f in ordered {
        let name = FuncOp(f).sym_name(ir).unwrap_or("").to_string();
        if options.no_analysis_func_filter.contains(&name) && !options.copy_before_write {
            let cbw = BufferizationOptions { copy_before_write: true, ..options.clone() };
            bufferize_op(ir, f, &cbw, stats)?;
        } else {
            bufferize_op(ir, f, options, stats)?;
        }
        if options.infer_function_result_layout {
            fold_memref_casts(ir, f);
        }
    }
    let body: Vec<OpId> =
        ir.regions(module).iter().flat_map(|&r| ir.region_blocks(r)).flat_map(|b| ir.block_ops_vec(b)).collect();
    for o in body {
        if !ir.is_alive(o) || FuncOp::matches(ir, o) {
            continue;
        }
        bufferize_op(ir, o, options, stats)?;
    }
    for f in ir.pre_order(module).into_iter().filter(|&o| FuncOp::matches(ir, o)).collect::<Vec<_>>() {
        super::models::func::remove_arg_attrs(ir, f, &["bufferization.buffer_layout", "bufferization.writable"]);
    }
    Ok(())
}

/// Returns the sources of `memref.cast`s a function returns instead, and
/// updates its result types (upstream's `foldMemRefCasts`).
fn fold_memref_casts(ir: &mut Ir, func: OpId) {
    let Some(ret) = super::models::func::unique_return(ir, func) else { return };
    let ctx = ir.ctx_arc().clone();
    let mut types = Vec::new();
    let operands: Vec<(ir::OperandId, ValueId)> = ir.operand_ids(ret).iter().map(|&u| (u, ir.use_value(u))).collect();
    for (u, v) in operands {
        match ir.defining_op(v).filter(|&d| dialects::memref::CastOp::matches(ir, d)) {
            Some(cast) => {
                let src = ir.operand(cast, 0);
                ir.set_use_value(u, src);
                types.push(ir.value_type(src));
            }
            None => types.push(ir.value_type(v)),
        }
    }
    let Some(fty) = dialects::func::FuncOp(func).function_type(ir) else { return };
    let Some((ins, _)) = ctx.function_sig(fty) else { return };
    let new = ctx.type_attr(ctx.function_ty(ins, &types));
    ir.set_attr_str(func, "function_type", new);
}
