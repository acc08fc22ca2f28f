//! The pattern-rewrite API shared by dialects and the greedy driver.
//!
//! It lives in `ir` (not `transforms`) because dialects implement patterns
//! and hooks, and `dialects` sits below `transforms` in the crate graph:
//!
//! - [`RewritePattern`]: match-and-rewrite on one op, with a benefit and an
//!   optional root op name;
//! - [`PatternRewriter`]: every IR mutation a pattern makes goes through it,
//!   so the driver's [`RewriteListener`] (its worklist) hears about it;
//! - [`CanonicalizationPatterns`]: the interface a dialect attaches to an op
//!   name (`Registry::add_interface::<dyn CanonicalizationPatterns>`) to
//!   contribute canonicalization patterns, like MLIR's
//!   `getCanonicalizationPatterns`;
//! - [`ConstantMaterializer`]: the dialect hook that turns a folded
//!   attribute back into a constant op (MLIR's `materializeConstant`),
//!   attached to a dialect (or overridden per op name), found by
//!   [`materialize_constant_for`];
//! - [`BranchOpMut`]: the mutable half of `BranchOpInterface` (erasing and
//!   appending successor operands), needed by region simplification.

use crate::arena::{BlockId, InsertPoint, Ir, IrMapping, OpId, OpSpec, RegionId, ValueId};
use crate::attrs::Attribute;
use crate::context::{Context, Str};
use crate::location::Location;
use crate::types::Type;

/// Receives notifications about IR changes made through a [`PatternRewriter`].
pub trait RewriteListener {
    /// `op` was inserted (created or moved) into a block.
    fn op_inserted(&mut self, _ir: &Ir, _op: OpId) {}
    /// `op` was modified in place (operands, attributes, regions).
    fn op_modified(&mut self, _ir: &Ir, _op: OpId) {}
    /// `op` is about to be erased; it is still intact.
    fn op_erased(&mut self, _ir: &Ir, _op: OpId) {}
    /// The results of `op` are about to be replaced by `with`.
    fn op_replaced(&mut self, _ir: &Ir, _op: OpId, _with: &[ValueId]) {}
}

/// A listener that ignores everything.
pub struct NoListener;

impl RewriteListener for NoListener {}

/// IR mutation with notifications: the only way patterns change the IR.
pub struct PatternRewriter<'a> {
    ir: &'a mut Ir,
    listener: &'a mut dyn RewriteListener,
    ip: Option<InsertPoint>,
}

impl<'a> PatternRewriter<'a> {
    /// A rewriter over `ir` notifying `listener`.
    pub fn new(ir: &'a mut Ir, listener: &'a mut dyn RewriteListener) -> Self {
        PatternRewriter { ir, listener, ip: None }
    }

    /// Read access to the IR.
    #[inline]
    pub fn ir(&self) -> &Ir {
        self.ir
    }

    /// Raw mutable access, bypassing notifications. Use only for changes the
    /// driver does not need to hear about (e.g. creating detached values), or
    /// follow up with [`PatternRewriter::notify_modified`].
    pub fn ir_mut(&mut self) -> &mut Ir {
        self.ir
    }

    /// Runs `f`, which creates ops directly in the IR at an insertion point
    /// (code written against `&mut Ir`, such as a `ReifyShapes`
    /// implementation or an affine-apply folder), then announces to the
    /// listener every op `f` created there. `f` gets `ip` in one of the two
    /// forms at which ops created one after another keep their creation
    /// order: `Before(op)` or `BlockEnd(block)`.
    pub fn build_with<R>(&mut self, ip: InsertPoint, f: impl FnOnce(&mut Ir, InsertPoint) -> R) -> R {
        let ip = ordered_insertion_point(self.ir, ip);
        let (block, before) = match ip {
            InsertPoint::Before(x) => (self.ir.op_block(x), self.ir.prev_op(x)),
            InsertPoint::BlockEnd(b) => (Some(b), self.ir.last_op(b)),
            _ => (None, None),
        };
        let r = f(self.ir, ip);
        let stop = match ip {
            InsertPoint::Before(x) => Some(x),
            _ => None,
        };
        let mut cur = match (before, block) {
            (Some(p), _) => self.ir.next_op(p),
            (None, Some(b)) => self.ir.block_ops(b).next(),
            (None, None) => None,
        };
        while let Some(c) = cur.filter(|&c| Some(c) != stop) {
            self.notify_inserted_recursively(c);
            cur = self.ir.next_op(c);
        }
        r
    }

