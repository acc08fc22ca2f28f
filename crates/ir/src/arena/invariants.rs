//! [`Ir::check_invariants`]: a consistency check of the arena's links, run
//! by the pass manager after every pass in test builds.
//!
//! It checks what the mutation primitives of [`crate::arena`] promise and
//! the verifier takes for granted: use-lists match operand slots, block
//! predecessor lists match successor slots, op order keys increase within
//! each block, parent and sibling links agree, and nothing erased is
//! reachable. It lives beside the arena (a child module) because it reads
//! the raw records.
//!
//! The cost is linear in the checked IR: every op, block, region and
//! operand slot under the root is visited a bounded number of times, plus
//! the use-lists of values defined above the root that the root's ops use.

use super::{BlockId, Ir, OpId, OperandId, RegionId, ValueDef, ValueId};
use crate::entity::EntityRef;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt;

/// A broken IR invariant, found by [`Ir::check_invariants`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvariantViolation {
    /// The op the problem was found at (for a located diagnostic), when one
    /// is known and alive.
    pub op: Option<OpId>,
    /// What is wrong, naming the entities involved.
    pub message: String,
}

impl fmt::Display for InvariantViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InvariantViolation {}

/// What the walk over the checked IR collected for the second phase.
#[derive(Default)]
struct Seen {
    /// Every operand slot of a walked op, with the value it names.
    slots: FxHashMap<OperandId, ValueId>,
    /// Values defined by walked ops and blocks.
    defined: FxHashSet<ValueId>,
    /// Walked blocks.
    blocks: FxHashSet<BlockId>,
    /// `(block, terminator)` → successor slots naming the block minus the
    /// block's predecessor entries for the terminator; all zero when the
    /// lists match.
    edges: FxHashMap<(BlockId, OpId), i64>,
}

fn fail<T>(op: Option<OpId>, message: String) -> Result<T, InvariantViolation> {
    Err(InvariantViolation { op, message })
}

impl Ir {
    /// Checks the structural invariants of the IR under `root` (itself
    /// included): every operand slot is in its value's use-list and every
    /// use-list entry is an operand slot naming that value; each block's
    /// predecessor list holds one entry per successor slot naming it; op
    /// order keys strictly increase within each block; op, block and region
    /// parent and sibling links agree; and no erased op, block or value is
    /// reachable (as an op, a block, an operand or a successor).
    ///
    /// Linear in the size of the IR under `root`. The error names the first
    /// problem found.
    pub fn check_invariants(&self, root: OpId) -> Result<(), InvariantViolation> {
        let mut seen = Seen::default();
        self.check_structure(root, &mut seen)?;
        self.check_use_lists(&seen)?;
        self.check_predecessors(&seen)
    }

    /// Walks the ops, regions and blocks under `root`, checking links,
    /// liveness and order keys, and records slots, values and edges.
    fn check_structure(&self, root: OpId, seen: &mut Seen) -> Result<(), InvariantViolation> {
        if root.index() >= self.ops.len() {
            return fail(None, format!("the root {root:?} is not an op of this arena"));
        }
        let mut stack = vec![root];
        let mut visited: FxHashSet<OpId> = FxHashSet::default();
        while let Some(op) = stack.pop() {
            let name = self.op_name_str(op);
            if !self.is_alive(op) {
                return fail(None, format!("erased op {op:?} ('{name}') is reachable"));
            }
            if !visited.insert(op) {
                return fail(Some(op), format!("op {op:?} ('{name}') is reachable twice"));
            }
            for (i, v) in self.results(op).enumerate() {
                if v.index() >= self.values.len() || self.values[v].def() != (ValueDef::Result { op, index: i as u32 })
                {
                    return fail(Some(op), format!("result #{i} of '{name}' ({v:?}) does not name its op as definer"));
                }
                seen.defined.insert(v);
            }
            for (i, &u) in self.operand_ids(op).iter().enumerate() {
                let d = &self.operands[u];
                if d.owner != op || d.index as usize != i {
                    return fail(
                        Some(op),
                        format!("operand #{i} of '{name}' ({u:?}) records owner {:?} and index {}", d.owner, d.index),
                    );
                }
                if seen.slots.insert(u, d.value).is_some() {
                    return fail(Some(op), format!("operand slot {u:?} of '{name}' is shared with another operand"));
                }
                match self.values[d.value].def() {
                    ValueDef::Detached => {
                        return fail(
                            Some(op),
                            format!("operand #{i} of '{name}' uses {:?}, which is erased or detached", d.value),
                        );
                    }
                    ValueDef::Result { op: def, .. } if !self.is_alive(def) => {
                        return fail(Some(op), format!("operand #{i} of '{name}' uses a result of erased op {def:?}"));
                    }
                    ValueDef::BlockArg { block, .. } if !self.blocks[block].alive => {
                        return fail(
                            Some(op),
                            format!("operand #{i} of '{name}' uses an argument of erased block {block:?}"),
                        );
                    }
                    _ => {}
                }
            }
            for (i, &s) in self.successors(op).iter().enumerate() {
                if !self.blocks[s].alive {
                    return fail(Some(op), format!("successor #{i} of '{name}' is erased block {s:?}"));
                }
                *seen.edges.entry((s, op)).or_insert(0) += 1;
            }
            for &r in self.regions(op) {
                self.check_region(op, r, seen, &mut stack)?;
            }
        }
        Ok(())
    }

