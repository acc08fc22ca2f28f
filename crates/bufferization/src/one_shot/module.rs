//! One-Shot Module Bufferize (`bufferize-function-boundaries`): functions
//! are analyzed and bufferized callees first, and calls use what the
//! analysis learned about their callee (upstream's
//! `OneShotModuleBufferize.cpp`).
//!
//! This module owns:
//! * [`FuncAnalysisState`]: per function, which tensor arguments are read
//!   and written, which results are equivalent to an argument, and which
//!   results may alias each argument (the `func.call` model asks it through
//!   [`AnalysisState::func_state`]);
//! * [`funcs_ordered_by_calls`]: callees before callers, and the functions
//!   that cannot be ordered (on a call cycle, or calling into one);
//! * [`analyze_module_op`]: One-Shot Analysis of every function on one
//!   shared state, then the function facts (annotated under
//!   `test-analysis-only`: `bufferization.access` on arguments,
//!   `__equivalent_func_args__` on returns);
//! * [`run_one_shot_module_bufferize`] and [`bufferize_module_op`].
//!
//! Among functions ready at the same time the order is module order, where
//! upstream's is a hash order.
//!
//! Call cycles are accepted as LLVM 20 accepts them (19 rejects them): the
//! functions that the callees-first order cannot place (those on a cycle
//! and those calling into one) are analyzed after the others, in module
//! order, without the boundary analyses, so a call to one of them is
//! conservative (every tensor operand read and written, the results may
//! alias anything); their signatures take the boundary layout. Two
//! deviations keep that sound where LLVM 20 is not: such a call's results
//! share one alias set and are not writable (the callee may return one
//! buffer twice, or a constant), and their result types are not narrowed
//! after bufferization (a call bufferized before its callee already uses
//! the boundary type).

use super::analysis::{analyze_into, AnalysisStatistics, OneShotAnalysisState};
use super::driver::{bufferize_op, insert_tensor_copies, op_error, BufferizationStatistics};
use super::interface::{is_tensor, AnalysisState};
use super::options::{BufferizationOptions, FilterEntry};
use dialects::func::{CallOp, FuncOp};
use dialects::func_sig::{arg_attr, called_function, is_external, set_arg_attr, signature, unique_return};
use ir::{Diagnostic, Ir, OpId, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

/// How far the analysis of a function got.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FuncOpAnalysisState {
    /// Being analyzed (its calls to itself see no facts).
    InProgress,
    /// Done: its facts are final.
    Analyzed,
}

/// What the analysis learned about each function's boundary.
#[derive(Default, Debug, Clone)]
pub struct FuncAnalysisState {
    /// Result index → the argument index it is equivalent to.
    pub equivalent_func_args: FxHashMap<OpId, FxHashMap<usize, usize>>,
    /// Argument index → the results that may alias it.
    pub aliasing_return_vals: FxHashMap<OpId, FxHashMap<usize, Vec<usize>>>,
    /// Pairs of results that may share a buffer (both alias one value in
    /// the callee). Upstream keeps no such fact, so a caller writing one
    /// result in place can clobber the other (a known 19 defect).
    pub aliasing_results: FxHashMap<OpId, Vec<(usize, usize)>>,
    /// Results that may alias a buffer that must not be written (a
    /// constant): a call's result is not writable either. Upstream keeps no
    /// such fact, so a caller wrote into the constant (a known 19 defect).
    pub non_writable_results: FxHashMap<OpId, FxHashSet<usize>>,
    /// The tensor arguments that are read.
    pub read_bbargs: FxHashMap<OpId, FxHashSet<usize>>,
    /// The tensor arguments that are written.
    pub written_bbargs: FxHashMap<OpId, FxHashSet<usize>>,
    /// The analysis state of each function.
    pub analyzed: FxHashMap<OpId, FuncOpAnalysisState>,
    /// The functions the callees-first order cannot place (on a call cycle
    /// or calling into one): analyzed without boundary facts.
    pub unordered: FxHashSet<OpId>,
    /// The `unordered` functions that may return a buffer that must not be
    /// written: their bodies (or callees) hold a value that is not
    /// writable, such as a constant.
    pub read_only_unordered: FxHashSet<OpId>,
}