    /// Sets where [`PatternRewriter::create`] inserts.
    pub fn set_insertion_point(&mut self, ip: InsertPoint) {
        self.ip = Some(ip);
    }

    /// The current insertion point.
    pub fn insertion_point(&self) -> Option<InsertPoint> {
        self.ip
    }

    /// Creates an op at the insertion point (detached when none is set).
    pub fn create(&mut self, spec: OpSpec<'_>) -> OpId {
        let op = self.ir.create_op(spec);
        if let Some(ip) = self.ip {
            self.insert(op, ip);
        }
        op
    }

    /// Inserts a detached op at `ip` and notifies the listener.
    pub fn insert(&mut self, op: OpId, ip: InsertPoint) {
        self.ir.insert_op(op, ip);
        self.notify_inserted_recursively(op);
    }

    /// Moves an attached op to `ip`.
    pub fn move_op(&mut self, op: OpId, ip: InsertPoint) {
        self.ir.move_op(op, ip);
        self.listener.op_inserted(self.ir, op);
    }

    /// Clones `op` (with its regions) to the insertion point.
    pub fn clone_op(&mut self, op: OpId, map: &mut IrMapping) -> OpId {
        let new = self.ir.clone_op(op, map);
        if let Some(ip) = self.ip {
            self.insert(new, ip);
        }
        new
    }

    fn notify_inserted_recursively(&mut self, op: OpId) {
        for o in self.ir.pre_order(op) {
            self.listener.op_inserted(self.ir, o);
        }
    }

    /// Tells the listener about an op (and everything nested in it) that was
    /// created and inserted directly through [`PatternRewriter::ir_mut`]
    /// (by a builder helper), so the driver visits it.
    pub fn notify_created(&mut self, op: OpId) {
        self.notify_inserted_recursively(op);
    }

    /// Tells the listener that `op` changed in place.
    pub fn notify_modified(&mut self, op: OpId) {
        self.listener.op_modified(self.ir, op);
    }

    /// Runs `f` on the IR, then reports `op` as modified in place.
    pub fn modify_in_place<R>(&mut self, op: OpId, f: impl FnOnce(&mut Ir) -> R) -> R {
        let r = f(self.ir);
        self.listener.op_modified(self.ir, op);
        r
    }

    /// Replaces every use of `from` by `to`; the users are reported modified.
    pub fn replace_all_uses(&mut self, from: ValueId, to: ValueId) {
        if from == to {
            return;
        }
        let users: smallvec::SmallVec<[OpId; 8]> = self.ir.users(from).collect();
        self.ir.replace_all_uses(from, to);
        for u in users {
            self.listener.op_modified(self.ir, u);
        }
    }

    /// Replaces the uses of `from` for which `pred` holds by `to`.
    pub fn replace_uses_if(
        &mut self,
        from: ValueId,
        to: ValueId,
        pred: impl FnMut(&Ir, crate::arena::OperandId) -> bool,
    ) {
        let before: Vec<OpId> = self.ir.users(from).collect();
        self.ir.replace_uses_if(from, to, pred);
        for u in before {
            if self.ir.operands(u).any(|v| v == to) {
                self.listener.op_modified(self.ir, u);
            }
        }
    }

    /// Replaces the results of `op` by `values` and erases `op`.
    pub fn replace_op(&mut self, op: OpId, values: &[ValueId]) {
        self.listener.op_replaced(self.ir, op, values);
        for (i, &v) in values.iter().enumerate().take(self.ir.num_results(op)) {
            let r = self.ir.result(op, i);
            self.replace_all_uses(r, v);
        }
        self.erase_op(op);
    }

    /// Erases `op` and everything nested in it (results must be unused).
    /// The listener hears about nested ops first (post-order), as in MLIR.
    pub fn erase_op(&mut self, op: OpId) {
        if !self.ir.is_alive(op) {
            return;
        }
        // Most erased ops have no regions: no nest to collect.
        if self.ir.regions(op).is_empty() {
            self.listener.op_erased(self.ir, op);
        } else {
            for o in self.ir.post_order(op) {
                self.listener.op_erased(self.ir, o);
            }
        }
        self.ir.erase_op(op);
    }

