//! The greedy pattern rewrite driver (MLIR's `applyPatternsAndFoldGreedily`).
//!
//! For each region of the op it runs on, the driver iterates until nothing
//! changes or `max_iterations` is reached. Each iteration:
//! 1. seeds a worklist with every nested op (pre-order and reversed when
//!    `top_down`, post-order otherwise), while an [`OperationFolder`]
//!    de-duplicates constant-like ops and hoists them to the start of the
//!    entry block of their enclosing isolated (or unregistered) region;
//! 2. pops ops (LIFO) and, in order: erases trivially dead ops, folds with
//!    `OpInfo::fold` (materializing attribute results through the dialect's
//!    constant materializer), then tries the patterns by decreasing benefit;
//! 3. simplifies the regions (unreachable blocks, dead values and block
//!    arguments, and with `aggressive` identical-block merging).
//!
//! Every change goes through a [`PatternRewriter`] whose listener is the
//! driver: inserted and modified ops (and their ancestors inside the scope)
//! are pushed, erased ops are removed, and the defining ops of an erased
//! op's operands with at most one other user are pushed again. The worklist
//! is a vector with a dense position table, so push, pop and remove are
//! O(1) and a chain of n ops is processed in O(n).
//!
//! Constant materialization: a [`ir::rewrite_api::ConstantMaterializer`] attached to the
//! folded op's name wins; otherwise the one its dialect registered (MLIR's
//! `Dialect::materializeConstant`; `arith`, `tensor`, `memref` and `math`
//! build `arith.constant`). Ops of a dialect without one keep their fold
//! unapplied when it yields an attribute.

use crate::op_class::{is_trivially_dead_memo, with_erasure_memo};
use crate::region_simplify::simplify_regions;
use ir::entity::EntityRef;
use ir::interfaces::ErasureMemo;
use ir::rewrite_api::{materialize_constant_for, PatternRewriter, RewriteListener, RewritePattern};
use ir::{Attribute, FoldOutcome, InsertPoint, Ir, OpFoldResult, OpId, OpTraits, RegionId, Str, Type, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// How much control-flow simplification runs between iterations.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RegionSimplify {
    /// None.
    Disabled,
    /// Unreachable blocks, dead values and block arguments.
    Normal,
    /// Also identical-block merging and redundant-argument dropping.
    Aggressive,
}

/// Driver configuration (MLIR's `GreedyRewriteConfig`); `-1` means no limit.
#[derive(Clone, Copy, Debug)]
pub struct GreedyConfig {
    /// Seed the worklist top-down (pre-order) instead of post-order.
    pub top_down: bool,
    /// Region simplification level.
    pub region_simplify: RegionSimplify,
    /// Most iterations (`-1`: unlimited).
    pub max_iterations: i64,
    /// Most pattern rewrites per iteration (`-1`: unlimited).
    pub max_num_rewrites: i64,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            top_down: true,
            region_simplify: RegionSimplify::Normal,
            max_iterations: 10,
            max_num_rewrites: -1,
        }
    }
}

/// Patterns indexed by root op name, each list sorted by decreasing benefit.
pub struct FrozenPatterns {
    patterns: Vec<Box<dyn RewritePattern>>,
    by_root: FxHashMap<Str, Vec<usize>>,
    any_op: Vec<usize>,
}

impl FrozenPatterns {
    /// Freezes `patterns`; names are interned in `ir`'s context.
    pub fn new(ir: &Ir, patterns: Vec<Box<dyn RewritePattern>>) -> Self {
        let ctx = ir.ctx();
        let mut any_op: Vec<usize> = Vec::new();
        let mut specific: FxHashMap<Str, Vec<usize>> = FxHashMap::default();
        for (i, p) in patterns.iter().enumerate() {
            match p.root() {
                Some(r) => specific.entry(ctx.intern_str(r)).or_default().push(i),
                None => any_op.push(i),
            }
        }
        let by_benefit = |v: &mut Vec<usize>| v.sort_by_key(|&i| std::cmp::Reverse(patterns[i].benefit()));
        for v in specific.values_mut() {
            v.extend(any_op.iter().copied());
            by_benefit(v);
        }
        by_benefit(&mut any_op);
        FrozenPatterns { patterns, by_root: specific, any_op }
    }

