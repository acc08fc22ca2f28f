//! The region and cloning test passes: `--test-take-body` (upstream's
//! `TestRegions.cpp`) and `--test-clone` (`TestClone.cpp`).

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

/// `--test-clone` (upstream's `TestClone.cpp`): in a function whose single
/// block returns values of its arguments' types, clones every op of the
/// block to its end with the arguments mapped to the returned values, then
/// erases the original terminator. Each inserted op is reported on stdout
/// as the builder's listener sees it (the clone and its nested ops, in
/// pre-order).
pub(super) fn test_clone(ir: &mut Ir, f: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
    let [r] = ir.regions(f)[..] else { return Ok(()) };
    let blocks: Vec<_> = ir.region_blocks(r).collect();
    let [entry] = blocks[..] else { return Ok(()) };
    let Some(term) = ir.terminator(entry) else { return Ok(()) };
    let args = ir.block_args(entry).to_vec();
    if ir.num_operands(term) != args.len() {
        return Ok(());
    }
    let mut map = ir::IrMapping::default();
    for (v, &a) in ir.operands(term).zip(&args) {
        if ir.value_type(v) != ir.value_type(a) {
            return Ok(());
        }
        map.map_value(a, v);
    }
    for op in ir.block_ops_vec(entry) {
        let new = ir.clone_op(op, &mut map);
        ir.insert_op(new, ir::InsertPoint::BlockEnd(entry));
        ir.walk_pre(new, |o| {
            cx.stdout.push_str("notifyOperationInserted: ");
            cx.stdout.push_str(ir.op_name_str(o));
            cx.stdout.push('\n');
            ir::WalkResult::Advance
        });
    }
    ir.erase_op(term);
    Ok(())
}
