//! `buffer-deallocation`: the clone-based buffer deallocation pass that
//! MLIR removed in LLVM 21 (`BufferDeallocation.cpp` of 19.1.7), with the
//! same output as mlir-opt-19.
//!
//! Per function with a body:
//! 1. **Supported control flow.** A cycle of blocks (a branch back edge)
//!    is rejected on the function ("Only structured control-flow loops are
//!    supported."), and every op with two or more regions, or one region
//!    and results, must implement `RegionBranch` ("All operations with
//!    attached regions need to implement the RegionBranchOpInterface.", one
//!    error per op, reported without failing the pass, as 19.1.7 does:
//!    mlir-opt-19 prints them and the output, exit status 0). Back edges
//!    are found by one colouring DFS over the blocks (upstream's search forgets visited blocks on exit and is
//!    exponential in the number of sequential diamonds).
//! 2. **Allocations** (`BufferPlacementAllocs`): in post-order, every op with
//!    exactly one `Allocate` effect on a result outside the automatic
//!    allocation scope resource (so `memref.alloca` is never freed), whose
//!    result is freed at most once and not by a reallocation; the op that
//!    frees it (if any) is remembered to be moved. An allocation without a
//!    dealloc whose op lacks `AllocationOp` is a located error.
//! 3. **Clones for critical aliases** (`introduceClones`): from each
//!    allocation, the direct view-flow successors are followed; a value
//!    whose block is not dominated by the block its source was reached in
//!    (or a block argument of that very block: a merge point, a loop
//!    iteration argument) is *unsafe*: it gets an own buffer. Each incoming
//!    value of an unsafe block argument (branch operands, region-branch
//!    terminator operands and entry operands) and of an unsafe region-branch
//!    result (terminator operands) is replaced by a `clone` built by the
//!    source's `AllocationOp` (`bufferization.clone` when the source is no
//!    allocation), and the unsafe value becomes an allocation itself. The
//!    view-flow edges into unsafe values are cut.
//! 4. **Dealloc placement** (`placeDeallocs`): for each allocation, the
//!    nearest common post-dominator of the blocks of its aliases and of all
//!    their users; in that block, after the last op where an alias is live
//!    (by the liveness computed before the clones, and the current users);
//!    the existing dealloc is moved there, or a new one is built by the
//!    `AllocationOp` (`memref.dealloc`) unless that op is the block's last.
//!
//! One deliberate difference from mlir-opt-19: upstream ignores, when it
//! looks for the last use in the placement block, every alias defined in
//! another block (its definition has no ancestor there), so an allocation
//! made before a join block and used in it after another op is freed right
//! after that block's first op, a use after free. Here such an alias counts
//! from the block's start. And where upstream's placement falls on the
//! block's last op without any alias being used there or live past the
//! block (an unused argument of a block that only branches on), upstream
//! leaks the buffer; here it is freed before that op. Everything else (the
//! upstream test file included) is mlir-opt-19's output.
//!
//! Everything goes through interfaces: memory effects with their resource,
//! `AllocationOp`, `BranchOp`, `RegionBranch`/`RegionTerminator`,
//! `ViewLike` (inside the view-flow analysis). The analyses are the shared
//! ones of `analysis` (dominance, post-dominance, liveness, buffer view
//! flow). Each alias set is a closure over the view flow; the work is linear
//! in the size of the alias sets and their uses.

use analysis::alias::{forwarded_operands, BufferViewFlow};
use analysis::dominance::Dominance;
use analysis::liveness::Liveness;
use ir::buffer_interfaces::AllocationOp;
use ir::interfaces::{memory_effects, EffectKind, EffectOn, RegionBranch, RegionSuccessor, Resource};
use ir::op_decl::{IrBuilder, OpBuilder};
use ir::{BlockId, Diagnostic, InsertPoint, Ir, OpId, RegionId, ValueDef, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use transforms::pass::{Pass, PassContext, PassInfo};

/// The `buffer-deallocation` pass.
pub struct BufferDeallocation;

impl Pass for BufferDeallocation {
    fn name(&self) -> &'static str {
        "buffer-deallocation"
    }
    /// A `func.func` pass, as upstream's (so `any(buffer-deallocation)`
    /// cannot be scheduled on a module, and the flag nests it per function).
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        // The function (when it has a body); post-order covers any nested one.
        for f in crate::defined_functions(ir, op) {
            deallocate_buffers(ir, f, cx)?;
        }
        Ok(())
    }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "buffer-deallocation",
        summary: "Adds all required dealloc operations for all allocations in the input program",
        options: vec![],
        ctor: |_| Ok(Box::new(BufferDeallocation)),
    }
}

