//! Structural region simplification (MLIR's `simplifyRegions`):
//! unreachable-block erasure, region DCE (dead ops and dead block arguments
//! by a liveness fixpoint), and with `merge_blocks` identical-block merging
//! and redundant-argument dropping.
//!
//! Branch ops take part in argument elimination when they implement
//! `BranchOp` and either [`BranchOpMut`] (the `cf` branches, `cf.switch`
//! included) or have no segment attribute other than `operandSegmentSizes`
//! (then operands are erased generically and the segment shrunk). Any
//! other terminator with
//! successors keeps every argument of its successors alive, except that (as
//! upstream) an op that is not a registered terminator does not mark them
//! live at all.

use crate::equivalence::{ops_equivalent, structural_hash, ValueEq};
use crate::op_class::{Class, EffectMemo};
use ir::entity::{EntityMap, EntityRef};
use ir::interfaces::branch_successor_operands;
use ir::rewrite_api::{BranchOpMut, PatternRewriter};
use ir::{BlockId, Ir, OpId, RegionId, ValueDef, ValueId};
use rustc_hash::FxHashMap;

/// Runs the simplifications on `regions`; true when anything changed.
pub fn simplify_regions(rw: &mut PatternRewriter<'_>, regions: &[RegionId], merge_blocks: bool) -> bool {
    let erased_blocks = erase_unreachable_blocks(rw, regions);
    let dce = run_region_dce(rw, regions);
    let mut merged = false;
    let mut dropped = false;
    if merge_blocks {
        merged = merge_identical_blocks(rw, regions);
        dropped = drop_redundant_arguments(rw, regions);
    }
    erased_blocks || dce || merged || dropped
}

/// Blocks reachable from the entry of `r`, in DFS post-order.
pub fn post_order_blocks(ir: &Ir, r: RegionId) -> Vec<BlockId> {
    let mut out = Vec::new();
    let Some(entry) = ir.entry_block(r) else { return out };
    let mut seen: FxHashMap<BlockId, ()> = FxHashMap::default();
    seen.insert(entry, ());
    let mut stack: Vec<(BlockId, usize)> = vec![(entry, 0)];
    while let Some(top) = stack.last_mut() {
        let (b, i) = *top;
        let succs = ir.terminator_successors(b);
        if i < succs.len() {
            top.1 += 1;
            let s = succs[i];
            if seen.insert(s, ()).is_none() {
                stack.push((s, 0));
            }
        } else {
            out.push(b);
            stack.pop();
        }
    }
    out
}

/// Erases blocks unreachable from their region's entry, in `regions` and
/// every region nested in them.
pub fn erase_unreachable_blocks(rw: &mut PatternRewriter<'_>, regions: &[RegionId]) -> bool {
    let mut erased = false;
    let mut worklist: Vec<RegionId> = regions.to_vec();
    while let Some(region) = worklist.pop() {
        let ir = rw.ir();
        let Some(entry) = ir.entry_block(region) else { continue };
        if ir.next_block(entry).is_none() {
            for op in ir.block_ops(entry) {
                worklist.extend_from_slice(ir.regions(op));
            }
            continue;
        }
        let reachable: FxHashMap<BlockId, ()> = post_order_blocks(ir, region).into_iter().map(|b| (b, ())).collect();
        let blocks: Vec<BlockId> = ir.region_blocks(region).collect();
        for b in blocks {
            if !reachable.contains_key(&b) {
                rw.erase_block(b);
                erased = true;
                continue;
            }
            let ir = rw.ir();
            for op in ir.block_ops(b) {
                worklist.extend_from_slice(ir.regions(op));
            }
        }
    }
    erased
}

/// Live ops and block arguments. The flags are dense tables indexed by
/// entity, kept per thread and reset through the list of set entries, so
/// running on one small function of a large arena costs only that
/// function (a fresh table would be sized by the whole arena).
///
/// Besides liveness, each entry remembers whether the current pass read it
/// as not live ([`READ_DEAD`]). Liveness only grows, so a pass whose reads
/// all stay valid has reached the fixpoint: `changed` is raised only when
/// an entry read as dead becomes live later in the same pass, and only then
/// is another pass needed. In a nest of single-block regions every use is
/// visited before its definition, so one pass is enough; upstream always
/// runs one more to find that nothing changed.
struct LiveMap {
    changed: bool,
    ops: LiveFlags<OpId>,
    args: LiveFlags<ValueId>,
    /// Op classes and nested effects, computed once per DCE run: the IR
    /// does not change while liveness is propagated.
    effects: EffectMemo,
}