    /// No patterns at all.
    pub fn empty() -> Self {
        FrozenPatterns { patterns: Vec::new(), by_root: FxHashMap::default(), any_op: Vec::new() }
    }

    fn for_op(&self, name: Str) -> &[usize] {
        self.by_root.get(&name).map(Vec::as_slice).unwrap_or(&self.any_op)
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// True when there are no patterns.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}

/// A LIFO worklist without duplicates; O(1) push, pop and remove.
#[derive(Default)]
pub struct Worklist {
    list: Vec<Option<OpId>>,
    /// Position + 1 in `list` per op index (0: absent).
    pos: Vec<u32>,
    live: usize,
}

impl Worklist {
    /// Empties the list.
    pub fn clear(&mut self) {
        for o in self.list.drain(..).flatten() {
            self.pos[o.index()] = 0;
        }
        self.live = 0;
    }
    /// True when no op is queued.
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }
    /// Pushes `op` unless it is already queued.
    pub fn push(&mut self, op: OpId) {
        let i = op.index();
        if i >= self.pos.len() {
            self.pos.resize(i + 1, 0);
        }
        if self.pos[i] != 0 {
            return;
        }
        self.list.push(Some(op));
        self.pos[i] = self.list.len() as u32;
        self.live += 1;
    }
    /// Pops the most recently pushed op.
    pub fn pop(&mut self) -> Option<OpId> {
        while let Some(slot) = self.list.pop() {
            if let Some(op) = slot {
                self.pos[op.index()] = 0;
                self.live -= 1;
                return Some(op);
            }
        }
        None
    }
    /// Removes `op` if queued.
    pub fn remove(&mut self, op: OpId) {
        let i = op.index();
        if let Some(&p) = self.pos.get(i) {
            if p != 0 {
                self.list[p as usize - 1] = None;
                self.pos[i] = 0;
                self.live -= 1;
            }
        }
    }
    /// Reverses the order (after a pre-order seed, so pops go in order).
    pub fn reverse(&mut self) {
        self.list.reverse();
        let n = self.list.len();
        for (k, slot) in self.list.iter().enumerate() {
            if let Some(o) = slot {
                self.pos[o.index()] = (k + 1) as u32;
            }
        }
        debug_assert!(n == self.list.len());
    }
}

/// The driver's listener state: the worklist and the scope region.
struct DriverState {
    worklist: Worklist,
    scope: RegionId,
}

impl DriverState {
    /// Pushes `op` and its ancestors up to the scope region (outermost last),
    /// if `op` is inside the scope.
    fn add_to_worklist(&mut self, ir: &Ir, op: OpId) {
        // First find out whether the scope is an ancestor (no list of the
        // chain is built: nests can be deep), then push the chain.
        let mut cur = op;
        loop {
            let Some(region) = ir.op_region(cur) else { return };
            if region == self.scope {
                break;
            }
            match ir.region_parent_op(region) {
                Some(p) => cur = p,
                None => return,
            }
        }
        let mut cur = op;
        loop {
            self.worklist.push(cur);
            match ir.op_region(cur) {
                Some(region) if region != self.scope => match ir.region_parent_op(region) {
                    Some(p) => cur = p,
                    None => return,
                },
                _ => return,
            }
        }
    }

