//! `copy-removal` (a bufopt extension: MLIR's old `CopyRemoval` pass, which
//! upstream dropped before 19; the reference is the "CopyRemoval Pass"
//! section of the bufferization document, there is no mlir-opt-19 oracle).
//!
//! For every op implementing `CopyLike` (`memref.copy`, `test.copy`), in
//! pre-order, the pass tries two rewrites, the first that applies wins:
//!
//! **Reusing the source buffer.** `copy(%from, %to)` where `%to` is the only
//! result of an allocation op `A` and `%from` is freed by exactly one op
//! `D` (no reallocation): the copy, `A` and `D` are erased and `%to` is
//! replaced by `%from`, which now lives as long as `%to` did (the dealloc
//! of `%to`, if any, frees it). Invalid, and not done, unless
//! - *the copy, `A` and `D` lie in the same block*, in the order `A`, copy,
//!   `D` (checked with the ops' block and their order in it);
//! - *no user of `%to` or of an alias of it lies between `A` and the copy*
//!   (the aliases are `%to`'s buffer view flow closure; a use nested in an
//!   op counts at that op of the block);
//! - *no user of `%from` or of an alias of it lies between the copy and
//!   `D`* (after the rewrite, writes to `%to` there would be seen by them);
//! - the two types are equal (uses of `%to` take `%from` unchanged).
//!
//! **Reusing the target buffer.** `copy(%from, %to)` where `%from` is the
//! only result of an allocation op `A` and is freed by exactly one op `D`:
//! the copy, `A` and `D` are erased and `%from` is replaced by `%to`
//! (whatever was written into the temporary is written into the target
//! directly). Invalid, and not done, unless
//! - *the copy, `A` and `D` lie in the same block*, in the order `A`, copy,
//!   `D`;
//! - *no user of `%to` or of an alias of it lies between `A` and the copy*
//!   (they would see the writes that used to go to the temporary);
//! - *no user of `%from` or of an alias of it lies between the copy and
//!   `D`* (after the copy the two buffers differ);
//! - `%to` is defined before `A` (its block properly dominates the copy's,
//!   or it is defined earlier in that block), so that it dominates every
//!   former use of `%from`; the types are equal.
//!
//! **Buffers reachable through memory.** The document's "users/aliases" of
//! a value include the aliases the view flow cannot see: a buffer stored
//! into memory and loaded back, kept by a callee, or held by the caller. A
//! buffer *escapes* when one of its aliases
//! - comes from outside the function (a function argument: the caller holds
//!   it) or from somewhere the flow cannot see (a buffer loaded from memory,
//!   a call result, the result of an op with unknown effects);
//! - is stored into memory (an operand no memory effect names, of an op that
//!   writes), passed to a call or to an op with unknown effects, or
//!   returned from the function.
//!
//! For an escaping buffer, "no users between two ops" also requires that no
//! op between them (or nested in one) may reach it without naming it: a
//! call, an op with unknown memory effects, an effect on an unspecified
//! resource, or an access to a buffer of unseen origin (a buffer loaded
//! from memory, a call result). Distinct function arguments are taken not
//! to alias each other nor local allocations, as the document's
//! target-reuse example requires. An escape after the interval does not
//! count when the buffer is allocated in the interval's block (each
//! execution of the block makes a fresh buffer).
//!
//! Aliases come from the buffer view flow built once; each rewrite merges
//! the replaced value into the kept one (a union of their view-flow
//! closures), so later queries see the views of both. The users are the
//! current IR's. Each check costs the size of the alias sets and their
//! uses; the ops that may reach memory unnamed are counted once per block
//! (a prefix count over the block's ops), so the interval check is O(1).

use analysis::alias::{allocates, is_function_arg, BufferViewFlow};
use analysis::dominance::Dominance;
use ir::interfaces::{memory_effects, CopyLike, EffectKind, EffectOn};
use ir::registry::OpTraits;
use ir::{BlockId, Diagnostic, Ir, OpId, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use transforms::pass::{Pass, PassContext, PassInfo};

/// The `copy-removal` pass.
pub struct CopyRemoval;

impl Pass for CopyRemoval {
    fn name(&self) -> &'static str {
        "copy-removal"
    }
    fn runs_per_isolated_symbol(&self) -> bool {
        true
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        remove_copies(ir, op);
        Ok(())
    }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "copy-removal",
        summary: "Removes copies (CopyOpInterface) whose source or target buffer can be reused, with the allocation and deallocation made for them",
        options: vec![],
        ctor: |_| Ok(Box::new(CopyRemoval)),
    }
}