/// The entry is live.
const LIVE: u8 = 1;
/// The entry was read as not live during the current pass.
const READ_DEAD: u8 = 2;

/// Liveness flags ([`LIVE`], [`READ_DEAD`]) of one kind of entry (ops or
/// block arguments), with the lists needed to reset them cheaply.
struct LiveFlags<K: EntityRef> {
    flags: EntityMap<K, u8>,
    /// Entries with a flag set, to reset.
    set: Vec<K>,
    /// Entries with [`READ_DEAD`] set in this pass.
    read: Vec<K>,
}

impl<K: EntityRef> LiveFlags<K> {
    fn new() -> Self {
        LiveFlags { flags: EntityMap::with_default(0), set: Vec::new(), read: Vec::new() }
    }
    #[inline]
    fn is_live(&self, k: K) -> bool {
        *self.flags.get(k) & LIVE != 0
    }
    /// Clears every flag.
    fn clear(&mut self) {
        for k in self.set.drain(..) {
            self.flags.set(k, 0);
        }
        self.read.clear();
    }
    /// Forgets this pass's dead reads.
    fn start_pass(&mut self) {
        for k in self.read.drain(..) {
            let f = *self.flags.get(k);
            self.flags.set(k, f & !READ_DEAD);
        }
    }
    /// `is_live`, remembering a dead read.
    #[inline]
    fn read(&mut self, k: K) -> bool {
        let f = *self.flags.get(k);
        if f & LIVE != 0 {
            return true;
        }
        if f & READ_DEAD == 0 {
            if f == 0 {
                self.set.push(k);
            }
            self.flags.set(k, f | READ_DEAD);
            self.read.push(k);
        }
        false
    }
    /// Marks `k` live; true when it was read as dead earlier in this pass
    /// (so the pass's conclusions may be stale).
    #[inline]
    fn set_live(&mut self, k: K) -> bool {
        let f = *self.flags.get(k);
        if f & LIVE != 0 {
            return false;
        }
        if f == 0 {
            self.set.push(k);
        }
        self.flags.set(k, f | LIVE);
        f & READ_DEAD != 0
    }
}

thread_local! {
    static LIVE_TABLES: std::cell::RefCell<Option<LiveMap>> = const { std::cell::RefCell::new(None) };
}

impl LiveMap {
    fn new() -> Self {
        LiveMap { changed: false, ops: LiveFlags::new(), args: LiveFlags::new(), effects: EffectMemo::default() }
    }
    /// A cleared map, reusing this thread's tables when free.
    fn take() -> Self {
        LIVE_TABLES.with(|t| t.borrow_mut().take()).unwrap_or_else(LiveMap::new)
    }
    /// Clears the map and hands its tables back to the thread.
    fn give_back(mut self) {
        self.ops.clear();
        self.args.clear();
        self.effects.clear();
        self.changed = false;
        LIVE_TABLES.with(|t| *t.borrow_mut() = Some(self));
    }
    /// Starts a propagation pass: forgets this pass's dead reads.
    fn start_pass(&mut self) {
        self.changed = false;
        self.ops.start_pass();
        self.args.start_pass();
    }
    #[inline]
    fn op_live(&self, op: OpId) -> bool {
        self.ops.is_live(op)
    }
    #[inline]
    fn value_live(&self, ir: &Ir, v: ValueId) -> bool {
        match ir.value_def(v) {
            ValueDef::Result { op, .. } => self.op_live(op),
            _ => self.args.is_live(v),
        }
    }
    /// `op_live`, remembering a dead read (see [`LiveMap`]).
    #[inline]
    fn read_op_live(&mut self, op: OpId) -> bool {
        self.ops.read(op)
    }
    /// `value_live`, remembering a dead read (see [`LiveMap`]).
    fn read_value_live(&mut self, ir: &Ir, v: ValueId) -> bool {
        match ir.value_def(v) {
            ValueDef::Result { op, .. } => self.ops.read(op),
            _ => self.args.read(v),
        }
    }
    #[inline]
    fn set_value_live(&mut self, ir: &Ir, v: ValueId) {
        match ir.value_def(v) {
            ValueDef::Result { op, .. } => self.set_op_live(op),
            _ => self.changed |= self.args.set_live(v),
        }
    }
    #[inline]
    fn set_op_live(&mut self, op: OpId) {
        self.changed |= self.ops.set_live(op);
    }
}

