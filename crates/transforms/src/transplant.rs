//! Copying the body of an isolated op from one [`Ir`] arena to another.
//!
//! Parallel function passes (see [`crate::pass`]) give each function its
//! own arena: [`extract`] copies a function (the op, its attributes and
//! its regions) into a fresh `Ir`, the passes run there on their own
//! thread, and [`splice_back`] replaces the original body by the result.
//! Only ops with no operands, results or successors are moved this way,
//! and only when nothing inside them uses a value from outside (that is,
//! when they really are isolated from above), so the copy is
//! self-contained. Copying is iterative (no recursion on nesting depth)
//! and linear in the size of the body.

use ir::{BlockId, InsertPoint, Ir, Location, OpId, OpSpec, RegionId, Type, ValueId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// Value and block correspondences while copying.
#[derive(Default)]
struct Maps {
    values: FxHashMap<ValueId, ValueId>,
    blocks: FxHashMap<BlockId, BlockId>,
    /// Placeholders created in the destination for values not copied yet
    /// (uses that precede their definition, as in graph regions).
    pending: FxHashMap<ValueId, ValueId>,
}

/// True when `op` can be moved into its own arena: no operands, results or
/// successors.
pub fn is_movable(ir: &Ir, op: OpId) -> bool {
    ir.num_operands(op) == 0 && ir.num_results(op) == 0 && ir.successors(op).is_empty()
}

/// Copies `op` into a fresh arena sharing `ir`'s context. Returns the new
/// arena and the copy of `op`, or `None` when `op` is not movable or its
/// body uses values defined outside it.
pub fn extract(ir: &Ir, op: OpId) -> Option<(Ir, OpId)> {
    if !is_movable(ir, op) {
        return None;
    }
    let mut sub = Ir::new(ir.ctx_arc().clone());
    let spec = OpSpec {
        name: ir.op_name(op),
        loc: ir.op_loc(op),
        operands: &[],
        results: &[],
        attrs: ir.attrs(op),
        successors: &[],
        num_regions: ir.regions(op).len(),
        props: ir.props(op),
    };
    let root = sub.create_op(spec);
    let pairs: Vec<(RegionId, RegionId)> = ir.regions(op).iter().copied().zip(sub.regions(root).to_vec()).collect();
    copy_regions(ir, &mut sub, pairs)?;
    Some((sub, root))
}

/// Replaces the body, attributes, properties and location of `op` in `ir`
/// by those of `root` in `sub`. The old blocks of `op` are unlinked (left
/// unreachable in the arena, like erased ops). Returns false when the
/// copy failed (a use of a value from outside `root`); `op` then keeps its
/// old body.
pub fn splice_back(ir: &mut Ir, op: OpId, sub: &Ir, root: OpId) -> bool {
    let old: Vec<RegionId> = ir.regions(op).to_vec();
    if old.len() != sub.regions(root).len() {
        return false;
    }
    // Park the old blocks in detached regions, then copy the new ones in.
    let mut parked = Vec::with_capacity(old.len());
    for &r in &old {
        let hold = ir.create_region();
        ir.inline_region_before(r, hold, None);
        parked.push(hold);
    }
    let pairs: Vec<(RegionId, RegionId)> = sub.regions(root).iter().copied().zip(old.iter().copied()).collect();
    if copy_regions(sub, ir, pairs).is_none() {
        for (&r, &hold) in old.iter().zip(&parked) {
            let fresh: Vec<BlockId> = ir.region_blocks(r).collect();
            for b in fresh {
                ir.erase_block(b);
            }
            ir.inline_region_before(hold, r, None);
        }
        return false;
    }
    if ir.attrs(op) != sub.attrs(root) {
        ir.set_attrs(op, sub.attrs(root));
    }
    if ir.props(op) != sub.props(root) {
        ir.set_props(op, sub.props(root));
    }
    ir.set_op_loc(op, sub.op_loc(root));
    true
}

/// The position of `op` under `root`: (region index, block index, op
/// index) steps from the root down.
pub fn path_from(ir: &Ir, root: OpId, op: OpId) -> Option<Vec<(usize, usize, usize)>> {
    let mut steps = Vec::new();
    let mut cur = op;
    while cur != root {
        let block = ir.op_block(cur)?;
        let region = ir.block_region(block)?;
        let parent = ir.region_parent_op(region)?;
        let oi = ir.block_ops(block).position(|o| o == cur)?;
        let bi = ir.region_blocks(region).position(|b| b == block)?;
        steps.push((ir.region_index(region), bi, oi));
        cur = parent;
    }
    steps.reverse();
    Some(steps)
}

/// Follows a path computed by [`path_from`] from `root`.
pub fn follow_path(ir: &Ir, root: OpId, path: &[(usize, usize, usize)]) -> Option<OpId> {
    let mut cur = root;
    for &(ri, bi, oi) in path {
        let r = *ir.regions(cur).get(ri)?;
        let b = ir.region_blocks(r).nth(bi)?;
        cur = ir.block_ops(b).nth(oi)?;
    }
    Some(cur)
}

/// Copies the blocks of each source region (in `src`) to the end of the
/// paired destination region (in `dst`). `None` when a copied op uses a
/// value that was not copied.
fn copy_regions(src: &Ir, dst: &mut Ir, pairs: Vec<(RegionId, RegionId)>) -> Option<()> {
    let mut maps = Maps::default();
    let mut work: Vec<(RegionId, RegionId)> = pairs;
    work.reverse();
    while let Some((sr, dr)) = work.pop() {
        let blocks: SmallVec<[BlockId; 4]> = src.region_blocks(sr).collect();
        for &b in &blocks {
            let args = src.block_args(b);
            let tys: SmallVec<[Type; 4]> = args.iter().map(|&a| src.value_type(a)).collect();
            let locs: SmallVec<[Location; 4]> = args.iter().map(|&a| src.value_loc(a)).collect();
            let nb = dst.append_block(dr, &tys, &locs);
            maps.blocks.insert(b, nb);
            for (i, &a) in args.iter().enumerate() {
                let na = dst.block_arg(nb, i);
                maps.values.insert(a, na);
            }
        }
        // Nested regions are copied after the enclosing ones, so the values
        // they use from enclosing blocks are mapped by then.
        let mut nested: SmallVec<[(RegionId, RegionId); 4]> = SmallVec::new();
        for &b in &blocks {
            let nb = maps.blocks[&b];
            for o in src.block_ops(b) {
                let mut operands: SmallVec<[ValueId; 4]> = SmallVec::with_capacity(src.num_operands(o));
                for v in src.operands(o) {
                    let mapped = match maps.values.get(&v) {
                        Some(&m) => m,
                        None => *maps
                            .pending
                            .entry(v)
                            .or_insert_with(|| dst.create_detached_value(src.value_type(v), src.value_loc(v))),
                    };
                    operands.push(mapped);
                }
                let results = src.result_types(o);
                let mut succs: SmallVec<[BlockId; 2]> = SmallVec::new();
                for s in src.successors(o) {
                    succs.push(*maps.blocks.get(s)?);
                }
                let loc = src.op_loc(o);
                let spec = OpSpec {
                    name: src.op_name(o),
                    loc,
                    operands: &operands,
                    results: &results,
                    attrs: src.attrs(o),
                    successors: &succs,
                    num_regions: src.regions(o).len(),
                    props: src.props(o),
                };
                let c = dst.create_op(spec);
                dst.insert_op(c, InsertPoint::BlockEnd(nb));
                for (i, r) in src.results(o).enumerate() {
                    let nr = dst.result(c, i);
                    let rl = src.value_loc(r);
                    if rl != loc {
                        dst.set_value_loc(nr, rl);
                    }
                    maps.values.insert(r, nr);
                }
                for (i, &r) in src.regions(o).iter().enumerate() {
                    nested.push((r, dst.region(c, i)));
                }
            }
        }
        for p in nested.into_iter().rev() {
            work.push(p);
        }
    }
    for (v, placeholder) in std::mem::take(&mut maps.pending) {
        let real = *maps.values.get(&v)?;
        dst.replace_all_uses(placeholder, real);
    }
    Some(())
}