/// Removes the copies under `root` as the module docs say; returns how many.
pub fn remove_copies(ir: &mut Ir, root: OpId) -> usize {
    let copies: Vec<OpId> = ir.pre_order(root).into_iter().filter(|&o| copy_iface(ir, o).is_some()).collect();
    if copies.is_empty() {
        return 0;
    }
    let mut st = Removal {
        flow: BufferViewFlow::new(ir, root),
        dom: Dominance::forward(ir, root),
        merged_into: FxHashMap::default(),
        members: FxHashMap::default(),
        erased: FxHashSet::default(),
        hidden: FxHashMap::default(),
        counted: FxHashSet::default(),
        deallocs: FxHashMap::default(),
    };
    let mut removed = 0;
    for c in copies {
        if st.erased.contains(&c) {
            continue;
        }
        if st.reuse_source(ir, c) || st.reuse_target(ir, c) {
            removed += 1;
        }
    }
    removed
}

fn copy_iface(ir: &Ir, op: OpId) -> Option<&dyn CopyLike> {
    ir.ctx().registry().interface::<dyn CopyLike>(ir.op_name(op))
}

/// The source and target of a copy.
fn copy_operands(ir: &Ir, op: OpId) -> Option<(ValueId, ValueId)> {
    let c = copy_iface(ir, op)?;
    let (s, t) = (c.source(ir, op), c.target(ir, op));
    (s < ir.num_operands(op) && t < ir.num_operands(op)).then(|| (ir.operand(op, s), ir.operand(op, t)))
}

/// The op allocating `v`, when it is its only result and the op does
/// nothing but allocate it (so that it can be erased once `v` is unused).
fn allocation_of(ir: &Ir, v: ValueId) -> Option<OpId> {
    let op = ir.defining_op(v)?;
    if ir.num_results(op) != 1 || !ir.regions(op).is_empty() {
        return None;
    }
    let effects = memory_effects(ir, op)?;
    let allocates = effects.iter().any(|e| e.kind == EffectKind::Allocate && e.on == EffectOn::Result(0));
    let only_alloc = effects.iter().all(|e| e.kind == EffectKind::Allocate && e.on == EffectOn::Result(0));
    (allocates && only_alloc).then_some(op)
}

struct Removal {
    flow: BufferViewFlow,
    dom: Dominance,
    /// A replaced value, to the value that replaced it.
    merged_into: FxHashMap<ValueId, ValueId>,
    /// A kept value, to the values merged into it (itself excluded).
    members: FxHashMap<ValueId, Vec<ValueId>>,
    erased: FxHashSet<OpId>,
    /// Per op of a counted block: (ops before it in the block that may
    /// reach memory unnamed, whether it is one itself).
    hidden: FxHashMap<OpId, (u32, bool)>,
    /// The blocks whose ops are in `hidden`.
    counted: FxHashSet<BlockId>,
    /// The single op freeing a value, once asked (a scan of its users: a
    /// function argument copied from in every section would be scanned
    /// once per copy otherwise). Dropped for the two values of a rewrite.
    deallocs: FxHashMap<ValueId, Option<OpId>>,
}

/// True when `op` is a call or an op with unknown memory effects.
fn is_call_or_unknown(ir: &Ir, op: OpId) -> bool {
    ir.ctx().registry().interface::<dyn ir::interfaces::CallOp>(ir.op_name(op)).is_some()
        || memory_effects(ir, op).is_none()
}

/// True when the flow cannot see where `v` comes from and it is neither an
/// allocation nor a function argument (a buffer loaded from memory, a call
/// result, the result of an op with unknown effects).
fn unseen_origin(ir: &Ir, flow: &BufferViewFlow, v: ValueId) -> bool {
    flow.may_be_terminal(v) && !allocates(ir, v) && !is_function_arg(ir, v)
}

