//! The `buffer-hoisting` and `buffer-loop-hoisting` passes (MLIR's
//! `BufferHoisting` and `BufferLoopHoisting`, anchored on `func.func`):
//! allocations move up, so that fewer buffers are allocated (and, later,
//! copied and freed) in branches and loop bodies.
//!
//! Both visit the heap allocations ([`find_allocs`]: one dealloc at most)
//! and then the stack allocations, in walk order, and keep those whose
//! `AllocationOp` hoisting kind allows the move (`BLOCK` for
//! `buffer-hoisting`, `LOOP` for `buffer-loop-hoisting`). For each:
//! - the *alias dominator* is the nearest common dominator of the
//!   allocation's block and of the blocks of every alias (the buffer view
//!   flow) and of their users;
//! - the *dependency block* is the lowest block defining an operand of the
//!   allocation (its dynamic sizes): the allocation never moves above it;
//! - the walk starts at the allocation's block and goes up the dominator
//!   tree of its region, then to the block holding the region's op, as long
//!   as the upper bound properly dominates the current block and the op is
//!   a known control-flow op (`LoopLike` or `RegionBranch`) whose crossing
//!   is allowed.
//!
//! `buffer-hoisting` bounds the walk by the lower of the alias dominator
//! and the dependency block, records every block it reaches and never
//! crosses a loop. `buffer-loop-hoisting` bounds it by the dependency block
//! only, records only the blocks it reaches by leaving a region, and only
//! crosses sequential loops (no `HasParallelRegion`) that the alias
//! dominator does not dominate (a buffer that flows out of the loop stays
//! in it). The allocation then moves before its start op in the recorded
//! block ([`start_operation`]).
//!
//! As upstream, the analyses (alias flow, liveness, dominance) are built
//! once per function. Walking the dominator tree block by block, as
//! upstream does, costs the depth of the tree per allocation; here the
//! walk jumps straight to where it would stop in each region (the upper
//! bound when it lies in that region, the region's entry block otherwise),
//! which gives the same block in time proportional to the nesting depth.

use crate::buffer_placement::{find_allocs, is_known_control_flow, is_loop, is_sequential_loop, start_operation};
use analysis::alias::BufferViewFlow;
use analysis::dominance::Dominance;
use analysis::liveness::Liveness;
use ir::buffer_interfaces::{AllocationOp, HoistingKind};
use ir::{BlockId, Diagnostic, Ir, OpId, ValueId};
use transforms::pass::{Pass, PassContext, PassInfo};

/// Where allocations are hoisted to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `buffer-hoisting`: into common dominators, never out of loops.
    Dominators,
    /// `buffer-loop-hoisting`: out of sequential loops.
    Loops,
}

/// The `buffer-hoisting` and `buffer-loop-hoisting` passes.
pub struct BufferHoisting {
    /// Which of the two passes this is.
    pub mode: Mode,
}

impl Pass for BufferHoisting {
    fn name(&self) -> &'static str {
        match self.mode {
            Mode::Dominators => "buffer-hoisting",
            Mode::Loops => "buffer-loop-hoisting",
        }
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        hoist(ir, op, self.mode);
        Ok(())
    }
}

/// The `buffer-hoisting` pass's registration.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "buffer-hoisting",
        summary: "Optimizes placement of allocation operations by moving them into common dominators and out of nested regions",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(BufferHoisting { mode: Mode::Dominators })),
    }
}

/// The `buffer-loop-hoisting` pass's registration.
pub fn loop_pass_info() -> PassInfo {
    PassInfo {
        name: "buffer-loop-hoisting",
        summary: "Optimizes placement of allocation operations by moving them out of loop nests",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(BufferHoisting { mode: Mode::Loops })),
    }
}

