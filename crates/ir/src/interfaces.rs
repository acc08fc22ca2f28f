//! Op interfaces as Rust traits. Dialects attach implementations to op
//! names through [`Registry::add_interface`](crate::Registry::add_interface);
//! analyses and passes query them with the helpers at the bottom
//! (`memory_effects`, `region_successors`, …), which also supply MLIR's
//! conservative defaults for ops that implement nothing.
//!
//! Every trait is object-safe and `Send + Sync`, so user code can register
//! its own ops with the same interfaces.

use crate::arena::{BlockId, InsertPoint, Ir, OpId, OperandId, RegionId, ValueId};
use crate::registry::OpTraits;
use smallvec::SmallVec;

/// Kinds of memory effect.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum EffectKind {
    /// Allocates the resource (`memref.alloc` on its result).
    Allocate,
    /// Frees it (`memref.dealloc` on its operand).
    Free,
    /// Reads it.
    Read,
    /// Writes it.
    Write,
}

/// What an effect applies to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum EffectOn {
    /// An operand's value.
    Operand(usize),
    /// A result.
    Result(usize),
    /// Some unspecified resource (e.g. global memory, I/O).
    Unknown,
}

/// The resource an effect acts on (MLIR's `SideEffects::Resource`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum Resource {
    /// Memory in general (`DefaultResource`).
    #[default]
    Default,
    /// Stack memory freed when the enclosing automatic allocation scope ends
    /// (`AutomaticAllocationScopeResource`): `memref.alloca` allocates here,
    /// so nothing has to free it.
    AutomaticAllocationScope,
    /// A resource a dialect defines, told apart by name.
    User(&'static str),
}

/// One memory effect.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Effect {
    /// Kind.
    pub kind: EffectKind,
    /// Target.
    pub on: EffectOn,
    /// The resource acted on.
    pub resource: Resource,
}

impl Effect {
    /// An effect on the default resource.
    pub const fn new(kind: EffectKind, on: EffectOn) -> Self {
        Effect { kind, on, resource: Resource::Default }
    }
    /// An effect on `resource`.
    pub const fn on_resource(kind: EffectKind, on: EffectOn, resource: Resource) -> Self {
        Effect { kind, on, resource }
    }
}

/// `MemoryEffectOpInterface`.
pub trait MemoryEffects: Send + Sync {
    /// The op's own effects (not those of nested ops).
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>);
}

/// Where control goes from an op or one of its regions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum RegionSuccessor {
    /// Into this region's entry block.
    Region(RegionId),
    /// Back to the parent op (its results receive the values).
    Parent,
}

/// `RegionBranchOpInterface`.
pub trait RegionBranch: Send + Sync {
    /// Successors when entering the op (`from = None`) or when leaving
    /// region `from` through its terminator.
    fn successors(&self, ir: &Ir, op: OpId, from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>);
    /// The successors on entry when some operands are known constants
    /// (`operands[i]` is operand `i`'s value, `None` when unknown): MLIR's
    /// `getEntrySuccessorRegions`, which data-flow analyses use to skip
    /// regions that cannot run. By default every entry successor.
    fn entry_successors_for(
        &self,
        ir: &Ir,
        op: OpId,
        _operands: &[Option<crate::attrs::Attribute>],
        out: &mut SmallVec<[RegionSuccessor; 2]>,
    ) {
        self.successors(ir, op, None, out)
    }
    /// The operands of `op` forwarded into region successor `to` on entry.
    fn entry_operands(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]>;
    /// The values that successor `to` receives: the region's entry block
    /// arguments, or the op's results for [`RegionSuccessor::Parent`].
    fn successor_inputs(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        match to {
            RegionSuccessor::Parent => ir.results(op).collect(),
            RegionSuccessor::Region(r) => match ir.entry_block(r) {
                Some(b) => ir.block_args(b).iter().copied().collect(),
                None => SmallVec::new(),
            },
        }
    }
}