    fn add_operands_to_worklist(&mut self, ir: &Ir, op: OpId) {
        // Each distinct operand once (adding an op already in the worklist
        // does nothing, so this changes no order): an op that uses one value
        // many times (a `bufferization.dealloc` with thousands of `%true`
        // conditions) would otherwise scan its own uses once per use.
        let operands: SmallVec<[ValueId; 8]> = ir.operands(op).collect();
        let mut seen: FxHashSet<ValueId> = FxHashSet::default();
        for (i, &v) in operands.iter().enumerate() {
            let repeated = if operands.len() > 16 { !seen.insert(v) } else { operands[..i].contains(&v) };
            if repeated {
                continue;
            }
            let Some(def) = ir.defining_op(v) else { continue };
            // A constant with a use besides `op` stays alive, and the driver
            // neither folds a constant nor has patterns for one, so queueing
            // it changes nothing; when its first uses leave the question
            // open (a `bufferization.dealloc` holding thousands of `%true`
            // conditions), queue it rather than walk a long use list once
            // per erased user, which was quadratic.
            let scan_limit = if ir.has_trait(def, OpTraits::CONSTANT_LIKE) { CONSTANT_USE_SCAN } else { usize::MAX };
            let mut other: Option<OpId> = None;
            let mut more = false;
            for (k, u) in ir.users(v).enumerate() {
                if k >= scan_limit {
                    break;
                }
                if u == op || Some(u) == other {
                    continue;
                }
                if other.is_none() {
                    other = Some(u);
                    continue;
                }
                more = true;
                break;
            }
            if !more {
                self.add_to_worklist(ir, def);
            }
        }
    }
}

/// How many uses of a constant [`DriverState::add_operands_to_worklist`]
/// looks at before it queues the constant anyway.
const CONSTANT_USE_SCAN: usize = 16;

impl RewriteListener for DriverState {
    fn op_inserted(&mut self, ir: &Ir, op: OpId) {
        self.add_to_worklist(ir, op);
    }
    fn op_modified(&mut self, ir: &Ir, op: OpId) {
        self.add_to_worklist(ir, op);
    }
    fn op_erased(&mut self, ir: &Ir, op: OpId) {
        self.add_operands_to_worklist(ir, op);
        self.worklist.remove(op);
    }
}

/// The constant value of a constant-like op (MLIR's `m_Constant`).
pub fn constant_value(ir: &mut Ir, op: OpId) -> Option<Attribute> {
    if !ir.has_trait(op, OpTraits::CONSTANT_LIKE) {
        return None;
    }
    let fold = ir.op_info(op)?.fold?;
    match fold(ir, op, &[]) {
        FoldOutcome::Results(rs) => match rs.first() {
            Some(OpFoldResult::Attr(a)) if rs.len() == 1 => Some(*a),
            _ => None,
        },
        _ => None,
    }
}

/// Creates a constant for `value` of type `ty` before `op` with the
/// materializer of `op` (its own, else its dialect's).
pub fn materialize_constant(ir: &mut Ir, op: OpId, value: Attribute, ty: Type) -> Option<OpId> {
    let loc = ir.op_loc(op);
    materialize_constant_for(ir, op, InsertPoint::Before(op), value, ty, loc)
}

/// Uniques constants per insertion region (MLIR's `OperationFolder`, as the
/// driver uses it when seeding the worklist).
#[derive(Default)]
struct OperationFolder {
    scopes: FxHashMap<(RegionId, Str, Attribute, Type), OpId>,
    owned: FxHashMap<OpId, ()>,
    /// A constant was moved, relocated or replaced.
    touched: bool,
}

impl OperationFolder {
    fn is_owned(&self, op: Option<OpId>) -> bool {
        op.is_some_and(|o| self.owned.contains_key(&o))
    }

    /// The region constants of `op`'s block are hoisted to.
    fn insertion_region(ir: &Ir, op: OpId) -> Option<RegionId> {
        let mut region = ir.op_region(op)?;
        loop {
            let Some(parent) = ir.region_parent_op(region) else { return Some(region) };
            let might_be_isolated = ir.op_info(parent).is_none_or(|i| i.has(OpTraits::ISOLATED_FROM_ABOVE));
            if might_be_isolated || ir.op_block(parent).is_none() {
                return Some(region);
            }
            region = ir.op_region(parent)?;
        }
    }

