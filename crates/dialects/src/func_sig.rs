//! Editing a `func.func`'s signature (MLIR's `FunctionOpInterface`
//! helpers): its type, the per-argument and per-result attribute
//! dictionaries (`arg_attrs` / `res_attrs`, dropped when all are empty, as
//! MLIR does), inserting, erasing and appending arguments and results, and
//! `setType`. Shared by every pass that rewrites function boundaries and by
//! the `--test-func-*` passes.

use crate::func::{func_type, FuncOp};
use ir::{Attribute, Ir, Location, NamedAttr, OpId, Type, ValueId};

/// The inputs and results of function `f` (empty when it has no type).
pub fn signature(ir: &Ir, f: OpId) -> (Vec<Type>, Vec<Type>) {
    func_type(ir, f).and_then(|t| ir.ctx().function_sig(t).map(|(i, o)| (i.to_vec(), o.to_vec()))).unwrap_or_default()
}

/// Sets the function type of `f`.
pub fn set_function_type(ir: &mut Ir, f: OpId, inputs: &[Type], results: &[Type]) {
    let ctx = ir.ctx_arc().clone();
    let ty = ctx.type_attr(ctx.function_ty(inputs, results));
    ir.set_attr_str(f, "function_type", ty);
}

/// The attribute dictionaries of `which` (`"arg_attrs"` or `"res_attrs"`),
/// one entry list per position, `n` of them.
fn dicts(ir: &Ir, f: OpId, which: &str, n: usize) -> Vec<Vec<NamedAttr>> {
    let ctx = ir.ctx();
    let mut out = vec![Vec::new(); n];
    if let Some(arr) = ir.attr(f, which).and_then(|a| ctx.array_value(a)) {
        for (slot, &d) in out.iter_mut().zip(arr) {
            if let ir::AttrKind::Dictionary(entries) = ctx.attr_kind(d) {
                *slot = entries.to_vec();
            }
        }
    }
    out
}

/// Stores the attribute dictionaries of `which`; removes the attribute when
/// every dictionary is empty.
fn set_dicts(ir: &mut Ir, f: OpId, which: &str, lists: &[Vec<NamedAttr>]) {
    if lists.iter().all(|l| l.is_empty()) {
        ir.remove_attr(f, which);
        return;
    }
    let ctx = ir.ctx_arc().clone();
    let arr: Vec<Attribute> = lists.iter().map(|l| ctx.dict_attr(l)).collect();
    ir.set_attr_str(f, which, ctx.array_attr(&arr));
}

/// The attributes of argument `i` of `f`.
pub fn arg_attrs(ir: &Ir, f: OpId, i: usize) -> Vec<NamedAttr> {
    let n = signature(ir, f).0.len();
    dicts(ir, f, "arg_attrs", n).into_iter().nth(i).unwrap_or_default()
}

/// Attribute `name` of argument `i` of `f`.
pub fn arg_attr(ir: &Ir, f: OpId, i: usize, name: &str) -> Option<Attribute> {
    let ctx = ir.ctx();
    arg_attrs(ir, f, i).iter().find(|a| ctx.str(a.name) == name).map(|a| a.value)
}

/// The attributes of result `i` of `f`.
pub fn result_attrs(ir: &Ir, f: OpId, i: usize) -> Vec<NamedAttr> {
    let n = signature(ir, f).1.len();
    dicts(ir, f, "res_attrs", n).into_iter().nth(i).unwrap_or_default()
}

/// Sets (`Some`) or removes (`None`) attribute `name` of argument `i`.
pub fn set_arg_attr(ir: &mut Ir, f: OpId, i: usize, name: &str, value: Option<Attribute>) {
    let n = signature(ir, f).0.len();
    let mut lists = dicts(ir, f, "arg_attrs", n);
    let Some(list) = lists.get_mut(i) else { return };
    let key = ir.ctx().intern_str(name);
    list.retain(|a| a.name != key);
    if let Some(v) = value {
        list.push(NamedAttr { name: key, value: v });
    }
    set_dicts(ir, f, "arg_attrs", &lists);
}