/// Hoists the allocations nested in `root` (MLIR's
/// `BufferAllocationHoisting::hoist`; `hoistBuffersFromLoops` for
/// [`Mode::Loops`]).
pub fn hoist(ir: &mut Ir, root: OpId, mode: Mode) {
    let (heap, stack) = find_allocs(ir, root);
    let flow = BufferViewFlow::new(ir, root);
    let liveness = Liveness::new(ir, root);
    let dom = Dominance::forward(ir, root);
    let wanted = match mode {
        Mode::Dominators => HoistingKind::BLOCK,
        Mode::Loops => HoistingKind::LOOP,
    };
    let allocs: Vec<ValueId> = heap.iter().map(|e| e.alloc).chain(stack).collect();
    for alloc in allocs {
        let Some(def) = ir.defining_op(alloc) else { continue };
        let Some(iface) = ir.ctx().registry().interface::<dyn AllocationOp>(ir.op_name(def)) else { continue };
        if iface.hoisting_kind(ir, def).0 & wanted.0 == 0 {
            continue;
        }
        let Some(alloc_block) = ir.op_block(def) else { continue };
        let alias_dominator = common_dominator(ir, &dom, alloc, &flow.resolve(alloc));
        // The lowest block defining an operand bounds the move.
        let mut dependency: Option<BlockId> = None;
        for v in ir.operands(def) {
            let Some(b) = ir.value_block(v) else { continue };
            if dependency.is_none_or(|d| dom.dominates_block(ir, d, b)) {
                dependency = Some(b);
            }
        }
        let upper = match (mode, dependency) {
            (Mode::Dominators, None) => alias_dominator,
            (Mode::Dominators, Some(dep)) => match alias_dominator {
                Some(d) if !dom.properly_dominates_block(ir, d, dep) => Some(d),
                _ => Some(dep),
            },
            (Mode::Loops, dep) => dep,
        };
        let walk = Walk { ir, dom: &dom, mode, alias_dominator };
        let placement = walk.placement_block(alloc_block, upper);
        if let Some(start) = start_operation(ir, &liveness, alloc, placement) {
            if start != def {
                ir.move_op_before(def, start);
            }
        }
    }
}

/// MLIR's `findCommonDominator`: the nearest common dominator of the block
/// of `value` and of the blocks of `aliases` and of their users (`None`
/// when some of them share no region or are unreachable).
fn common_dominator(ir: &Ir, dom: &Dominance, value: ValueId, aliases: &[ValueId]) -> Option<BlockId> {
    let mut seen: rustc_hash::FxHashSet<BlockId> = rustc_hash::FxHashSet::default();
    let mut acc = ir.value_block(value)?;
    seen.insert(acc);
    let mut add = |b: BlockId, acc: &mut BlockId| -> Option<()> {
        if seen.insert(b) {
            *acc = dom.nearest_common_dominator(ir, *acc, b)?;
        }
        Some(())
    };
    for &a in aliases {
        for user in ir.users(a) {
            add(ir.op_block(user)?, &mut acc)?;
        }
        add(ir.value_block(a)?, &mut acc)?;
    }
    Some(acc)
}

/// The walk up from an allocation's block (MLIR's `findPlacementBlock`
/// with the two hoisting states).
struct Walk<'a> {
    ir: &'a Ir,
    dom: &'a Dominance,
    mode: Mode,
    alias_dominator: Option<BlockId>,
}

impl Walk<'_> {
    /// True when the walk may leave the region of `op` for `op`'s block.
    fn may_cross(&self, op: OpId) -> bool {
        let ir = self.ir;
        if !is_known_control_flow(ir, op) {
            return false;
        }
        match self.mode {
            Mode::Dominators => !is_loop(ir, op),
            Mode::Loops => {
                // A buffer whose aliases reach the loop's block (through
                // results or a back edge) must stay in the loop.
                let escapes = match (self.alias_dominator, ir.op_block(op)) {
                    (Some(d), Some(b)) => self.dom.dominates_block(ir, d, b),
                    _ => false,
                };
                is_sequential_loop(ir, op) && !escapes
            }
        }
    }

    /// The block the allocation goes to, starting from `start` and never
    /// above `upper`.
    fn placement_block(&self, start: BlockId, upper: Option<BlockId>) -> BlockId {
        let (ir, dom) = (self.ir, self.dom);
        let (mut current, mut placement) = (start, start);
        loop {
            let Some(parent_op) = ir.block_parent_op(current) else { break };
            if ir.op_block(parent_op).is_none() {
                break;
            }
            if upper.is_some_and(|u| !dom.properly_dominates_block(ir, u, current)) {
                break;
            }
            let region = ir.block_region(current);
            let entry = region.and_then(|r| ir.entry_block(r));
            if entry != Some(current) {
                // Up the dominator tree: every block on the way is
                // dominated by the bound unless the bound is in this region,
                // where the walk stops at the bound itself.
                if !dom.is_reachable(ir, current) {
                    break;
                }
                let Some(entry) = entry else { break };
                let target = match upper {
                    Some(u) if ir.block_region(u) == region => u,
                    _ => entry,
                };
                current = target;
                if self.mode == Mode::Dominators {
                    placement = target;
                }
                continue;
            }
            if !self.may_cross(parent_op) {
                break;
            }
            let Some(parent_block) = ir.op_block(parent_op) else { break };
            current = parent_block;
            placement = parent_block;
        }
        placement
    }
}