/// Runs the clone-based deallocation on one function (MLIR's
/// `bufferization::deallocateBuffers` on a `func.func`). The errors of the
/// control-flow validation are reported through `cx` and do not stop the pass: in
/// 19.1.7 `validateSupportedControlFlow` emits them but its walk is never
/// interrupted, so it always succeeds, and mlir-opt-19 prints the errors,
/// then the deallocated IR, with exit status 0. Where upstream would then
/// trip over such an op (a clone needed for one of its results or entry
/// arguments), this pass fails with a located error instead.
pub fn deallocate_buffers(ir: &mut Ir, func: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
    if has_backedge(ir, func) {
        return Err(
            Diagnostic::error(ir.op_loc(func), "Only structured control-flow loops are supported.").with_op(func)
        );
    }
    validate_supported_control_flow(ir, func, cx);
    let mut state = State::new(ir, func)?;
    state.introduce_clones(ir)?;
    state.place_deallocs(ir)
}

/// True when a cycle of blocks is reachable from the function entry, along
/// the successors of branch terminators and into nested region entries
/// (upstream's `Backedges`, which only the presence of an edge matters for).
fn has_backedge(ir: &Ir, func: OpId) -> bool {
    let Some(entry) = ir.regions(func).first().and_then(|&r| ir.entry_block(r)) else { return false };
    // 1: on the DFS stack, 2: finished.
    let mut colour: FxHashMap<BlockId, u8> = FxHashMap::default();
    let edges = |b: BlockId| -> SmallVec<[BlockId; 4]> {
        let mut out = SmallVec::new();
        for op in ir.block_ops(b) {
            if is_branch(ir, op) {
                out.extend(ir.successors(op).iter().copied());
            }
            for &r in ir.regions(op) {
                if let Some(e) = ir.entry_block(r) {
                    out.push(e);
                }
            }
        }
        out
    };
    let mut stack: Vec<(BlockId, SmallVec<[BlockId; 4]>, usize)> = vec![(entry, edges(entry), 0)];
    colour.insert(entry, 1);
    while let Some(top) = stack.last_mut() {
        if top.2 < top.1.len() {
            let next = top.1[top.2];
            top.2 += 1;
            match colour.get(&next) {
                Some(1) => return true,
                Some(_) => {}
                None => {
                    colour.insert(next, 1);
                    let e = edges(next);
                    stack.push((next, e, 0));
                }
            }
        } else {
            colour.insert(top.0, 2);
            stack.pop();
        }
    }
    false
}

/// True when `op` implements `BranchOp`.
fn is_branch(ir: &Ir, op: OpId) -> bool {
    ir.ctx().registry().interface::<dyn ir::interfaces::BranchOp>(ir.op_name(op)).is_some()
}

/// True when `op` implements `RegionBranch`.
fn region_branch(ir: &Ir, op: OpId) -> Option<&dyn RegionBranch> {
    ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(op))
}

/// Upstream's `validateSupportedControlFlow`: one error per op with regions
/// that does not describe its control flow (post-order, as upstream's walk),
/// reported without failing.
fn validate_supported_control_flow(ir: &Ir, func: OpId, cx: &mut PassContext) {
    for op in ir.post_order(func) {
        if op == func {
            continue;
        }
        let regions = ir.regions(op).len();
        if ((regions == 1 && ir.num_results(op) > 0) || regions > 1) && region_branch(ir, op).is_none() {
            cx.report(
                ir,
                Diagnostic::error(
                    ir.op_loc(op),
                    "All operations with attached regions need to implement the RegionBranchOpInterface.",
                )
                .with_op(op),
            );
        }
    }
}

/// The op that frees `v` (`Some(None)`: none), or `None` when `v` is freed
/// by several ops or by a reallocation (MLIR's `memref::findDealloc`).
fn find_dealloc(ir: &Ir, v: ValueId) -> Option<Option<OpId>> {
    dialects::bufferization::canon::find_dealloc(ir, v)
}

/// The single heap allocation `op` makes, if any.
fn allocated_value(ir: &Ir, op: OpId) -> Option<ValueId> {
    let effects = memory_effects(ir, op)?;
    let mut found = None;
    for e in &effects {
        if e.kind != EffectKind::Allocate || e.resource == Resource::AutomaticAllocationScope {
            continue;
        }
        let EffectOn::Result(i) = e.on else { continue };
        if found.is_some() {
            return None;
        }
        found = Some(ir.result(op, i));
    }
    found
}