/// `RegionBranchTerminatorOpInterface` (`scf.yield`, `scf.condition`).
pub trait RegionTerminator: Send + Sync {
    /// The operands forwarded to successor `to`.
    fn forwarded_operands(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]>;
}

/// `BranchOpInterface` (`cf.br`, `cf.cond_br`).
pub trait BranchOp: Send + Sync {
    /// The operand indices forwarded to successor number `succ`.
    fn successor_operands(&self, ir: &Ir, op: OpId, succ: usize) -> std::ops::Range<usize>;
    /// The one successor control goes to when the operands are the given
    /// constants (`None` for an operand whose value is unknown): MLIR's
    /// `getSuccessorForOperands`. `None` when it cannot be told.
    fn successor_for_operands(
        &self,
        _ir: &Ir,
        _op: OpId,
        _operands: &[Option<crate::attrs::Attribute>],
    ) -> Option<BlockId> {
        None
    }
}

/// What a call calls (MLIR's `CallInterfaceCallable`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Callee {
    /// A symbol reference (`@f`, `@m::@f`), resolved from the call op.
    Symbol(crate::attrs::Attribute),
    /// A value of function type (`func.call_indirect`).
    Value(ValueId),
}

/// `CallOpInterface`: an op that transfers control to a callable and back.
pub trait CallOp: Send + Sync {
    /// The callee (`None` when the op lacks it, e.g. before verification).
    fn callee(&self, ir: &Ir, op: OpId) -> Option<Callee>;
    /// The operand indices passed to the callee as its arguments.
    fn arg_operands(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize>;
}

/// `CallableOpInterface` (`func.func`): an op calls can target.
pub trait Callable: Send + Sync {
    /// The body region (`None` for declarations, which are external).
    fn body(&self, ir: &Ir, op: OpId) -> Option<RegionId>;
    /// Argument and result types.
    fn signature(&self, ir: &Ir, op: OpId) -> (Vec<crate::types::Type>, Vec<crate::types::Type>);
}

/// `LoopLikeOpInterface`: an op whose regions form a loop (`scf.for`,
/// `scf.while`, `scf.forall`, `scf.parallel`, `affine.for`, …).
pub trait LoopLike: Send + Sync {
    /// The regions that make up the loop body (`scf.while`: its 'after'
    /// region; the single body elsewhere).
    fn loop_regions(&self, ir: &Ir, op: OpId) -> SmallVec<[RegionId; 2]>;
}

/// `ViewLikeOpInterface`: the result is a view of one operand.
pub trait ViewLike: Send + Sync {
    /// The viewed operand's index.
    fn view_source(&self, ir: &Ir, op: OpId) -> usize;
}

/// `CopyOpInterface`.
pub trait CopyLike: Send + Sync {
    /// Source operand index.
    fn source(&self, ir: &Ir, op: OpId) -> usize;
    /// Target operand index.
    fn target(&self, ir: &Ir, op: OpId) -> usize;
}

/// `CastOpInterface`.
pub trait CastLike: Send + Sync {
    /// True when a cast from `inputs` to `outputs` is valid.
    fn are_cast_compatible(&self, ir: &Ir, inputs: &[crate::types::Type], outputs: &[crate::types::Type]) -> bool;
}

/// `DestinationStyleOpInterface`.
pub trait DestinationStyle: Send + Sync {
    /// The operand indices that are inits (`outs`), in result order.
    fn inits(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize>;
}

/// `ReifyRankedShapedTypeOpInterface`: the dynamic sizes of each result.
pub trait ReifyShapes: Send + Sync {
    /// For each result, for each dimension: a static size or a value
    /// (MLIR's `reifyResultShapes`). Any op the implementation creates goes
    /// at `at`, in creation order: the caller's insertion point, which
    /// upstream's builder argument is (`Before` an op or at a block's end,
    /// so that order is kept).
    fn reify(&self, ir: &mut Ir, op: OpId, at: InsertPoint) -> Option<Vec<Vec<OpFoldSize>>>;
}

/// A static size or an SSA index value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OpFoldSize {
    /// A constant.
    Static(i64),
    /// A value.
    Value(ValueId),
}

/// A symbol's visibility (`sym_visibility`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Visibility {
    /// Visible from outside the enclosing symbol table (the default).
    Public,
    /// Visible only inside the enclosing symbol table.
    Private,
    /// Visible to the parent symbol table's table, not beyond.
    Nested,
}

