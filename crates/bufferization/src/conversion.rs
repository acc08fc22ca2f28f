//! A small partial conversion for one-to-one lowerings (the general
//! framework is `transforms::conversion`; this one keeps the exact
//! behaviour the dealloc lowerings were built and tested against), as MLIR's
//! `applyPartialConversion` runs the lowerings of `bufferization.dealloc`
//! and `bufferization.clone`: the order ops are visited in, folding before
//! lowering, the diagnostics of an op that cannot be lowered, and when the
//! replacements take effect.
//!
//! - Ops are visited in pre-order; the blocks of a region in depth-first
//!   order of their successors from the entry block, so an op in an
//!   unreachable block is left alone (MLIR's `ForwardDominanceIterator`).
//! - An illegal op is first folded (repeatedly while its folder updates it
//!   in place); when that does not replace it, its lowering runs.
//! - A lowering builds the new ops before the op. Replacements are applied
//!   once every illegal op is lowered, as MLIR applies its rewrites at the
//!   end: a lowering sees the original IR around it (a later op still uses
//!   the results of an earlier lowered one).
//! - The first illegal op that is neither folded nor lowered fails the
//!   conversion with "failed to legalize operation '…' that was explicitly
//!   marked illegal", after whatever its lowering reported. The IR is then
//!   left as it was at that point (MLIR prints the op in that state in its
//!   "see current operation" note, and the pass has failed, so nothing else
//!   sees it).

use ir::{Diagnostic, FoldOutcome, Ir, OpFoldResult, OpId, ValueId};
use smallvec::SmallVec;
use transforms::conversion::conversion_order;
use transforms::greedy::{fold_op, materialize_constant};

/// What a lowering did with an op.
pub enum Lowering {
    /// New ops were built before the op; these values replace its results.
    Replaced(SmallVec<[ValueId; 4]>),
    /// The lowering does not apply (nothing was built).
    NoMatch,
    /// The lowering reported this error (nothing was built).
    Failed(Diagnostic),
}

/// Folding gives up after this many in-place updates in a row (a folder
/// that keeps reporting progress without changing anything).
const MAX_IN_PLACE_FOLDS: usize = 64;

/// What one fold of an op gave.
enum Folded {
    /// Nothing.
    No,
    /// The op updated itself.
    InPlace,
    /// Other values replace the op's results (constants were materialized
    /// before the op, which is left in place for the caller).
    Values(SmallVec<[ValueId; 4]>),
}

/// Folds `op` once, as `OpBuilder::tryFold` does.
fn fold_once(ir: &mut Ir, op: OpId) -> Folded {
    let rs = match fold_op(ir, op) {
        FoldOutcome::Failure => return Folded::No,
        FoldOutcome::InPlace => return Folded::InPlace,
        FoldOutcome::Results(rs) => rs,
    };
    if rs.len() != ir.num_results(op) {
        return Folded::No;
    }
    if rs.iter().enumerate().all(|(i, r)| *r == OpFoldResult::Value(ir.result(op, i))) {
        return Folded::InPlace;
    }
    let mut values = SmallVec::new();
    let mut created = Vec::new();
    for (i, r) in rs.iter().enumerate() {
        match *r {
            OpFoldResult::Value(v) => values.push(v),
            OpFoldResult::Attr(a) => {
                let ty = ir.value_type(ir.result(op, i));
                let Some(c) = materialize_constant(ir, op, a, ty) else {
                    created.into_iter().for_each(|c| ir.erase_op(c));
                    return Folded::No;
                };
                created.push(c);
                values.push(ir.result(c, 0));
            }
        }
    }
    Folded::Values(values)
}

/// Folds the op just created, as `OpBuilder::createOrFold`: when it folds
/// to other values it is erased and those are returned; otherwise (also
/// after an in-place update) its results.
pub fn create_or_fold(ir: &mut Ir, op: OpId) -> SmallVec<[ValueId; 4]> {
    match fold_once(ir, op) {
        Folded::Values(values) => {
            ir.erase_op(op);
            values
        }
        Folded::No | Folded::InPlace => ir.results(op).collect(),
    }
}

/// Lowers every op under `root` for which `is_illegal` holds with `lower`,
/// as described in the module doc. On failure the error names the first op
/// that could not be legalized (after what its lowering reported).
pub fn convert_partially(
    ir: &mut Ir,
    root: OpId,
    is_illegal: impl Fn(&Ir, OpId) -> bool,
    mut lower: impl FnMut(&mut Ir, OpId) -> Lowering,
) -> Result<(), Diagnostic> {
    let mut replaced: Vec<(OpId, SmallVec<[ValueId; 4]>)> = Vec::new();
    for op in conversion_order(ir, root, |_, _| false) {
        if !is_illegal(ir, op) {
            continue;
        }
        // Fold first, again after each in-place update (MLIR legalizes the
        // updated op anew).
        let mut folded = None;
        for _ in 0..MAX_IN_PLACE_FOLDS {
            match fold_once(ir, op) {
                Folded::InPlace => continue,
                Folded::No => {}
                Folded::Values(values) => folded = Some(values),
            }
            break;
        }
        let failure = |ir: &Ir| {
            Diagnostic::error(
                ir.op_loc(op),
                format!("failed to legalize operation '{}' that was explicitly marked illegal", ir.op_name_str(op)),
            )
            .with_op(op)
        };
        match folded.map(Lowering::Replaced).unwrap_or_else(|| lower(ir, op)) {
            Lowering::Replaced(values) => replaced.push((op, values)),
            Lowering::NoMatch => return Err(failure(ir)),
            Lowering::Failed(d) => return Err(failure(ir).after(d)),
        }
    }
    for (op, values) in replaced {
        for (i, v) in values.into_iter().enumerate() {
            let r = ir.result(op, i);
            ir.replace_all_uses(r, v);
        }
        ir.erase_op(op);
    }
    Ok(())
}