    /// Checks one region of `op` and its blocks; pushes their ops on `stack`.
    fn check_region(
        &self,
        op: OpId,
        r: RegionId,
        seen: &mut Seen,
        stack: &mut Vec<OpId>,
    ) -> Result<(), InvariantViolation> {
        let name = self.op_name_str(op);
        if self.regions[r].parent != Some(op) {
            return fail(Some(op), format!("{r:?} of '{name}' names {:?} as its parent op", self.regions[r].parent));
        }
        let mut prev: Option<BlockId> = None;
        let mut cur = self.regions[r].first_block;
        while let Some(b) = cur {
            if !self.blocks[b].alive {
                return fail(Some(op), format!("erased block {b:?} is reachable in a region of '{name}'"));
            }
            if !seen.blocks.insert(b) {
                return fail(Some(op), format!("block {b:?} is reachable twice (a cycle or a shared block)"));
            }
            let d = &self.blocks[b];
            if d.parent != Some(r) {
                return fail(Some(op), format!("block {b:?} in {r:?} of '{name}' names {:?} as its region", d.parent));
            }
            if d.prev != prev {
                return fail(Some(op), format!("block {b:?} in a region of '{name}' has a wrong previous-block link"));
            }
            for (i, &a) in self.block_args(b).iter().enumerate() {
                if self.values[a].def() != (ValueDef::BlockArg { block: b, index: i as u32 }) {
                    return fail(Some(op), format!("argument #{i} of block {b:?} ({a:?}) does not name its block"));
                }
                seen.defined.insert(a);
            }
            for &p in self.predecessors(b) {
                if !self.is_alive(p) {
                    return fail(Some(op), format!("block {b:?} lists erased op {p:?} as a predecessor"));
                }
                *seen.edges.entry((b, p)).or_insert(0) -= 1;
            }
            self.check_block_ops(op, b, stack)?;
            prev = Some(b);
            cur = d.next;
        }
        if self.regions[r].last_block != prev {
            return fail(Some(op), format!("{r:?} of '{name}' records a wrong last block"));
        }
        Ok(())
    }