/// True when `op` itself (not what it holds) may read, write or free
/// memory it does not name (see the module docs).
fn reaches_unnamed(ir: &Ir, flow: &BufferViewFlow, op: OpId) -> bool {
    if ir.has_trait(op, OpTraits::TERMINATOR) && memory_effects(ir, op).is_none() {
        // Terminators forward values; the flow follows them.
        return false;
    }
    if is_call_or_unknown(ir, op) {
        return true;
    }
    let effects = memory_effects(ir, op).unwrap_or_default();
    effects.iter().any(|e| match e.on {
        _ if e.kind == EffectKind::Allocate => false,
        EffectOn::Unknown => true,
        EffectOn::Operand(i) => {
            i < ir.num_operands(op) && {
                let x = ir.operand(op, i);
                unseen_origin(ir, flow, x) || unseen_origin(ir, flow, analysis::alias::view_base(ir, x))
            }
        }
        EffectOn::Result(_) => false,
    })
}

/// True when using `a` in `user` lets it escape: a call or an op with
/// unknown effects receives it, an op that writes stores it (no effect
/// names it), or a function's terminator returns it.
fn escapes_through(ir: &Ir, user: OpId, a: ValueId) -> bool {
    if ir.has_trait(user, OpTraits::TERMINATOR) {
        let parent = ir.op_block(user).and_then(|b| ir.block_parent_op(b));
        return ir.successors(user).is_empty() && parent.is_some_and(|p| ir::interfaces::callable(ir, p).is_some());
    }
    if is_call_or_unknown(ir, user) {
        return true;
    }
    let effects = memory_effects(ir, user).unwrap_or_default();
    let named = |i: usize| effects.iter().any(|e| e.on == EffectOn::Operand(i));
    let writes = effects.iter().any(|e| e.kind == EffectKind::Write);
    writes && (0..ir.num_operands(user)).any(|i| ir.operand(user, i) == a && !named(i))
}

impl Removal {
    /// The single op freeing `v` (not a reallocation), memoized.
    fn single_dealloc(&mut self, ir: &Ir, v: ValueId) -> Option<OpId> {
        *self.deallocs.entry(v).or_insert_with(|| dialects::bufferization::canon::find_dealloc(ir, v).flatten())
    }

    /// The current value standing for `v`.
    fn find(&self, mut v: ValueId) -> ValueId {
        while let Some(&n) = self.merged_into.get(&v) {
            v = n;
        }
        v
    }

    /// `v`'s aliases: the view-flow closures of `v` and of the values
    /// merged into it.
    fn aliases(&self, v: ValueId) -> Vec<ValueId> {
        let mut out = self.flow.resolve(v);
        if let Some(m) = self.members.get(&v) {
            for &x in m {
                out.extend(self.flow.resolve(x));
            }
        }
        out
    }

    /// True when a user of `v` or of an alias of it lies strictly between
    /// `start` and `end` (ops of one block), or `v` escapes and an op there
    /// may reach it unnamed (see the module docs).
    fn used_between(&mut self, ir: &Ir, v: ValueId, start: OpId, end: OpId) -> bool {
        let Some(block) = ir.op_block(start) else { return true };
        let aliases = self.aliases(v);
        let mut escapes = false;
        let mut local: Option<bool> = None;
        for &a in &aliases {
            if !escapes && (is_function_arg(ir, a) || self.flow.may_be_terminal(a) && !allocates(ir, a)) {
                escapes = true;
            }
            for u in ir.users(a) {
                let x = ir.ancestor_in_block(block, u);
                if let Some(x) = x {
                    if ir.is_before_in_block(start, x) && ir.is_before_in_block(x, end) {
                        return true;
                    }
                }
                if !escapes && escapes_through(ir, u, a) {
                    let after_end = x.is_some_and(|x| x == end || ir.is_before_in_block(end, x));
                    // Every origin an allocation of this block: an escape
                    // after `end` reaches only later buffers.
                    escapes = !(after_end && *local.get_or_insert_with(|| self.allocated_in(ir, v, block)));
                }
            }
        }
        escapes && self.reaches_unnamed_between(ir, block, start, end)
    }

