//! Small traversal helpers shared by the analyses: pre-order block walks,
//! ancestor lookups across region nesting, and op naming for test output.

use ir::{BlockId, Ir, OpId, RegionId};

/// The blocks nested under `root` (not `root`'s own block) in MLIR's
/// pre-order: a block, then the blocks nested in its ops, then the next
/// block of the region.
pub fn blocks_pre_order(ir: &Ir, root: OpId) -> Vec<BlockId> {
    let mut out = Vec::new();
    let mut stack: Vec<BlockId> = Vec::new();
    push_child_blocks(ir, ir.regions(root), &mut stack);
    while let Some(b) = stack.pop() {
        out.push(b);
        let before = stack.len();
        for op in ir.block_ops(b) {
            for &r in ir.regions(op) {
                stack.extend(ir.region_blocks(r));
            }
        }
        stack[before..].reverse();
    }
    out
}

fn push_child_blocks(ir: &Ir, regions: &[RegionId], stack: &mut Vec<BlockId>) {
    let before = stack.len();
    for &r in regions {
        stack.extend(ir.region_blocks(r));
    }
    stack[before..].reverse();
}

/// The ancestor of block `b` (or `b`) whose region is `r`.
pub fn ancestor_block_in_region(ir: &Ir, r: RegionId, b: BlockId) -> Option<BlockId> {
    ir::dominance::ancestor_block_in_region(ir, r, b)
}

/// The block that holds the op owning `b`'s region.
pub fn parent_block(ir: &Ir, b: BlockId) -> Option<BlockId> {
    ir.block_parent_op(b).and_then(|op| ir.op_block(op))
}

/// The symbol name of an op (`sym_name`), or the empty string.
pub fn symbol_name(ir: &Ir, op: OpId) -> String {
    match ir.attr(op, "sym_name") {
        Some(a) => ir.ctx().str_value(a).map(str::to_string).unwrap_or_default(),
        None => String::new(),
    }
}
