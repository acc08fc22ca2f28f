//! What the older buffer-placement passes (`buffer-hoisting`,
//! `buffer-loop-hoisting`, `promote-buffers-to-stack`) share, as MLIR's
//! `BufferUtils` and `BufferOptimizations.cpp` define it: the allocations
//! they manage ([`find_allocs`], MLIR's `BufferPlacementAllocs`) with their
//! single dealloc ([`find_dealloc`], `memref::findDealloc`), where a moved
//! or promoted allocation goes in a block ([`start_operation`]), and which
//! region ops are loops or known control flow ([`is_loop`],
//! [`is_known_control_flow`]).
//!
//! Everything is asked through interfaces: an allocation is an op with one
//! `Allocate` effect on a result, a dealloc one with a `Free` effect on the
//! buffer, a loop a `LoopLike` op or a `RegionBranch` op whose region graph
//! has a cycle.

use analysis::liveness::Liveness;
use ir::interfaces::{is_loop_like, is_region_branch, memory_effects, region_successors, EffectKind, EffectOn};
use ir::interfaces::{RegionSuccessor, Resource};
use ir::{BlockId, Ir, OpId, OpTraits, ValueId};

/// An allocation the passes manage: the allocated buffer and its single
/// dealloc, if it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocEntry {
    /// The allocated buffer (a result of its allocation op).
    pub alloc: ValueId,
    /// The op freeing it, if any.
    pub dealloc: Option<OpId>,
}

/// The allocations nested in `root`, in MLIR's walk order, split as the
/// passes need them: heap allocations (one `Allocate` effect on a result,
/// on any resource but the automatic allocation scope), each with its
/// single dealloc (an allocation freed twice, or by a realloc, is left
/// out), and stack allocations (one `Allocate` effect on a result, on the
/// automatic allocation scope: `memref.alloca`).
pub fn find_allocs(ir: &Ir, root: OpId) -> (Vec<AllocEntry>, Vec<ValueId>) {
    let (mut heap, mut stack) = (Vec::new(), Vec::new());
    ir.walk_post(root, |op| {
        if let Some((v, on_stack)) = single_allocation(ir, op) {
            if on_stack {
                stack.push(v);
            } else if let Some(dealloc) = find_dealloc(ir, v) {
                heap.push(AllocEntry { alloc: v, dealloc });
            }
        }
        ir::WalkResult::Advance
    });
    (heap, stack)
}

/// The buffer `op` allocates when it has exactly one `Allocate` effect on
/// a result of the heap resources (`false`), or else exactly one on the
/// automatic allocation scope (`true`).
fn single_allocation(ir: &Ir, op: OpId) -> Option<(ValueId, bool)> {
    let effects = memory_effects(ir, op)?;
    let allocated = |stack: bool| {
        let mut it = effects.iter().filter_map(|e| match (e.kind, e.on) {
            (EffectKind::Allocate, EffectOn::Result(i))
                if (e.resource == Resource::AutomaticAllocationScope) == stack =>
            {
                Some(i)
            }
            _ => None,
        });
        match (it.next(), it.next()) {
            (Some(i), None) if i < ir.num_results(op) => Some(ir.result(op, i)),
            _ => None,
        }
    };
    let heap = effects
        .iter()
        .filter(|e| {
            e.kind == EffectKind::Allocate
                && matches!(e.on, EffectOn::Result(_))
                && e.resource != Resource::AutomaticAllocationScope
        })
        .count();
    if heap > 0 {
        return allocated(false).map(|v| (v, false));
    }
    allocated(true).map(|v| (v, true))
}

/// True when `user` has a `Free` effect on `v`.
fn frees(ir: &Ir, user: OpId, v: ValueId) -> bool {
    memory_effects(ir, user).is_some_and(|es| {
        es.iter().any(|e| {
            e.kind == EffectKind::Free
                && matches!(e.on, EffectOn::Operand(i) if i < ir.num_operands(user) && ir.operand(user, i) == v)
        })
    })
}

/// MLIR's `memref::findDealloc`: `Some(None)` when nothing frees `v`,
/// `Some(Some(op))` when exactly one op does, `None` when several do or
/// when a reallocation (an op that frees `v` and allocates a result) does.
pub fn find_dealloc(ir: &Ir, v: ValueId) -> Option<Option<OpId>> {
    let mut found = None;
    for user in ir.users(v) {
        if !frees(ir, user, v) {
            continue;
        }
        if single_allocation(ir, user).is_some() || found.is_some() {
            return None;
        }
        found = Some(user);
    }
    Some(found)
}

/// MLIR's `BufferPlacementAllocs::getStartOperation`: the op of `block`
/// before which `alloc` is placed: its defining op, or the block's first
/// op when `alloc` is live into the block, lifted to its ancestor in
/// `block` (the terminator when it has none there).
pub fn start_operation(ir: &Ir, liveness: &Liveness, alloc: ValueId, block: BlockId) -> Option<OpId> {
    let start = liveness.start_op(ir, block, alloc)?;
    if ir.op_block(start) == Some(block) {
        return Some(start);
    }
    ir.ancestor_in_block(block, start).or_else(|| ir.last_op(block))
}

