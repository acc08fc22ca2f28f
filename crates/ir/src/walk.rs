//! Walking nested IR: pre-order and post-order traversals of the ops
//! under an op, with skip and interrupt control. Traversals use an explicit
//! stack, so arbitrarily deep nesting cannot overflow the call stack.

use crate::arena::{BlockId, Ir, OpId};

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
        // Follows the links (no stack): down to the first child, else on to
        // the next op in the parent (across its blocks and regions), else up.
        let mut op = root;
        loop {
            let descend = match f(op) {
                WalkResult::Interrupt => return false,
                WalkResult::Skip => false,
                WalkResult::Advance => true,
            };
            if let Some(child) = descend.then(|| self.first_child_from(op, 0, None)).flatten() {
                op = child;
                continue;
            }
            loop {
                if op == root {
                    return true;
                }
                if let Some(next) = self.next_in_parent(op) {
                    op = next;
                    break;
                }
                op = self.parent_op(op).expect("a walked op lies under the root");
            }
        }
    }

    /// Visits every op nested in `root` and then `root`, children before
    /// parents. Returns false when interrupted.
    pub fn walk_post(&self, root: OpId, mut f: impl FnMut(OpId) -> WalkResult) -> bool {
        let mut op = self.first_leaf(root);
        loop {
            if f(op) == WalkResult::Interrupt {
                return false;
            }
            if op == root {
                return true;
            }
            op = match self.next_in_parent(op) {
                Some(next) => self.first_leaf(next),
                None => self.parent_op(op).expect("a walked op lies under the root"),
            };
        }
    }

    /// `root` and its nested ops in post-order, collected (so the caller may
    /// mutate the IR while going through them).
    pub fn post_order(&self, root: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        self.walk_post(root, |o| {
            out.push(o);
            WalkResult::Advance
        });
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

    /// The first op directly nested in `op`, looking at its regions from
    /// `region` on and, in that region, at the blocks after `after` (all
    /// blocks when `None`).
    fn first_child_from(&self, op: OpId, region: usize, mut after: Option<BlockId>) -> Option<OpId> {
        for &r in self.regions(op).get(region..).unwrap_or(&[]) {
            let mut b = match after.take() {
                Some(prev) => self.next_block(prev),
                None => self.entry_block(r),
            };
            while let Some(bb) = b {
                if let Some(o) = self.first_op(bb) {
                    return Some(o);
                }
                b = self.next_block(bb);
            }
        }
        None
    }

    /// The op after `op` among those directly nested in its parent op
    /// (across the parent's blocks and regions).
    fn next_in_parent(&self, op: OpId) -> Option<OpId> {
        if let Some(next) = self.next_op(op) {
            return Some(next);
        }
        let b = self.op_block(op)?;
        let r = self.block_region(b)?;
        let parent = self.region_parent_op(r)?;
        self.first_child_from(parent, self.region_index(r), Some(b))
    }

    /// The first op of `op`'s subtree in post-order.
    fn first_leaf(&self, mut op: OpId) -> OpId {
        while let Some(child) = self.first_child_from(op, 0, None) {
            op = child;
        }
        op
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{InsertPoint, OpSpec};
    use crate::context::Context;
    use std::sync::Arc;

    /// Builds `a { b { c } {} d }` with an empty block before `d`'s block.
    fn sample() -> (Ir, [OpId; 4]) {
        let ctx = Arc::new(Context::new());
        let mut ir = Ir::new(ctx.clone());
        let name = ctx.intern_str("t.op");
        let loc = ctx.unknown_loc();
        let a = ir.create_op(OpSpec { num_regions: 2, ..OpSpec::new(name, loc) });
        let b = ir.create_op(OpSpec { num_regions: 1, ..OpSpec::new(name, loc) });
        let c = ir.create_op(OpSpec::new(name, loc));
        let d = ir.create_op(OpSpec::new(name, loc));
        let ra = ir.region(a, 0);
        let ba = ir.append_block(ra, &[], &[]);
        ir.insert_op(b, InsertPoint::BlockEnd(ba));
        let rb = ir.region(b, 0);
        let bb = ir.append_block(rb, &[], &[]);
        ir.insert_op(c, InsertPoint::BlockEnd(bb));
        let ra2 = ir.region(a, 1);
        ir.append_block(ra2, &[], &[]);
        let bd = ir.append_block(ra2, &[], &[]);
        ir.insert_op(d, InsertPoint::BlockEnd(bd));
        (ir, [a, b, c, d])
    }

    #[test]
    fn orders_and_control() {
        let (ir, [a, b, c, d]) = sample();
        assert_eq!(ir.pre_order(a), [a, b, c, d]);
        assert_eq!(ir.post_order(a), [c, b, d, a]);
        assert_eq!(ir.pre_order(b), [b, c]);
        assert_eq!(ir.post_order(c), [c]);
        let mut seen = Vec::new();
        ir.walk_pre(a, |o| {
            seen.push(o);
            if o == b {
                WalkResult::Skip
            } else {
                WalkResult::Advance
            }
        });
        assert_eq!(seen, [a, b, d]);
        let mut n = 0;
        assert!(!ir.walk_post(a, |_| {
            n += 1;
            if n == 2 {
                WalkResult::Interrupt
            } else {
                WalkResult::Advance
            }
        }));
        assert_eq!(n, 2);
    }
}
