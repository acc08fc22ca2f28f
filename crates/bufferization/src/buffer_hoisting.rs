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
//! once per function. The alias dominators are computed once per value
//! over the alias graph rather than per allocation over its alias set
//! (`AliasDominators`), which keeps long chains of buffers linear. Walking the dominator tree block by block, as
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
    // Only the allocations' live ranges are asked about.
    let values: Vec<ValueId> = heap.iter().map(|e| e.alloc).chain(stack.iter().copied()).collect();
    let liveness = Liveness::sets_of(ir, root, &values);
    let dom = Dominance::forward(ir, root);
    let wanted = match mode {
        Mode::Dominators => HoistingKind::BLOCK,
        Mode::Loops => HoistingKind::LOOP,
    };
    // The alias dominators, all computed before anything moves: a move
    // changes only the block of the moved allocation op, whose result no
    // other value flows into (it is a source of the alias graph), and which
    // uses no buffer of another alias set.
    let mut alias_doms = AliasDominators::new(ir, &dom, &flow);
    let allocs: Vec<(ValueId, OpId, Option<BlockId>)> = heap
        .iter()
        .map(|e| e.alloc)
        .chain(stack)
        .filter_map(|alloc| {
            let def = ir.defining_op(alloc)?;
            let iface = ir.ctx().registry().interface::<dyn AllocationOp>(ir.op_name(def))?;
            (iface.hoisting_kind(ir, def).0 & wanted.0 != 0).then(|| (alloc, def, alias_doms.of(alloc)))
        })
        .collect();
    for (alloc, def, alias_dominator) in allocs {
        let Some(alloc_block) = ir.op_block(def) else { continue };
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

/// MLIR's `findCommonDominator` for every allocation of a function: the
/// nearest common dominator of the block of a buffer and of the blocks of
/// its aliases (the values it flows into, transitively) and of their users
/// (`None` when some of them are unreachable).
///
/// Upstream resolves the alias set of each allocation and folds the
/// blocks, which costs the size of that set per allocation: quadratic when
/// buffers flow along a long chain. The nearest common dominator is
/// associative, so here it is computed once per value over the alias graph:
/// a value's answer folds its own blocks with the answers of the values it
/// flows into. Cycles (loop-carried buffers) are strongly connected
/// components, which share one answer (Tarjan's algorithm, iterative,
/// completes the components in reverse topological order). Each value and
/// use is visited once over the whole function.
struct AliasDominators<'a> {
    ir: &'a Ir,
    dom: &'a Dominance,
    flow: &'a BufferViewFlow,
    /// The answer of each value whose component is complete.
    done: rustc_hash::FxHashMap<ValueId, Option<BlockId>>,
    /// Tarjan's DFS number and low link of the values being explored.
    index: rustc_hash::FxHashMap<ValueId, (u32, u32)>,
    stack: Vec<ValueId>,
    next: u32,
}

impl<'a> AliasDominators<'a> {
    fn new(ir: &'a Ir, dom: &'a Dominance, flow: &'a BufferViewFlow) -> Self {
        AliasDominators {
            ir,
            dom,
            flow,
            done: rustc_hash::FxHashMap::default(),
            index: rustc_hash::FxHashMap::default(),
            stack: Vec::new(),
            next: 0,
        }
    }

    /// The nearest common dominator of two blocks; O(1) when one dominates
    /// the other.
    fn meet(&self, a: Option<BlockId>, b: Option<BlockId>) -> Option<BlockId> {
        let (a, b) = (a?, b?);
        if self.dom.dominates_block(self.ir, a, b) {
            Some(a)
        } else if self.dom.dominates_block(self.ir, b, a) {
            Some(b)
        } else {
            self.dom.nearest_common_dominator(self.ir, a, b)
        }
    }

    /// The blocks of `v` itself and of its users, met.
    fn own(&self, v: ValueId) -> Option<BlockId> {
        let ir = self.ir;
        let mut acc = ir.value_block(v);
        for user in ir.users(v) {
            acc = self.meet(acc, Some(ir.op_block(user)?));
        }
        acc
    }

    /// The alias dominator of `root`.
    fn of(&mut self, root: ValueId) -> Option<BlockId> {
        if let Some(&r) = self.done.get(&root) {
            return r;
        }
        // Frames of the DFS: a value and the next dependent to visit.
        let mut frames: Vec<(ValueId, usize)> = Vec::new();
        self.open(root);
        frames.push((root, 0));
        while let Some(&mut (v, ref mut i)) = frames.last_mut() {
            let deps = self.flow.dependents(v);
            if let Some(&w) = deps.get(*i) {
                *i += 1;
                if self.done.contains_key(&w) {
                    continue;
                }
                match self.index.get(&w) {
                    Some(&(wi, _)) => {
                        // On the stack (explored and not done): a cycle.
                        let e = self.index.get_mut(&v).expect("open");
                        e.1 = e.1.min(wi);
                    }
                    None => {
                        self.open(w);
                        frames.push((w, 0));
                    }
                }
                continue;
            }
            frames.pop();
            let (vi, vl) = self.index[&v];
            if let Some(&(p, _)) = frames.last() {
                let e = self.index.get_mut(&p).expect("open");
                e.1 = e.1.min(vl);
            }
            if vi == vl {
                self.close(v);
            }
        }
        self.done[&root]
    }

    fn open(&mut self, v: ValueId) {
        self.index.insert(v, (self.next, self.next));
        self.next += 1;
        self.stack.push(v);
    }

    /// Pops the component rooted at `v` and records its answer: its
    /// members' own blocks met with the answers of the components they
    /// flow into (all complete by now).
    fn close(&mut self, v: ValueId) {
        let mut members = Vec::new();
        while let Some(m) = self.stack.pop() {
            members.push(m);
            if m == v {
                break;
            }
        }
        let mut acc: Option<Option<BlockId>> = None;
        let fold = |acc: &mut Option<Option<BlockId>>, b: Option<BlockId>| {
            *acc = Some(match *acc {
                None => b,
                Some(a) => self.meet(a, b),
            });
        };
        for &m in &members {
            fold(&mut acc, self.own(m));
            for w in self.flow.dependents(m) {
                if let Some(&r) = self.done.get(w) {
                    fold(&mut acc, r);
                }
            }
        }
        let answer = acc.flatten();
        for m in members {
            self.index.remove(&m);
            self.done.insert(m, answer);
        }
    }
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
        while let Some(parent_op) = ir.block_parent_op(current) {
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
