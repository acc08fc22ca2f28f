//! The IR arena: ops, blocks, regions, values and operand slots, with
//! use-lists, intrusive op order and the mutation primitives every pass uses.
//!
//! One [`Ir`] holds a whole module. Every object is a dense `u32` handle
//! into this arena. Erased objects stay allocated but dead (handles are never
//! reused, so a stale handle can be detected instead of aliasing a new op).
//!
//! Invariants kept by every mutation here:
//! - each operand slot is linked into exactly one value's use-list;
//! - ops in a block form a doubly linked list whose `order` keys increase
//!   strictly, so [`Ir::is_before_in_block`] is a key comparison;
//! - a block's predecessor list has one entry per successor slot naming it.
//!
//! Layout: the per-object records are small and flat (an op is 56 bytes);
//! their variable-length lists live in shared [`Pool`]s, and the rarely
//! present parts of an op (regions, successors, properties) in a side table.

use crate::attrs::{Attribute, NamedAttr};
use crate::context::{Context, Str};
use crate::entity::{Arena, EntityRef};
use crate::location::Location;
use crate::pool::{Pool, Span};
use crate::registry::{OpInfo, OpTraits};
use crate::types::Type;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::sync::Arc;

mod invariants;
pub use invariants::InvariantViolation;

crate::entity! {
    /// An operation.
    pub struct OpId; "op"
}
crate::entity! {
    /// A block.
    pub struct BlockId; "bb"
}
crate::entity! {
    /// A region.
    pub struct RegionId; "region"
}
crate::entity! {
    /// An SSA value: an op result or a block argument.
    pub struct ValueId; "v"
}
crate::entity! {
    /// One operand slot of one op (a use of a value).
    pub struct OperandId; "use"
}

/// Where a value comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueDef {
    /// Result `index` of `op`.
    Result {
        /// The defining op.
        op: OpId,
        /// The result number.
        index: u32,
    },
    /// Argument `index` of `block`.
    BlockArg {
        /// The block.
        block: BlockId,
        /// The argument number.
        index: u32,
    },
    /// Not attached (a parser forward reference, or an erased block arg).
    Detached,
}

#[derive(Clone, Debug)]
pub(crate) struct ValueData {
    ty: Type,
    /// [`ValueDef`] packed: the defining op's or block's index + 1 (0 when
    /// detached) ...
    owner: u32,
    /// ... and the result or argument number, with [`BLOCK_ARG`] set for
    /// block arguments.
    index: u32,
    first_use: Option<OperandId>,
    /// Location (meaningful for block arguments).
    loc: Location,
}

/// Marks a block argument's `ValueData::index`.
const BLOCK_ARG: u32 = 1 << 31;

impl ValueData {
    fn new(ty: Type, def: ValueDef, loc: Location) -> Self {
        let mut v = ValueData { ty, owner: 0, index: 0, first_use: None, loc };
        v.set_def(def);
        v
    }
    #[inline]
    fn def(&self) -> ValueDef {
        match self.owner {
            0 => ValueDef::Detached,
            o if self.index & BLOCK_ARG != 0 => {
                ValueDef::BlockArg { block: BlockId::new(o as usize - 1), index: self.index & !BLOCK_ARG }
            }
            o => ValueDef::Result { op: OpId::new(o as usize - 1), index: self.index },
        }
    }
    #[inline]
    fn set_def(&mut self, def: ValueDef) {
        (self.owner, self.index) = match def {
            ValueDef::Result { op, index } => (op.index() as u32 + 1, index),
            ValueDef::BlockArg { block, index } => (block.index() as u32 + 1, index | BLOCK_ARG),
            ValueDef::Detached => (0, 0),
        };
    }
}

#[derive(Clone, Debug)]
struct OperandData {
    value: ValueId,
    owner: OpId,
    index: u32,
    prev_use: Option<OperandId>,
    next_use: Option<OperandId>,
}

#[derive(Clone, Debug)]
pub(crate) struct OpData {
    name: Str,
    loc: Location,
    parent: Option<BlockId>,
    prev: Option<OpId>,
    next: Option<OpId>,
    /// The `u64` order key as (low, high) halves: no 8-byte alignment.
    order: [u32; 2],
    first_result: u32,
    num_results: u32,
    /// Operand slots, in `Ir::operand_lists`.
    operands: Span,
    /// Attributes sorted by name, in `Ir::attr_lists`.
    attrs: Span,
    /// 1 + index of this op's [`OpExtra`] in `Ir::extras` (0 for none),
    /// with [`ERASED`] set once the op is erased.
    extra: u32,
}

/// Marks an erased op in `OpData::extra`.
const ERASED: u32 = 1 << 31;

impl OpData {
    /// 1 + index of the op's [`OpExtra`], or 0.
    #[inline]
    fn extra(&self) -> u32 {
        self.extra & !ERASED
    }
    #[inline]
    fn order(&self) -> u64 {
        self.order[0] as u64 | (self.order[1] as u64) << 32
    }
    #[inline]
    fn set_order(&mut self, key: u64) {
        self.order = [key as u32, (key >> 32) as u32];
    }
}

/// The parts of an op that most ops lack.
#[derive(Clone, Debug, Default)]
struct OpExtra {
    /// In `Ir::region_lists`.
    regions: Span,
    /// In `Ir::succ_lists`.
    successors: Span,
    props: Option<Attribute>,
}

#[derive(Clone, Debug)]
struct BlockData {
    parent: Option<RegionId>,
    prev: Option<BlockId>,
    next: Option<BlockId>,
    first_op: Option<OpId>,
    last_op: Option<OpId>,
    /// In `Ir::arg_lists`.
    args: Span,
    /// In `Ir::pred_lists`.
    preds: Span,
    alive: bool,
}

#[derive(Clone, Debug)]
struct RegionData {
    parent: Option<OpId>,
    first_block: Option<BlockId>,
    last_block: Option<BlockId>,
}

/// Where the builder inserts new ops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    /// At the start of a block.
    BlockStart(BlockId),
    /// At the end of a block.
    BlockEnd(BlockId),
    /// Before an op.
    Before(OpId),
    /// After an op.
    After(OpId),
}

/// Everything needed to create an op.
#[derive(Clone, Debug)]
pub struct OpSpec<'a> {
    /// Interned op name.
    pub name: Str,
    /// Location.
    pub loc: Location,
    /// Operand values.
    pub operands: &'a [ValueId],
    /// Result types.
    pub results: &'a [Type],
    /// Attributes (any order; stored sorted by name).
    pub attrs: &'a [NamedAttr],
    /// Successor blocks.
    pub successors: &'a [BlockId],
    /// Number of (empty) regions to create.
    pub num_regions: usize,
    /// Generic-form properties of an unregistered op.
    pub props: Option<Attribute>,
}

impl<'a> OpSpec<'a> {
    /// A spec with only a name and a location.
    pub fn new(name: Str, loc: Location) -> Self {
        OpSpec { name, loc, operands: &[], results: &[], attrs: &[], successors: &[], num_regions: 0, props: None }
    }
}