    /// True when every origin of `v` (and of the values merged into it) is
    /// an allocation in `block`.
    fn allocated_in(&self, ir: &Ir, v: ValueId, block: BlockId) -> bool {
        let mut values = vec![v];
        values.extend(self.members.get(&v).into_iter().flatten().copied());
        values.into_iter().all(|m| {
            self.flow.resolve_reverse(m).into_iter().all(|x| match allocates(ir, x) {
                true => ir.value_block(x) == Some(block),
                false => !self.flow.may_be_terminal(x) && !is_function_arg(ir, x),
            })
        })
    }

    /// True when an op strictly between `start` and `end` of `block`, or
    /// nested in one, may reach memory unnamed.
    fn reaches_unnamed_between(&mut self, ir: &Ir, block: BlockId, start: OpId, end: OpId) -> bool {
        if self.counted.insert(block) {
            let mut before = 0u32;
            for op in ir.block_ops(block) {
                let hit = ir.pre_order(op).into_iter().any(|o| reaches_unnamed(ir, &self.flow, o));
                self.hidden.insert(op, (before, hit));
                before += hit as u32;
            }
        }
        let (Some(&(s, s_hit)), Some(&(e, _))) = (self.hidden.get(&start), self.hidden.get(&end)) else { return true };
        e > s + s_hit as u32
    }

    /// `alloc`, `copy` and `dealloc` in one block, in this order.
    fn ordered_in_block(ir: &Ir, alloc: OpId, copy: OpId, dealloc: OpId) -> Option<BlockId> {
        let b = ir.op_block(copy)?;
        (ir.op_block(alloc) == Some(b)
            && ir.op_block(dealloc) == Some(b)
            && ir.is_before_in_block(alloc, copy)
            && ir.is_before_in_block(copy, dealloc))
        .then_some(b)
    }

    /// Replaces `from` by `to` everywhere, erasing `ops` first.
    fn rewrite(&mut self, ir: &mut Ir, erase: [OpId; 3], replaced: ValueId, kept: ValueId) {
        let [copy, dealloc, alloc] = erase;
        ir.erase_op(copy);
        ir.erase_op(dealloc);
        ir.replace_all_uses(replaced, kept);
        ir.erase_op(alloc);
        self.erased.extend(erase);
        self.deallocs.remove(&replaced);
        self.deallocs.remove(&kept);
        self.merged_into.insert(replaced, kept);
        let mut moved = self.members.remove(&replaced).unwrap_or_default();
        moved.push(replaced);
        self.members.entry(kept).or_default().extend(moved);
    }

    /// Reusing the source buffer of `copy` (see the module docs).
    fn reuse_source(&mut self, ir: &mut Ir, copy: OpId) -> bool {
        let Some((from, to)) = copy_operands(ir, copy) else { return false };
        let (from, to) = (self.find(from), self.find(to));
        if from == to || ir.value_type(from) != ir.value_type(to) {
            return false;
        }
        let Some(alloc) = allocation_of(ir, to) else { return false };
        let Some(dealloc) = self.single_dealloc(ir, from) else { return false };
        if Self::ordered_in_block(ir, alloc, copy, dealloc).is_none()
            || self.used_between(ir, to, alloc, copy)
            || self.used_between(ir, from, copy, dealloc)
        {
            return false;
        }
        self.rewrite(ir, [copy, dealloc, alloc], to, from);
        true
    }

    /// Reusing the target buffer of `copy` (see the module docs).
    fn reuse_target(&mut self, ir: &mut Ir, copy: OpId) -> bool {
        let Some((from, to)) = copy_operands(ir, copy) else { return false };
        let (from, to) = (self.find(from), self.find(to));
        if from == to || ir.value_type(from) != ir.value_type(to) {
            return false;
        }
        let Some(alloc) = allocation_of(ir, from) else { return false };
        let Some(dealloc) = self.single_dealloc(ir, from) else { return false };
        let Some(block) = Self::ordered_in_block(ir, alloc, copy, dealloc) else { return false };
        let defined_before = match ir.value_block(to) {
            None => false,
            Some(b) if b == block => ir.defining_op(to).is_none_or(|d| ir.is_before_in_block(d, alloc)),
            Some(b) => self.dom.properly_dominates_block(ir, b, block),
        };
        if !defined_before || self.used_between(ir, to, alloc, copy) || self.used_between(ir, from, copy, dealloc) {
            return false;
        }
        self.rewrite(ir, [copy, dealloc, alloc], from, to);
        true
    }
}
