//! The end of a conversion: resolving the materialization placeholders,
//! materializing what replaced values and converted block arguments still
//! need, checking erased results, and committing the recorded
//! replacements (MLIR's `OperationConverter::finalize` and
//! `applyRewrites`).

use super::rewriter::{ConversionRewriter, MatKind, Rewrite};
use ir::{Diagnostic, InsertPoint, OpId, Type, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use syntax::print_attr::type_to_string;
use syntax::printer::{PrintOptions, ScopedOpPrinter};

/// `op` as MLIR prints it in a note (custom form, named in its scope).
fn op_to_string(ir: &ir::Ir, op: OpId) -> String {
    ScopedOpPrinter::for_op(ir, op, PrintOptions::default()).op_text(op)
}

type Inverse = FxHashMap<ValueId, Vec<ValueId>>;

fn inverse_mapping(rw: &ConversionRewriter<'_>) -> Inverse {
    let mut keys: Vec<(ValueId, ValueId)> = rw.mapping.iter().map(|(&k, &v)| (k, v)).collect();
    keys.sort_unstable();
    let mut inv: Inverse = FxHashMap::default();
    for (k, v) in keys {
        inv.entry(v).or_default().push(k);
    }
    inv
}

/// The first user of `v` the conversion keeps.
fn live_user(rw: &ConversionRewriter<'_>, v: ValueId) -> Option<OpId> {
    let mut users: Vec<OpId> = rw.ir.users(v).collect();
    users.sort_unstable_by_key(|&u| u);
    users.into_iter().find(|&u| !rw.is_ignored(u))
}

fn is_cast(rw: &ConversionRewriter<'_>, op: OpId) -> bool {
    rw.ir.op_name_str(op) == "builtin.unrealized_conversion_cast"
}

/// Replaces the result of a materialization with `new`, in the IR and in
/// the mapping.
fn replace_materialization(rw: &mut ConversionRewriter<'_>, res: ValueId, new: ValueId, inv: &mut Inverse) {
    rw.replace_all_uses(res, new);
    if let Some(keys) = inv.get(&res).cloned() {
        for k in keys {
            if !try_map(rw, k, new) {
                rw.unmap(k);
            }
        }
    }
}

/// Maps `old` to `new` unless that would close a cycle.
fn try_map(rw: &mut ConversionRewriter<'_>, old: ValueId, new: ValueId) -> bool {
    let mut it = Some(new);
    while let Some(v) = it {
        if v == old {
            return false;
        }
        it = rw.mapping.get(&v).copied();
    }
    rw.map(old, new);
    true
}

fn types_text(rw: &ConversionRewriter<'_>, vals: &[ValueId]) -> String {
    vals.iter().map(|&v| type_to_string(rw.ir.ctx(), rw.ir.value_type(v))).collect::<Vec<_>>().join(", ")
}

/// Insertion point right after `v` is defined.
fn after_value(rw: &ConversionRewriter<'_>, v: ValueId) -> InsertPoint {
    match rw.ir.defining_op(v) {
        Some(d) => InsertPoint::After(d),
        None => InsertPoint::BlockStart(rw.ir.value_block(v).expect("block argument")),
    }
}

/// Which placeholders must become real materializations: those whose
/// value (or a value it replaced) still has a user the conversion keeps,
/// after folding away the ones that cancel out.
fn necessary_materializations(rw: &mut ConversionRewriter<'_>, inv: &mut Inverse) -> Vec<OpId> {
    let mut order: Vec<OpId> = Vec::new();
    let mut necessary: FxHashSet<OpId> = FxHashSet::default();
    let mut worklist: Vec<OpId> = Vec::new();
    let mut queued: FxHashSet<OpId> = FxHashSet::default();
    for r in &rw.rewrites {
        if let Rewrite::Materialization { op, .. } = *r {
            if queued.insert(op) {
                worklist.push(op);
            }
        }
    }
    while let Some(op) = worklist.pop() {
        queued.remove(&op);
        let res = rw.ir.result(op, 0);
        let out_ty = rw.ir.value_type(res);
        let inputs = rw.ir.operand_vec(op);
        let input_types: Vec<Type> = inputs.iter().map(|&v| rw.ir.value_type(v)).collect();
        let users: Vec<OpId> = rw.ir.users(res).collect();
        for u in users {
            if !is_cast(rw, u) || rw.ir.result_types(u).as_slice() != input_types.as_slice() || inputs.len() != 1 {
                continue;
            }
            replace_materialization(rw, res, inputs[0], inv);
            necessary.remove(&u);
        }
        if let [input] = inputs.as_slice() {
            if let Some(r) = lookup_remapped(rw, res, *input, out_ty) {
                if r != res {
                    replace_materialization(rw, res, r, inv);
                    necessary.remove(&op);
                    continue;
                }
            }
        }
        if !is_live(rw, res, &necessary, inv) || !necessary.insert(op) {
            continue;
        }
        order.push(op);
        for &input in &inputs {
            if let Some(d) = rw.ir.defining_op(input) {
                if rw.mats.contains_key(&d) && queued.insert(d) {
                    worklist.push(d);
                }
            }
        }
    }
    let mut seen = FxHashSet::default();
    order.into_iter().filter(|o| necessary.contains(o) && seen.insert(*o)).collect()
}

fn lookup_remapped(rw: &ConversionRewriter<'_>, invalid_root: ValueId, value: ValueId, ty: Type) -> Option<ValueId> {
    let r = rw.lookup_or_default(value, Some(ty));
    if rw.ir.value_type(r) == ty && r != invalid_root {
        return Some(r);
    }
    let d = rw.ir.defining_op(value)?;
    if is_cast(rw, d) && rw.ir.num_operands(d) == 1 {
        return lookup_remapped(rw, invalid_root, rw.ir.operand(d, 0), ty);
    }
    None
}

fn is_live(rw: &ConversionRewriter<'_>, v: ValueId, necessary: &FxHashSet<OpId>, inv: &Inverse) -> bool {
    let dead = |u: OpId| if rw.mats.contains_key(&u) { !necessary.contains(&u) } else { rw.is_ignored(u) };
    let mut work = vec![v];
    let mut seen = FxHashSet::default();
    while let Some(x) = work.pop() {
        if !seen.insert(x) {
            continue;
        }
        if rw.ir.users(x).any(|u| !dead(u)) {
            return true;
        }
        if let Some(ks) = inv.get(&x) {
            work.extend(ks.iter().copied());
        }
    }
    false
}

fn legalize_materialization(rw: &mut ConversionRewriter<'_>, op: OpId, inv: &mut Inverse) -> Result<(), Diagnostic> {
    if !rw.ignored.insert(op) {
        return Ok(());
    }
    let res = rw.ir.result(op, 0);
    let inputs = rw.ir.operand_vec(op);
    let out_ty = rw.ir.value_type(res);
    for &v in &inputs {
        if let Some(d) = rw.ir.defining_op(v) {
            if rw.mats.contains_key(&d) {
                legalize_materialization(rw, d, inv)?;
            }
        }
    }
    let inputs = rw.ir.operand_vec(op);
    if let [input] = inputs.as_slice() {
        let r = rw.lookup_or_default(*input, Some(out_ty));
        if rw.ir.value_type(r) == out_ty && r != res {
            replace_materialization(rw, res, r, inv);
            return Ok(());
        }
    }
    let (kind, converter) = match &rw.rewrites[rw.mats[&op]] {
        Rewrite::Materialization { kind, converter, .. } => (*kind, converter.clone()),
        _ => unreachable!("materialization index"),
    };
    if let Some(c) = converter {
        let loc = rw.ir.op_loc(op);
        let ip = InsertPoint::Before(op);
        let built = match kind {
            MatKind::Argument => c
                .materialize_argument(rw.ir, ip, out_ty, &inputs, loc)
                .or_else(|| c.materialize_target(rw.ir, ip, out_ty, &inputs, loc)),
            MatKind::Target => c.materialize_target(rw.ir, ip, out_ty, &inputs, loc),
            MatKind::Source => c.materialize_source(rw.ir, ip, out_ty, &inputs, loc),
        };
        if let Some(v) = built {
            replace_materialization(rw, res, v, inv);
            return Ok(());
        }
    }
    let mut d = Diagnostic::error(
        rw.ir.op_loc(op),
        format!(
            "failed to legalize unresolved materialization from ({}) to {} that remained live after conversion",
            types_text(rw, &inputs),
            type_to_string(rw.ir.ctx(), out_ty)
        ),
    )
    .with_op(op);
    if let Some(u) = live_user(rw, res) {
        d = d.with_note(rw.ir.op_loc(u), format!("see existing live user here: {}", op_to_string(rw.ir, u)));
    }
    Err(d)
}

/// A user the conversion keeps of `v` or of a value `v` replaced.
fn live_user_of_replaced(rw: &ConversionRewriter<'_>, v: ValueId, inv: &Inverse) -> Option<OpId> {
    let mut work = vec![v];
    let mut seen = FxHashSet::default();
    while let Some(x) = work.pop() {
        if !seen.insert(x) {
            continue;
        }
        if let Some(u) = live_user(rw, x) {
            return Some(u);
        }
        if let Some(ks) = inv.get(&x) {
            work.extend(ks.iter().copied());
        }
    }
    None
}

/// Runs everything that happens once every op has been legalized.
pub(crate) fn finalize(rw: &mut ConversionRewriter<'_>) -> Result<(), Diagnostic> {
    let mut inv = inverse_mapping(rw);
    for op in necessary_materializations(rw, &mut inv) {
        legalize_materialization(rw, op, &mut inv)?;
    }
    // Converted block arguments that are still used without a value of
    // their old type.
    let mut i = 0;
    while i < rw.rewrites.len() {
        if let Rewrite::BlockConversion { old, new, converter } = &rw.rewrites[i] {
            let (old, new, converter) = (*old, *new, converter.clone());
            let args = rw.ir.block_args(old).to_vec();
            for (n, arg) in args.into_iter().enumerate() {
                let ty = rw.ir.value_type(arg);
                if rw.lookup_or_null(arg, Some(ty)).is_some() {
                    continue;
                }
                let Some(user) = live_user(rw, arg) else { continue };
                let repl = rw.lookup_or_default(arg, None);
                let ip = if repl == arg { InsertPoint::BlockStart(new) } else { after_value(rw, repl) };
                let loc = rw.ir.value_loc(arg);
                let built = converter.as_ref().and_then(|c| c.materialize_source(rw.ir, ip, ty, &[repl], loc));
                match built {
                    Some(v) => rw.map(arg, v),
                    None => {
                        return Err(Diagnostic::error(
                            loc,
                            format!("failed to materialize conversion for block argument #{n} that remained live after conversion, type was {}", type_to_string(rw.ir.ctx(), ty)),
                        )
                        .with_note(rw.ir.op_loc(user), format!("see existing live user here: {}", op_to_string(rw.ir, user))))
                    }
                }
            }
        }
        i += 1;
    }
    // Replaced results: erased ones must be dead, ones replaced by another
    // type need a source materialization for their remaining users.
    let mut inv: Option<Inverse> = None;
    let mut i = 0;
    while i < rw.rewrites.len() {
        if let Rewrite::ReplaceOp { op, converter, changed: true } = &rw.rewrites[i] {
            let (op, converter) = (*op, converter.clone());
            let name = rw.ir.op_name_str(op).to_string();
            for n in 0..rw.ir.num_results(op) {
                let r = rw.ir.result(op, n);
                let Some(new) = rw.lookup_or_null(r, None) else {
                    if let Some(u) = live_user(rw, r) {
                        return Err(Diagnostic::error(
                            rw.ir.op_loc(op),
                            format!("failed to legalize operation '{name}' marked as erased"),
                        )
                        .with_op(op)
                        .with_note(
                            rw.ir.op_loc(u),
                            format!("found live user of result #{n}: {}", op_to_string(rw.ir, u)),
                        ));
                    }
                    continue;
                };
                if rw.ir.value_type(new) == rw.ir.value_type(r) {
                    continue;
                }
                let inv = inv.get_or_insert_with(|| inverse_mapping(rw));
                let Some(user) = live_user_of_replaced(rw, r, inv) else { continue };
                let ty = rw.ir.value_type(r);
                let loc = rw.ir.op_loc(op);
                let built = converter
                    .as_ref()
                    .and_then(|c| c.materialize_source(rw.ir, InsertPoint::Before(op), ty, &[new], loc));
                match built {
                    Some(v) => rw.map(r, v),
                    None => {
                        return Err(Diagnostic::error(loc, format!("failed to materialize conversion for result #{n} of operation '{name}' that remained live after conversion"))
                            .with_op(op)
                            .with_note(rw.ir.op_loc(user), format!("see existing live user here: {}", op_to_string(rw.ir, user))))
                    }
                }
            }
        }
        i += 1;
    }
    Ok(())
}

/// Makes the recorded replacements take effect and erases what was
/// replaced, the placeholders and the old blocks.
pub(crate) fn commit(rw: &mut ConversionRewriter<'_>) {
    let rewrites = std::mem::take(&mut rw.rewrites);
    for r in &rewrites {
        match *r {
            Rewrite::ReplaceArg(arg) => {
                let ty = rw.ir.value_type(arg);
                let Some(repl) = rw.lookup_or_null(arg, Some(ty)) else { continue };
                match rw.ir.defining_op(repl) {
                    None => rw.ir.replace_all_uses(arg, repl),
                    Some(def) => {
                        let block = rw.ir.op_block(def);
                        rw.ir.replace_uses_if(arg, repl, |ir, u| {
                            let user = ir.use_owner(u);
                            ir.op_block(user) != block || ir.is_before_in_block(def, user)
                        });
                    }
                }
            }
            Rewrite::ReplaceOp { op, .. } => {
                for n in 0..rw.ir.num_results(op) {
                    let r = rw.ir.result(op, n);
                    let ty = rw.ir.value_type(r);
                    if let Some(repl) = rw.lookup_or_null(r, Some(ty)) {
                        rw.ir.replace_all_uses(r, repl);
                    }
                }
            }
            _ => {}
        }
    }
    let mut ops: Vec<OpId> = Vec::new();
    let mut blocks = Vec::new();
    for r in &rewrites {
        match *r {
            Rewrite::ReplaceOp { op, .. } | Rewrite::Materialization { op, .. } => ops.push(op),
            Rewrite::BlockConversion { old, .. } | Rewrite::EraseBlock(old) => blocks.push(old),
            _ => {}
        }
    }
    for &op in &ops {
        if rw.ir.is_alive(op) && rw.ir.num_operands(op) > 0 {
            rw.ir.set_operands(op, &[]);
        }
    }
    for &op in &ops {
        if rw.ir.is_alive(op) {
            rw.ir.erase_op(op);
        }
    }
    for b in blocks {
        if rw.ir.block_is_alive(b) {
            rw.ir.erase_block(b);
        }
    }
}