/// Maps values and blocks of a cloned region to their copies.
#[derive(Default, Clone, Debug)]
pub struct IrMapping {
    /// Value replacements.
    pub values: FxHashMap<ValueId, ValueId>,
    /// Block replacements.
    pub blocks: FxHashMap<BlockId, BlockId>,
}

impl IrMapping {
    /// The mapped value, or `v` itself.
    pub fn lookup_value(&self, v: ValueId) -> ValueId {
        self.values.get(&v).copied().unwrap_or(v)
    }
    /// The mapped block, or `b` itself.
    pub fn lookup_block(&self, b: BlockId) -> BlockId {
        self.blocks.get(&b).copied().unwrap_or(b)
    }
    /// Records `from → to`.
    pub fn map_value(&mut self, from: ValueId, to: ValueId) {
        self.values.insert(from, to);
    }
}

const ORDER_STRIDE: u64 = 1 << 32;
const MIN_GAP: u64 = 1 << 8;
/// Per op of a relabelled window, the key room it must leave (see
/// `Ir::relabel_around`).
const RELABEL_GAP_PER_OP: u64 = 16;

/// The IR of one module.
#[derive(Clone)]
pub struct Ir {
    ctx: Arc<Context>,
    ops: Arena<OpId, OpData>,
    blocks: Arena<BlockId, BlockData>,
    regions: Arena<RegionId, RegionData>,
    values: Arena<ValueId, ValueData>,
    operands: Arena<OperandId, OperandData>,
    extras: Vec<OpExtra>,
    operand_lists: Pool<OperandId>,
    attr_lists: Pool<NamedAttr>,
    region_lists: Pool<RegionId>,
    succ_lists: Pool<BlockId>,
    arg_lists: Pool<ValueId>,
    pred_lists: Pool<OpId>,
    /// The symbol tables looked up so far, kept current by the mutators.
    symbols: crate::symbol::SymbolCache,
}

impl Ir {
    /// An empty arena over `ctx`.
    pub fn new(ctx: Arc<Context>) -> Self {
        Ir {
            ctx,
            ops: Arena::default(),
            blocks: Arena::default(),
            regions: Arena::default(),
            values: Arena::default(),
            operands: Arena::default(),
            extras: Vec::new(),
            operand_lists: Pool::default(),
            attr_lists: Pool::default(),
            region_lists: Pool::default(),
            succ_lists: Pool::default(),
            arg_lists: Pool::default(),
            pred_lists: Pool::default(),
            symbols: crate::symbol::SymbolCache::default(),
        }
    }

    /// The arena's symbol-table cache.
    #[inline]
    pub(crate) fn symbol_cache(&self) -> &crate::symbol::SymbolCache {
        &self.symbols
    }
    /// The arena's symbol-table cache, for the mutators' updates.
    #[inline]
    pub(crate) fn symbol_cache_mut(&mut self) -> &mut crate::symbol::SymbolCache {
        &mut self.symbols
    }
    /// True when a `sym_name` change of an op could matter to a cached
    /// symbol table.
    #[inline]
    fn watches_symbol_attr(&mut self, name: Str) -> bool {
        !self.symbols.is_empty_mut() && self.ctx.str(name) == crate::symbol::SYM_NAME
    }

    /// Reserves room for about `ops` more ops (and proportionally for their
    /// values and operands), e.g. from the size of a file about to be read,
    /// so the arenas do not grow by repeated reallocation. Capacity that is
    /// never used costs address space, not memory.
    pub fn reserve(&mut self, ops: usize) {
        self.ops.reserve(ops);
        self.values.reserve(ops);
        self.operands.reserve(ops + ops / 2);
        self.operand_lists.reserve(ops + ops / 2);
        self.blocks.reserve(ops / 4);
        self.arg_lists.reserve(ops / 4);
        self.regions.reserve(ops / 4);
    }

    /// The op's rarely present parts (regions, successors, properties),
    /// created on first use.
    fn extra_mut(&mut self, op: OpId) -> &mut OpExtra {
        if self.ops[op].extra() == 0 {
            self.extras.push(OpExtra::default());
            let e = u32::try_from(self.extras.len()).ok().filter(|&e| e < ERASED).expect("too many ops with regions");
            self.ops[op].extra |= e;
        }
        &mut self.extras[self.ops[op].extra() as usize - 1]
    }
    #[inline]
    fn extra(&self, op: OpId) -> Option<&OpExtra> {
        match self.ops[op].extra() {
            0 => None,
            e => Some(&self.extras[e as usize - 1]),
        }
    }

    /// The context.
    #[inline]
    pub fn ctx(&self) -> &Context {
        &self.ctx
    }
    /// A shared handle to the context.
    pub fn ctx_arc(&self) -> &Arc<Context> {
        &self.ctx
    }

    /// Number of op slots ever allocated (live or dead); bounds `OpId` indices.
    pub fn op_capacity(&self) -> usize {
        self.ops.len()
    }
    /// Number of value slots ever allocated; bounds `ValueId` indices.
    pub fn value_capacity(&self) -> usize {
        self.values.len()
    }
    /// Number of block slots ever allocated.
    pub fn block_capacity(&self) -> usize {
        self.blocks.len()
    }
    /// Number of operand slots ever allocated.
    pub fn operand_capacity(&self) -> usize {
        self.operands.len()
    }

    // ----- ops: creation -------------------------------------------------

    /// Creates a detached op.
    pub fn create_op(&mut self, spec: OpSpec<'_>) -> OpId {
        let op = self.ops.push(OpData {
            name: spec.name,
            loc: spec.loc,
            parent: None,
            prev: None,
            next: None,
            order: [0, 0],
            first_result: self.values.len() as u32,
            num_results: spec.results.len() as u32,
            operands: Span::default(),
            attrs: Span::default(),
            extra: 0,
        });
        for (i, &ty) in spec.results.iter().enumerate() {
            self.values.push(ValueData::new(ty, ValueDef::Result { op, index: i as u32 }, spec.loc));
        }
        if !spec.operands.is_empty() {
            let mut slots: SmallVec<[OperandId; 4]> = SmallVec::with_capacity(spec.operands.len());
            for (i, &v) in spec.operands.iter().enumerate() {
                slots.push(self.new_use(op, i as u32, v));
            }
            self.ops[op].operands = self.operand_lists.alloc(&slots);
        }
        for _ in 0..spec.num_regions {
            self.add_region(op);
        }
        if !spec.successors.is_empty() {
            for &s in spec.successors {
                self.add_pred(s, op);
            }
            let succs = self.succ_lists.alloc(spec.successors);
            self.extra_mut(op).successors = succs;
        }
        if spec.props.is_some() {
            self.extra_mut(op).props = spec.props;
        }
        if !spec.attrs.is_empty() {
            let ctx = &*self.ctx;
            let mut sorted: SmallVec<[NamedAttr; 8]> = SmallVec::new();
            for &a in spec.attrs {
                insert_sorted(ctx, &mut sorted, a);
            }
            self.ops[op].attrs = self.attr_lists.alloc(&sorted);
        }
        op
    }