    /// Records constant `op`, or replaces it by an existing equal constant.
    /// Returns false when `op` was erased.
    fn insert_known_constant(&mut self, rw: &mut PatternRewriter<'_>, op: OpId, value: Attribute) -> bool {
        let ir = rw.ir();
        let Some(block) = ir.op_block(op) else { return true };
        let unknown = ir.ctx().unknown_loc();
        if self.is_owned(Some(op)) {
            if ir.first_op(block) != Some(op) && !self.is_owned(ir.prev_op(op)) {
                if let Some(front) = ir.first_op(block) {
                    rw.ir_mut().move_op(op, InsertPoint::Before(front));
                    rw.ir_mut().set_op_loc(op, unknown);
                    self.touched = true;
                }
            }
            return true;
        }
        let Some(region) = Self::insertion_region(ir, op) else { return true };
        let dialect = ir.op_info(op).map(|i| i.dialect).unwrap_or_else(|| ir.op_name(op));
        let ty = ir.value_type(ir.result(op, 0));
        let key = (region, dialect, value, ty);
        if let Some(&existing) = self.scopes.get(&key) {
            let results: Vec<ValueId> = ir.results(existing).collect();
            rw.replace_op(op, &results);
            rw.ir_mut().set_op_loc(existing, unknown);
            self.touched = true;
            return false;
        }
        if let Some(entry) = ir.entry_block(region) {
            let needs_move = block != entry || (ir.first_op(entry) != Some(op) && !self.is_owned(ir.prev_op(op)));
            if needs_move {
                if let Some(front) = ir.first_op(entry) {
                    rw.ir_mut().move_op(op, InsertPoint::Before(front));
                    rw.ir_mut().set_op_loc(op, unknown);
                    self.touched = true;
                }
            }
        }
        self.scopes.insert(key, op);
        self.owned.insert(op, ());
        true
    }
}

/// Runs the driver on every region of `op`. Returns true when every region
/// converged.
pub fn apply_patterns_and_fold_greedily(
    ir: &mut Ir,
    op: OpId,
    patterns: &FrozenPatterns,
    config: &GreedyConfig,
) -> bool {
    apply_patterns_and_fold_greedily_reporting(ir, op, patterns, config).converged
}

/// What a run of the driver did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GreedyOutcome {
    /// Every region converged.
    pub converged: bool,
    /// The IR changed: an op was erased, folded, rewritten, moved or
    /// replaced (constant de-duplication and hoisting included), or a
    /// region was simplified. False means the IR is exactly as it was, so
    /// a pass made of this run alone preserved everything.
    pub changed: bool,
}

/// [`apply_patterns_and_fold_greedily`], also telling whether anything
/// changed.
pub fn apply_patterns_and_fold_greedily_reporting(
    ir: &mut Ir,
    op: OpId,
    patterns: &FrozenPatterns,
    config: &GreedyConfig,
) -> GreedyOutcome {
    let regions: Vec<RegionId> = ir.regions(op).to_vec();
    let mut out = GreedyOutcome { converged: true, changed: false };
    for r in regions {
        let (converged, changed) = simplify_region(ir, r, patterns, config);
        out.converged &= converged;
        out.changed |= changed;
    }
    out
}

/// Collects the ops of `region` in pre-order, letting `visit` decide (and
/// mutate) as it goes: `visit` returns false to skip an op's regions. The
/// next op is fetched before `visit` runs, so `visit` may move or erase the
/// op it is given.
fn walk_region_pre(ir: &mut Ir, region: RegionId, visit: &mut dyn FnMut(&mut Ir, OpId) -> bool) {
    struct Frame {
        blocks: Vec<ir::BlockId>,
        block: usize,
        next: Option<OpId>,
    }
    let frame = |ir: &Ir, r: RegionId| {
        let blocks: Vec<ir::BlockId> = ir.region_blocks(r).collect();
        let next = blocks.first().and_then(|&b| ir.first_op(b));
        Frame { blocks, block: 0, next }
    };
    let mut stack = vec![frame(ir, region)];
    while let Some(top) = stack.last_mut() {
        match top.next {
            Some(op) => {
                top.next = ir.next_op(op);
                if visit(ir, op) && ir.is_alive(op) {
                    let regions: Vec<RegionId> = ir.regions(op).to_vec();
                    for &r in regions.iter().rev() {
                        stack.push(frame(ir, r));
                    }
                }
            }
            None => {
                top.block += 1;
                if top.block < top.blocks.len() {
                    top.next = ir.first_op(top.blocks[top.block]);
                } else {
                    stack.pop();
                }
            }
        }
    }
}