/// `SymbolOpInterface`: an op that defines a symbol of its symbol table.
/// The `OpTraits::SYMBOL` bit says an op is a symbol; this interface answers
/// what the verifier, the call graph and symbol passes ask of one.
pub trait SymbolOp: Send + Sync {
    /// The symbol name (`sym_name`), if set.
    fn name(&self, ir: &Ir, op: OpId) -> Option<crate::context::Str> {
        ir.symbol_name(op)
    }
    /// The visibility (`sym_visibility`, public when absent).
    fn visibility(&self, ir: &Ir, op: OpId) -> Visibility {
        match ir.attr(op, crate::symbol::SYM_VISIBILITY).and_then(|a| ir.ctx().str_value(a)) {
            Some("private") => Visibility::Private,
            Some("nested") => Visibility::Nested,
            _ => Visibility::Public,
        }
    }
    /// True for declarations (no body).
    fn is_declaration(&self, ir: &Ir, op: OpId) -> bool;
}

// ----- queries with MLIR's defaults -------------------------------------

/// The memory effects of `op` itself, or `None` when unknown (an op that
/// is neither pure nor implements [`MemoryEffects`]).
pub fn memory_effects(ir: &Ir, op: OpId) -> Option<Vec<Effect>> {
    let name = ir.op_name(op);
    if let Some(me) = ir.ctx().registry().interface::<dyn MemoryEffects>(name) {
        let mut v = Vec::new();
        me.effects(ir, op, &mut v);
        return Some(v);
    }
    if ir.has_trait(op, OpTraits::PURE) || ir.has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS) {
        return Some(Vec::new());
    }
    None
}

/// A question about an op that, for an op with recursive memory effects,
/// also asks it of every op nested in its regions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum NestQuery {
    /// No memory effect at all ([`is_memory_effect_free`]).
    EffectFree,
    /// Nothing but reads and allocations of its own results, nested
    /// terminators aside (MLIR's `wouldOpBeTriviallyDeadImpl`).
    AllowsErasure,
}

impl NestQuery {
    /// The answer about `op`'s own effects.
    fn own(self, ir: &Ir, op: OpId) -> bool {
        match self {
            NestQuery::EffectFree => matches!(memory_effects(ir, op), Some(e) if e.is_empty()),
            NestQuery::AllowsErasure => {
                own_effects_allow_erasure(ir, op, ir.has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS))
            }
        }
    }
    /// True when the nested op `o` is not asked at all: a terminator,
    /// unless it has recursive effects (`scf.reduce`, whose reduction
    /// regions may write memory).
    fn skips(self, ir: &Ir, o: OpId) -> bool {
        self == NestQuery::AllowsErasure
            && ir.has_trait(o, OpTraits::TERMINATOR)
            && !ir.has_trait(o, OpTraits::RECURSIVE_MEMORY_EFFECTS)
    }
    /// The answer about `op` and, through recursive effects, what is nested
    /// in it; `nested` answers for each nested op.
    fn holds(self, ir: &Ir, op: OpId, mut nested: impl FnMut(&Ir, OpId) -> bool) -> bool {
        self.own(ir, op)
            && (!ir.has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS)
                || ir
                    .regions(op)
                    .iter()
                    .all(|&r| ir.region_blocks(r).all(|b| ir.block_ops(b).all(|o| self.skips(ir, o) || nested(ir, o)))))
    }
    /// The answer, recomputed for every nested op.
    fn holds_unmemoized(self, ir: &Ir, op: OpId) -> bool {
        self.holds(ir, op, |ir, o| self.holds_unmemoized(ir, o))
    }
}