/// How the successor operands of a branch op are edited.
#[derive(Clone, Copy)]
enum BranchEditor {
    /// The op's own [`BranchOpMut`].
    Custom,
    /// Erase the operand and shrink its `operandSegmentSizes` entry.
    Generic,
}

/// The editor of a branch op (one with `BranchOp`), if its successor
/// operands can be edited: through its [`BranchOpMut`] (the `cf`
/// branches), or generically when `operandSegmentSizes` is its only segment
/// attribute.
fn mutable_branch(ir: &Ir, op: OpId) -> Option<BranchEditor> {
    let reg = ir.ctx().registry();
    let name = ir.op_name(op);
    let branch = reg.interface::<dyn ir::interfaces::BranchOp>(name).is_some();
    let branch_mut = reg.interface::<dyn BranchOpMut>(name).is_some();
    mutable_branch_with(ir, op, branch, branch_mut)
}

/// [`mutable_branch`] given whether `op` implements `BranchOp` and
/// [`BranchOpMut`] (as its [`Class`] tells).
fn mutable_branch_with(ir: &Ir, op: OpId, branch: bool, branch_mut: bool) -> Option<BranchEditor> {
    if !branch {
        return None;
    }
    if branch_mut {
        return Some(BranchEditor::Custom);
    }
    let ctx = ir.ctx();
    let other_segments = ir
        .attrs(op)
        .iter()
        .any(|a| ctx.str(a.name) != SEGMENTS && ctx.str(a.name).to_ascii_lowercase().contains("segment"));
    (!other_segments).then_some(BranchEditor::Generic)
}

const SEGMENTS: &str = "operandSegmentSizes";

/// Erases forwarded operand `index` of successor `succ` of branch `op`.
fn erase_successor_operand(ir: &mut Ir, op: OpId, succ: usize, index: usize) {
    let ctx = ir.ctx_arc().clone();
    match mutable_branch(ir, op) {
        Some(BranchEditor::Custom) => {
            if let Some(m) = ctx.registry().interface::<dyn BranchOpMut>(ir.op_name(op)) {
                m.erase_successor_operand(ir, op, succ, index);
            }
        }
        Some(BranchEditor::Generic) => {
            let Some(range) = branch_successor_operands(ir, op, succ) else { return };
            let abs = range.start + index;
            if abs >= range.end || abs >= ir.num_operands(op) {
                return;
            }
            let segments = ir.attr(op, SEGMENTS).and_then(|a| match ctx.attr_kind(a) {
                ir::AttrKind::DenseArray { elem, bits } => Some((*elem, bits.to_vec())),
                _ => None,
            });
            ir.erase_operand(op, abs);
            if let Some((elem, mut bits)) = segments {
                let mut start = 0usize;
                for b in bits.iter_mut() {
                    let len = (*b as u32) as usize;
                    if abs < start + len {
                        *b = (len - 1) as u32 as u128;
                        break;
                    }
                    start += len;
                }
                let attr = ctx.attr(ir::AttrKind::DenseArray { elem, bits: bits.into_boxed_slice() });
                ir.set_attr_str(op, SEGMENTS, attr);
            }
        }
        None => {}
    }
}

/// The successor block argument operand `index` of branch `op` feeds.
fn successor_block_argument(ir: &Ir, op: OpId, index: usize) -> Option<ValueId> {
    for (s, &succ) in ir.successors(op).iter().enumerate() {
        let range = branch_successor_operands(ir, op, s)?;
        if range.contains(&index) {
            return ir.block_args(succ).get(index - range.start).copied();
        }
    }
    None
}