thread_local! {
    /// A worklist per thread, reused so that its position table (indexed by
    /// op) is sized by the arena once, not once per function.
    static WORKLIST: std::cell::RefCell<Worklist> = std::cell::RefCell::new(Worklist::default());
}

/// Runs the driver on `region`: (converged, changed).
fn simplify_region(ir: &mut Ir, region: RegionId, patterns: &FrozenPatterns, config: &GreedyConfig) -> (bool, bool) {
    let worklist = WORKLIST.with(|w| std::mem::take(&mut *w.borrow_mut()));
    let mut state = DriverState { worklist, scope: region };
    let outcome = simplify_region_with(ir, &mut state, region, patterns, config);
    state.worklist.clear();
    WORKLIST.with(|w| *w.borrow_mut() = state.worklist);
    outcome
}

fn simplify_region_with(
    ir: &mut Ir,
    state: &mut DriverState,
    region: RegionId,
    patterns: &FrozenPatterns,
    config: &GreedyConfig,
) -> (bool, bool) {
    let mut iteration: i64 = 0;
    let mut continue_rewrites = false;
    let mut changed = false;
    loop {
        iteration += 1;
        if config.max_iterations >= 0 && iteration > config.max_iterations {
            break;
        }
        state.worklist.clear();
        let mut folder = OperationFolder::default();
        if config.top_down {
            let mut seeded: Vec<OpId> = Vec::new();
            walk_region_pre(ir, region, &mut |ir, op| {
                if let Some(value) = constant_value(ir, op) {
                    let mut rw = PatternRewriter::new(ir, &mut *state);
                    if !folder.insert_known_constant(&mut rw, op, value) {
                        return false;
                    }
                }
                seeded.push(op);
                true
            });
            // Pre-order: every ancestor inside the scope is already queued,
            // so pushing the op alone is `add_to_worklist` without the walk
            // up to the scope.
            for op in seeded {
                if ir.is_alive(op) {
                    state.worklist.push(op);
                }
            }
            state.worklist.reverse();
        } else {
            let tops: Vec<OpId> = ir.region_blocks(region).flat_map(|b| ir.block_ops(b).collect::<Vec<_>>()).collect();
            for t in tops {
                for op in ir.post_order(t) {
                    if !ir.is_alive(op) {
                        continue;
                    }
                    if let Some(value) = constant_value(ir, op) {
                        let mut rw = PatternRewriter::new(ir, &mut *state);
                        if !folder.insert_known_constant(&mut rw, op, value) {
                            continue;
                        }
                    }
                    state.add_to_worklist(ir, op);
                }
            }
        }
        changed |= folder.touched;
        continue_rewrites = process_worklist(ir, state, patterns, config);
        if config.region_simplify != RegionSimplify::Disabled {
            let mut rw = PatternRewriter::new(ir, &mut *state);
            continue_rewrites |=
                simplify_regions(&mut rw, &[region], config.region_simplify == RegionSimplify::Aggressive);
        }
        changed |= continue_rewrites;
        if !continue_rewrites {
            break;
        }
    }
    (!continue_rewrites, changed)
}