/// Replaces all attributes of argument `i`.
pub fn set_arg_attrs(ir: &mut Ir, f: OpId, i: usize, attrs: Vec<NamedAttr>) {
    let n = signature(ir, f).0.len();
    let mut lists = dicts(ir, f, "arg_attrs", n);
    if let Some(l) = lists.get_mut(i) {
        *l = attrs;
    }
    set_dicts(ir, f, "arg_attrs", &lists);
}

/// Erases the results of `f` whose `mask` entry is true: from the type and
/// from `res_attrs` (not from the returns).
pub fn erase_results(ir: &mut Ir, f: OpId, mask: &[bool]) {
    let (ins, outs) = signature(ir, f);
    let lists = dicts(ir, f, "res_attrs", outs.len());
    let keep = |i: &usize| !mask.get(*i).copied().unwrap_or(false);
    let new_outs: Vec<Type> = outs.iter().enumerate().filter(|(i, _)| keep(i)).map(|(_, &t)| t).collect();
    let new_lists: Vec<Vec<NamedAttr>> =
        lists.into_iter().enumerate().filter(|(i, _)| keep(i)).map(|(_, l)| l).collect();
    set_function_type(ir, f, &ins, &new_outs);
    set_dicts(ir, f, "res_attrs", &new_lists);
}

/// Appends arguments of `types` to `f`: to its type, with empty attribute
/// dictionaries, and to its entry block (when it has a body). Returns the
/// new block arguments.
pub fn append_arguments(ir: &mut Ir, f: OpId, types: &[Type], loc: Location) -> Vec<ValueId> {
    let (mut ins, outs) = signature(ir, f);
    let old = ins.len();
    let mut lists = dicts(ir, f, "arg_attrs", old);
    ins.extend_from_slice(types);
    lists.resize(ins.len(), Vec::new());
    set_function_type(ir, f, &ins, &outs);
    set_dicts(ir, f, "arg_attrs", &lists);
    let Some(entry) = ir.regions(f).first().and_then(|&r| ir.entry_block(r)) else { return Vec::new() };
    types.iter().map(|&t| ir.add_block_arg(entry, t, loc)).collect()
}

/// The unique `func.return` of `f`'s body, `None` when there is none or
/// several (upstream's `getAssumedUniqueReturnOp`).
pub fn unique_return(ir: &Ir, f: OpId) -> Option<OpId> {
    let body = *ir.regions(f).first()?;
    let mut found = None;
    for b in ir.region_blocks(body) {
        if let Some(t) = ir.terminator(b) {
            if crate::func::ReturnOp::matches(ir, t) {
                if found.is_some() {
                    return None;
                }
                found = Some(t);
            }
        }
    }
    found
}

/// True when `f` is a declaration (no body).
pub fn is_external(ir: &Ir, f: OpId) -> bool {
    ir.regions(f).first().is_none_or(|&r| ir.region_is_empty(r))
}

/// The `func.func` a call op names (through the `CallOp` interface and
/// the nearest symbol table).
pub fn called_function(ir: &Ir, call: OpId) -> Option<OpId> {
    let f = ir::interfaces::resolve_callee(ir, call)?;
    FuncOp::matches(ir, f).then_some(f)
}

/// Inserts `types` into `list` at the positions `at` (indices into the
/// original list, ascending; equal ones keep their order), as MLIR's
/// `insertTypesInto` and the argument-attribute migration do.
fn insert_at<T: Clone>(list: &[T], at: &[usize], new: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(list.len() + new.len());
    let mut old = 0;
    for (&i, v) in at.iter().zip(new) {
        let i = i.min(list.len());
        if i > old {
            out.extend_from_slice(&list[old..i]);
            old = i;
        }
        out.push(v.clone());
    }
    out.extend_from_slice(&list[old..]);
    out
}