/// [`mutable_branch`] of an op of class `class`.
fn classed_mutable_branch(ir: &Ir, op: OpId, class: Class) -> Option<BranchEditor> {
    mutable_branch_with(ir, op, class.branch(), class.branch_mut())
}

fn use_specially_dead(ir: &Ir, owner: OpId, index: usize, live: &mut LiveMap) -> bool {
    let class = live.effects.class(ir, owner);
    if !class.terminator() || classed_mutable_branch(ir, owner, class).is_none() {
        return false;
    }
    match successor_block_argument(ir, owner, index) {
        Some(arg) => !live.read_value_live(ir, arg),
        None => false,
    }
}

/// True when a live op uses `v` (other than as a dead successor argument).
fn used_by_live_op(ir: &Ir, v: ValueId, live: &mut LiveMap) -> bool {
    for u in ir.uses(v) {
        let owner = ir.use_owner(u);
        if !use_specially_dead(ir, owner, ir.use_index(u), live) && live.read_op_live(owner) {
            return true;
        }
    }
    false
}

/// Marks block argument or result `v` live when a live op uses it.
fn process_value(ir: &Ir, v: ValueId, live: &mut LiveMap) {
    if used_by_live_op(ir, v, live) {
        live.set_value_live(ir, v);
    }
}

/// A terminator is live; the successor arguments of a non-editable one are
/// live too. (Editable branches have no produced operands in bufopt's
/// branch model, so their arguments are live only through their uses.)
fn propagate_terminator(ir: &Ir, op: OpId, class: Class, live: &mut LiveMap) {
    live.set_op_live(op);
    if classed_mutable_branch(ir, op, class).is_none() {
        for &s in ir.successors(op) {
            for &a in ir.block_args(s) {
                live.set_value_live(ir, a);
            }
        }
    }
}

fn propagate_op(ir: &Ir, op: OpId, live: &mut LiveMap) {
    for &r in ir.regions(op) {
        propagate_region(ir, r, live);
    }
    let class = live.effects.class(ir, op);
    if class.terminator() {
        propagate_terminator(ir, op, class, live);
        return;
    }
    if live.op_live(op) {
        return;
    }
    if !live.effects.would_be_trivially_dead(ir, op) {
        live.set_op_live(op);
        return;
    }
    // Once one result is live the op is, and the other results' uses
    // decide nothing.
    if ir.results(op).any(|v| used_by_live_op(ir, v, live)) {
        live.set_op_live(op);
    }
}

fn propagate_block(ir: &Ir, b: BlockId, live: &mut LiveMap) {
    let mut cur = ir.last_op(b);
    while let Some(op) = cur {
        propagate_op(ir, op, live);
        cur = ir.prev_op(op);
    }
}

fn propagate_region(ir: &Ir, r: RegionId, live: &mut LiveMap) {
    let Some(entry) = ir.entry_block(r) else { return };
    if ir.next_block(entry).is_none() {
        propagate_block(ir, entry, live);
        return;
    }
    for b in post_order_blocks(ir, r) {
        propagate_block(ir, b, live);
        if b == entry {
            continue;
        }
        for &a in ir.block_args(b) {
            if !live.value_live(ir, a) {
                process_value(ir, a, live);
            }
        }
    }
}

fn erase_dead_successor_operands(rw: &mut PatternRewriter<'_>, term: OpId, live: &LiveMap) {
    if mutable_branch(rw.ir(), term).is_none() {
        return;
    }
    let ir = rw.ir_mut();
    let n = ir.successors(term).len();
    for s in (0..n).rev() {
        let succ = ir.successors(term)[s];
        let Some(range) = branch_successor_operands(ir, term, s) else { continue };
        for i in (0..range.len()).rev() {
            let Some(&arg) = ir.block_args(succ).get(i) else { continue };
            if !live.value_live(ir, arg) {
                erase_successor_operand(ir, term, s, i);
            }
        }
    }
    rw.notify_modified(term);
}

