//! The IR visitor tests (upstream's `TestVisitors.cpp` and
//! `TestVisitorsGeneric.cpp`): MLIR's walkers — ops, blocks and regions in
//! pre- and post-order, in forward, reverse and dominance order, with skip
//! and interrupt, erasing what they visit — re-stated here with MLIR's
//! exact visiting rules, printing each visit on stdout.

use crate::pass::PassContext;
use ir::{BlockId, Diagnostic, Ir, IrMapping, OpId, RegionId, WalkResult};
use std::fmt::Write;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    Pre,
    Post,
}

/// MLIR's walk iterators: the order of regions, blocks and ops at one
/// level.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Iter {
    Forward,
    Reverse,
    /// Blocks in depth-first pre-order over successors (`ForwardDominanceIterator`).
    ForwardDom,
    /// Blocks in post-order over successors, ops and regions reversed
    /// (`ReverseDominanceIterator`).
    ReverseDom,
}

impl Iter {
    fn regions(self, ir: &Ir, op: OpId) -> Vec<RegionId> {
        let mut v = ir.regions(op).to_vec();
        if matches!(self, Iter::Reverse | Iter::ReverseDom) {
            v.reverse();
        }
        v
    }

    fn blocks(self, ir: &Ir, r: RegionId) -> Vec<BlockId> {
        match self {
            Iter::Forward => ir.region_blocks(r).collect(),
            Iter::Reverse => {
                let mut v: Vec<BlockId> = ir.region_blocks(r).collect();
                v.reverse();
                v
            }
            Iter::ForwardDom | Iter::ReverseDom => {
                let Some(entry) = ir.entry_block(r) else { return Vec::new() };
                cfg_order(ir, entry, self == Iter::ReverseDom)
            }
        }
    }

    fn ops(self, ir: &Ir, b: BlockId) -> Vec<OpId> {
        let mut v: Vec<OpId> = ir.block_ops(b).collect();
        if matches!(self, Iter::Reverse | Iter::ReverseDom) {
            v.reverse();
        }
        v
    }
}

/// The blocks reachable from `entry` over successor edges, in depth-first
/// pre-order, or post-order when `post` (LLVM's `depth_first` and
/// `post_order`, successors in order).
fn cfg_order(ir: &Ir, entry: BlockId, post: bool) -> Vec<BlockId> {
    let mut seen = vec![entry];
    let mut out = Vec::new();
    if !post {
        out.push(entry);
    }
    // (block, index of the next successor to look at)
    let mut stack = vec![(entry, 0usize)];
    while let Some(&mut (b, ref mut next)) = stack.last_mut() {
        let succs = ir::interfaces::block_successors(ir, b);
        if let Some(&s) = succs.get(*next) {
            *next += 1;
            if !seen.contains(&s) {
                seen.push(s);
                if !post {
                    out.push(s);
                }
                stack.push((s, 0));
            }
        } else {
            stack.pop();
            if post {
                out.push(b);
            }
        }
    }
    out
}

type OpFn<'a> = dyn FnMut(&mut Ir, OpId) -> WalkResult + 'a;
type BlockFn<'a> = dyn FnMut(&mut Ir, BlockId) -> WalkResult + 'a;
type RegionFn<'a> = dyn FnMut(&mut Ir, RegionId) -> WalkResult + 'a;

/// MLIR's `detail::walk` over ops: a pre-order skip leaves the op's regions
/// out, an interrupt stops everything; a post-order callback's result is
/// passed up (only an interrupt matters).
fn walk_ops(ir: &mut Ir, op: OpId, order: Order, it: Iter, f: &mut OpFn<'_>) -> WalkResult {
    around(ir, op, order, f, |ir, f| {
        for r in it.regions(ir, op) {
            for b in it.blocks(ir, r) {
                if each_live_op(ir, b, it, &mut |ir, o| walk_ops(ir, o, order, it, f)) == WalkResult::Interrupt {
                    return WalkResult::Interrupt;
                }
            }
        }
        WalkResult::Advance
    })
}