    /// Erases a block and its ops; the listener hears about each op.
    pub fn erase_block(&mut self, b: BlockId) {
        let ops: Vec<OpId> = self.ir.block_ops(b).collect();
        for &o in ops.iter().rev() {
            for n in self.ir.post_order(o) {
                self.listener.op_erased(self.ir, n);
            }
        }
        self.ir.erase_block(b);
    }

    /// Moves the ops of `src` to the end of `dest` (or before `before`),
    /// replacing `src`'s arguments by `args`; erases `src`.
    pub fn merge_blocks(&mut self, src: BlockId, dest: BlockId, before: Option<OpId>, args: &[ValueId]) {
        for (i, &a) in args.iter().enumerate() {
            let arg = self.ir.block_arg(src, i);
            self.replace_all_uses(arg, a);
        }
        let ops: Vec<OpId> = self.ir.block_ops(src).collect();
        let no_args: Vec<ValueId> = self.ir.block_args(src).to_vec();
        self.ir.merge_block_into(src, dest, before, &no_args);
        for o in ops {
            self.listener.op_inserted(self.ir, o);
        }
    }

    /// Moves the blocks of `src` into `dest` before `before`.
    pub fn inline_region_before(&mut self, src: RegionId, dest: RegionId, before: Option<BlockId>) {
        self.ir.inline_region_before(src, dest, before);
    }

    /// Appends a block with these arguments to `region` (MLIR's
    /// `createBlock`). Block changes are no op events: the listener hears
    /// nothing.
    pub fn create_block(&mut self, region: RegionId, arg_types: &[Type], arg_locs: &[Location]) -> BlockId {
        self.ir.append_block(region, arg_types, arg_locs)
    }

    /// Splits `block` before `before` (at its end when `None`): the ops from
    /// there on move to a new block after it, which is returned. As MLIR
    /// without a listener, the moved ops are not reported.
    pub fn split_block(&mut self, block: BlockId, before: Option<OpId>) -> BlockId {
        self.ir.split_block(block, before)
    }

    /// Appends an argument to `block` (no op event).
    pub fn add_block_arg(&mut self, block: BlockId, ty: Type, loc: Location) -> ValueId {
        self.ir.add_block_arg(block, ty, loc)
    }

    /// Erases argument `i` of `block`, which must be unused (no op event).
    pub fn erase_block_arg(&mut self, block: BlockId, i: usize) {
        self.ir.erase_block_arg(block, i);
    }
}

/// A match-and-rewrite pattern.
pub trait RewritePattern: Send + Sync {
    /// A label for `disable-patterns` / `enable-patterns` and debugging.
    fn name(&self) -> &str;
    /// The op name the pattern matches (`None`: any op).
    fn root(&self) -> Option<&str>;
    /// Higher benefits are tried first.
    fn benefit(&self) -> u16 {
        1
    }
    /// Tries to rewrite `op`. On failure the IR must be unchanged.
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool;
}

/// Canonicalization patterns an op contributes (attach per op name).
pub trait CanonicalizationPatterns: Send + Sync {
    /// Fresh pattern objects.
    fn patterns(&self) -> Vec<Box<dyn RewritePattern>>;
}

/// Materializes a folded constant (MLIR's `Dialect::materializeConstant`).
/// A dialect attaches one to itself
/// ([`crate::Registry::set_materializer`]); an op may override it by
/// attaching one to its name as an interface.
pub trait ConstantMaterializer: Send + Sync {
    /// Creates a constant-like op producing `value` of type `ty` at `ip`, or
    /// `None` when the dialect cannot.
    fn materialize(&self, ir: &mut Ir, ip: InsertPoint, value: Attribute, ty: Type, loc: Location) -> Option<OpId>;
}

/// Materializes `value` of type `ty` at `ip` as a constant for a fold
/// result of `op`: through the [`ConstantMaterializer`] attached to `op`'s
/// name, else its dialect's. `None` when `op` is unregistered, has none, or
/// the materializer cannot build the constant.
pub fn materialize_constant_for(
    ir: &mut Ir,
    op: OpId,
    ip: InsertPoint,
    value: Attribute,
    ty: Type,
    loc: Location,
) -> Option<OpId> {
    let ctx = std::sync::Arc::clone(ir.ctx_arc());
    let reg = ctx.registry();
    let (name, dialect) = ir.op_info(op).map(|i| (i.name, i.dialect))?;
    if let Some(m) = reg.interface::<dyn ConstantMaterializer>(name) {
        return m.materialize(ir, ip, value, ty, loc);
    }
    reg.dialect(dialect)?.materializer.as_deref()?.materialize(ir, ip, value, ty, loc)
}