impl FuncAnalysisState {
    /// True when `f`'s facts are final.
    pub fn is_analyzed(&self, f: OpId) -> bool {
        self.analyzed.get(&f) == Some(&FuncOpAnalysisState::Analyzed)
    }
    /// True when `f` is on a call cycle or calls into one: its calls know
    /// nothing about it.
    pub fn is_unordered(&self, f: OpId) -> bool {
        self.unordered.contains(&f)
    }
    /// The argument result `result` of `f` is equivalent to.
    pub fn equivalent_arg(&self, f: OpId, result: usize) -> Option<usize> {
        self.equivalent_func_args.get(&f)?.get(&result).copied()
    }
    fn start(&mut self, f: OpId) {
        self.analyzed.insert(f, FuncOpAnalysisState::InProgress);
        self.equivalent_func_args.entry(f).or_default();
        self.aliasing_return_vals.entry(f).or_default();
        self.read_bbargs.entry(f).or_default();
        self.written_bbargs.entry(f).or_default();
    }
}

fn has_tensor_signature(ir: &Ir, f: OpId) -> bool {
    let (ins, outs) = signature(ir, f);
    ins.iter().chain(&outs).any(|&t| is_tensor(ir, t))
}

/// The functions of a module in the order they are analyzed and
/// bufferized (upstream's `getFuncOpsOrderedByCalls`, LLVM 20).
#[derive(Debug, Default)]
pub struct FuncOrder {
    /// Callees before callers.
    pub ordered: Vec<OpId>,
    /// The rest, in module order: functions on a call cycle and functions
    /// that call into one.
    pub remaining: Vec<OpId>,
}

impl FuncOrder {
    /// Every function: `ordered`, then `remaining`.
    pub fn all(&self) -> impl Iterator<Item = OpId> + '_ {
        self.ordered.iter().chain(&self.remaining).copied()
    }
}

/// The functions of `module` (nested ones too), callees before callers
/// (upstream's `getFuncOpsOrderedByCalls`), with its errors: a function
/// with a body but not exactly one return, and a call that names no
/// `func.func`. Functions left over by the callees-first order (a call
/// cycle, or calls into one) come last, in module order.
pub fn funcs_ordered_by_calls(ir: &Ir, module: OpId) -> Result<FuncOrder, Diagnostic> {
    let funcs: Vec<OpId> = ir.pre_order(module).into_iter().filter(|&o| FuncOp::matches(ir, o)).collect();
    let mut pending: FxHashMap<OpId, usize> = FxHashMap::default();
    let mut callers_of: FxHashMap<OpId, Vec<OpId>> = FxHashMap::default();
    for &f in &funcs {
        if !is_external(ir, f) && unique_return(ir, f).is_none() {
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
            if has_tensor_signature(ir, callee) && callees.insert(callee) {
                callers_of.entry(callee).or_default().push(f);
            }
        }
        pending.insert(f, callees.len());
    }
    // Kahn's algorithm; ready functions in module order.
    let position: FxHashMap<OpId, usize> = funcs.iter().enumerate().map(|(i, &f)| (f, i)).collect();
    let mut ready: std::collections::BTreeSet<usize> =
        funcs.iter().enumerate().filter(|(_, f)| pending[*f] == 0).map(|(i, _)| i).collect();
    let mut order = FuncOrder { ordered: Vec::with_capacity(funcs.len()), remaining: Vec::new() };
    while let Some(i) = ready.pop_first() {
        let f = funcs[i];
        order.ordered.push(f);
        for caller in callers_of.get(&f).into_iter().flatten() {
            let n = pending.get_mut(caller).expect("a function");
            *n -= 1;
            if *n == 0 {
                ready.insert(position[caller]);
            }
        }
    }
    if order.ordered.len() < funcs.len() {
        order.remaining = funcs.iter().copied().filter(|f| pending[f] > 0).collect();
    }
    Ok(order)
}