    /// Creates an op and inserts it at `ip`.
    pub fn insert_new_op(&mut self, ip: InsertPoint, spec: OpSpec<'_>) -> OpId {
        let op = self.create_op(spec);
        self.insert_op(op, ip);
        op
    }

    fn new_use(&mut self, owner: OpId, index: u32, value: ValueId) -> OperandId {
        let head = self.values[value].first_use;
        let u = self.operands.push(OperandData { value, owner, index, prev_use: None, next_use: head });
        if let Some(h) = head {
            self.operands[h].prev_use = Some(u);
        }
        self.values[value].first_use = Some(u);
        u
    }

    fn unlink_use(&mut self, u: OperandId) {
        let OperandData { value, prev_use, next_use, .. } = self.operands[u];
        match prev_use {
            Some(p) => self.operands[p].next_use = next_use,
            None => self.values[value].first_use = next_use,
        }
        if let Some(n) = next_use {
            self.operands[n].prev_use = prev_use;
        }
        self.operands[u].prev_use = None;
        self.operands[u].next_use = None;
    }

    fn link_use(&mut self, u: OperandId, value: ValueId) {
        let head = self.values[value].first_use;
        self.operands[u].value = value;
        self.operands[u].prev_use = None;
        self.operands[u].next_use = head;
        if let Some(h) = head {
            self.operands[h].prev_use = Some(u);
        }
        self.values[value].first_use = Some(u);
    }

    // ----- ops: queries --------------------------------------------------