/// True when `op` and everything nested in it has no memory effect.
pub fn is_memory_effect_free(ir: &Ir, op: OpId) -> bool {
    NestQuery::EffectFree.holds_unmemoized(ir, op)
}

/// A [`NestQuery`] answered once per op: a pass that asks it of every op
/// of a nest would otherwise walk everything below each op again,
/// quadratic in the nesting depth.
struct NestMemo {
    query: NestQuery,
    /// Per op: 0 unknown, 1 holds, 2 does not.
    state: crate::entity::EntityMap<OpId, u8>,
    set: Vec<OpId>,
}

impl NestMemo {
    fn new(query: NestQuery) -> Self {
        NestMemo { query, state: crate::entity::EntityMap::with_default(0), set: Vec::new() }
    }

    fn holds(&mut self, ir: &Ir, op: OpId) -> bool {
        match *self.state.get(op) {
            1 => return true,
            2 => return false,
            _ => {}
        }
        let query = self.query;
        let ok = query.holds(ir, op, |ir, o| self.holds(ir, o));
        self.state.set(op, if ok { 1 } else { 2 });
        self.set.push(op);
        ok
    }

    fn clear(&mut self) {
        for o in self.set.drain(..) {
            self.state.set(o, 0);
        }
    }
}

/// [`is_memory_effect_free`] memoized per op, for a pass that asks it of
/// every op of a nest while it does not change what the ops are (CSE, region
/// DCE). An answer about an op with regions goes stale when ops are added
/// to or moved into those regions: clear the memo before the IR is
/// rewritten that way.
pub struct EffectFreeMemo(NestMemo);

impl Default for EffectFreeMemo {
    fn default() -> Self {
        EffectFreeMemo(NestMemo::new(NestQuery::EffectFree))
    }
}

impl EffectFreeMemo {
    /// `is_memory_effect_free(ir, op)`, memoized.
    pub fn is_free(&mut self, ir: &Ir, op: OpId) -> bool {
        self.0.holds(ir, op)
    }

    /// Forgets every answer (in time proportional to their number).
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

/// True when an unused `op` can be erased (MLIR's `wouldOpBeTriviallyDead`).
pub fn is_trivially_dead(ir: &Ir, op: OpId) -> bool {
    can_be_dead(ir, op) && NestQuery::AllowsErasure.holds_unmemoized(ir, op)
}

/// MLIR's `wouldOpBeTriviallyDead`: `op` could be erased if it had no
/// uses (its uses are not looked at).
pub fn would_op_be_trivially_dead(ir: &Ir, op: OpId) -> bool {
    is_erasable_kind(ir, op) && NestQuery::AllowsErasure.holds_unmemoized(ir, op)
}

/// Terminators and symbols are never erased as dead, whatever their effects.
fn is_erasable_kind(ir: &Ir, op: OpId) -> bool {
    !ir.has_trait(op, OpTraits::TERMINATOR) && !ir.has_trait(op, OpTraits::SYMBOL)
}

/// The checks of [`is_trivially_dead`] that do not look at effects.
fn can_be_dead(ir: &Ir, op: OpId) -> bool {
    is_erasable_kind(ir, op) && !ir.results(op).any(|r| ir.has_uses(r))
}

/// The part of the erasure question about `op`'s own effects.
fn own_effects_allow_erasure(ir: &Ir, op: OpId, recursive: bool) -> bool {
    match memory_effects(ir, op) {
        Some(effects) => {
            let allocated =
                |i: usize| effects.iter().any(|e| e.kind == EffectKind::Allocate && e.on == EffectOn::Result(i));
            effects.iter().all(|e| match e.on {
                EffectOn::Result(i) if allocated(i) => true,
                _ => e.kind == EffectKind::Read,
            })
        }
        // No effect interface: only ops with recursive effects are
        // characterised (by their nested ops).
        None => recursive,
    }
}

/// [`is_trivially_dead`] with the answer about each op's effects (and
/// those nested in it) memoized. The answers stay valid while no op is
/// created, erased, moved or changed in place (replacing uses keeps them
/// valid: effects do not depend on uses); [`Self::clear`] it otherwise.
pub struct ErasureMemo(NestMemo);

impl Default for ErasureMemo {
    fn default() -> Self {
        ErasureMemo(NestMemo::new(NestQuery::AllowsErasure))
    }
}

impl ErasureMemo {
    /// `is_trivially_dead(ir, op)`, memoized.
    pub fn is_trivially_dead(&mut self, ir: &Ir, op: OpId) -> bool {
        can_be_dead(ir, op) && self.0.holds(ir, op)
    }

