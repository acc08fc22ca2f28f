//! A small partial conversion for one-to-one lowerings, as MLIR's
//! `applyPartialConversion` runs the lowerings of `bufferization.dealloc`
//! (`bufferization-lower-deallocations`) and of the bufferization ops
//! `convert-bufferization-to-memref` lowers: the order ops are
//! visited in, folding before lowering, the diagnostics of an op that
//! cannot be lowered, and when the replacements take effect.
//!
//! **What it shares with the framework** (`transforms::conversion`): the
//! visiting order ([`conversion_order`]: pre-order, the blocks of a region
//! in depth-first order of their successors from the entry block, so an op
//! in an unreachable block is left alone, MLIR's
//! `ForwardDominanceIterator`) and the fold step ([`try_fold`], MLIR's
//! `OpBuilder::tryFold`, also behind [`create_or_fold`]).
//!
//! **Why it does not run through `apply_partial_conversion`:**
//! - a lowering reports its own errors (the generic dealloc lowering's
//!   "library function required for generic lowering, but cannot be
//!   automatically inserted when operating on functions"), which upstream
//!   prints *before* "failed to legalize operation"; a framework pattern
//!   can only decline (`NoMatch`), so those messages would be lost;
//! - the lowerings borrow pass state (the dealloc helper function each
//!   lowering calls, built once per module before the walk), while the
//!   framework's pattern sets hold `'static` patterns;
//! - the framework legalizes every op a pattern builds against its
//!   target, journals every change for rollback and resolves
//!   materializations: none of which a one-to-one lowering of ops without
//!   type conversion needs (it would only cost time on large modules).
//!
//! The driver:
//! - visits ops in the shared order; an illegal op is first folded
//!   (repeatedly while its folder updates it in place); when that does not
//!   replace it, its lowering runs;
//! - a lowering builds the new ops before the op. Replacements are applied
//!   once every illegal op is lowered, as MLIR applies its rewrites at the
//!   end: a lowering sees the original IR around it (a later op still uses
//!   the results of an earlier lowered one);
//! - the first illegal op that is neither folded nor lowered fails the
//!   conversion with "failed to legalize operation '…' that was explicitly
//!   marked illegal", after whatever its lowering reported. The IR is then
//!   left as it was at that point (MLIR prints the op in that state in its
//!   "see current operation" note, and the pass has failed, so nothing else
//!   sees it).

use ir::{Diagnostic, Ir, OpId, ValueId};
use smallvec::SmallVec;
use transforms::conversion::{conversion_order, try_fold, FoldAttempt};

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

/// Folds the op just created, as `OpBuilder::createOrFold`: when it folds
/// to other values it is erased and those are returned; otherwise (also
/// after an in-place update) its results.
pub fn create_or_fold(ir: &mut Ir, op: OpId) -> SmallVec<[ValueId; 4]> {
    match try_fold(ir, op) {
        FoldAttempt::Values(values) => {
            ir.erase_op(op);
            values
        }
        FoldAttempt::Failed | FoldAttempt::InPlace => ir.results(op).collect(),
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
            match try_fold(ir, op) {
                FoldAttempt::InPlace => continue,
                FoldAttempt::Failed => {}
                FoldAttempt::Values(values) => folded = Some(values),
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