/// Mutation of the successor operands of a branch op.
pub trait BranchOpMut: Send + Sync {
    /// Erases forwarded operand `index` of successor `succ`.
    fn erase_successor_operand(&self, ir: &mut Ir, op: OpId, succ: usize, index: usize);
    /// Appends forwarded operands to successor `succ`.
    fn append_successor_operands(&self, ir: &mut Ir, op: OpId, succ: usize, values: &[ValueId]);
}

/// A fixed name (an op or attribute name) interned once per context, for
/// folders and patterns that compare names on every visit: comparing
/// interned handles skips fetching the text and comparing bytes.
/// `static VALUE: StaticName = StaticName::new("value");` then
/// `VALUE.get(ctx)`. The handle of the context last asked is kept with
/// that context's id in one atomic word, so threads sharing a context hit
/// the cache and another context just refills it.
#[derive(Debug)]
pub struct StaticName {
    text: &'static str,
    /// `(context id + 1) << 32 | handle`, or 0 when empty.
    cached: std::sync::atomic::AtomicU64,
}

impl StaticName {
    /// A name with nothing cached yet.
    pub const fn new(text: &'static str) -> Self {
        StaticName { text, cached: std::sync::atomic::AtomicU64::new(0) }
    }

    /// The name interned in `ctx`.
    #[inline]
    pub fn get(&self, ctx: &Context) -> Str {
        use std::sync::atomic::Ordering::Relaxed;
        // The low 32 bits of the id tell contexts apart: two contexts whose
        // ids differ by a multiple of 2^32 would need 4 billion contexts.
        let tag = (ctx.id() as u32 as u64).wrapping_add(1) << 32;
        let word = self.cached.load(Relaxed);
        if word >> 32 == tag >> 32 && word != 0 {
            return Str::from_u32(word as u32);
        }
        let s = ctx.intern_str(self.text);
        self.cached.store(tag | s.as_u32() as u64, Relaxed);
        s
    }

    /// The name's text.
    pub fn text(&self) -> &'static str {
        self.text
    }
}

/// `ip` as `Before(op)` or `BlockEnd(block)`: the two forms at which ops
/// created one after another stay in creation order.
pub fn ordered_insertion_point(ir: &Ir, ip: InsertPoint) -> InsertPoint {
    let first_or_end = |b: BlockId, o: Option<OpId>| o.map_or(InsertPoint::BlockEnd(b), InsertPoint::Before);
    match ip {
        InsertPoint::After(o) => match ir.op_block(o) {
            Some(b) => first_or_end(b, ir.next_op(o)),
            None => ip,
        },
        InsertPoint::BlockStart(b) => first_or_end(b, ir.block_ops(b).next()),
        _ => ip,
    }
}

#[cfg(test)]
mod tests {
    use super::StaticName;
    use crate::context::Context;

    #[test]
    fn static_name_follows_the_context_asked() {
        static NAME: StaticName = StaticName::new("some.op");
        let a = Context::new();
        let b = Context::new();
        // Different interning orders, so the handles differ between contexts.
        b.intern_str("padding");
        let (ia, ib) = (a.intern_str("some.op"), b.intern_str("some.op"));
        assert_ne!(ia.as_u32(), ib.as_u32());
        for _ in 0..3 {
            assert_eq!(NAME.get(&a), ia);
            assert_eq!(NAME.get(&a), ia);
            assert_eq!(NAME.get(&b), ib);
        }
        assert_eq!(a.str(NAME.get(&a)), "some.op");
        assert_eq!(NAME.text(), "some.op");
    }

    #[test]
    fn static_name_interns_a_new_name() {
        static FRESH: StaticName = StaticName::new("never.seen.before");
        let c = Context::new();
        assert!(c.lookup_str("never.seen.before").is_none());
        let s = FRESH.get(&c);
        assert_eq!(c.lookup_str("never.seen.before"), Some(s));
    }
}