/// Calls in `f` to analyzed functions whose result is equivalent to an
/// argument: when that call operand bufferizes in place, the result and the
/// operand are equivalent (upstream's `equivalenceAnalysis`).
fn call_equivalences(ir: &Ir, f: OpId, state: &mut OneShotAnalysisState) {
    let mut pairs: Vec<(ValueId, ValueId)> = Vec::new();
    let mut shared: Vec<(ValueId, ValueId)> = Vec::new();
    {
        let fs = state.func_state().expect("module analysis");
        for c in ir.pre_order(f) {
            if !CallOp::matches(ir, c) {
                continue;
            }
            let Some(callee) = called_function(ir, c) else { continue };
            let results: Vec<ValueId> = ir.results(c).collect();
            if fs.is_unordered(callee) {
                // Nothing is known: the tensor results may share a buffer.
                let tensors: Vec<ValueId> =
                    results.iter().copied().filter(|&r| is_tensor(ir, ir.value_type(r))).collect();
                shared.extend(tensors.windows(2).map(|w| (w[0], w[1])));
                continue;
            }
            for &(i, j) in fs.aliasing_results.get(&callee).into_iter().flatten() {
                if let (Some(&a), Some(&b)) = (results.get(i), results.get(j)) {
                    shared.push((a, b));
                }
            }
            let Some(map) = fs.equivalent_func_args.get(&callee) else { continue };
            let mut entries: Vec<(usize, usize)> = map.iter().map(|(&r, &a)| (r, a)).collect();
            entries.sort_unstable();
            for (r, a) in entries {
                let u = ir.operand_ids(c)[a];
                if state.is_in_place(ir, u) {
                    pairs.push((ir.results(c).nth(r).expect("a result"), ir.use_value(u)));
                }
            }
        }
    }
    for (a, b) in pairs {
        state.union_equivalence_classes(a, b);
    }
    // Results that share a buffer in the callee share it in the caller:
    // one alias set, so a write to one conflicts with a later read of the
    // other.
    for (a, b) in shared {
        state.union_alias_sets(a, b);
    }
}

/// Which results alias or equal which arguments of `f` (upstream's
/// `aliasingFuncOpBBArgsAnalysis`), annotating `__equivalent_func_args__`
/// under `test-analysis-only`.
fn aliasing_args_analysis(ir: &mut Ir, f: OpId, state: &mut OneShotAnalysisState) {
    let mut equivalent = FxHashMap::default();
    let mut aliasing: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
    if is_external(ir, f) {
        let (ins, outs) = signature(ir, f);
        for (a, &t) in ins.iter().enumerate() {
            if !is_tensor(ir, t) {
                continue;
            }
            for (r, &o) in outs.iter().enumerate() {
                if is_tensor(ir, o) {
                    aliasing.entry(a).or_default().push(r);
                }
            }
        }
    } else {
        let ret = unique_return(ir, f).expect("a unique return");
        let entry = ir.entry_block(ir.regions(f)[0]).expect("a body");
        let args = ir.block_args(entry).to_vec();
        let operands: Vec<ValueId> = ir.operands(ret).collect();
        let ranked = |ir: &Ir, v: ValueId| matches!(ir.ctx().kind(ir.value_type(v)), ir::TypeKind::Tensor { .. });
        let mut annotation: Option<Vec<i64>> = None;
        for (r, &v) in operands.iter().enumerate() {
            if !ranked(ir, v) {
                continue;
            }
            for (a, &arg) in args.iter().enumerate() {
                if !ranked(ir, arg) {
                    continue;
                }
                if state.are_equivalent_bufferized_values(ir, v, arg) {
                    equivalent.insert(r, a);
                    if state.options().test_analysis_only {
                        annotation.get_or_insert_with(|| vec![-1; operands.len()])[r] = a as i64;
                    }
                }
                if state.are_aliasing_bufferized_values(ir, v, arg) {
                    aliasing.entry(a).or_default().push(r);
                }
            }
        }
        let mut pairs = Vec::new();
        for i in 0..operands.len() {
            for j in i + 1..operands.len() {
                let (a, b) = (operands[i], operands[j]);
                if ranked(ir, a) && ranked(ir, b) && state.are_aliasing_bufferized_values(ir, a, b) {
                    pairs.push((i, j));
                }
            }
        }
        let mut non_writable = FxHashSet::default();
        for (r, &v) in operands.iter().enumerate() {
            if !is_tensor(ir, ir.value_type(v)) {
                continue;
            }
            let mut any = false;
            let s: &dyn AnalysisState = state;
            s.apply_on_aliases(ir, v, &mut |a| any |= !state.is_writable(ir, a));
            if any {
                non_writable.insert(r);
            }
        }
        let fs = state.func_state_mut().expect("module analysis");
        fs.aliasing_results.insert(f, pairs);
        fs.non_writable_results.insert(f, non_writable);
        if let Some(list) = annotation {
            let ctx = ir.ctx_arc().clone();
            let elems: Vec<_> = list.iter().map(|&i| ctx.int_attr(ctx.int_ty(64), i as i128)).collect();
            ir.set_attr_str(ret, "__equivalent_func_args__", ctx.array_attr(&elems));
        }
    }
    let fs = state.func_state_mut().expect("module analysis");
    fs.equivalent_func_args.insert(f, equivalent);
    fs.aliasing_return_vals.insert(f, aliasing);
}