/// The `AllocationOp` implementation of the op defining `v`.
fn allocation_iface(ir: &Ir, v: ValueId) -> Option<&dyn AllocationOp> {
    let def = ir.defining_op(v)?;
    ir.ctx().registry().interface::<dyn AllocationOp>(ir.op_name(def))
}

/// The analyses and the allocations of one function.
struct State {
    func: OpId,
    flow: BufferViewFlow,
    /// View-flow edges into these values are cut (upstream's
    /// `aliases.remove`).
    removed: FxHashSet<ValueId>,
    /// (allocated value, the op freeing it).
    allocs: Vec<(ValueId, Option<OpId>)>,
    /// Each allocation and alias, to the allocation op it comes from (the
    /// op's `AllocationOp` builds its clones and deallocs).
    alias_to_alloc: FxHashMap<ValueId, Option<OpId>>,
    /// Clones this pass built (not cloned again).
    cloned: FxHashSet<ValueId>,
    dom: Dominance,
    postdom: Dominance,
    liveness: Liveness,
}

impl State {
    fn new(ir: &Ir, func: OpId) -> Result<State, Diagnostic> {
        let mut allocs = Vec::new();
        for op in ir.post_order(func) {
            let Some(v) = allocated_value(ir, op) else { continue };
            let Some(dealloc) = find_dealloc(ir, v) else { continue };
            allocs.push((v, dealloc));
        }
        let mut s = State {
            func,
            flow: BufferViewFlow::new(ir, func),
            removed: FxHashSet::default(),
            allocs,
            alias_to_alloc: FxHashMap::default(),
            cloned: FxHashSet::default(),
            dom: Dominance::forward(ir, func),
            postdom: Dominance::post(ir, func),
            liveness: Liveness::new(ir, func),
        };
        // `prepare`. Upstream gives every alias of every allocation, in
        // allocation order, that allocation's interface, so the last
        // allocation reaching a value wins. Going backwards, the first one
        // wins, and a value already given one is not followed again: all
        // it reaches was given one then. Linear, where resolving each
        // allocation's aliases anew costs the length of the chains they
        // flow along (quadratic on a function that hands one buffer on
        // through every block).
        let mut sources: Vec<Option<OpId>> = Vec::with_capacity(s.allocs.len());
        for i in 0..s.allocs.len() {
            let (v, dealloc) = s.allocs[i];
            let def = ir.defining_op(v);
            let has_iface = allocation_iface(ir, v).is_some();
            if dealloc.is_none() && !has_iface {
                let op = def.unwrap_or(func);
                return Err(Diagnostic::error(
                    ir.op_loc(op),
                    "Allocation is not deallocated explicitly nor does the operation implement the AllocationOpInterface.",
                )
                .with_op(op));
            }
            sources.push(if has_iface { def } else { None });
        }
        let mut work: Vec<ValueId> = Vec::new();
        for (i, &source) in sources.iter().enumerate().rev() {
            let v = s.allocs[i].0;
            if s.alias_to_alloc.contains_key(&v) {
                continue;
            }
            s.alias_to_alloc.insert(v, source);
            work.push(v);
            while let Some(cur) = work.pop() {
                for &n in s.flow.dependencies(cur) {
                    if let std::collections::hash_map::Entry::Vacant(e) = s.alias_to_alloc.entry(n) {
                        e.insert(source);
                        work.push(n);
                    }
                }
            }
        }
        Ok(s)
    }

    /// `v` and every value it may flow into, over the remaining edges.
    fn aliases(&self, v: ValueId) -> Vec<ValueId> {
        let mut out = vec![v];
        let mut seen: FxHashSet<ValueId> = FxHashSet::default();
        seen.insert(v);
        let mut i = 0;
        while let Some(&cur) = out.get(i) {
            i += 1;
            for &n in self.flow.dependencies(cur) {
                if !self.removed.contains(&n) && seen.insert(n) {
                    out.push(n);
                }
            }
        }
        out
    }