fn delete_deadness(rw: &mut PatternRewriter<'_>, regions: &[RegionId], live: &LiveMap) -> bool {
    let mut erased = false;
    for &r in regions {
        let ir = rw.ir();
        let Some(entry) = ir.entry_block(r) else { continue };
        let single = ir.next_block(entry).is_none();
        let blocks = if single { vec![entry] } else { post_order_blocks(ir, r) };
        for b in blocks {
            if !single {
                if let Some(t) = rw.ir().terminator(b) {
                    erase_dead_successor_operands(rw, t, live);
                }
            }
            // Backwards; the previous op is fetched before `op` is erased
            // (erasing an op never erases the ops before it).
            let mut cur = rw.ir().last_op(b);
            while let Some(op) = cur {
                cur = rw.ir().prev_op(op);
                if !live.op_live(op) {
                    erased = true;
                    rw.erase_op(op);
                } else if !rw.ir().regions(op).is_empty() {
                    let nested: smallvec::SmallVec<[RegionId; 2]> = rw.ir().regions(op).iter().copied().collect();
                    erased |= delete_deadness(rw, &nested, live);
                }
            }
        }
        let blocks: Vec<BlockId> = rw.ir().region_blocks(r).skip(1).collect();
        for b in blocks {
            let n = rw.ir().block_args(b).len();
            for i in (0..n).rev() {
                let a = rw.ir().block_arg(b, i);
                if !live.value_live(rw.ir(), a) && !rw.ir().has_uses(a) {
                    rw.ir_mut().erase_block_arg(b, i);
                    erased = true;
                }
            }
        }
    }
    erased
}

/// Erases ops whose results are unused (transitively, through block
/// arguments of editable branches) and dead block arguments.
pub fn run_region_dce(rw: &mut PatternRewriter<'_>, regions: &[RegionId]) -> bool {
    let mut live = LiveMap::take();
    loop {
        live.start_pass();
        for &r in regions {
            propagate_region(rw.ir(), r, &mut live);
        }
        if !live.changed {
            break;
        }
    }
    let erased = delete_deadness(rw, regions, &live);
    live.give_back();
    erased
}

/// The position of a value defined in `block` (arguments first, then
/// results in op order).
fn order_in_block(ir: &Ir, block: BlockId, v: ValueId) -> Option<usize> {
    match ir.value_def(v) {
        ValueDef::BlockArg { block: b, index } if b == block => Some(index as usize),
        ValueDef::Result { op, index } if ir.op_block(op) == Some(block) => {
            let mut n = ir.block_args(block).len();
            for o in ir.block_ops(block) {
                if o == op {
                    return Some(n + index as usize);
                }
                n += ir.num_results(o);
            }
            None
        }
        _ => None,
    }
}

fn used_outside(ir: &Ir, op: OpId, block: BlockId) -> bool {
    ir.results(op).any(|r| ir.users(r).any(|u| ir.ancestor_in_block(block, u).is_none()))
}

/// Checks that `other` can merge into `leader`: same argument types,
/// equivalent ops whose operands are equal, correspond positionally inside
/// the blocks, or come from outside (then returned as `(op, operand)`
/// positions that become new block arguments), and no result used outside
/// its block.
fn blocks_mergeable(ir: &Ir, leader: BlockId, other: BlockId) -> Option<Vec<(usize, usize)>> {
    let la: Vec<_> = ir.block_args(leader).iter().map(|&a| ir.value_type(a)).collect();
    let oa: Vec<_> = ir.block_args(other).iter().map(|&a| ir.value_type(a)).collect();
    if la != oa {
        return None;
    }
    let lops: Vec<OpId> = ir.block_ops(leader).collect();
    let oops: Vec<OpId> = ir.block_ops(other).collect();
    if lops.len() != oops.len() {
        return None;
    }
    // A value defined by a terminator that branches to `block`'s block
    // cannot be forwarded as a new successor operand.
    let valid_successor_arg = |block: BlockId, v: ValueId| match ir.defining_op(v) {
        Some(d) => {
            let db = ir.op_block(d);
            db.and_then(|b| ir.terminator(b)) != Some(d)
                || !ir.predecessors(block).iter().any(|&p| ir.op_block(p) == db)
        }
        None => true,
    };
    let mut mismatched = Vec::new();
    for (k, (&l, &o)) in lops.iter().zip(&oops).enumerate() {
        if !ops_equivalent(ir, l, o, ValueEq::Ignore) {
            return None;
        }
        for i in 0..ir.num_operands(l) {
            let (lv, ov) = (ir.operand(l, i), ir.operand(o, i));
            if lv == ov {
                continue;
            }
            if ir.value_type(lv) != ir.value_type(ov) {
                return None;
            }
            let (li, oi) = (order_in_block(ir, leader, lv), order_in_block(ir, other, ov));
            match (li, oi) {
                (Some(x), Some(y)) if x == y => {}
                (None, None) => {
                    if !valid_successor_arg(leader, lv) || !valid_successor_arg(other, ov) {
                        return None;
                    }
                    mismatched.push((k, i));
                }
                _ => return None,
            }
        }
        if used_outside(ir, l, leader) || used_outside(ir, o, other) {
            return None;
        }
    }
    Some(mismatched)
}