/// Which tensor arguments of `f` are read and written (upstream's
/// `funcOpBbArgReadWriteAnalysis`), from a `bufferization.access`
/// attribute, else all for a declaration, else from the analysis;
/// annotated under `test-analysis-only`.
fn read_write_analysis(ir: &mut Ir, f: OpId, state: &mut OneShotAnalysisState) {
    let (ins, _) = signature(ir, f);
    let external = is_external(ir, f);
    let mut read = FxHashSet::default();
    let mut written = FxHashSet::default();
    for (i, &t) in ins.iter().enumerate() {
        if !is_tensor(ir, t) {
            continue;
        }
        let given = arg_attr(ir, f, i, "bufferization.access").and_then(|a| ir.ctx().str_value(a).map(str::to_string));
        let (is_read, is_written) = if let Some(s) = given {
            (s == "read" || s == "read-write", s == "write" || s == "read-write")
        } else if external {
            (true, true)
        } else {
            let arg = ir.block_args(ir.entry_block(ir.regions(f)[0]).expect("a body"))[i];
            let s: &dyn AnalysisState = state;
            (s.is_value_read(ir, arg), state.is_value_written(ir, arg))
        };
        if state.options().test_analysis_only {
            let access = match (is_read, is_written) {
                (true, true) => "read-write",
                (true, false) => "read",
                (false, true) => "write",
                (false, false) => "none",
            };
            let a = ir.ctx().str_attr(access);
            set_arg_attr(ir, f, i, "bufferization.access", Some(a));
        }
        if is_read {
            read.insert(i);
        }
        if is_written {
            written.insert(i);
        }
    }
    let fs = state.func_state_mut().expect("module analysis");
    fs.read_bbargs.insert(f, read);
    fs.written_bbargs.insert(f, written);
}

/// One-Shot Module Analysis (upstream's `analyzeModuleOp`): every allowed
/// function, callees first, analyzed on `state`, then its boundary facts.
pub fn analyze_module_op(
    ir: &mut Ir,
    module: OpId,
    state: &mut OneShotAnalysisState,
    stats: &mut AnalysisStatistics,
) -> Result<(), Diagnostic> {
    let order = funcs_ordered_by_calls(ir, module)?;
    let unordered = order.remaining.iter().copied().collect();
    state.set_func_state(FuncAnalysisState { unordered, ..FuncAnalysisState::default() });
    for &f in &order.ordered {
        if !state.options().is_op_allowed(ir, f) {
            continue;
        }
        state.func_state_mut().expect("module analysis").start(f);
        call_equivalences(ir, f, state);
        analyze_into(ir, f, state, stats)?;
        aliasing_args_analysis(ir, f, state);
        read_write_analysis(ir, f, state);
        state.func_state_mut().expect("module analysis").analyzed.insert(f, FuncOpAnalysisState::Analyzed);
    }
    read_only_unordered(ir, &order.remaining, state);
    // Functions on a call cycle (or calling into one): the body only, no
    // boundary facts, so every call to them stays conservative.
    for &f in &order.remaining {
        if !state.options().is_op_allowed(ir, f) {
            continue;
        }
        call_equivalences(ir, f, state);
        analyze_into(ir, f, state, stats)?;
    }
    Ok(())
}