    /// Upstream's `introduceClones`.
    fn introduce_clones(&mut self, ir: &mut Ir) -> Result<(), Diagnostic> {
        let mut to_free: Vec<ValueId> = Vec::new();
        let mut to_free_set: FxHashSet<ValueId> = FxHashSet::default();
        let mut visited: FxHashSet<(ValueId, BlockId)> = FxHashSet::default();
        let mut work: Vec<(ValueId, BlockId)> = Vec::new();
        let mut find_unsafe = |source: ValueId, defining: BlockId, work: &mut Vec<(ValueId, BlockId)>| {
            for &value in self.flow.dependencies(source) {
                if to_free_set.contains(&value) {
                    continue;
                }
                let Some(parent) = ir.value_block(value) else { continue };
                let is_arg = matches!(ir.value_def(value), ValueDef::BlockArg { .. });
                if !self.dom.dominates_block(ir, defining, parent) || (defining == parent && is_arg) {
                    work.push((value, parent));
                    to_free_set.insert(value);
                    to_free.push(value);
                } else if visited.insert((value, defining)) {
                    work.push((value, defining));
                }
            }
        };
        for &(v, _) in &self.allocs {
            if let Some(b) = ir.value_block(v) {
                find_unsafe(v, b, &mut work);
            }
        }
        while let Some((v, b)) = work.pop() {
            find_unsafe(v, b, &mut work);
        }
        self.removed.extend(to_free.iter().copied());
        for v in to_free {
            match ir.value_def(v) {
                ValueDef::BlockArg { block, index } => self.block_arg_copy(ir, v, block, index as usize)?,
                _ => self.region_result_copy(ir, v)?,
            }
            self.allocs.push((v, None));
        }
        Ok(())
    }

    /// Clones every value flowing into the block argument `arg` (number
    /// `index` of `block`): branch operands, and for a region entry of a
    /// region-branch op, the terminator operands of the regions branching to
    /// it and the op's entry operands.
    fn block_arg_copy(&mut self, ir: &mut Ir, arg: ValueId, block: BlockId, index: usize) -> Result<(), Diagnostic> {
        let mut preds: Vec<OpId> = ir.predecessors(block).to_vec();
        preds.dedup();
        let mut seen: FxHashSet<OpId> = FxHashSet::default();
        for t in preds {
            if !seen.insert(t) {
                continue;
            }
            let slots: Vec<usize> =
                ir.successors(t).iter().enumerate().filter(|&(_, &s)| s == block).map(|(i, _)| i).collect();
            for succ in slots {
                let Some(range) = ir::interfaces::branch_successor_operands(ir, t, succ) else {
                    return Err(Diagnostic::error(ir.op_loc(t), "expected a branch op (BranchOpInterface)").with_op(t));
                };
                let produced = ir.block_args(block).len().saturating_sub(range.len());
                if index < produced {
                    return Err(Diagnostic::error(
                        ir.op_loc(t),
                        "cannot clone a block argument the branch produces itself",
                    )
                    .with_op(t));
                }
                let oi = range.start + index - produced;
                let source = ir.operand(t, oi);
                let clone = self.clone_buffer(ir, source, t)?;
                ir.set_operand(t, oi, clone);
            }
        }
        let Some(region) = ir.block_region(block) else { return Ok(()) };
        let Some(parent) = ir.region_parent_op(region) else { return Ok(()) };
        if ir.entry_block(region) != Some(block) || region_branch(ir, parent).is_none() {
            return Ok(());
        }
        let target = RegionSuccessor::Region(region);
        let regions: Vec<RegionId> = ir.regions(parent).to_vec();
        self.clone_for_region_successors(ir, parent, &regions, arg, target)?;
        // The operand the parent forwards on entry.
        let Some(rb) = region_branch(ir, parent) else { return Ok(()) };
        let entries = ir::interfaces::region_successors(ir, parent, None).unwrap_or_default();
        if !entries.contains(&target) {
            return Ok(());
        }
        let inputs = rb.successor_inputs(ir, parent, target);
        let operands = rb.entry_operands(ir, parent, target);
        let Some(k) = inputs.iter().position(|&x| x == arg) else { return Ok(()) };
        let Some(start) = operand_offset(ir, parent, &operands) else { return Ok(()) };
        let source = ir.operand(parent, start + k);
        let clone = self.clone_buffer(ir, source, parent)?;
        ir.set_operand(parent, start + k, clone);
        Ok(())
    }

    /// Clones the terminator operands of `op`'s regions that flow into the
    /// unsafe result `v`.
    fn region_result_copy(&mut self, ir: &mut Ir, v: ValueId) -> Result<(), Diagnostic> {
        let Some(op) = ir.defining_op(v) else { return Ok(()) };
        if region_branch(ir, op).is_none() {
            return Err(
                Diagnostic::error(ir.op_loc(op), "expected a region branch op (RegionBranchOpInterface)").with_op(op)
            );
        }
        let regions: Vec<RegionId> = ir.regions(op).to_vec();
        self.clone_for_region_successors(ir, op, &regions, v, RegionSuccessor::Parent)
    }