    /// Checks the op list of block `b` (in a region of `parent`): links and
    /// strictly increasing order keys; pushes the ops on `stack`.
    fn check_block_ops(&self, parent: OpId, b: BlockId, stack: &mut Vec<OpId>) -> Result<(), InvariantViolation> {
        let mut prev: Option<OpId> = None;
        let mut cur = self.blocks[b].first_op;
        let mut count = 0usize;
        while let Some(o) = cur {
            count += 1;
            if count > self.ops.len() {
                return fail(Some(parent), format!("the op list of block {b:?} has a cycle"));
            }
            let d = &self.ops[o];
            let name = self.op_name_str(o);
            if d.parent != Some(b) {
                return fail(
                    Some(parent),
                    format!("op {o:?} ('{name}') in block {b:?} names {:?} as its block", d.parent),
                );
            }
            if d.prev != prev {
                return fail(Some(parent), format!("op {o:?} ('{name}') in block {b:?} has a wrong previous-op link"));
            }
            if let Some(p) = prev {
                if self.ops[p].order() >= d.order() {
                    return fail(
                        Some(parent),
                        format!(
                            "order keys do not increase in block {b:?}: {p:?} ('{}') has {}, the next op {o:?} ('{name}') has {}",
                            self.op_name_str(p),
                            self.ops[p].order(),
                            d.order()
                        ),
                    );
                }
            }
            stack.push(o);
            prev = Some(o);
            cur = d.next;
        }
        if self.blocks[b].last_op != prev {
            return fail(Some(parent), format!("block {b:?} records a wrong last op"));
        }
        Ok(())
    }

    /// Every slot is in its value's use-list, and the use-lists of values
    /// defined in the checked IR hold only its slots.
    fn check_use_lists(&self, seen: &Seen) -> Result<(), InvariantViolation> {
        // How many walked slots name each value.
        let mut expected: FxHashMap<ValueId, usize> = FxHashMap::default();
        for &v in seen.slots.values() {
            *expected.entry(v).or_insert(0) += 1;
        }
        let values = seen.defined.iter().copied().chain(expected.keys().copied().filter(|v| !seen.defined.contains(v)));
        for v in values {
            let mut found = 0usize;
            let mut prev: Option<OperandId> = None;
            let mut cur = self.values[v].first_use;
            let mut steps = 0usize;
            while let Some(u) = cur {
                steps += 1;
                if steps > self.operands.len() {
                    return fail(None, format!("the use-list of {v:?} has a cycle"));
                }
                let d = &self.operands[u];
                let owner = self.is_alive(d.owner).then_some(d.owner);
                if d.value != v {
                    return fail(owner, format!("{u:?} is in the use-list of {v:?} but uses {:?}", d.value));
                }
                if d.prev_use != prev {
                    return fail(owner, format!("{u:?} in the use-list of {v:?} has a wrong previous-use link"));
                }
                if seen.slots.contains_key(&u) {
                    found += 1;
                } else if seen.defined.contains(&v) {
                    let what = if self.is_alive(d.owner) { "an op outside the IR" } else { "an erased op" };
                    return fail(
                        self.defining_op(v),
                        format!("the use-list of {v:?} holds {u:?}, an operand of {what} ({:?})", d.owner),
                    );
                }
                prev = Some(u);
                cur = d.next_use;
            }
            let want = expected.get(&v).copied().unwrap_or(0);
            if found != want {
                return fail(
                    self.defining_op(v).filter(|&o| self.is_alive(o)),
                    format!("{want} operand slots use {v:?} but its use-list holds {found} of them"),
                );
            }
        }
        Ok(())
    }