/// Which of the `unordered` functions may return a buffer that must not be
/// written (bufopt's extension of the constant-result fix to call cycles):
/// those holding a tensor value that is not writable (a constant, a result
/// of an analyzed callee that returns one, an argument marked
/// `bufferization.writable = false`), and, transitively, those calling
/// one. Linear in the functions' size.
fn read_only_unordered(ir: &Ir, unordered: &[OpId], state: &mut OneShotAnalysisState) {
    let set: FxHashSet<OpId> = unordered.iter().copied().collect();
    let mut callers: FxHashMap<OpId, Vec<OpId>> = FxHashMap::default();
    let mut read_only: Vec<OpId> = Vec::new();
    for &f in unordered {
        let mut tainted = false;
        for b in ir.regions(f).iter().flat_map(|&r| ir.region_blocks(r)) {
            for &a in ir.block_args(b) {
                tainted |= is_tensor(ir, ir.value_type(a)) && !state.is_writable(ir, a);
            }
        }
        for o in ir.pre_order(f) {
            if o == f {
                continue;
            }
            if CallOp::matches(ir, o) {
                let Some(callee) = called_function(ir, o) else { continue };
                if set.contains(&callee) {
                    callers.entry(callee).or_default().push(f);
                    continue;
                }
                let fs = state.func_state().expect("module analysis");
                tainted |=
                    fs.is_analyzed(callee) && fs.non_writable_results.get(&callee).is_some_and(|s| !s.is_empty());
                continue;
            }
            for v in ir.results(o) {
                tainted |= is_tensor(ir, ir.value_type(v)) && !state.is_writable(ir, v);
            }
        }
        if tainted {
            read_only.push(f);
        }
    }
    let mut seen: FxHashSet<OpId> = read_only.iter().copied().collect();
    while let Some(f) = read_only.pop() {
        for &c in callers.get(&f).into_iter().flatten() {
            if seen.insert(c) {
                read_only.push(c);
            }
        }
    }
    state.func_state_mut().expect("module analysis").read_only_unordered = seen;
}

/// The options with the functions of `no-analysis-func-filter` (and the
/// ops in them) denied, for the analysis (upstream's filter).
fn analysis_options(options: &BufferizationOptions) -> BufferizationOptions {
    if options.no_analysis_func_filter.is_empty() {
        return options.clone();
    }
    let names = options.no_analysis_func_filter.clone();
    let mut o = options.clone();
    o.op_filter.push(FilterEntry::Deny(Arc::new(move |ir: &Ir, op: OpId| {
        let mut cur = Some(op);
        while let Some(c) = cur {
            if FuncOp::matches(ir, c) {
                return FuncOp(c).sym_name(ir).is_some_and(|n| names.iter().any(|m| m == n));
            }
            cur = ir.parent_op(c);
        }
        false
    })));
    o
}

/// Module analysis and tensor copy insertion (upstream's
/// `insertTensorCopies` with function boundaries); nothing is copied under
/// `test-analysis-only`.
pub fn insert_module_tensor_copies(
    ir: &mut Ir,
    module: OpId,
    options: &BufferizationOptions,
    stats: &mut BufferizationStatistics,
) -> Result<(), Diagnostic> {
    let aopts = analysis_options(options);
    let mut state = OneShotAnalysisState::new(ir, module, &aopts);
    let mut astats = AnalysisStatistics::default();
    let r = analyze_module_op(ir, module, &mut state, &mut astats);
    stats.num_tensor_in_place = astats.num_tensor_in_place;
    stats.num_tensor_out_of_place = astats.num_tensor_out_of_place;
    r?;
    if options.test_analysis_only {
        return Ok(());
    }
    insert_tensor_copies(ir, module, &state)
}