/// Appends `values` to the operands branch `op` forwards to successor
/// `succ`: through its [`BranchOpMut`], or generically (the last segments
/// of `operandSegmentSizes` belong to the successors, in order).
fn append_successor_operands(ir: &mut Ir, op: OpId, succ: usize, values: &[ValueId]) {
    let ctx = ir.ctx_arc().clone();
    match mutable_branch(ir, op) {
        Some(BranchEditor::Custom) => {
            if let Some(m) = ctx.registry().interface::<dyn BranchOpMut>(ir.op_name(op)) {
                m.append_successor_operands(ir, op, succ, values);
            }
        }
        Some(BranchEditor::Generic) => {
            let Some(range) = branch_successor_operands(ir, op, succ) else { return };
            ir.insert_operands(op, range.end, values);
            let segments = ir.attr(op, SEGMENTS).and_then(|a| match ctx.attr_kind(a) {
                ir::AttrKind::DenseArray { elem, bits } => Some((*elem, bits.to_vec())),
                _ => None,
            });
            if let Some((elem, mut bits)) = segments {
                let nsucc = ir.successors(op).len();
                if bits.len() >= nsucc {
                    let k = bits.len() - nsucc + succ;
                    bits[k] = ((bits[k] as u32) + values.len() as u32) as u128;
                    let attr = ctx.attr(ir::AttrKind::DenseArray { elem, bits: bits.into_boxed_slice() });
                    ir.set_attr_str(op, SEGMENTS, attr);
                }
            }
        }
        None => {}
    }
}

/// Every terminator branching to `b` can take new successor operands.
fn able_to_update_preds(ir: &Ir, b: BlockId) -> bool {
    ir.predecessors(b).iter().all(|&p| mutable_branch(ir, p).is_some())
}

/// Drops new leader arguments that receive, from every block of the
/// cluster, the same values as an earlier new argument.
fn prune_redundant_arguments(
    rw: &mut PatternRewriter<'_>,
    lists: Vec<Vec<ValueId>>,
    leader: BlockId,
) -> Vec<Vec<ValueId>> {
    let Some(first) = lists.first() else { return lists };
    let n = first.len();
    let base = rw.ir().block_args(leader).len() - n;
    let mut replacement: Vec<Option<usize>> = vec![None; n];
    for j in 0..n {
        let Some(k) = first.iter().position(|&v| v == first[j]) else { continue };
        if k != j && lists.iter().skip(1).all(|l| l[k] == l[j]) {
            replacement[j] = Some(k);
        }
    }
    let pruned: Vec<Vec<ValueId>> =
        lists.iter().map(|l| (0..n).filter(|&j| replacement[j].is_none()).map(|j| l[j]).collect()).collect();
    for (j, r) in replacement.iter().enumerate() {
        if let Some(k) = *r {
            let old = rw.ir().block_arg(leader, base + j);
            let new = rw.ir().block_arg(leader, base + k);
            rw.replace_all_uses(old, new);
        }
    }
    for j in (0..n).rev() {
        if replacement[j].is_some() {
            rw.ir_mut().erase_block_arg(leader, base + j);
        }
    }
    pruned
}