    /// The op's name.
    #[inline]
    pub fn op_name(&self, op: OpId) -> Str {
        self.ops[op].name
    }
    /// The op's name as text.
    #[inline]
    pub fn op_name_str(&self, op: OpId) -> &str {
        self.ctx.str(self.ops[op].name)
    }
    /// True when the op is named `name`.
    #[inline]
    pub fn is_op(&self, op: OpId, name: &str) -> bool {
        self.op_name_str(op) == name
    }
    /// The registration of the op, if its name is registered.
    #[inline]
    pub fn op_info(&self, op: OpId) -> Option<&OpInfo> {
        self.ctx.registry().op(self.ops[op].name)
    }
    /// True when the op is registered with all traits `t`.
    #[inline]
    pub fn has_trait(&self, op: OpId, t: OpTraits) -> bool {
        self.op_info(op).is_some_and(|i| i.has(t))
    }
    /// Renames an op (used when a pattern swaps an op kind in place).
    pub fn set_op_name(&mut self, op: OpId, name: Str) {
        self.ops[op].name = name;
    }
    /// The op's location.
    #[inline]
    pub fn op_loc(&self, op: OpId) -> Location {
        self.ops[op].loc
    }
    /// Sets the op's location.
    pub fn set_op_loc(&mut self, op: OpId, loc: Location) {
        self.ops[op].loc = loc;
    }
    /// False once the op was erased.
    #[inline]
    pub fn is_alive(&self, op: OpId) -> bool {
        self.ops[op].extra & ERASED == 0
    }
    /// The block holding the op.
    #[inline]
    pub fn op_block(&self, op: OpId) -> Option<BlockId> {
        self.ops[op].parent
    }
    /// The op whose region holds this op.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.op_block(op).and_then(|b| self.block_parent_op(b))
    }
    /// The region holding the op.
    pub fn op_region(&self, op: OpId) -> Option<RegionId> {
        self.op_block(op).and_then(|b| self.blocks[b].parent)
    }
    /// Next op in the block.
    #[inline]
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].next
    }
    /// Previous op in the block.
    #[inline]
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].prev
    }
    /// Number of operands.
    #[inline]
    pub fn num_operands(&self, op: OpId) -> usize {
        self.ops[op].operands.len()
    }
    /// Operand `i`.
    #[inline]
    pub fn operand(&self, op: OpId, i: usize) -> ValueId {
        self.operands[self.operand_ids(op)[i]].value
    }
    /// All operand values.
    pub fn operands(&self, op: OpId) -> impl ExactSizeIterator<Item = ValueId> + Clone + '_ {
        self.operand_ids(op).iter().map(move |&u| self.operands[u].value)
    }
    /// Operand values collected.
    pub fn operand_vec(&self, op: OpId) -> SmallVec<[ValueId; 4]> {
        self.operands(op).collect()
    }
    /// The operand slots.
    #[inline]
    pub fn operand_ids(&self, op: OpId) -> &[OperandId] {
        self.operand_lists.get(self.ops[op].operands)
    }
    /// Number of results.
    #[inline]
    pub fn num_results(&self, op: OpId) -> usize {
        self.ops[op].num_results as usize
    }
    /// Result `i`.
    #[inline]
    pub fn result(&self, op: OpId, i: usize) -> ValueId {
        debug_assert!(i < self.num_results(op));
        ValueId::new(self.ops[op].first_result as usize + i)
    }
    /// All results.
    pub fn results(&self, op: OpId) -> impl ExactSizeIterator<Item = ValueId> + Clone + use<> {
        let d = &self.ops[op];
        (d.first_result..d.first_result + d.num_results).map(|i| ValueId::new(i as usize))
    }
    /// Result types.
    pub fn result_types(&self, op: OpId) -> SmallVec<[Type; 2]> {
        self.results(op).map(|v| self.value_type(v)).collect()
    }
    /// Operand types.
    pub fn operand_types(&self, op: OpId) -> SmallVec<[Type; 4]> {
        self.operands(op).map(|v| self.value_type(v)).collect()
    }
    /// The op's regions.
    #[inline]
    pub fn regions(&self, op: OpId) -> &[RegionId] {
        match self.extra(op) {
            None => &[],
            Some(e) => self.region_lists.get(e.regions),
        }
    }
    /// Region `i`.
    #[inline]
    pub fn region(&self, op: OpId, i: usize) -> RegionId {
        self.regions(op)[i]
    }
    /// The successors.
    #[inline]
    pub fn successors(&self, op: OpId) -> &[BlockId] {
        match self.extra(op) {
            None => &[],
            Some(e) => self.succ_lists.get(e.successors),
        }
    }
    /// Replaces successor `i`.
    pub fn set_successor(&mut self, op: OpId, i: usize, b: BlockId) {
        let old = self.successors(op)[i];
        self.remove_pred(old, op);
        let succs = self.extra_mut(op).successors;
        self.succ_lists.get_mut(succs)[i] = b;
        self.add_pred(b, op);
    }
    fn add_pred(&mut self, b: BlockId, op: OpId) {
        let mut preds = self.blocks[b].preds;
        self.pred_lists.push(&mut preds, op);
        self.blocks[b].preds = preds;
    }
    /// Removes one predecessor entry `op` of `b` (order is not kept).
    fn remove_pred(&mut self, b: BlockId, op: OpId) {
        let mut preds = self.blocks[b].preds;
        if let Some(i) = self.pred_lists.get(preds).iter().position(|&p| p == op) {
            self.pred_lists.swap_remove(&mut preds, i);
            self.blocks[b].preds = preds;
        }
    }

    // ----- attributes ----------------------------------------------------

    /// The attributes, sorted by name.
    #[inline]
    pub fn attrs(&self, op: OpId) -> &[NamedAttr] {
        self.attr_lists.get(self.ops[op].attrs)
    }
    /// The attribute `name`.
    pub fn attr(&self, op: OpId, name: &str) -> Option<Attribute> {
        self.attrs(op).iter().find(|a| self.ctx.str(a.name) == name).map(|a| a.value)
    }
    /// The attribute with interned name `name`.
    pub fn attr_by(&self, op: OpId, name: Str) -> Option<Attribute> {
        self.attrs(op).iter().find(|a| a.name == name).map(|a| a.value)
    }
    /// Sets an attribute, keeping the list sorted by name.
    pub fn set_attr(&mut self, op: OpId, name: Str, value: Attribute) {
        let old = if self.watches_symbol_attr(name) { self.symbols_name_before_change(op) } else { None };
        self.set_attr_unwatched(op, name, value);
        if let Some(old) = old {
            self.symbols_renamed(op, old);
        }
    }
    fn set_attr_unwatched(&mut self, op: OpId, name: Str, value: Attribute) {
        let ctx = &*self.ctx;
        let mut span = self.ops[op].attrs;
        match self.attr_lists.get(span).binary_search_by(|a| ctx.str(a.name).cmp(ctx.str(name))) {
            Ok(i) => self.attr_lists.get_mut(span)[i].value = value,
            Err(i) => {
                self.attr_lists.insert(&mut span, i, NamedAttr { name, value });
                self.ops[op].attrs = span;
            }
        }
    }
    /// Sets an attribute by name text.
    pub fn set_attr_str(&mut self, op: OpId, name: &str, value: Attribute) {
        let n = self.ctx.intern_str(name);
        self.set_attr(op, n, value);
    }
    /// Removes an attribute; returns its old value.
    pub fn remove_attr(&mut self, op: OpId, name: &str) -> Option<Attribute> {
        let old = if !self.symbols.is_empty_mut() && name == crate::symbol::SYM_NAME {
            self.symbols_name_before_change(op)
        } else {
            None
        };
        let ctx = &*self.ctx;
        let mut span = self.ops[op].attrs;
        let i = self.attr_lists.get(span).iter().position(|a| ctx.str(a.name) == name)?;
        let removed = self.attr_lists.remove(&mut span, i);
        self.ops[op].attrs = span;
        if let Some(old) = old {
            self.symbols_renamed(op, old);
        }
        Some(removed.value)
    }
    /// Replaces all attributes.
    pub fn set_attrs(&mut self, op: OpId, attrs: &[NamedAttr]) {
        let old = self.symbols_name_before_change(op);
        self.set_attrs_unwatched(op, attrs);
        if let Some(old) = old {
            self.symbols_renamed(op, old);
        }
    }
    fn set_attrs_unwatched(&mut self, op: OpId, attrs: &[NamedAttr]) {
        let ctx = &*self.ctx;
        let mut sorted: SmallVec<[NamedAttr; 8]> = SmallVec::new();
        for &a in attrs {
            insert_sorted(ctx, &mut sorted, a);
        }
        let mut span = self.ops[op].attrs;
        self.attr_lists.set(&mut span, &sorted);
        self.ops[op].attrs = span;
    }
    /// Generic-form properties of an unregistered op.
    pub fn props(&self, op: OpId) -> Option<Attribute> {
        self.extra(op).and_then(|e| e.props)
    }
    /// Sets generic-form properties.
    pub fn set_props(&mut self, op: OpId, p: Option<Attribute>) {
        if p.is_some() || self.ops[op].extra() != 0 {
            self.extra_mut(op).props = p;
        }
    }

    // ----- operands: mutation --------------------------------------------

    /// Sets operand `i` to `v`.
    pub fn set_operand(&mut self, op: OpId, i: usize, v: ValueId) {
        let u = self.operand_ids(op)[i];
        if self.operands[u].value == v {
            return;
        }
        self.unlink_use(u);
        self.link_use(u, v);
    }
    /// Replaces all operands.
    pub fn set_operands(&mut self, op: OpId, vals: &[ValueId]) {
        let old: SmallVec<[OperandId; 4]> = self.operand_ids(op).into();
        let n = old.len().min(vals.len());
        let mut new: SmallVec<[OperandId; 4]> = SmallVec::with_capacity(vals.len());
        for (i, &u) in old.iter().enumerate() {
            if i < n {
                if self.operands[u].value != vals[i] {
                    self.unlink_use(u);
                    self.link_use(u, vals[i]);
                }
                new.push(u);
            } else {
                self.unlink_use(u);
            }
        }
        for (i, &v) in vals.iter().enumerate().skip(n) {
            new.push(self.new_use(op, i as u32, v));
        }
        let mut span = self.ops[op].operands;
        self.operand_lists.set(&mut span, &new);
        self.ops[op].operands = span;
    }
    /// Inserts operands at position `at`.
    pub fn insert_operands(&mut self, op: OpId, at: usize, vals: &[ValueId]) {
        let mut all = self.operand_vec(op);
        all.insert_many(at, vals.iter().copied());
        self.set_operands(op, &all);
    }
    /// Removes operand `i`.
    pub fn erase_operand(&mut self, op: OpId, i: usize) {
        let mut all = self.operand_vec(op);
        all.remove(i);
        self.set_operands(op, &all);
    }

    // ----- values --------------------------------------------------------

    /// The value's type.
    #[inline]
    pub fn value_type(&self, v: ValueId) -> Type {
        self.values[v].ty
    }
    /// Changes the value's type (bufferization rewrites tensor → memref).
    pub fn set_value_type(&mut self, v: ValueId, t: Type) {
        self.values[v].ty = t;
    }
    /// Where the value comes from.
    #[inline]
    pub fn value_def(&self, v: ValueId) -> ValueDef {
        self.values[v].def()
    }
    /// The op defining the value (`None` for block arguments).
    #[inline]
    pub fn defining_op(&self, v: ValueId) -> Option<OpId> {
        match self.values[v].def() {
            ValueDef::Result { op, .. } => Some(op),
            _ => None,
        }
    }
    /// The block the value is defined in.
    pub fn value_block(&self, v: ValueId) -> Option<BlockId> {
        match self.values[v].def() {
            ValueDef::Result { op, .. } => self.op_block(op),
            ValueDef::BlockArg { block, .. } => Some(block),
            ValueDef::Detached => None,
        }
    }
    /// The value's location (block arguments; results use their op's).
    pub fn value_loc(&self, v: ValueId) -> Location {
        self.values[v].loc
    }
    /// Sets a block argument's location.
    pub fn set_value_loc(&mut self, v: ValueId, l: Location) {
        self.values[v].loc = l;
    }
    /// True when the value has a use.
    #[inline]
    pub fn has_uses(&self, v: ValueId) -> bool {
        self.values[v].first_use.is_some()
    }
    /// True when the value has exactly one use.
    pub fn has_one_use(&self, v: ValueId) -> bool {
        self.values[v].first_use.is_some_and(|u| self.operands[u].next_use.is_none())
    }
    /// The value's uses (most recent first).
    pub fn uses(&self, v: ValueId) -> UseIter<'_> {
        UseIter { ir: self, cur: self.values[v].first_use }
    }
    /// The ops using the value (an op appears once per use).
    pub fn users(&self, v: ValueId) -> impl Iterator<Item = OpId> + '_ {
        self.uses(v).map(move |u| self.operands[u].owner)
    }
    /// The op owning an operand slot.
    #[inline]
    pub fn use_owner(&self, u: OperandId) -> OpId {
        self.operands[u].owner
    }
    /// The operand index of a slot in its owner.
    #[inline]
    pub fn use_index(&self, u: OperandId) -> usize {
        self.operands[u].index as usize
    }
    /// The value an operand slot uses.
    #[inline]
    pub fn use_value(&self, u: OperandId) -> ValueId {
        self.operands[u].value
    }
    /// Points an operand slot at another value.
    pub fn set_use_value(&mut self, u: OperandId, v: ValueId) {
        if self.operands[u].value != v {
            self.unlink_use(u);
            self.link_use(u, v);
        }
    }
    /// Replaces every use of `from` by `to`, in O(#uses).
    pub fn replace_all_uses(&mut self, from: ValueId, to: ValueId) {
        if from == to {
            return;
        }
        while let Some(u) = self.values[from].first_use {
            self.unlink_use(u);
            self.link_use(u, to);
        }
    }
    /// Replaces the uses of `from` for which `pred` holds.
    pub fn replace_uses_if(&mut self, from: ValueId, to: ValueId, mut pred: impl FnMut(&Ir, OperandId) -> bool) {
        let uses: SmallVec<[OperandId; 8]> = self.uses(from).collect();
        for u in uses {
            if pred(self, u) {
                self.set_use_value(u, to);
            }
        }
    }
    /// Creates a value that is not attached anywhere (parser placeholders).
    pub fn create_detached_value(&mut self, ty: Type, loc: Location) -> ValueId {
        self.values.push(ValueData::new(ty, ValueDef::Detached, loc))
    }

    // ----- blocks and regions --------------------------------------------

    /// Creates a detached block with arguments of the given types.
    pub fn create_block(&mut self, arg_types: &[Type], arg_locs: &[Location]) -> BlockId {
        let b = self.blocks.push(BlockData {
            parent: None,
            prev: None,
            next: None,
            first_op: None,
            last_op: None,
            args: Span::default(),
            preds: Span::default(),
            alive: true,
        });
        for (i, &t) in arg_types.iter().enumerate() {
            let loc = arg_locs.get(i).copied().unwrap_or(self.ctx.unknown_loc());
            self.add_block_arg(b, t, loc);
        }
        b
    }
    /// Creates a block at the end of `region`.
    pub fn append_block(&mut self, region: RegionId, arg_types: &[Type], arg_locs: &[Location]) -> BlockId {
        let b = self.create_block(arg_types, arg_locs);
        self.insert_block(region, b, None);
        b
    }
    /// Inserts detached block `b` into `region` before `before` (at the end if `None`).
    pub fn insert_block(&mut self, region: RegionId, b: BlockId, before: Option<BlockId>) {
        debug_assert!(self.blocks[b].parent.is_none());
        self.symbols_region_changed(region);
        self.blocks[b].parent = Some(region);
        match before {
            None => {
                let last = self.regions[region].last_block;
                self.blocks[b].prev = last;
                self.blocks[b].next = None;
                match last {
                    Some(l) => self.blocks[l].next = Some(b),
                    None => self.regions[region].first_block = Some(b),
                }
                self.regions[region].last_block = Some(b);
            }
            Some(n) => {
                let p = self.blocks[n].prev;
                self.blocks[b].prev = p;
                self.blocks[b].next = Some(n);
                self.blocks[n].prev = Some(b);
                match p {
                    Some(p) => self.blocks[p].next = Some(b),
                    None => self.regions[region].first_block = Some(b),
                }
            }
        }
    }
    /// The blocks of `region` changed: the table of its op, if cached, is dropped.
    #[inline]
    fn symbols_region_changed(&mut self, region: RegionId) {
        if !self.symbols.is_empty_mut() {
            if let Some(p) = self.regions[region].parent {
                self.symbols_op_reshaped(p);
            }
        }
    }
    /// Unlinks a block from its region (it stays alive).
    pub fn remove_block(&mut self, b: BlockId) {
        let Some(region) = self.blocks[b].parent else { return };
        self.symbols_region_changed(region);
        let (p, n) = (self.blocks[b].prev, self.blocks[b].next);
        match p {
            Some(p) => self.blocks[p].next = n,
            None => self.regions[region].first_block = n,
        }
        match n {
            Some(n) => self.blocks[n].prev = p,
            None => self.regions[region].last_block = p,
        }
        let d = &mut self.blocks[b];
        d.parent = None;
        d.prev = None;
        d.next = None;
    }
    /// Adds an argument to a block.
    pub fn add_block_arg(&mut self, b: BlockId, ty: Type, loc: Location) -> ValueId {
        let mut args = self.blocks[b].args;
        let index = args.len() as u32;
        let v = self.values.push(ValueData::new(ty, ValueDef::BlockArg { block: b, index }, loc));
        self.arg_lists.push(&mut args, v);
        self.blocks[b].args = args;
        v
    }
    /// Inserts an argument at position `at`.
    pub fn insert_block_arg(&mut self, b: BlockId, at: usize, ty: Type, loc: Location) -> ValueId {
        let v = self.values.push(ValueData::new(ty, ValueDef::BlockArg { block: b, index: at as u32 }, loc));
        let mut args = self.blocks[b].args;
        self.arg_lists.insert(&mut args, at, v);
        self.blocks[b].args = args;
        self.renumber_args(b, at + 1);
        v
    }
    /// Erases argument `i` of a block (it must have no uses).
    pub fn erase_block_arg(&mut self, b: BlockId, i: usize) {
        let mut args = self.blocks[b].args;
        let v = self.arg_lists.remove(&mut args, i);
        self.blocks[b].args = args;
        debug_assert!(!self.has_uses(v), "erasing a used block argument");
        self.values[v].set_def(ValueDef::Detached);
        self.renumber_args(b, i);
    }
    fn renumber_args(&mut self, b: BlockId, from: usize) {
        for j in from..self.blocks[b].args.len() {
            let a = self.block_arg(b, j);
            self.values[a].set_def(ValueDef::BlockArg { block: b, index: j as u32 });
        }
    }
    /// The block's arguments.
    #[inline]
    pub fn block_args(&self, b: BlockId) -> &[ValueId] {
        self.arg_lists.get(self.blocks[b].args)
    }
    /// Argument `i` of the block.
    #[inline]
    pub fn block_arg(&self, b: BlockId, i: usize) -> ValueId {
        self.block_args(b)[i]
    }
    /// The region holding the block.
    #[inline]
    pub fn block_region(&self, b: BlockId) -> Option<RegionId> {
        self.blocks[b].parent
    }
    /// The op whose region holds the block.
    #[inline]
    pub fn block_parent_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b].parent.and_then(|r| self.regions[r].parent)
    }
    /// First op of the block.
    #[inline]
    pub fn first_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b].first_op
    }
    /// Last op of the block.
    #[inline]
    pub fn last_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b].last_op
    }
    /// The block's terminator: its last op if that op is a terminator (or
    /// unregistered, as MLIR assumes for unknown ops ending a block).
    pub fn terminator(&self, b: BlockId) -> Option<OpId> {
        let last = self.last_op(b)?;
        match self.op_info(last) {
            Some(i) if !i.has(OpTraits::TERMINATOR) => None,
            _ => Some(last),
        }
    }
    /// The ops of a block in order.
    pub fn block_ops(&self, b: BlockId) -> OpIter<'_> {
        OpIter { ir: self, cur: self.blocks[b].first_op }
    }
    /// The ops of a block, collected (safe to mutate while iterating).
    pub fn block_ops_vec(&self, b: BlockId) -> Vec<OpId> {
        self.block_ops(b).collect()
    }
    /// True when the block has no ops.
    pub fn block_is_empty(&self, b: BlockId) -> bool {
        self.blocks[b].first_op.is_none()
    }
    /// Next block in the region.
    #[inline]
    pub fn next_block(&self, b: BlockId) -> Option<BlockId> {
        self.blocks[b].next
    }
    /// Previous block in the region.
    #[inline]
    pub fn prev_block(&self, b: BlockId) -> Option<BlockId> {
        self.blocks[b].prev
    }
    /// Predecessor terminators, once per successor slot naming the block.
    #[inline]
    pub fn predecessors(&self, b: BlockId) -> &[OpId] {
        self.pred_lists.get(self.blocks[b].preds)
    }
    /// False once the block was erased.
    pub fn block_is_alive(&self, b: BlockId) -> bool {
        self.blocks[b].alive
    }
    /// The blocks of a region in order.
    pub fn region_blocks(&self, r: RegionId) -> BlockIter<'_> {
        BlockIter { ir: self, cur: self.regions[r].first_block }
    }
    /// The first block of a region.
    #[inline]
    pub fn entry_block(&self, r: RegionId) -> Option<BlockId> {
        self.regions[r].first_block
    }
    /// The last block of a region.
    pub fn last_block(&self, r: RegionId) -> Option<BlockId> {
        self.regions[r].last_block
    }
    /// True when the region has no blocks.
    pub fn region_is_empty(&self, r: RegionId) -> bool {
        self.regions[r].first_block.is_none()
    }
    /// The op owning a region.
    #[inline]
    pub fn region_parent_op(&self, r: RegionId) -> Option<OpId> {
        self.regions[r].parent
    }
    /// The index of a region among its op's regions.
    pub fn region_index(&self, r: RegionId) -> usize {
        self.regions[r].parent.and_then(|p| self.regions(p).iter().position(|&x| x == r)).unwrap_or(0)
    }
    /// Creates a region owned by no op yet (custom parsers fill regions
    /// before the op exists); give it to an op with [`Ir::attach_region`].
    pub fn create_region(&mut self) -> RegionId {
        self.regions.push(RegionData { parent: None, first_block: None, last_block: None })
    }
    /// Appends an unowned region to `op`'s regions.
    pub fn attach_region(&mut self, op: OpId, r: RegionId) {
        debug_assert!(self.regions[r].parent.is_none());
        if !self.symbols.is_empty_mut() {
            self.symbols_op_reshaped(op);
        }
        self.regions[r].parent = Some(op);
        let mut list = self.extra_mut(op).regions;
        self.region_lists.push(&mut list, r);
        self.extra_mut(op).regions = list;
    }
    /// Appends a new empty region to `op`.
    pub fn add_region(&mut self, op: OpId) -> RegionId {
        let r = self.regions.push(RegionData { parent: None, first_block: None, last_block: None });
        self.attach_region(op, r);
        r
    }

    // ----- op placement --------------------------------------------------

    /// Inserts a detached op at `ip`.
    pub fn insert_op(&mut self, op: OpId, ip: InsertPoint) {
        debug_assert!(self.ops[op].parent.is_none(), "inserting an attached op");
        let (block, prev, next) = match ip {
            InsertPoint::BlockStart(b) => (b, None, self.blocks[b].first_op),
            InsertPoint::BlockEnd(b) => (b, self.blocks[b].last_op, None),
            InsertPoint::Before(o) => {
                (self.ops[o].parent.expect("insert before a detached op"), self.ops[o].prev, Some(o))
            }
            InsertPoint::After(o) => {
                (self.ops[o].parent.expect("insert after a detached op"), Some(o), self.ops[o].next)
            }
        };
        self.ops[op].parent = Some(block);
        self.ops[op].prev = prev;
        self.ops[op].next = next;
        match prev {
            Some(p) => self.ops[p].next = Some(op),
            None => self.blocks[block].first_op = Some(op),
        }
        match next {
            Some(n) => self.ops[n].prev = Some(op),
            None => self.blocks[block].last_op = Some(op),
        }
        self.assign_order(op);
        if !self.symbols.is_empty_mut() {
            self.symbols_op_linked(op, block);
        }
    }

    fn assign_order(&mut self, op: OpId) {
        let lo = self.ops[op].prev.map(|p| self.ops[p].order());
        let hi = self.ops[op].next.map(|n| self.ops[n].order());
        match (lo, hi) {
            (None, None) => self.ops[op].set_order(ORDER_STRIDE),
            (Some(l), None) if l < u64::MAX - ORDER_STRIDE => self.ops[op].set_order(l + ORDER_STRIDE),
            (None, Some(h)) if h > 1 => self.ops[op].set_order(h / 2),
            (Some(l), Some(h)) if h - l > 1 => self.ops[op].set_order(l + (h - l) / 2),
            _ => self.relabel_around(op),
        }
    }

    /// Spreads the order keys of a window around `op` evenly, doubling the
    /// window until its key span leaves room per op that grows with the
    /// window (`MIN_GAP`, or `RELABEL_GAP_PER_OP` times its op count). A
    /// large window relabelled once stays sparse for a number of inserts
    /// proportional to its size, so relabelling stays amortized even for
    /// inserts repeated at one end of a long block (a fixed gap made
    /// repeated inserts at a block's start quadratic).
    fn relabel_around(&mut self, op: OpId) {
        let mut left = op;
        let mut right = op;
        let mut count: u64 = 1;
        let mut step: u64 = 1;
        loop {
            for _ in 0..step {
                if let Some(p) = self.ops[left].prev {
                    left = p;
                    count += 1;
                }
                if let Some(n) = self.ops[right].next {
                    right = n;
                    count += 1;
                }
            }
            let lo = self.ops[left].prev.map(|p| self.ops[p].order()).unwrap_or(0);
            let hi = self.ops[right].next.map(|n| self.ops[n].order()).unwrap_or(u64::MAX);
            let span = hi - lo;
            let at_ends = self.ops[left].prev.is_none() && self.ops[right].next.is_none();
            if span / (count + 1) >= MIN_GAP.max(count.saturating_mul(RELABEL_GAP_PER_OP)) || at_ends {
                let gap = (span / (count + 1)).max(1);
                let mut key = lo;
                let mut cur = Some(left);
                while let Some(c) = cur {
                    key += gap;
                    self.ops[c].set_order(key);
                    if c == right {
                        break;
                    }
                    cur = self.ops[c].next;
                }
                return;
            }
            step *= 2;
        }
    }

    /// Unlinks an op from its block (it stays alive, detached).
    pub fn remove_op(&mut self, op: OpId) {
        let Some(block) = self.ops[op].parent else { return };
        if !self.symbols.is_empty_mut() {
            self.symbols_op_unlinking(op, block);
        }
        let (p, n) = (self.ops[op].prev, self.ops[op].next);
        match p {
            Some(p) => self.ops[p].next = n,
            None => self.blocks[block].first_op = n,
        }
        match n {
            Some(n) => self.ops[n].prev = p,
            None => self.blocks[block].last_op = p,
        }
        let d = &mut self.ops[op];
        d.parent = None;
        d.prev = None;
        d.next = None;
    }
    /// Moves an op to `ip`.
    pub fn move_op(&mut self, op: OpId, ip: InsertPoint) {
        self.remove_op(op);
        self.insert_op(op, ip);
    }
    /// Moves `op` right before `before`.
    pub fn move_op_before(&mut self, op: OpId, before: OpId) {
        self.move_op(op, InsertPoint::Before(before));
    }
    /// Moves `op` right after `after`.
    pub fn move_op_after(&mut self, op: OpId, after: OpId) {
        self.move_op(op, InsertPoint::After(after));
    }

    /// True when `a` comes strictly before `b`; both must be in one block. O(1).
    #[inline]
    pub fn is_before_in_block(&self, a: OpId, b: OpId) -> bool {
        debug_assert_eq!(self.ops[a].parent, self.ops[b].parent);
        self.ops[a].order() < self.ops[b].order()
    }

    /// Erases an op: its regions recursively, its operand uses and its
    /// successor links. Its results must be unused (they become detached).
    pub fn erase_op(&mut self, op: OpId) {
        self.remove_op(op);
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            if !self.is_alive(o) {
                continue;
            }
            let regions: SmallVec<[RegionId; 2]> = self.regions(o).into();
            if self.ops[o].extra() != 0 {
                self.extra_mut(o).regions = Span::default();
            }
            for r in regions {
                let mut b = self.regions[r].first_block;
                while let Some(bb) = b {
                    b = self.blocks[bb].next;
                    let mut cur = self.blocks[bb].first_op;
                    while let Some(c) = cur {
                        cur = self.ops[c].next;
                        stack.push(c);
                    }
                    self.blocks[bb].alive = false;
                    for i in 0..self.blocks[bb].args.len() {
                        let a = self.block_arg(bb, i);
                        self.values[a].set_def(ValueDef::Detached);
                    }
                }
                self.regions[r].parent = None;
            }
            self.drop_op_refs(o);
            if !self.symbols.is_empty_mut() {
                self.symbols_op_reshaped(o);
            }
        }
    }

    fn drop_op_refs(&mut self, o: OpId) {
        let operands = std::mem::take(&mut self.ops[o].operands);
        for i in 0..operands.len() {
            let u = self.operand_lists.get(operands)[i];
            self.unlink_use(u);
        }
        if self.ops[o].extra() != 0 {
            let succs = std::mem::take(&mut self.extra_mut(o).successors);
            for i in 0..succs.len() {
                let s = self.succ_lists.get(succs)[i];
                self.remove_pred(s, o);
            }
        }
        for r in self.results(o) {
            // Uses left by ops erased in the same sweep are already unlinked.
            self.values[r].set_def(ValueDef::Detached);
        }
        self.ops[o].extra |= ERASED;
    }

    /// Erases a block and its ops (the block must have no predecessors).
    pub fn erase_block(&mut self, b: BlockId) {
        self.remove_block(b);
        let ops: Vec<OpId> = self.block_ops(b).collect();
        for &o in ops.iter().rev() {
            for r in self.results(o).collect::<SmallVec<[ValueId; 4]>>() {
                let uses: SmallVec<[OperandId; 4]> = self.uses(r).collect();
                for u in uses {
                    self.unlink_use(u);
                }
            }
            self.erase_op(o);
        }
        for i in 0..self.blocks[b].args.len() {
            let a = self.block_arg(b, i);
            let uses: SmallVec<[OperandId; 4]> = self.uses(a).collect();
            for u in uses {
                self.unlink_use(u);
            }
            self.values[a].set_def(ValueDef::Detached);
        }
        self.blocks[b].alive = false;
    }

    /// Replaces an op's results by `values` and erases it.
    pub fn replace_op(&mut self, op: OpId, values: &[ValueId]) {
        debug_assert_eq!(values.len(), self.num_results(op));
        for (i, &v) in values.iter().enumerate() {
            let r = self.result(op, i);
            self.replace_all_uses(r, v);
        }
        self.erase_op(op);
    }

    // ----- structural rewrites -------------------------------------------

    /// Splits `block` before `op`: `op` and everything after it move to a
    /// new block inserted right after `block`, which is returned.
    pub fn split_block(&mut self, block: BlockId, op: Option<OpId>) -> BlockId {
        let new = self.create_block(&[], &[]);
        let region = self.blocks[block].parent.expect("split of a detached block");
        let after = self.blocks[block].next;
        self.insert_block(region, new, after);
        let mut cur = op;
        while let Some(c) = cur {
            cur = self.ops[c].next;
            self.move_op(c, InsertPoint::BlockEnd(new));
        }
        new
    }

    /// Moves all ops of `src` to the end of `dest` (or before `before`),
    /// replacing `src`'s arguments by `args`, then erases `src`.
    pub fn merge_block_into(&mut self, src: BlockId, dest: BlockId, before: Option<OpId>, args: &[ValueId]) {
        let src_args: SmallVec<[ValueId; 4]> = self.block_args(src).into();
        debug_assert_eq!(src_args.len(), args.len());
        for (a, &v) in src_args.iter().zip(args) {
            self.replace_all_uses(*a, v);
        }
        let mut cur = self.blocks[src].first_op;
        while let Some(c) = cur {
            cur = self.ops[c].next;
            let ip = match before {
                Some(b) => InsertPoint::Before(b),
                None => InsertPoint::BlockEnd(dest),
            };
            self.move_op(c, ip);
        }
        self.erase_block(src);
    }

    /// Moves every block of `src` into `dest` before `before` (at the end if `None`).
    pub fn inline_region_before(&mut self, src: RegionId, dest: RegionId, before: Option<BlockId>) {
        let mut cur = self.regions[src].first_block;
        while let Some(b) = cur {
            cur = self.blocks[b].next;
            self.remove_block(b);
            self.insert_block(dest, b, before);
        }
    }

    /// Deep-copies `op` (with its regions), mapping operands through
    /// `map`; the copy is detached and `map` receives result and nested
    /// value mappings.
    pub fn clone_op(&mut self, op: OpId, map: &mut IrMapping) -> OpId {
        let operands: SmallVec<[ValueId; 4]> = self.operands(op).map(|v| map.lookup_value(v)).collect();
        let results = self.result_types(op);
        let attrs: SmallVec<[NamedAttr; 4]> = self.attrs(op).into();
        let succs: SmallVec<[BlockId; 2]> = self.successors(op).iter().map(|&b| map.lookup_block(b)).collect();
        let spec = OpSpec {
            name: self.ops[op].name,
            loc: self.ops[op].loc,
            operands: &operands,
            results: &results,
            attrs: &attrs,
            successors: &succs,
            num_regions: self.regions(op).len(),
            props: self.props(op),
        };
        let new = self.create_op(spec);
        for (i, r) in self.results(op).enumerate() {
            let nr = self.result(new, i);
            map.map_value(r, nr);
        }
        for i in 0..self.regions(op).len() {
            let (src, dst) = (self.region(op, i), self.region(new, i));
            self.clone_region_into(src, dst, map);
        }
        new
    }

    /// Clones the blocks of `src` to the end of `dst`.
    pub fn clone_region_into(&mut self, src: RegionId, dst: RegionId, map: &mut IrMapping) {
        let blocks: Vec<BlockId> = self.region_blocks(src).collect();
        // Create all blocks first so successors can be forward-mapped.
        for &b in &blocks {
            let tys: SmallVec<[Type; 4]> = self.block_args(b).iter().map(|&a| self.values[a].ty).collect();
            let locs: SmallVec<[Location; 4]> = self.block_args(b).iter().map(|&a| self.values[a].loc).collect();
            let nb = self.append_block(dst, &tys, &locs);
            map.blocks.insert(b, nb);
            let args: SmallVec<[ValueId; 4]> = self.block_args(b).into();
            for (i, &a) in args.iter().enumerate() {
                let na = self.block_arg(nb, i);
                map.map_value(a, na);
            }
        }
        // Ops may use values defined in later blocks (dominance via CFG), so
        // clone in block order and patch forward references afterwards.
        let mut fixups: Vec<(OpId, usize, ValueId)> = Vec::new();
        for &b in &blocks {
            let nb = map.blocks[&b];
            let ops: Vec<OpId> = self.block_ops(b).collect();
            for o in ops {
                let c = self.clone_op(o, map);
                self.insert_op(c, InsertPoint::BlockEnd(nb));
                for i in 0..self.num_operands(o) {
                    let v = self.operand(o, i);
                    if self.operand(c, i) == v && !map.values.contains_key(&v) {
                        fixups.push((c, i, v));
                    }
                }
            }
        }
        for (c, i, v) in fixups {
            if let Some(&nv) = map.values.get(&v) {
                self.set_operand(c, i, nv);
            }
        }
    }

    // ----- ancestry --------------------------------------------------------

    /// True when `anc` is `op` or one of its ancestors.
    pub fn is_ancestor(&self, anc: OpId, mut op: OpId) -> bool {
        loop {
            if op == anc {
                return true;
            }
            match self.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }
    /// The ancestor of `op` (or `op`) that lives in `block`.
    pub fn ancestor_in_block(&self, block: BlockId, mut op: OpId) -> Option<OpId> {
        loop {
            let b = self.op_block(op)?;
            if b == block {
                return Some(op);
            }
            op = self.block_parent_op(b)?;
        }
    }
    /// True when region `r` contains `op` at any depth.
    pub fn region_contains(&self, r: RegionId, op: OpId) -> bool {
        let mut cur = self.op_region(op);
        while let Some(c) = cur {
            if c == r {
                return true;
            }
            cur = self.regions[c].parent.and_then(|p| self.op_region(p));
        }
        false
    }
}