/// The callback on `x` before (pre-order: `Skip` skips what is nested) or
/// after (post-order) `nested`, the walk of what `x` holds.
fn around<T: Copy>(
    ir: &mut Ir,
    x: T,
    order: Order,
    f: &mut (dyn FnMut(&mut Ir, T) -> WalkResult + '_),
    nested: impl FnOnce(&mut Ir, &mut (dyn FnMut(&mut Ir, T) -> WalkResult + '_)) -> WalkResult,
) -> WalkResult {
    if order == Order::Pre {
        match f(ir, x) {
            WalkResult::Skip => return WalkResult::Advance,
            WalkResult::Interrupt => return WalkResult::Interrupt,
            WalkResult::Advance => {}
        }
    }
    if nested(ir, f) == WalkResult::Interrupt {
        return WalkResult::Interrupt;
    }
    if order == Order::Post && f(ir, x) == WalkResult::Interrupt {
        return WalkResult::Interrupt;
    }
    WalkResult::Advance
}

/// `g` on each op of `b` still alive when reached, until one interrupts.
fn each_live_op(ir: &mut Ir, b: BlockId, it: Iter, g: &mut dyn FnMut(&mut Ir, OpId) -> WalkResult) -> WalkResult {
    for o in it.ops(ir, b) {
        if ir.is_alive(o) && g(ir, o) == WalkResult::Interrupt {
            return WalkResult::Interrupt;
        }
    }
    WalkResult::Advance
}

/// The blocks nested in `op` (not counting any block `op` is in).
fn walk_blocks(ir: &mut Ir, op: OpId, order: Order, it: Iter, f: &mut BlockFn<'_>) -> WalkResult {
    for r in it.regions(ir, op) {
        for b in it.blocks(ir, r) {
            if !ir.block_is_alive(b) {
                continue;
            }
            if walk_block(ir, b, order, it, f) == WalkResult::Interrupt {
                return WalkResult::Interrupt;
            }
        }
    }
    WalkResult::Advance
}

/// `Block::walk` with a block callback: `b` itself, then the blocks nested
/// in its ops.
fn walk_block(ir: &mut Ir, b: BlockId, order: Order, it: Iter, f: &mut BlockFn<'_>) -> WalkResult {
    around(ir, b, order, f, |ir, f| each_live_op(ir, b, it, &mut |ir, o| walk_blocks(ir, o, order, it, f)))
}

/// The regions nested in `op`.
fn walk_regions(ir: &mut Ir, op: OpId, order: Order, it: Iter, f: &mut RegionFn<'_>) -> WalkResult {
    for r in it.regions(ir, op) {
        if walk_region(ir, r, order, it, f) == WalkResult::Interrupt {
            return WalkResult::Interrupt;
        }
    }
    WalkResult::Advance
}

/// `Region::walk` with a region callback: `r` itself and the regions nested
/// in it.
fn walk_region(ir: &mut Ir, r: RegionId, order: Order, it: Iter, f: &mut RegionFn<'_>) -> WalkResult {
    around(ir, r, order, f, |ir, f| {
        for b in it.blocks(ir, r) {
            if each_live_op(ir, b, it, &mut |ir, o| walk_regions(ir, o, order, it, f)) == WalkResult::Interrupt {
                return WalkResult::Interrupt;
            }
        }
        WalkResult::Advance
    })
}

fn op_text(ir: &Ir, op: OpId) -> String {
    format!("op '{}'", ir.op_name_str(op))
}

fn region_text(ir: &Ir, r: RegionId) -> String {
    let parent = ir.region_parent_op(r).map_or("", |p| ir.op_name_str(p));
    format!("region {} from operation '{parent}'", ir.region_index(r))
}

/// `Block::printAsOperand` (`^bbN`, N the block's position in its region)
/// and the region it is in.
fn block_text(ir: &Ir, b: BlockId) -> String {
    let Some(r) = ir.block_region(b) else { return "block <<UNLINKED BLOCK>>".to_string() };
    let n = ir.region_blocks(r).position(|x| x == b).unwrap_or(0);
    format!("block ^bb{n} from {}", region_text(ir, r))
}

/// `--test-ir-visitors`.
pub(super) fn test_ir_visitors(ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
    let mut out = String::new();
    pure_callbacks(ir, op, &mut out);
    block_and_region_walkers(ir, op, &mut out);
    skip_erasure(ir, op, &mut out);
    no_skip_erasure(ir, op, &mut out);
    cx.stdout.push_str(&out);
    Ok(())
}

fn visit_all(ir: &mut Ir, op: OpId, order: Order, it: Iter, out: &mut String, what: &str) {
    let mut log = |s: String| {
        out.push_str("Visiting ");
        out.push_str(&s);
        out.push('\n');
        WalkResult::Advance
    };
    match what {
        "Op" => walk_ops(ir, op, order, it, &mut |ir, o| log(op_text(ir, o))),
        "Block" => walk_blocks(ir, op, order, it, &mut |ir, b| log(block_text(ir, b))),
        _ => walk_regions(ir, op, order, it, &mut |ir, r| log(region_text(ir, r))),
    };
}

fn pure_callbacks(ir: &mut Ir, op: OpId, out: &mut String) {
    let runs = [("pre-order", Order::Pre, Iter::Forward), ("post-order", Order::Post, Iter::Forward)];
    for (title, order, it) in runs {
        for what in ["Op", "Block", "Region"] {
            let _ = writeln!(out, "{what} {title} visits");
            visit_all(ir, op, order, it, out, what);
        }
    }
    for what in ["Op", "Block", "Region"] {
        let _ = writeln!(out, "{what} reverse post-order visits");
        visit_all(ir, op, Order::Post, Iter::Reverse, out, what);
    }
    // The dominance walks start at each function (post-order).
    for f in ir.post_order(op) {
        if ir::interfaces::callable(ir, f).is_none() || ir::interfaces::symbol_op(ir, f).is_none() {
            continue;
        }
        for (title, it) in [("forward", Iter::ForwardDom), ("reverse", Iter::ReverseDom)] {
            for what in ["Op", "Block", "Region"] {
                let _ = writeln!(out, "{what} {title} dominance post-order visits");
                visit_all(ir, f, Order::Post, it, out, what);
            }
        }
    }
}

fn block_and_region_walkers(ir: &mut Ir, op: OpId, out: &mut String) {
    let marked = |ir: &Ir, name: &str| -> Vec<OpId> {
        ir.post_order(op).into_iter().filter(|&o| ir.attr(o, name).is_some()).collect()
    };
    for (title, order) in [("pre-order", Order::Pre), ("post-order", Order::Post)] {
        let _ = writeln!(out, "Invoke block {title} visits on blocks");
        for o in marked(ir, "walk_blocks") {
            for r in ir.regions(o).to_vec() {
                for b in ir.region_blocks(r).collect::<Vec<_>>() {
                    walk_block(ir, b, order, Iter::Forward, &mut |ir, b| {
                        let _ = writeln!(out, "Visiting {}", block_text(ir, b));
                        WalkResult::Advance
                    });
                }
            }
        }
    }
    for (title, order) in [("pre-order", Order::Pre), ("post-order", Order::Post)] {
        let _ = writeln!(out, "Invoke region {title} visits on region");
        for o in marked(ir, "walk_regions") {
            for r in ir.regions(o).to_vec() {
                walk_region(ir, r, order, Iter::Forward, &mut |ir, r| {
                    let _ = writeln!(out, "Visiting {}", region_text(ir, r));
                    WalkResult::Advance
                });
            }
        }
    }
}

/// A detached copy of `op` to erase things in.
fn clone(ir: &mut Ir, op: OpId) -> OpId {
    ir.clone_op(op, &mut IrMapping::default())
}

fn is_module(ir: &Ir, op: OpId) -> bool {
    ir.op_name_str(op) == "builtin.module"
}

/// MLIR's `dropAllUses` then `erase`: the users are left with a detached
/// value in place of each result.
fn drop_uses_and_erase(ir: &mut Ir, op: OpId) {
    for r in ir.results(op).collect::<Vec<_>>() {
        if ir.has_uses(r) {
            let ty = ir.value_type(r);
            let loc = ir.op_loc(op);
            let dummy = ir.create_detached_value(ty, loc);
            ir.replace_all_uses(r, dummy);
        }
    }
    ir.erase_op(op);
}

fn erase_block_logged(ir: &mut Ir, b: BlockId, out: &mut String) -> bool {
    if ir.predecessors(b).is_empty() {
        let _ = writeln!(out, "Erasing {}", block_text(ir, b));
        // MLIR's `Block::erase` leaves the ops' values with their users.
        let ops: Vec<OpId> = ir.block_ops(b).collect();
        for o in ops.into_iter().rev() {
            drop_uses_and_erase(ir, o);
        }
        for a in ir.block_args(b).to_vec() {
            if ir.has_uses(a) {
                let ty = ir.value_type(a);
                let dummy = ir.create_detached_value(ty, ir.value_loc(a));
                ir.replace_all_uses(a, dummy);
            }
        }
        ir.erase_block(b);
        true
    } else {
        let _ = writeln!(out, "Cannot erase {}, still has uses", block_text(ir, b));
        false
    }
}

/// The op callback of the erasure tests with skip: erases every op but the
/// module and its children, and skips the erased op's regions.
fn erase_op_skip(ir: &mut Ir, o: OpId, log: &mut String) -> WalkResult {
    // The module and its children stay, to have more to walk in pre-order.
    if is_module(ir, o) || ir.parent_op(o).is_some_and(|p| is_module(ir, p)) {
        return WalkResult::Advance;
    }
    let _ = writeln!(log, "Erasing {}", op_text(ir, o));
    drop_uses_and_erase(ir, o);
    WalkResult::Skip
}

/// The block callback of the erasure tests with skip.
fn erase_block_skip(ir: &mut Ir, b: BlockId, log: &mut String) -> WalkResult {
    let parent = ir.block_parent_op(b);
    let keep = parent.is_some_and(|p| is_module(ir, p) || ir.parent_op(p).is_some_and(|pp| is_module(ir, pp)));
    if keep {
        return WalkResult::Advance;
    }
    if erase_block_logged(ir, b, log) {
        WalkResult::Skip
    } else {
        WalkResult::Advance
    }
}

fn skip_erasure(ir: &mut Ir, op: OpId, out: &mut String) {
    for (title, order) in [("pre-order", Order::Pre), ("post-order", Order::Post)] {
        let _ = writeln!(out, "Op {title} erasures (skip)");
        let cloned = clone(ir, op);
        let mut log = String::new();
        walk_ops(ir, cloned, order, Iter::Forward, &mut |ir, o| erase_op_skip(ir, o, &mut log));
        out.push_str(&log);
        if ir.is_alive(cloned) {
            ir.erase_op(cloned);
        }

        let _ = writeln!(out, "Block {title} erasures (skip)");
        let cloned = clone(ir, op);
        let mut log = String::new();
        walk_blocks(ir, cloned, order, Iter::Forward, &mut |ir, b| erase_block_skip(ir, b, &mut log));
        out.push_str(&log);
        ir.erase_op(cloned);
    }
}

fn no_skip_erasure(ir: &mut Ir, op: OpId, out: &mut String) {
    out.push_str("Op post-order erasures (no skip)\n");
    let cloned = clone(ir, op);
    let mut log = String::new();
    walk_ops(ir, cloned, Order::Post, Iter::Forward, &mut |ir, o| {
        let _ = writeln!(log, "Erasing {}", op_text(ir, o));
        drop_uses_and_erase(ir, o);
        WalkResult::Advance
    });
    out.push_str(&log);

    out.push_str("Block post-order erasures (no skip)\n");
    let cloned = clone(ir, op);
    let mut log = String::new();
    walk_blocks(ir, cloned, Order::Post, Iter::Forward, &mut |ir, b| {
        erase_block_logged(ir, b, &mut log);
        WalkResult::Advance
    });
    out.push_str(&log);
    ir.erase_op(cloned);
}

/// MLIR's `WalkStage`: where a generic walk is in an op with regions.
#[derive(Clone, Copy)]
struct Stage {
    num_regions: usize,
    next_region: usize,
}

impl Stage {
    fn text(self) -> String {
        if self.next_region == 0 {
            "before all regions".to_string()
        } else if self.next_region == self.num_regions {
            "after all regions".to_string()
        } else {
            format!("before region #{}", self.next_region)
        }
    }
    fn is_after_region(self, r: i128) -> bool {
        self.next_region as i128 == r + 1
    }
}

/// The generic walk (`detail::walk` with a `WalkStage`): the callback sees
/// `op` before each region and after all of them.
fn walk_staged(ir: &Ir, op: OpId, f: &mut dyn FnMut(OpId, Stage) -> WalkResult) -> WalkResult {
    let mut stage = Stage { num_regions: ir.regions(op).len(), next_region: 0 };
    for &r in ir.regions(op) {
        match f(op, stage) {
            WalkResult::Skip => return WalkResult::Advance,
            WalkResult::Interrupt => return WalkResult::Interrupt,
            WalkResult::Advance => {}
        }
        stage.next_region += 1;
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                if walk_staged(ir, o, f) == WalkResult::Interrupt {
                    return WalkResult::Interrupt;
                }
            }
        }
    }
    f(op, stage)
}

/// The op kind the generic visitor tests walk as a typed op (upstream's
/// `test::TwoRegionOp`).
const TWO_REGION_OP: &str = "test.two_region_op";

/// `--test-generic-ir-visitors`.
pub(super) fn generic(ir: &Ir, root: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
    let mut st = Steps { out: String::new(), step: 0 };
    let log = |op: OpId, stage: Stage, st: &mut Steps| {
        st.line(&format!(" op '{}' {}", ir.op_name_str(op), stage.text()));
        WalkResult::Advance
    };
    walk_staged(ir, root, &mut |op, stage| log(op, stage, &mut st));
    walk_staged(ir, root, &mut |op, stage| {
        if ir.is_op(op, TWO_REGION_OP) {
            log(op, stage, &mut st)
        } else {
            WalkResult::Advance
        }
    });
    cx.stdout.push_str(&st.out);
    Ok(())
}

/// The numbered lines of the generic visitor tests.
struct Steps {
    out: String,
    step: usize,
}

impl Steps {
    fn line(&mut self, text: &str) {
        let _ = writeln!(self.out, "step {}{text}", self.step);
        self.step += 1;
    }
}

/// The callback of `--test-generic-ir-visitors-interrupt`: the op's
/// `interrupt_*` and `skip_*` attributes steer the walk.
fn interrupt_step(ir: &Ir, op: OpId, stage: Stage, st: &mut Steps) -> WalkResult {
    let ctx = ir.ctx();
    let flag = |name: &str| matches!(ir.attr(op, name).map(|a| ctx.attr_kind(a)), Some(ir::AttrKind::Bool(true)));
    let int = |name: &str| match ir.attr(op, name) {
        Some(a) if matches!(ctx.attr_kind(a), ir::AttrKind::Integer { .. }) => ctx.int_value(a),
        _ => None,
    };
    let before_all = stage.next_region == 0;
    let after_all = stage.next_region == stage.num_regions;
    if flag("interrupt_before_all") && before_all
        || flag("interrupt_after_all") && after_all
        || int("interrupt_after_region").is_some_and(|r| stage.is_after_region(r))
    {
        return WalkResult::Interrupt;
    }
    if flag("skip_before_all") && before_all
        || flag("skip_after_all") && after_all
        || int("skip_after_region").is_some_and(|r| stage.is_after_region(r))
    {
        return WalkResult::Skip;
    }
    st.line(&format!(" op '{}' {}", ir.op_name_str(op), stage.text()));
    WalkResult::Advance
}

/// `--test-generic-ir-visitors-interrupt`.
pub(super) fn generic_interrupt(ir: &Ir, root: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
    let mut st = Steps { out: String::new(), step: 0 };
    if walk_staged(ir, root, &mut |op, stage| interrupt_step(ir, op, stage, &mut st)) == WalkResult::Interrupt {
        st.line(" walk was interrupted");
    }
    let typed = &mut |op, stage| {
        if ir.is_op(op, TWO_REGION_OP) {
            interrupt_step(ir, op, stage, &mut st)
        } else {
            WalkResult::Advance
        }
    };
    if walk_staged(ir, root, typed) == WalkResult::Interrupt {
        st.line(" walk was interrupted");
    }
    cx.stdout.push_str(&st.out);
    Ok(())
}

/// `--test-generic-ir-block-visitors-interrupt`: a post-order block walk
/// stopped at the first block holding an op with an `interrupt` attribute.
pub(super) fn block_interrupt(ir: &Ir, root: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
    let mut st = Steps { out: String::new(), step: 0 };
    let r = walk_blocks_ro(ir, root, &mut |b| {
        if ir.block_ops(b).any(|o| is_bool_attr(ir, o, "interrupt")) {
            return WalkResult::Interrupt;
        }
        st.line("");
        WalkResult::Advance
    });
    if r == WalkResult::Interrupt {
        st.line(" walk was interrupted");
    }
    cx.stdout.push_str(&st.out);
    Ok(())
}

/// `--test-generic-ir-region-visitors-interrupt`: the same over regions.
pub(super) fn region_interrupt(ir: &Ir, root: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
    let mut st = Steps { out: String::new(), step: 0 };
    let r = walk_regions_ro(ir, root, &mut |r| {
        if ir.region_blocks(r).flat_map(|b| ir.block_ops(b)).any(|o| is_bool_attr(ir, o, "interrupt")) {
            return WalkResult::Interrupt;
        }
        st.line("");
        WalkResult::Advance
    });
    if r == WalkResult::Interrupt {
        st.line(" walk was interrupted");
    }
    cx.stdout.push_str(&st.out);
    Ok(())
}

/// `getAttrOfType<BoolAttr>(name)` is set (whatever its value).
fn is_bool_attr(ir: &Ir, op: OpId, name: &str) -> bool {
    matches!(ir.attr(op, name).map(|a| ir.ctx().attr_kind(a)), Some(ir::AttrKind::Bool(_)))
}

/// The post-order block walk on shared IR (nothing is erased).
fn walk_blocks_ro(ir: &Ir, op: OpId, f: &mut dyn FnMut(BlockId) -> WalkResult) -> WalkResult {
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                if walk_blocks_ro(ir, o, f) == WalkResult::Interrupt {
                    return WalkResult::Interrupt;
                }
            }
            if f(b) == WalkResult::Interrupt {
                return WalkResult::Interrupt;
            }
        }
    }
    WalkResult::Advance
}

/// The post-order region walk on shared IR.
fn walk_regions_ro(ir: &Ir, op: OpId, f: &mut dyn FnMut(RegionId) -> WalkResult) -> WalkResult {
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                if walk_regions_ro(ir, o, f) == WalkResult::Interrupt {
                    return WalkResult::Interrupt;
                }
            }
        }
        if f(r) == WalkResult::Interrupt {
            return WalkResult::Interrupt;
        }
    }
    WalkResult::Advance
}
