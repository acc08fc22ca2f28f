//! The symbol and region test passes (upstream's `TestSymbolUses.cpp` and
//! `TestRegions.cpp`): `--test-take-body`.

use crate::pass::PassContext;
use ir::{Diagnostic, Ir, OpId, RegionId};

/// The functions (symbol ops with a callable body) directly in `module`.
fn functions(ir: &Ir, module: OpId) -> Vec<OpId> {
    ir.regions(module)
        .iter()
        .flat_map(|&r| ir.region_blocks(r))
        .flat_map(|b| ir.block_ops(b))
        .filter(|&o| ir::interfaces::callable(ir, o).is_some() && ir::interfaces::symbol_op(ir, o).is_some())
        .collect()
}

/// Erases everything in `r` (MLIR's `dropAllReferences` and `clear`): the
/// ops last to first, so that users go before what they use, then the
/// emptied blocks.
fn clear_region(ir: &mut Ir, r: RegionId) {
    let blocks: Vec<_> = ir.region_blocks(r).collect();
    for &b in blocks.iter().rev() {
        let ops: Vec<OpId> = ir.block_ops(b).collect();
        for o in ops.into_iter().rev() {
            ir.erase_op(o);
        }
    }
    for b in blocks {
        ir.erase_block(b);
    }
}

/// `--test-take-body`: the first of exactly two functions takes the body of
/// the second (`Region::takeBody`).
pub(super) fn take_body(ir: &mut Ir, module: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
    let fs = functions(ir, module);
    let [first, second] = fs[..] else {
        return Err(Diagnostic::error(ir.op_loc(module), "Expected only two functions in test").with_op(module));
    };
    // A function's body is its first region (also when it is empty).
    let (Some(&body), Some(&src)) = (ir.regions(first).first(), ir.regions(second).first()) else { return Ok(()) };
    clear_region(ir, body);
    ir.inline_region_before(src, body, None);
    Ok(())
}