    /// Each block's predecessor list matches the successor slots naming it.
    fn check_predecessors(&self, seen: &Seen) -> Result<(), InvariantViolation> {
        let mut bad: Vec<(&(BlockId, OpId), &i64)> = seen.edges.iter().filter(|(_, &n)| n != 0).collect();
        // Report the same problem whatever the hash order.
        bad.sort_by_key(|((b, o), _)| (b.index(), o.index()));
        let Some(&(&(b, op), &n)) = bad.first() else { return Ok(()) };
        let name = self.op_name_str(op);
        if !seen.blocks.contains(&b) {
            return fail(Some(op), format!("'{name}' branches to block {b:?}, which is outside the IR"));
        }
        let slots = self.successors(op).iter().filter(|&&s| s == b).count();
        fail(
            Some(op),
            format!(
                "block {b:?} lists '{name}' ({op:?}) {} times as a predecessor, but it names the block in {slots} successor slots",
                slots as i64 - n
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{InsertPoint, OpSpec, ORDER_STRIDE};
    use crate::context::Context;
    use std::sync::Arc;

    /// A module op holding one block with: `def` (two results), `use`
    /// (operands: both results of `def`), and `br` (a terminator branching
    /// to a second block holding `nested` (one region with one empty block)).
    struct Fixture {
        ir: Ir,
        module: OpId,
        def: OpId,
        user: OpId,
        br: OpId,
        entry: BlockId,
        target: BlockId,
        nested: OpId,
    }

    fn fixture() -> Fixture {
        let ctx = Context::new();
        let i32t = ctx.int_ty(32);
        let loc = ctx.unknown_loc();
        let mut ir = Ir::new(Arc::new(ctx));
        let name = |ir: &Ir, s: &str| ir.ctx().intern_str(s);
        let module = ir.create_op(OpSpec { num_regions: 1, ..OpSpec::new(name(&ir, "test.module"), loc) });
        let r = ir.region(module, 0);
        let entry = ir.append_block(r, &[], &[]);
        let target = ir.append_block(r, &[i32t], &[loc]);
        let def = ir.insert_new_op(
            InsertPoint::BlockEnd(entry),
            OpSpec { results: &[i32t, i32t], ..OpSpec::new(name(&ir, "test.def"), loc) },
        );
        let (a, b) = (ir.result(def, 0), ir.result(def, 1));
        let user = ir.insert_new_op(
            InsertPoint::BlockEnd(entry),
            OpSpec { operands: &[a, b, a], ..OpSpec::new(name(&ir, "test.use"), loc) },
        );
        let br = ir.insert_new_op(
            InsertPoint::BlockEnd(entry),
            OpSpec { operands: &[a], successors: &[target], ..OpSpec::new(name(&ir, "test.br"), loc) },
        );
        let nested = ir.insert_new_op(
            InsertPoint::BlockEnd(target),
            OpSpec { num_regions: 1, ..OpSpec::new(name(&ir, "test.nested"), loc) },
        );
        let nr = ir.region(nested, 0);
        ir.append_block(nr, &[], &[]);
        Fixture { ir, module, def, user, br, entry, target, nested }
    }

    fn message(f: &Fixture) -> String {
        f.ir.check_invariants(f.module).expect_err("the corruption is caught").message
    }

    #[test]
    fn a_consistent_module_passes() {
        let mut f = fixture();
        f.ir.check_invariants(f.module).expect("consistent");
        // Mutations through the public API keep every invariant.
        let a = f.ir.result(f.def, 0);
        let b = f.ir.result(f.def, 1);
        f.ir.set_operand(f.user, 0, b);
        f.ir.replace_all_uses(a, b);
        f.ir.set_successor(f.br, 0, f.entry);
        f.ir.move_op_before(f.user, f.def);
        f.ir.move_op_after(f.user, f.def);
        f.ir.erase_op(f.nested);
        f.ir.check_invariants(f.module).expect("still consistent");
    }

    #[test]
    fn a_slot_missing_from_its_use_list_is_caught() {
        let mut f = fixture();
        let u = f.ir.operand_ids(f.user)[1];
        f.ir.unlink_use(u);
        assert!(message(&f).contains("operand slots use"), "{}", message(&f));
    }

    #[test]
    fn a_use_list_entry_naming_another_value_is_caught() {
        let mut f = fixture();
        let u = f.ir.operand_ids(f.user)[1];
        let other = f.ir.result(f.def, 0);
        f.ir.operands[u].value = other;
        let m = message(&f);
        assert!(m.contains("but uses") || m.contains("operand slots use"), "{m}");
    }

    #[test]
    fn a_use_by_an_op_outside_the_ir_is_caught() {
        let mut f = fixture();
        let v = f.ir.result(f.def, 0);
        let loc = f.ir.ctx().unknown_loc();
        let stray = f.ir.ctx().intern_str("test.stray");
        f.ir.create_op(OpSpec { operands: &[v], ..OpSpec::new(stray, loc) });
        assert!(message(&f).contains("an op outside the IR"), "{}", message(&f));
    }

    #[test]
    fn a_wrong_operand_owner_is_caught() {
        let mut f = fixture();
        let u = f.ir.operand_ids(f.user)[2];
        f.ir.operands[u].index = 0;
        assert!(message(&f).contains("records owner"), "{}", message(&f));
    }

    #[test]
    fn a_missing_predecessor_entry_is_caught() {
        let mut f = fixture();
        f.ir.remove_pred(f.target, f.br);
        assert!(message(&f).contains("0 times as a predecessor"), "{}", message(&f));
    }

    #[test]
    fn an_extra_predecessor_entry_is_caught() {
        let mut f = fixture();
        f.ir.add_pred(f.entry, f.user);
        assert!(message(&f).contains("1 times as a predecessor, but it names the block in 0"), "{}", message(&f));
    }

    #[test]
    fn order_keys_that_do_not_increase_are_caught() {
        let mut f = fixture();
        f.ir.ops[f.user].set_order(ORDER_STRIDE / 2);
        assert!(message(&f).contains("order keys do not increase"), "{}", message(&f));
    }

    #[test]
    fn broken_parent_links_are_caught() {
        let mut f = fixture();
        f.ir.ops[f.user].parent = Some(f.target);
        assert!(message(&f).contains("as its block"), "{}", message(&f));

        let mut f = fixture();
        f.ir.blocks[f.target].parent = None;
        assert!(message(&f).contains("as its region"), "{}", message(&f));

        let mut f = fixture();
        let r = f.ir.region(f.nested, 0);
        f.ir.regions[r].parent = Some(f.module);
        assert!(message(&f).contains("as its parent op"), "{}", message(&f));

        let mut f = fixture();
        f.ir.ops[f.br].prev = None;
        assert!(message(&f).contains("previous-op link"), "{}", message(&f));

        let mut f = fixture();
        let r = f.ir.region(f.module, 0);
        f.ir.regions[r].last_block = Some(f.entry);
        assert!(message(&f).contains("wrong last block"), "{}", message(&f));

        let mut f = fixture();
        let a = f.ir.block_arg(f.target, 0);
        f.ir.values[a].set_def(ValueDef::BlockArg { block: f.entry, index: 0 });
        assert!(message(&f).contains("does not name its block"), "{}", message(&f));
    }

    #[test]
    fn reachable_erased_entities_are_caught() {
        // An erased op still linked into its block.
        let mut f = fixture();
        f.ir.ops[f.nested].extra |= super::super::ERASED;
        assert!(message(&f).contains("erased op"), "{}", message(&f));

        // An erased block still linked into its region.
        let mut f = fixture();
        let inner = f.ir.entry_block(f.ir.region(f.nested, 0)).expect("block");
        f.ir.blocks[inner].alive = false;
        assert!(message(&f).contains("erased block"), "{}", message(&f));

        // An operand naming the result of an erased op.
        let mut f = fixture();
        let loc = f.ir.ctx().unknown_loc();
        let i32t = f.ir.ctx().int_ty(32);
        let gone = f.ir.ctx().intern_str("test.gone");
        let dead =
            f.ir.insert_new_op(InsertPoint::Before(f.user), OpSpec { results: &[i32t], ..OpSpec::new(gone, loc) });
        let v = f.ir.result(dead, 0);
        f.ir.set_operand(f.user, 0, v);
        f.ir.erase_op(dead);
        assert!(message(&f).contains("erased or detached"), "{}", message(&f));

        // A branch to an erased block.
        let mut f = fixture();
        f.ir.blocks[f.target].alive = false;
        assert!(message(&f).contains("erased block"), "{}", message(&f));
    }

    #[test]
    fn a_cycle_in_an_op_list_is_caught() {
        let mut f = fixture();
        f.ir.ops[f.br].next = Some(f.def);
        let m = message(&f);
        assert!(m.contains("previous-op link") || m.contains("cycle"), "{m}");
    }

    #[test]
    fn a_checked_subtree_may_use_values_from_above() {
        let mut f = fixture();
        let loc = f.ir.ctx().unknown_loc();
        let inner = f.ir.entry_block(f.ir.region(f.nested, 0)).expect("block");
        let v = f.ir.result(f.def, 1);
        let name = f.ir.ctx().intern_str("test.inner_use");
        f.ir.insert_new_op(InsertPoint::BlockEnd(inner), OpSpec { operands: &[v], ..OpSpec::new(name, loc) });
        f.ir.check_invariants(f.nested).expect("uses from above are fine");
        f.ir.check_invariants(f.module).expect("and in the whole module");
    }
}