/// MLIR's `foldCommutative` trait folder: moves constant operands of a
/// commutative op after the others (stable). True when it changed the op.
fn fold_commutative(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> bool {
    if !ir.has_trait(op, OpTraits::COMMUTATIVE) || ir.num_operands(op) < 2 {
        return false;
    }
    let Some(first) = consts.iter().position(Option::is_some) else { return false };
    // Constants already last: the stable partition below would not move
    // anything.
    if consts[first..].iter().all(Option::is_some) {
        return false;
    }
    let operands: smallvec::SmallVec<[ValueId; 4]> = ir.operands(op).collect();
    let mut reordered: smallvec::SmallVec<[ValueId; 4]> = operands[..first].into();
    reordered.extend((first..operands.len()).filter(|&i| consts[i].is_none()).map(|i| operands[i]));
    reordered.extend((first..operands.len()).filter(|&i| consts[i].is_some()).map(|i| operands[i]));
    if reordered[..] == operands[..] {
        return false;
    }
    ir.set_operands(op, &reordered);
    true
}

/// `CastOpInterface`'s trait folder (`foldCastInterfaceOp`): a cast whose
/// operand types equal its result types folds to its operands.
fn fold_identity_cast(ir: &Ir, op: OpId) -> FoldOutcome {
    // The arity and type checks are cheap; the interface lookup is not.
    if ir.num_operands(op) != ir.num_results(op) || ir.num_results(op) == 0 {
        return FoldOutcome::Failure;
    }
    if ir.operands(op).zip(ir.results(op)).any(|(a, r)| ir.value_type(a) != ir.value_type(r)) {
        return FoldOutcome::Failure;
    }
    let is_cast = ir.ctx().registry().interface::<dyn ir::interfaces::CastLike>(ir.op_name(op)).is_some();
    if !is_cast {
        return FoldOutcome::Failure;
    }
    FoldOutcome::Results(ir.operands(op).map(ir::OpFoldResult::Value).collect())
}

/// The constant values of `op`'s operands (MLIR's `m_Constant` on each
/// operand), in operand order.
fn operand_constants(ir: &mut Ir, op: OpId) -> smallvec::SmallVec<[Option<Attribute>; 4]> {
    let n = ir.num_operands(op);
    let mut consts: smallvec::SmallVec<[Option<Attribute>; 4]> = smallvec::smallvec![None; n];
    for (i, slot) in consts.iter_mut().enumerate() {
        // Most operands are not defined by constants: test the trait before
        // paying for the constant's folder.
        let Some(d) = ir.defining_op(ir.operand(op, i)) else { continue };
        if ir.has_trait(d, OpTraits::CONSTANT_LIKE) {
            *slot = constant_value(ir, d);
        }
    }
    consts
}

/// Folds `op` once, as MLIR's `Operation::fold`: its registered folder with
/// the constant values of its operands, else the cast-interface trait
/// folder. The IR changes only by the folder's in-place update; the caller
/// materializes attributes and replaces the op (`OpBuilder::tryFold`, as
/// `createOrFold` and the dialect-conversion driver use it).
pub fn fold_op(ir: &mut Ir, op: OpId) -> FoldOutcome {
    let Some(fold) = ir.op_info(op).map(|i| i.fold) else { return FoldOutcome::Failure };
    let consts = operand_constants(ir, op);
    let outcome = match fold {
        Some(f) => f(ir, op, &consts),
        None => FoldOutcome::Failure,
    };
    match outcome {
        FoldOutcome::Failure => fold_identity_cast(ir, op),
        o => o,
    }
}

/// MLIR's `Operation::fold`: the op's folder, then the trait folders (an
/// identity cast, the commutative operand order). A change of operand
/// order alone is an in-place fold.
pub fn fold_op_with_traits(ir: &mut Ir, op: OpId) -> FoldOutcome {
    let consts = operand_constants(ir, op);
    match fold_op(ir, op) {
        FoldOutcome::Failure if fold_commutative(ir, op, &consts) => FoldOutcome::InPlace,
        FoldOutcome::InPlace => {
            fold_commutative(ir, op, &consts);
            FoldOutcome::InPlace
        }
        FoldOutcome::Results(rs)
            if rs.len() == ir.num_results(op)
                && rs.iter().enumerate().all(|(i, r)| *r == OpFoldResult::Value(ir.result(op, i))) =>
        {
            fold_commutative(ir, op, &consts);
            FoldOutcome::InPlace
        }
        o => o,
    }
}

/// Folds `op` with its registered folder, then (when that fails or updates
/// in place) with the trait folders. Returns true on success (the op was
/// updated in place or replaced).
fn try_fold(ir: &mut Ir, state: &mut DriverState, op: OpId) -> bool {
    let Some(info) = ir.op_info(op) else { return false };
    let fold = info.fold;
    let consts = operand_constants(ir, op);
    let mut outcome = match fold {
        Some(f) => f(ir, op, &consts),
        None => FoldOutcome::Failure,
    };
    if matches!(outcome, FoldOutcome::Failure) {
        outcome = fold_identity_cast(ir, op);
    }
    let results = match outcome {
        FoldOutcome::Failure => {
            if fold_commutative(ir, op, &consts) {
                state.add_to_worklist(ir, op);
                return true;
            }
            return false;
        }
        FoldOutcome::InPlace => {
            fold_commutative(ir, op, &consts);
            state.add_to_worklist(ir, op);
            return true;
        }
        FoldOutcome::Results(rs) => rs,
    };
    if results.len() != ir.num_results(op) {
        return false;
    }
    // Returning its own results means an in-place update.
    if results.iter().enumerate().all(|(i, r)| *r == OpFoldResult::Value(ir.result(op, i))) {
        fold_commutative(ir, op, &consts);
        state.add_to_worklist(ir, op);
        return true;
    }
    let mut replacements: Vec<ValueId> = Vec::with_capacity(results.len());
    let mut created: Vec<OpId> = Vec::new();
    for (i, r) in results.iter().enumerate() {
        match *r {
            OpFoldResult::Value(v) => replacements.push(v),
            OpFoldResult::Attr(a) => {
                let ty = ir.value_type(ir.result(op, i));
                match materialize_constant(ir, op, a, ty) {
                    Some(c) => {
                        state.add_to_worklist(ir, c);
                        created.push(c);
                        replacements.push(ir.result(c, 0));
                    }
                    None => {
                        let mut rw = PatternRewriter::new(ir, state);
                        for c in created {
                            rw.erase_op(c);
                        }
                        return false;
                    }
                }
            }
        }
    }
    let mut rw = PatternRewriter::new(ir, state);
    rw.replace_op(op, &replacements);
    true
}

fn process_worklist(ir: &mut Ir, state: &mut DriverState, patterns: &FrozenPatterns, config: &GreedyConfig) -> bool {
    with_erasure_memo(|memo| process_worklist_with(ir, state, patterns, config, memo))
}

/// [`process_worklist`]; `memo` answers the trivially-dead question (linear
/// over a deep nest of regions, where each op's answer looks at everything
/// nested in it) and is cleared on every change to the IR.
fn process_worklist_with(
    ir: &mut Ir,
    state: &mut DriverState,
    patterns: &FrozenPatterns,
    config: &GreedyConfig,
    memo: &mut ErasureMemo,
) -> bool {
    let mut changed = false;
    let mut num_rewrites: i64 = 0;
    while config.max_num_rewrites < 0 || num_rewrites < config.max_num_rewrites {
        let Some(op) = state.worklist.pop() else { break };
        if !ir.is_alive(op) || ir.op_block(op).is_none() {
            continue;
        }
        if is_trivially_dead_memo(memo, ir, op) {
            PatternRewriter::new(ir, state).erase_op(op);
            memo.clear();
            changed = true;
            continue;
        }
        if !ir.has_trait(op, OpTraits::CONSTANT_LIKE) && try_fold(ir, state, op) {
            memo.clear();
            changed = true;
            continue;
        }
        let name = ir.op_name(op);
        for &i in patterns.for_op(name) {
            let mut rw = PatternRewriter::new(ir, state);
            rw.set_insertion_point(InsertPoint::Before(op));
            if patterns.patterns[i].match_and_rewrite(op, &mut rw) {
                memo.clear();
                changed = true;
                num_rewrites += 1;
                break;
            }
        }
    }
    changed
}