    /// For each region of `op` that branches to `target`, clones the operand
    /// each of its terminators forwards to `value` (an input of `target`).
    fn clone_for_region_successors(
        &mut self,
        ir: &mut Ir,
        op: OpId,
        regions: &[RegionId],
        value: ValueId,
        target: RegionSuccessor,
    ) -> Result<(), Diagnostic> {
        for &r in regions {
            let succs = ir::interfaces::region_successors(ir, op, Some(r)).unwrap_or_default();
            if !succs.contains(&target) {
                continue;
            }
            let Some(rb) = region_branch(ir, op) else { return Ok(()) };
            let inputs = rb.successor_inputs(ir, op, target);
            let Some(k) = inputs.iter().position(|&x| x == value) else { continue };
            let blocks: Vec<BlockId> = ir.region_blocks(r).collect();
            for b in blocks {
                let Some(t) = ir.terminator(b) else { continue };
                if !is_region_terminator(ir, t) {
                    continue;
                }
                let forwarded = forwarded_operands(ir, t, target);
                let Some(start) = operand_offset(ir, t, &forwarded) else { continue };
                if k >= forwarded.len() {
                    continue;
                }
                let source = ir.operand(t, start + k);
                let clone = self.clone_buffer(ir, source, t)?;
                ir.set_operand(t, start + k, clone);
            }
        }
        Ok(())
    }

    /// A clone of `source` before `at` (`source` itself when this pass
    /// built it), made by the `AllocationOp` of the allocation it aliases.
    fn clone_buffer(&mut self, ir: &mut Ir, source: ValueId, at: OpId) -> Result<ValueId, Diagnostic> {
        if self.cloned.contains(&source) {
            return Ok(source);
        }
        let clone = match self.alias_to_alloc.get(&source) {
            Some(alloc) => {
                let built = alloc.and_then(|a| {
                    let ctx = ir.ctx_arc().clone();
                    let iface = ctx.registry().interface::<dyn AllocationOp>(ir.op_name(a))?;
                    let mut b = IrBuilder::at(ir, InsertPoint::Before(at));
                    iface.build_clone(&mut b as &mut dyn OpBuilder, a, source)
                });
                built.ok_or_else(|| {
                    Diagnostic::error(ir.op_loc(at), "allocations without compatible clone ops are not supported")
                        .with_op(at)
                })?
            }
            None => {
                let loc = ir.value_loc(source);
                let ty = ir.value_type(source);
                let mut b = IrBuilder::at(ir, InsertPoint::Before(at));
                dialects::bufferization::CloneOp::build(&mut b, loc, ty, source).output(b.ir)
            }
        };
        self.cloned.insert(clone);
        Ok(clone)
    }

    /// Upstream's `placeDeallocs`.
    fn place_deallocs(&mut self, ir: &mut Ir) -> Result<(), Diagnostic> {
        for i in 0..self.allocs.len() {
            let (alloc, dealloc) = self.allocs[i];
            let aliases = self.aliases(alloc);
            let Some(block) = self.common_post_dominator(ir, alloc, &aliases) else {
                let at = ir.defining_op(alloc).unwrap_or(self.func);
                return Err(Diagnostic::error(
                    ir.op_loc(at),
                    "no block post-dominates all uses of this buffer; cannot place its deallocation",
                )
                .with_op(at));
            };
            let Some(mut end) = ir.first_op(block) else { continue };
            for &a in &aliases {
                // From the alias's definition when it is in the block, else
                // from the block's start. (Upstream skips an alias defined in
                // another block, so a buffer defined before the placement
                // block and used in it was freed after the block's first op:
                // a use after free.)
                let before = ir.defining_op(a).and_then(|d| ir.ancestor_in_block(block, d)).unwrap_or(end);
                let alias_end = self.end_operation(ir, block, a, before);
                if ir.op_block(alias_end) == Some(block) && ir.is_before_in_block(end, alias_end) {
                    end = alias_end;
                }
            }
            if let Some(d) = dealloc {
                // The dealloc itself may be the last use (moving it after
                // itself leaves it in place, as MLIR's `moveAfter`).
                if d != end {
                    ir.move_op_after(d, end);
                }
            } else {
                let at = match ir.next_op(end) {
                    Some(next) => next,
                    // `end` is the block's last op: the buffer is live past
                    // the block or used by its terminator, so it is not
                    // freed here, unless neither holds (upstream leaks such
                    // a buffer, e.g. an unused argument of a block that only
                    // branches on).
                    None if self.unused_at_end(ir, block, end, &aliases) => end,
                    None => continue,
                };
                self.build_dealloc(ir, at, alloc)?;
            }
        }
        Ok(())
    }