/// MLIR's `isKnownControlFlowInterface`: `op` is a `LoopLike` or a
/// `RegionBranch` op.
pub fn is_known_control_flow(ir: &Ir, op: OpId) -> bool {
    is_loop_like(ir, op) || is_region_branch(ir, op)
}

/// MLIR's `isLoop`: `op` is `LoopLike`, or a `RegionBranch` op whose
/// region graph, entered from the parent, reaches some region twice
/// (`RegionBranchOpInterface::hasLoop`).
pub fn is_loop(ir: &Ir, op: OpId) -> bool {
    if is_loop_like(ir, op) {
        return true;
    }
    let Some(entries) = region_successors(ir, op, None) else { return false };
    let regions = ir.regions(op);
    let index = |r| regions.iter().position(|&x| x == r);
    for entry in entries {
        let RegionSuccessor::Region(begin) = entry else { continue };
        let mut visited = vec![false; regions.len()];
        let Some(b) = index(begin) else { continue };
        visited[b] = true;
        let mut work: Vec<ir::RegionId> = Vec::new();
        let push_succs = |r, work: &mut Vec<ir::RegionId>| {
            for s in region_successors(ir, op, Some(r)).unwrap_or_default() {
                if let RegionSuccessor::Region(n) = s {
                    work.push(n);
                }
            }
        };
        push_succs(begin, &mut work);
        while let Some(next) = work.pop() {
            let Some(i) = index(next) else { continue };
            if visited[i] {
                return true;
            }
            visited[i] = true;
            push_succs(next, &mut work);
        }
    }
    false
}

/// MLIR's `isSequentialLoop`: a loop ([`is_loop`]) without
/// `HasParallelRegion`.
pub fn is_sequential_loop(ir: &Ir, op: OpId) -> bool {
    !ir.has_trait(op, OpTraits::HAS_PARALLEL_REGION) && is_loop(ir, op)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::parse;

    #[test]
    fn loops_are_loop_like_ops_and_region_branches_with_cycles() {
        let src = "func.func @f(%c: i1, %n: index, %m: memref<2xf32>) {\n  scf.for %i = %n to %n step %n {\n  }\n  scf.parallel (%i) = (%n) to (%n) step (%n) {\n    scf.reduce\n  }\n  scf.if %c {\n  }\n  scf.execute_region {\n    scf.yield\n  }\n  %r = test.region_if %m: memref<2xf32> -> memref<2xf32> then {\n  ^bb0(%x: memref<2xf32>):\n    test.region_if_yield %x : memref<2xf32>\n  } else {\n  ^bb0(%x: memref<2xf32>):\n    test.region_if_yield %x : memref<2xf32>\n  } join {\n  ^bb0(%x: memref<2xf32>):\n    test.region_if_yield %x : memref<2xf32>\n  }\n  return\n}\n";
        let m = parse(src);
        let ir = &m.ir;
        let (for_op, par) = (m.op("scf.for", 0), m.op("scf.parallel", 0));
        assert!(is_loop(ir, for_op) && is_sequential_loop(ir, for_op));
        assert!(is_loop(ir, par) && !is_sequential_loop(ir, par));
        for name in ["scf.if", "scf.execute_region"] {
            let op = m.op(name, 0);
            assert!(!is_loop(ir, op) && is_known_control_flow(ir, op), "{name}");
        }
        // Then and else both reach the join region, but each entry is
        // traversed on its own (upstream's `hasLoop`): no region is reached
        // twice from one entry, so no loop.
        let region_if = m.op("test.region_if", 0);
        assert!(!is_loop(ir, region_if) && is_known_control_flow(ir, region_if));
        assert!(!is_known_control_flow(ir, m.top));
    }

    #[test]
    fn allocations_are_found_by_their_effects_with_their_single_dealloc() {
        let src = "func.func @f(%n: index) {\n  %a = memref.alloc() : memref<2xf32>\n  memref.dealloc %a : memref<2xf32>\n  %b = memref.alloc() : memref<2xf32>\n  memref.dealloc %b : memref<2xf32>\n  memref.dealloc %b : memref<2xf32>\n  %c = memref.alloc() : memref<2xf32>\n  %d = memref.alloca() : memref<2xf32>\n  %e = memref.alloc(%n) : memref<?xf32>\n  %r = memref.realloc %e(%n) : memref<?xf32> to memref<?xf32>\n  return\n}\n";
        let m = parse(src);
        let ir = &m.ir;
        let (heap, stack) = find_allocs(ir, m.top);
        let res = |name, i| ir.result(m.op(name, i), 0);
        assert_eq!(
            heap,
            vec![
                AllocEntry { alloc: res("memref.alloc", 0), dealloc: Some(m.op("memref.dealloc", 0)) },
                AllocEntry { alloc: res("memref.alloc", 2), dealloc: None },
                // The realloc allocates its result, which nothing frees.
                AllocEntry { alloc: res("memref.realloc", 0), dealloc: None },
            ]
        );
        assert_eq!(stack, vec![res("memref.alloca", 0)]);
        // Freed twice, or by a realloc: not managed.
        assert_eq!(find_dealloc(ir, res("memref.alloc", 1)), None);
        assert_eq!(find_dealloc(ir, res("memref.alloc", 3)), None);
    }
}
