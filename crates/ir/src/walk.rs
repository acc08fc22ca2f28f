//! Walking nested IR: pre-order and post-order traversals of the ops
//! under an op, with skip and interrupt control. Traversals use an explicit
//! stack, so arbitrarily deep nesting cannot overflow the call stack.

use crate::arena::{Ir, OpId};

/// What a walk callback wants next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WalkResult {
    /// Continue.
    Advance,
    /// Do not visit this op's regions (pre-order only).
    Skip,
    /// Stop the walk.
    Interrupt,
}

impl Ir {
    /// Visits `root` and every op nested in it, parents before children.
    /// Returns false when interrupted.
    pub fn walk_pre(&self, root: OpId, mut f: impl FnMut(OpId) -> WalkResult) -> bool {
        let mut stack: Vec<OpId> = vec![root];
        while let Some(op) = stack.pop() {
            match f(op) {
                WalkResult::Interrupt => return false,
                WalkResult::Skip => continue,
                WalkResult::Advance => {}
            }
            let before = stack.len();
            for &r in self.regions(op) {
                for b in self.region_blocks(r) {
                    stack.extend(self.block_ops(b));
                }
            }
            stack[before..].reverse();
        }
        true
    }

    /// Visits every op nested in `root` and then `root`, children before
    /// parents. Returns false when interrupted.
    pub fn walk_post(&self, root: OpId, mut f: impl FnMut(OpId) -> WalkResult) -> bool {
        for op in self.post_order(root) {
            if f(op) == WalkResult::Interrupt {
                return false;
            }
        }
        true
    }

    /// `root` and its nested ops in post-order, collected (so the caller may
    /// mutate the IR while going through them).
    pub fn post_order(&self, root: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        // (op, expanded)
        let mut stack: Vec<(OpId, bool)> = vec![(root, false)];
        while let Some((op, expanded)) = stack.pop() {
            if expanded {
                out.push(op);
                continue;
            }
            stack.push((op, true));
            let before = stack.len();
            for &r in self.regions(op) {
                for b in self.region_blocks(r) {
                    stack.extend(self.block_ops(b).map(|o| (o, false)));
                }
            }
            stack[before..].reverse();
        }
        out
    }

    /// `root` and its nested ops in pre-order, collected.
    pub fn pre_order(&self, root: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        self.walk_pre(root, |o| {
            out.push(o);
            WalkResult::Advance
        });
        out
    }
}