    /// True when no alias is live-out of `block` or used by its last op
    /// `end` (nor inside it).
    fn unused_at_end(&self, ir: &Ir, block: BlockId, end: OpId, aliases: &[ValueId]) -> bool {
        let live = self.liveness.block(block);
        aliases.iter().all(|&a| {
            !live.is_some_and(|l| l.is_live_out(a)) && !ir.users(a).any(|u| ir.ancestor_in_block(block, u) == Some(end))
        })
    }

    /// MLIR's `LivenessBlockInfo::getEndOperation`, with the live-out sets
    /// of the liveness computed before the clones and the current users.
    fn end_operation(&self, ir: &Ir, block: BlockId, v: ValueId, start: OpId) -> OpId {
        if self.liveness.block(block).is_some_and(|l| l.is_live_out(v)) {
            return ir.last_op(block).unwrap_or(start);
        }
        let mut end = start;
        for user in ir.users(v) {
            if let Some(u) = ir.ancestor_in_block(block, user) {
                if ir.is_before_in_block(end, u) {
                    end = u;
                }
            }
        }
        end
    }

    /// The nearest block post-dominating the allocation's block, the blocks
    /// of its aliases and those of all their users.
    fn common_post_dominator(&self, ir: &Ir, alloc: ValueId, aliases: &[ValueId]) -> Option<BlockId> {
        let mut blocks: Vec<BlockId> = Vec::new();
        let mut seen: FxHashSet<BlockId> = FxHashSet::default();
        let mut add = |b: Option<BlockId>| {
            if let Some(b) = b {
                if seen.insert(b) {
                    blocks.push(b);
                }
            }
        };
        add(ir.value_block(alloc));
        for &a in aliases {
            for u in ir.users(a) {
                add(ir.op_block(u));
            }
            add(ir.value_block(a));
        }
        let mut it = blocks.into_iter();
        let mut res = it.next()?;
        for b in it {
            res = self.postdom.nearest_common_dominator(ir, res, b)?;
        }
        Some(res)
    }

    /// Frees `alloc` before `at`, through its allocation's `AllocationOp`.
    fn build_dealloc(&self, ir: &mut Ir, at: OpId, alloc: ValueId) -> Result<(), Diagnostic> {
        match self.alias_to_alloc.get(&alloc) {
            Some(source) => {
                let built = source.and_then(|a| {
                    let ctx = ir.ctx_arc().clone();
                    let iface = ctx.registry().interface::<dyn AllocationOp>(ir.op_name(a))?;
                    let mut b = IrBuilder::at(ir, InsertPoint::Before(at));
                    iface.build_dealloc(&mut b as &mut dyn OpBuilder, a, alloc)
                });
                if built.is_none() {
                    return Err(Diagnostic::error(
                        ir.op_loc(at),
                        "allocations without compatible deallocations are not supported",
                    )
                    .with_op(at));
                }
            }
            None => {
                let loc = ir.value_loc(alloc);
                let mut b = IrBuilder::at(ir, InsertPoint::Before(at));
                dialects::memref::DeallocOp::build(&mut b, loc, alloc);
            }
        }
        Ok(())
    }
}

/// True when `t` ends a region of a region-branch op
/// (`RegionBranchTerminatorOpInterface`, or return-like there).
fn is_region_terminator(ir: &Ir, t: OpId) -> bool {
    ir.ctx().registry().interface::<dyn ir::interfaces::RegionTerminator>(ir.op_name(t)).is_some()
        || ir.has_trait(t, ir::OpTraits::RETURN_LIKE)
}

/// The index of the first operand of `op` in the run of operands equal to
/// `values` (the interfaces give forwarded values; the run is the op's
/// operand segment holding them, normally its tail).
fn operand_offset(ir: &Ir, op: OpId, values: &[ValueId]) -> Option<usize> {
    let ops: SmallVec<[ValueId; 8]> = ir.operands(op).collect();
    if values.len() > ops.len() {
        return None;
    }
    let tail = ops.len() - values.len();
    if ops[tail..] == *values {
        return Some(tail);
    }
    (0..=tail).find(|&s| ops[s..s + values.len()] == *values)
}