/// Inserts arguments into `f` (MLIR's `FunctionOpInterface::insertArguments`):
/// argument `k` of `types` goes before original argument `at[k]` (`at`
/// ascending), with attributes `attrs[k]` and, in the entry block when
/// there is a body, location `locs[k]`.
pub fn insert_arguments(
    ir: &mut Ir,
    f: OpId,
    at: &[usize],
    types: &[Type],
    attrs: &[Vec<NamedAttr>],
    locs: &[Location],
) {
    if at.is_empty() {
        return;
    }
    let (ins, outs) = signature(ir, f);
    let lists = dicts(ir, f, "arg_attrs", ins.len());
    set_dicts(ir, f, "arg_attrs", &insert_at(&lists, at, attrs));
    set_function_type(ir, f, &insert_at(&ins, at, types), &outs);
    if let Some(entry) = ir.regions(f).first().and_then(|&r| ir.entry_block(r)) {
        for (k, (&i, &t)) in at.iter().zip(types).enumerate() {
            ir.insert_block_arg(entry, i + k, t, locs[k]);
        }
    }
}

/// Inserts results into `f`'s type and `res_attrs` (MLIR's
/// `FunctionOpInterface::insertResults`; the returns are not changed).
pub fn insert_results(ir: &mut Ir, f: OpId, at: &[usize], types: &[Type], attrs: &[Vec<NamedAttr>]) {
    if at.is_empty() {
        return;
    }
    let (ins, outs) = signature(ir, f);
    let lists = dicts(ir, f, "res_attrs", outs.len());
    set_dicts(ir, f, "res_attrs", &insert_at(&lists, at, attrs));
    set_function_type(ir, f, &ins, &insert_at(&outs, at, types));
}

/// Erases the arguments of `f` whose `mask` entry is true: from the type,
/// `arg_attrs` and the entry block (whose arguments must be unused).
pub fn erase_arguments(ir: &mut Ir, f: OpId, mask: &[bool]) {
    if !mask.iter().any(|&m| m) {
        return;
    }
    let (ins, outs) = signature(ir, f);
    let lists = dicts(ir, f, "arg_attrs", ins.len());
    let keep = |i: &usize| !mask.get(*i).copied().unwrap_or(false);
    let new_ins: Vec<Type> = ins.iter().enumerate().filter(|(i, _)| keep(i)).map(|(_, &t)| t).collect();
    let new_lists: Vec<Vec<NamedAttr>> =
        lists.into_iter().enumerate().filter(|(i, _)| keep(i)).map(|(_, l)| l).collect();
    set_function_type(ir, f, &new_ins, &outs);
    set_dicts(ir, f, "arg_attrs", &new_lists);
    if let Some(entry) = ir.regions(f).first().and_then(|&r| ir.entry_block(r)) {
        for i in (0..ins.len()).rev().filter(|i| !keep(i)) {
            ir.erase_block_arg(entry, i);
        }
    }
}

/// Attribute `name` of result `i` of `f`.
pub fn result_attr(ir: &Ir, f: OpId, i: usize, name: &str) -> Option<Attribute> {
    let ctx = ir.ctx();
    result_attrs(ir, f, i).iter().find(|a| ctx.str(a.name) == name).map(|a| a.value)
}

/// Sets `f`'s type as MLIR's `FunctionOpInterface::setType` does: fewer
/// arguments or results keep the first attribute dictionaries, more get
/// empty ones (the body is not changed).
pub fn set_type(ir: &mut Ir, f: OpId, inputs: &[Type], results: &[Type]) {
    let (ins, outs) = signature(ir, f);
    let mut args = dicts(ir, f, "arg_attrs", ins.len());
    let mut res = dicts(ir, f, "res_attrs", outs.len());
    set_function_type(ir, f, inputs, results);
    if ins.len() != inputs.len() {
        args.resize(inputs.len(), Vec::new());
        set_dicts(ir, f, "arg_attrs", &args);
    }
    if outs.len() != results.len() {
        res.resize(results.len(), Vec::new());
        set_dicts(ir, f, "res_attrs", &res);
    }
}