    /// Forgets every answer (in time proportional to their number).
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

/// Region successors of `op` (entry when `from` is `None`).
pub fn region_successors(ir: &Ir, op: OpId, from: Option<RegionId>) -> Option<SmallVec<[RegionSuccessor; 2]>> {
    let rb = ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(op))?;
    let mut out = SmallVec::new();
    rb.successors(ir, op, from, &mut out);
    Some(out)
}

/// True when `op` implements [`LoopLike`].
pub fn is_loop_like(ir: &Ir, op: OpId) -> bool {
    ir.ctx().registry().interface::<dyn LoopLike>(ir.op_name(op)).is_some()
}

/// True when `op` implements [`RegionBranch`].
pub fn is_region_branch(ir: &Ir, op: OpId) -> bool {
    ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(op)).is_some()
}

/// The successor-operand range of a branch op.
pub fn branch_successor_operands(ir: &Ir, op: OpId, succ: usize) -> Option<std::ops::Range<usize>> {
    let b = ir.ctx().registry().interface::<dyn BranchOp>(ir.op_name(op))?;
    Some(b.successor_operands(ir, op, succ))
}

/// The [`CallOp`] implementation of `op`, if it is a call.
pub fn call_op(ir: &Ir, op: OpId) -> Option<&dyn CallOp> {
    ir.ctx().registry().interface::<dyn CallOp>(ir.op_name(op))
}

/// The [`Callable`] implementation of `op`, if calls can target it.
pub fn callable(ir: &Ir, op: OpId) -> Option<&dyn Callable> {
    ir.ctx().registry().interface::<dyn Callable>(ir.op_name(op))
}

/// The [`SymbolOp`] implementation of `op`, if it defines a symbol.
pub fn symbol_op(ir: &Ir, op: OpId) -> Option<&dyn SymbolOp> {
    ir.ctx().registry().interface::<dyn SymbolOp>(ir.op_name(op))
}

/// The op a call's symbol callee names, looked up through the enclosing
/// symbol tables (MLIR's `CallOpInterface::resolveCallable`); `None` for
/// indirect calls, unresolved symbols and ops that are not calls.
pub fn resolve_callee(ir: &Ir, op: OpId) -> Option<OpId> {
    match call_op(ir, op)?.callee(ir, op)? {
        Callee::Symbol(sym) => ir.resolve_symbol_ref(op, sym),
        Callee::Value(_) => None,
    }
}

/// The viewed source of a view-like op.
pub fn view_source(ir: &Ir, op: OpId) -> Option<ValueId> {
    let v = ir.ctx().registry().interface::<dyn ViewLike>(ir.op_name(op))?;
    Some(ir.operand(op, v.view_source(ir, op)))
}

/// The init operand tied to result `i` of a destination-style op.
pub fn tied_init(ir: &Ir, op: OpId, result: usize) -> Option<OperandId> {
    let d = ir.ctx().registry().interface::<dyn DestinationStyle>(ir.op_name(op))?;
    let r = d.inits(ir, op);
    let idx = r.start + result;
    (idx < r.end).then(|| ir.operand_ids(op)[idx])
}

/// Blocks that a block's terminator may branch to.
pub fn block_successors(ir: &Ir, b: BlockId) -> &[BlockId] {
    ir.terminator_successors(b)
}