/// Merges `others` into `leader`, turning mismatched outside operands into
/// new leader arguments fed by every predecessor.
fn merge_cluster(
    rw: &mut PatternRewriter<'_>,
    leader: BlockId,
    others: &[BlockId],
    mismatched: &[(usize, usize)],
) -> bool {
    if others.is_empty() {
        return false;
    }
    if !mismatched.is_empty() {
        let ir = rw.ir();
        if !able_to_update_preds(ir, leader) || !others.iter().all(|&b| able_to_update_preds(ir, b)) {
            return false;
        }
        let blocks: Vec<BlockId> = std::iter::once(leader).chain(others.iter().copied()).collect();
        let ops: Vec<Vec<OpId>> = blocks.iter().map(|&b| rw.ir().block_ops(b).collect()).collect();
        let mut lists: Vec<Vec<ValueId>> = vec![Vec::with_capacity(mismatched.len()); blocks.len()];
        for &(k, i) in mismatched {
            for (c, block_ops) in ops.iter().enumerate() {
                let v = rw.ir().operand(block_ops[k], i);
                lists[c].push(v);
                if c == 0 {
                    let ty = rw.ir().value_type(v);
                    let loc = match rw.ir().value_def(v) {
                        ValueDef::Result { op, .. } => rw.ir().op_loc(op),
                        _ => rw.ir().value_loc(v),
                    };
                    let arg = rw.ir_mut().add_block_arg(leader, ty, loc);
                    rw.ir_mut().set_operand(block_ops[k], i, arg);
                    rw.notify_modified(block_ops[k]);
                }
            }
        }
        let lists = prune_redundant_arguments(rw, lists, leader);
        for (c, &b) in blocks.iter().enumerate() {
            let preds: Vec<OpId> = rw.ir().predecessors(b).to_vec();
            let mut seen: Vec<(OpId, usize)> = Vec::new();
            for p in preds {
                let n = rw.ir().successors(p).len();
                for s in 0..n {
                    if rw.ir().successors(p)[s] == b && !seen.contains(&(p, s)) {
                        seen.push((p, s));
                        append_successor_operands(rw.ir_mut(), p, s, &lists[c]);
                        rw.notify_modified(p);
                    }
                }
            }
        }
    }
    for &b in others {
        let preds: Vec<OpId> = rw.ir().predecessors(b).to_vec();
        for p in preds {
            let n = rw.ir().successors(p).len();
            for i in 0..n {
                if rw.ir().successors(p)[i] == b {
                    rw.ir_mut().set_successor(p, i, leader);
                }
            }
            rw.notify_modified(p);
        }
        rw.erase_block(b);
    }
    true
}

/// A merge cluster: leader, block hash, members, mismatched operand
/// positions.
type Cluster = (BlockId, u64, Vec<BlockId>, std::collections::BTreeSet<(usize, usize)>);

fn merge_identical_blocks_in(rw: &mut PatternRewriter<'_>, region: RegionId) -> bool {
    let ir = rw.ir();
    let Some(entry) = ir.entry_block(region) else { return false };
    if ir.next_block(entry).is_none() {
        return false;
    }
    // Group non-entry blocks by successor list, in first-seen order.
    let mut groups: Vec<(Vec<BlockId>, Vec<BlockId>)> = Vec::new();
    for b in ir.region_blocks(region).skip(1) {
        let succs = ir.terminator_successors(b).to_vec();
        match groups.iter_mut().find(|(s, _)| *s == succs) {
            Some(g) => g.1.push(b),
            None => groups.push((succs, vec![b])),
        }
    }
    let mut merged = false;
    for (_, blocks) in groups {
        if blocks.len() < 2 {
            continue;
        }
        let mut clusters: Vec<Cluster> = Vec::new();
        for b in blocks {
            let ir = rw.ir();
            let has_region = ir.block_ops(b).any(|o| ir.regions(o).iter().any(|&r| !ir.region_is_empty(r)));
            if has_region {
                continue;
            }
            let h = ir.block_ops(b).fold(0u64, |acc, o| acc.rotate_left(5) ^ structural_hash(ir, o, false));
            let mut added = false;
            for c in clusters.iter_mut() {
                if c.1 != h {
                    continue;
                }
                if let Some(m) = blocks_mergeable(ir, c.0, b) {
                    c.2.push(b);
                    c.3.extend(m);
                    added = true;
                    break;
                }
            }
            if !added {
                clusters.push((b, h, Vec::new(), Default::default()));
            }
        }
        for (leader, _, others, mismatched) in clusters {
            let mismatched: Vec<(usize, usize)> = mismatched.into_iter().collect();
            merged |= merge_cluster(rw, leader, &others, &mismatched);
        }
    }
    merged
}