/// One-Shot Module Bufferize of `module` (upstream's
/// `runOneShotModuleBufferize`): module analysis and copies unless
/// `copy-before-write`, then every function bufferized callees first.
pub fn run_one_shot_module_bufferize(
    ir: &mut Ir,
    module: OpId,
    options: &BufferizationOptions,
    stats: &mut BufferizationStatistics,
) -> Result<(), Diagnostic> {
    if !options.copy_before_write {
        insert_module_tensor_copies(ir, module, options, stats)?;
        if options.test_analysis_only {
            return Ok(());
        }
    }
    bufferize_module_op(ir, module, options, stats)
}

/// Bufferizes every function (callees first, then those on call cycles;
/// `no-analysis-func-filter`
/// functions copy before write), then the other ops of the module
/// (upstream's `bufferizeModuleOp`), and drops the bufferization argument
/// attributes.
pub fn bufferize_module_op(
    ir: &mut Ir,
    module: OpId,
    options: &BufferizationOptions,
    stats: &mut BufferizationStatistics,
) -> Result<(), Diagnostic> {
    let _globals = super::models::arith::ConstantGlobalsScope::enter();
    let order = funcs_ordered_by_calls(ir, module)?;
    let ordered = order.ordered.len();
    for (i, f) in order.all().enumerate() {
        let name = FuncOp(f).sym_name(ir).unwrap_or("").to_string();
        if options.no_analysis_func_filter.contains(&name) && !options.copy_before_write {
            let cbw = BufferizationOptions { copy_before_write: true, ..options.clone() };
            bufferize_op(ir, f, &cbw, stats)?;
        } else {
            bufferize_op(ir, f, options, stats)?;
        }
        // A function the order could not place may have been called before
        // it was bufferized, with the boundary result types: they stay.
        if options.infer_function_result_layout && i < ordered {
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
        let n = signature(ir, f).0.len();
        for i in 0..n {
            set_arg_attr(ir, f, i, "bufferization.buffer_layout", None);
            set_arg_attr(ir, f, i, "bufferization.writable", None);
        }
    }
    Ok(())
}

/// Returns the sources of `memref.cast`s a function returns instead, and
/// updates its result types (upstream's `foldMemRefCasts`).
///
/// Only casts that keep the shape are folded (they change the layout).
/// mlir-opt-19 also folds a cast from `memref<?xf32>` to `memref<8xf32>`:
/// the function then returns a dynamic shape where its callers were
/// bufferized for a static one, and an out-of-place write to the call
/// result builds an invalid `memref.alloc` (a 19.1.7 defect).
fn fold_memref_casts(ir: &mut Ir, func: OpId) {
    let Some(ret) = unique_return(ir, func) else { return };
    let mut types = Vec::new();
    let operands: Vec<(ir::OperandId, ValueId)> = ir.operand_ids(ret).iter().map(|&u| (u, ir.use_value(u))).collect();
    let same_shape = |ir: &Ir, a: ValueId, b: ValueId| {
        let ctx = ir.ctx();
        let (sa, sb) = (ctx.shape(ir.value_type(a)), ctx.shape(ir.value_type(b)));
        sa.is_some() && sa == sb
    };
    for (u, v) in operands {
        let cast = ir.defining_op(v).filter(|&d| dialects::memref::CastOp::matches(ir, d));
        match cast.filter(|&c| same_shape(ir, ir.operand(c, 0), v)) {
            Some(cast) => {
                let src = ir.operand(cast, 0);
                ir.set_use_value(u, src);
                types.push(ir.value_type(src));
            }
            None => types.push(ir.value_type(v)),
        }
    }
    let (ins, _) = signature(ir, func);
    dialects::func_sig::set_function_type(ir, func, &ins, &types);
}
