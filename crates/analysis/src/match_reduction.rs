//! MLIR's generic reduction matcher (`matchReduction` of
//! `SliceAnalysis.cpp`) and the remarks of `test-match-reduction`.
//!
//! Given the iteration-carried block arguments of a single-block region op
//! and one position, a reduction is: the carried value has one use, a
//! binary combiner op that takes it and a reduced value not depending on
//! any carried value; the combiner chain (effect-free, one result, one use,
//! directly in the region op) ends in the terminator, which yields the
//! last combiner's result at the same position. Upstream limits matches to
//! one combiner op.

use crate::test_reports::Report;
use ir::{Diagnostic, Ir, OpId, OpTraits, ValueDef, ValueId};
use rustc_hash::FxHashSet;

/// The reduced value and combiner ops of the reduction of `carried[pos]`,
/// if it is one.
pub fn match_reduction(ir: &Ir, carried: &[ValueId], pos: usize) -> Option<(ValueId, Vec<OpId>)> {
    let red = *carried.get(pos)?;
    if !ir.has_one_use(red) {
        return None;
    }
    let mut combiner = ir.users(red).next()?;
    if ir.num_operands(combiner) != 2 {
        return None;
    }
    let reduced = if ir.operand(combiner, 0) == red { ir.operand(combiner, 1) } else { ir.operand(combiner, 0) };
    let region_op = match ir.value_def(carried[0]) {
        ValueDef::BlockArg { block, .. } => ir.block_parent_op(block)?,
        _ => return None,
    };
    if depends_on_carried(ir, reduced, carried, region_op) {
        return None;
    }
    let mut ops = Vec::new();
    while !might_be_terminator(ir, combiner) {
        if !ir::interfaces::is_memory_effect_free(ir, combiner)
            || ir.num_results(combiner) != 1
            || !ir.has_one_use(ir.result(combiner, 0))
            || ir.parent_op(combiner) != Some(region_op)
        {
            return None;
        }
        ops.push(combiner);
        combiner = ir.users(ir.result(combiner, 0)).next()?;
    }
    if ops.len() != 1 {
        return None;
    }
    let last = ir.result(*ops.last()?, 0);
    if pos >= ir.num_operands(combiner) || ir.operand(combiner, pos) != last {
        return None;
    }
    Some((reduced, ops))
}

/// MLIR's `mightHaveTrait<IsTerminator>`: a terminator, or an unregistered op.
fn might_be_terminator(ir: &Ir, op: OpId) -> bool {
    ir.op_info(op).is_none() || ir.has_trait(op, OpTraits::TERMINATOR)
}

/// True when `v` is a carried value or its backward slice outside
/// `region_op` uses one.
fn depends_on_carried(ir: &Ir, v: ValueId, carried: &[ValueId], region_op: OpId) -> bool {
    if carried.contains(&v) {
        return true;
    }
    let root = match ir.value_def(v) {
        ValueDef::Result { op, .. } => Some(op),
        ValueDef::BlockArg { block, .. } => ir.block_parent_op(block),
        _ => None,
    };
    let Some(root) = root else { return false };
    let mut slice: Vec<OpId> = Vec::new();
    let mut seen: FxHashSet<OpId> = FxHashSet::default();
    backward_slice(ir, root, region_op, &mut seen, &mut slice);
    slice.retain(|&o| o != root);
    slice.iter().any(|&o| ir.operands(o).any(|x| carried.contains(&x)))
}

/// MLIR's `getBackwardSlice` (inclusive of `op`) with the filter "not
/// nested in `scope`".
fn backward_slice(ir: &Ir, op: OpId, scope: OpId, seen: &mut FxHashSet<OpId>, out: &mut Vec<OpId>) {
    if ir.has_trait(op, OpTraits::ISOLATED_FROM_ABOVE) || ir.is_ancestor(scope, op) || !seen.insert(op) {
        return;
    }
    for x in ir.operands(op) {
        let def = match ir.value_def(x) {
            ValueDef::Result { op: d, .. } => Some(d),
            ValueDef::BlockArg { block, .. } => ir.block_parent_op(block),
            _ => None,
        };
        if let Some(d) = def {
            backward_slice(ir, d, scope, seen, out);
        }
    }
    out.push(op);
}

/// `--test-match-reduction` on a function: one remark for the function,
/// then for each single-region, single-block op with at least two block
/// arguments, the reduction found (or not) for each argument but the first.
pub fn report(ir: &Ir, func: OpId) -> Report {
    let mut r = Report::default();
    r.diagnostics.push(Diagnostic::remark(ir.op_loc(func), "Testing function").with_op(func));
    let mut printer: Option<syntax::printer::ScopedOpPrinter<'_>> = None;
    for op in ir.pre_order(func) {
        if crate::test_reports::is_function(ir, op) {
            continue;
        }
        let [region] = ir.regions(op) else { continue };
        let mut blocks = ir.region_blocks(*region);
        let (Some(b), None) = (blocks.next(), blocks.next()) else { continue };
        let args = ir.block_args(b);
        if args.len() < 2 {
            continue;
        }
        let outputs = &args[1..];
        let loc = ir.op_loc(op);
        for i in 0..outputs.len() {
            let Some((reduced, combiners)) = match_reduction(ir, outputs, i) else {
                r.diagnostics.push(Diagnostic::remark(loc, format!("Reduction NOT found in output #{i}!")).with_op(op));
                continue;
            };
            let pr =
                printer.get_or_insert_with(|| syntax::printer::ScopedOpPrinter::for_op(ir, op, Default::default()));
            r.diagnostics.push(Diagnostic::remark(loc, format!("Reduction found in output #{i}!")).with_op(op));
            let value_text = match ir.value_def(reduced) {
                ValueDef::Result { op: d, .. } => pr.op_text(d),
                ValueDef::BlockArg { index, .. } => {
                    let ty = syntax::print_attr::type_to_string(ir.ctx(), ir.value_type(reduced));
                    format!("<block argument> of type '{ty}' at index: {index}")
                }
                _ => String::new(),
            };
            r.diagnostics.push(Diagnostic::remark(loc, format!("Reduced Value: {value_text}")).with_op(op));
            for c in combiners {
                r.diagnostics.push(Diagnostic::remark(loc, format!("Combiner Op: {}", pr.op_text(c))).with_op(op));
            }
        }
    }
    r
}