/// Merges identical blocks (same ops, same successors) in `regions` and
/// their nested regions.
pub fn merge_identical_blocks(rw: &mut PatternRewriter<'_>, regions: &[RegionId]) -> bool {
    let mut worklist: Vec<RegionId> = regions.to_vec();
    let mut queued: FxHashMap<RegionId, ()> = worklist.iter().map(|&r| (r, ())).collect();
    let mut changed = false;
    while let Some(region) = worklist.pop() {
        queued.remove(&region);
        if merge_identical_blocks_in(rw, region) {
            if queued.insert(region, ()).is_none() {
                worklist.push(region);
            }
            changed = true;
        }
        let ir = rw.ir();
        for b in ir.region_blocks(region) {
            for o in ir.block_ops(b) {
                for &r in ir.regions(o) {
                    if queued.insert(r, ()).is_none() {
                        worklist.push(r);
                    }
                }
            }
        }
    }
    changed
}

/// Drops block arguments that receive the same value from every
/// predecessor (editable branches only).
pub fn drop_redundant_arguments(rw: &mut PatternRewriter<'_>, regions: &[RegionId]) -> bool {
    let mut worklist: Vec<RegionId> = regions.to_vec();
    let mut changed = false;
    while let Some(region) = worklist.pop() {
        let blocks: Vec<BlockId> = rw.ir().region_blocks(region).collect();
        for b in blocks {
            changed |= drop_redundant_arguments_in(rw, b);
            let ir = rw.ir();
            for o in ir.block_ops(b) {
                worklist.extend_from_slice(ir.regions(o));
            }
        }
    }
    changed
}

fn drop_redundant_arguments_in(rw: &mut PatternRewriter<'_>, b: BlockId) -> bool {
    let ir = rw.ir();
    let preds: Vec<OpId> = ir.predecessors(b).to_vec();
    if preds.is_empty() || preds.iter().any(|&p| mutable_branch(ir, p).is_none()) {
        return false;
    }
    // (pred, successor index) edges.
    let mut edges: Vec<(OpId, usize)> = Vec::new();
    for &p in &preds {
        for (i, &s) in ir.successors(p).iter().enumerate() {
            if s == b && !edges.contains(&(p, i)) {
                edges.push((p, i));
            }
        }
    }
    let nargs = ir.block_args(b).len();
    let mut to_erase: Vec<(usize, ValueId)> = Vec::new();
    for a in 0..nargs {
        let mut common: Option<ValueId> = None;
        let mut same = true;
        for &(p, i) in &edges {
            let Some(range) = branch_successor_operands(ir, p, i) else {
                same = false;
                break;
            };
            let Some(v) = (range.start + a < range.end).then(|| ir.operand(p, range.start + a)) else {
                same = false;
                break;
            };
            match common {
                None => common = Some(v),
                Some(c) if c != v => {
                    same = false;
                    break;
                }
                _ => {}
            }
        }
        if let (true, Some(c)) = (same, common) {
            if c != ir.block_arg(b, a) {
                to_erase.push((a, c));
            }
        }
    }
    for &(a, c) in &to_erase {
        let arg = rw.ir().block_arg(b, a);
        rw.replace_all_uses(arg, c);
    }
    for &(a, _) in to_erase.iter().rev() {
        rw.ir_mut().erase_block_arg(b, a);
        for &(p, i) in &edges {
            erase_successor_operand(rw.ir_mut(), p, i, a);
            rw.notify_modified(p);
        }
    }
    !to_erase.is_empty()
}