/// Inserts `a` into a list sorted by name text (a later duplicate name
/// replaces the earlier value, as repeated `set_attr` calls would).
fn insert_sorted(ctx: &Context, list: &mut SmallVec<[NamedAttr; 8]>, a: NamedAttr) {
    match list.binary_search_by(|x| ctx.str(x.name).cmp(ctx.str(a.name))) {
        Ok(i) => list[i].value = a.value,
        Err(i) => list.insert(i, a),
    }
}

/// Iterates the uses of a value.
pub struct UseIter<'a> {
    ir: &'a Ir,
    cur: Option<OperandId>,
}

impl Iterator for UseIter<'_> {
    type Item = OperandId;
    #[inline]
    fn next(&mut self) -> Option<OperandId> {
        let u = self.cur?;
        self.cur = self.ir.operands[u].next_use;
        Some(u)
    }
}

/// Iterates the ops of a block.
pub struct OpIter<'a> {
    ir: &'a Ir,
    cur: Option<OpId>,
}

impl Iterator for OpIter<'_> {
    type Item = OpId;
    #[inline]
    fn next(&mut self) -> Option<OpId> {
        let o = self.cur?;
        self.cur = self.ir.ops[o].next;
        Some(o)
    }
}

/// Iterates the blocks of a region.
pub struct BlockIter<'a> {
    ir: &'a Ir,
    cur: Option<BlockId>,
}

impl Iterator for BlockIter<'_> {
    type Item = BlockId;
    #[inline]
    fn next(&mut self) -> Option<BlockId> {
        let b = self.cur?;
        self.cur = self.ir.blocks[b].next;
        Some(b)
    }
}

#[cfg(test)]
mod layout_tests {
    use super::*;

    /// The per-object records stay small: memory per op is what large
    /// modules pay (see the module docs).
    #[test]
    fn records_are_compact() {
        assert!(std::mem::size_of::<OpData>() <= 56);
        assert!(std::mem::size_of::<ValueData>() <= 20);
        assert!(std::mem::size_of::<OperandData>() <= 20);
        assert!(std::mem::size_of::<BlockData>() <= 40);
    }
}
