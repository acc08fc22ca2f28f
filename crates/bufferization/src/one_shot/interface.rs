//! `BufferizableOpInterface`: what One-Shot Bufferize asks every op, and the
//! state it asks through.
//!
//! This module owns:
//! * the alias vocabulary: [`BufferRelation`], [`AliasingValue`],
//!   [`AliasingOpOperand`] and their lists;
//! * the [`BufferizableOp`] trait with upstream's full contract and defaults
//!   (the `default_*` and `unknown_*` functions are the defaults, callable by
//!   implementations that extend them, as upstream's `detail::` functions);
//! * the [`AnalysisState`] trait: the queries every implementation and the
//!   analysis make (aliasing, reads and writes, reverse use-def traversal),
//!   with the four decisions a concrete state overrides (in place,
//!   equivalence, aliasing, undefined contents). [`BaseState`] is the
//!   state without analysis: everything out of place (upstream's plain
//!   `AnalysisState`, used by `copy-before-write` and by `bufferize`).
//!
//! An op takes part when it has a `dyn BufferizableOp` attached in the
//! registry (`Registry::add_interface`) and the options' op filter allows
//! it ([`find_bufferizable`]). Values are tensors when their type is a
//! ranked or unranked tensor.

use super::options::BufferizationOptions;
use ir::rewrite_api::PatternRewriter;
use ir::{BlockId, Diagnostic, Ir, OpId, OperandId, RegionId, Type, ValueDef, ValueId};
use rustc_hash::FxHashSet;
use smallvec::SmallVec;

/// How the buffer of an aliasing value relates to the operand's buffer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BufferRelation {
    /// The buffers may alias in any way (a subview, say).
    Unknown,
    /// The very same buffer.
    Equivalent,
}

/// A value (result or block argument) that may alias an operand's buffer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AliasingValue {
    /// The aliasing value.
    pub value: ValueId,
    /// How the buffers relate.
    pub relation: BufferRelation,
    /// True when the value always aliases (not just maybe).
    pub definite: bool,
}

/// An operand whose buffer a value may alias.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AliasingOpOperand {
    /// The aliased operand.
    pub operand: OperandId,
    /// How the buffers relate.
    pub relation: BufferRelation,
    /// True when the value always aliases (not just maybe).
    pub definite: bool,
}

impl AliasingValue {
    /// A definite alias.
    pub fn new(value: ValueId, relation: BufferRelation) -> Self {
        AliasingValue { value, relation, definite: true }
    }
}

impl AliasingOpOperand {
    /// A definite alias.
    pub fn new(operand: OperandId, relation: BufferRelation) -> Self {
        AliasingOpOperand { operand, relation, definite: true }
    }
}

/// The values aliasing one operand.
pub type AliasingValueList = SmallVec<[AliasingValue; 2]>;
/// The operands aliased by one value.
pub type AliasingOpOperandList = SmallVec<[AliasingOpOperand; 2]>;

/// True for ranked and unranked tensor types.
#[inline]
pub fn is_tensor(ir: &Ir, ty: Type) -> bool {
    ir.ctx().is_tensor(ty)
}

/// The op that owns `v`: its defining op, or the op whose region holds the
/// block `v` is an argument of (upstream's `getOwnerOfValue`).
pub fn owner_of_value(ir: &Ir, v: ValueId) -> Option<OpId> {
    match ir.value_def(v) {
        ValueDef::Result { op, .. } => Some(op),
        ValueDef::BlockArg { block, .. } => ir.block_parent_op(block),
        ValueDef::Detached => None,
    }
}

/// The bufferizable-op model of `op` when the options allow the op
/// (upstream's `options.dynCastBufferizableOp`).
pub fn find_bufferizable<'a>(ir: &'a Ir, op: OpId, options: &BufferizationOptions) -> Option<&'a dyn BufferizableOp> {
    if !options.is_op_allowed(ir, op) {
        return None;
    }
    bufferizable_model(ir, op)
}

/// The bufferizable-op model attached to `op`'s name, ignoring the filter.
pub fn bufferizable_model(ir: &Ir, op: OpId) -> Option<&dyn BufferizableOp> {
    ir.ctx().registry().interface::<dyn BufferizableOp>(ir.op_name(op))
}

/// `BufferizableOpInterface`. Implementations are stateless: every method
/// gets the op (or one of its operands or values) and the IR. An operand is
/// an [`OperandId`] of `op` whose value is a tensor; a value is a tensor
/// result of `op` or a tensor block argument of one of its regions.
pub trait BufferizableOp: Send + Sync {
    /// True when `value` is a fresh allocation after bufferization.
    fn bufferizes_to_allocation(&self, _ir: &Ir, _value: ValueId) -> bool {
        false
    }
    /// True when the operand's buffer is read.
    fn bufferizes_to_memory_read(&self, ir: &Ir, operand: OperandId, state: &dyn AnalysisState) -> bool;
    /// True when the operand's buffer is written (if bufferized in place).
    fn bufferizes_to_memory_write(&self, ir: &Ir, operand: OperandId, state: &dyn AnalysisState) -> bool;
    /// True when `op` reads and writes the given operands element-wise, so a
    /// write of one may reuse another's buffer even if it is read later.
    fn bufferizes_to_elementwise_access(
        &self,
        _ir: &Ir,
        _op: OpId,
        _state: &dyn AnalysisState,
        _operands: &[OperandId],
    ) -> bool {
        false
    }
    /// True when the result's buffer is written by the op (when it is
    /// bufferized in place).
    fn result_bufferizes_to_memory_write(&self, ir: &Ir, result: ValueId, state: &dyn AnalysisState) -> bool {
        default_result_bufferizes_to_memory_write(ir, result, state)
    }
    /// True when the operand must bufferize in place regardless of the
    /// analysis (by default: unranked tensors, which cannot be copied).
    fn must_bufferize_in_place(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        matches!(ir.ctx().kind(ir.value_type(ir.use_value(operand))), ir::TypeKind::UnrankedTensor { .. })
    }
    /// The values that may alias the operand's buffer when it bufferizes in
    /// place.
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, state: &dyn AnalysisState) -> AliasingValueList;
    /// The operands whose buffers `value` may alias.
    fn aliasing_op_operands(&self, ir: &Ir, value: ValueId, state: &dyn AnalysisState) -> AliasingOpOperandList {
        default_aliasing_op_operands(ir, value, state)
    }
    /// Inserts tensor copies for the operands that bufferize out of place
    /// (tensor copy insertion).
    fn resolve_conflicts(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        state: &dyn AnalysisState,
    ) -> Result<(), Diagnostic> {
        super::helpers::resolve_tensor_op_operand_conflicts(rw, op, state)
    }
    /// Replaces `op` by its buffer form.
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic>;
    /// False when the buffer of `value` must not be written (a constant).
    fn is_writable(&self, _ir: &Ir, _value: ValueId, _state: &dyn AnalysisState) -> bool {
        true
    }
    /// True when the write `write` and the read `read` (operands of this op)
    /// are known not to conflict.
    fn is_not_conflicting(&self, _ir: &Ir, _read: OperandId, _write: OperandId, _state: &dyn AnalysisState) -> bool {
        false
    }
    /// Checks the analysis result for this op (after the analysis).
    fn verify_analysis(&self, _ir: &Ir, _op: OpId, _state: &dyn AnalysisState) -> Result<(), Diagnostic> {
        Ok(())
    }
    /// The memref type `value` bufferizes to. `stack` holds the values whose
    /// buffer type is being computed (to break cycles through loops).
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        default_buffer_type(ir, value, options, stack)
    }
    /// True when region `index` of `op` may run more than once.
    fn is_repetitive_region(&self, ir: &Ir, op: OpId, index: usize) -> bool {
        default_is_repetitive_region(ir, op, index)
    }
    /// True when region `index` of `op` runs in parallel with itself.
    fn is_parallel_region(&self, _ir: &Ir, _op: OpId, _index: usize) -> bool {
        false
    }
    /// True when the op takes, returns or holds tensors.
    fn has_tensor_semantics(&self, ir: &Ir, op: OpId) -> bool {
        default_has_tensor_semantics(ir, op)
    }
    /// True when the op may sit in (or own) a region with several blocks.
    fn supports_unstructured_control_flow(&self) -> bool {
        false
    }
    /// True when the operand neither reads nor writes but only aliases.
    fn bufferizes_to_alias_only(&self, ir: &Ir, operand: OperandId, state: &dyn AnalysisState) -> bool {
        !self.bufferizes_to_memory_read(ir, operand, state)
            && !self.bufferizes_to_memory_write(ir, operand, state)
            && !self.aliasing_values(ir, operand, state).is_empty()
    }
}

/// Options of [`AnalysisState::find_value_in_reverse_use_def_chain`]
/// (upstream's `TraversalConfig`).
#[derive(Copy, Clone, Debug)]
pub struct TraversalConfig {
    /// Include the leaves (values with no further aliasing operand) even if
    /// they do not satisfy the condition.
    pub always_include_leaves: bool,
    /// Follow only operands that bufferize in place.
    pub follow_in_place_only: bool,
    /// Follow only equivalent aliases.
    pub follow_equivalent_only: bool,
    /// Follow through ops that are not bufferizable.
    pub follow_unknown_ops: bool,
    /// Follow only aliases of the same type or through casts.
    pub follow_same_type_or_casts_only: bool,
    /// Visit a value again when reached twice.
    pub revisit_already_visited_values: bool,
}

impl Default for TraversalConfig {
    fn default() -> Self {
        TraversalConfig {
            always_include_leaves: true,
            follow_in_place_only: false,
            follow_equivalent_only: false,
            follow_unknown_ops: false,
            follow_same_type_or_casts_only: false,
            revisit_already_visited_values: false,
        }
    }
}

/// The state the interface methods ask through: the five decisions a
/// concrete state makes. Upstream's non-virtual queries are inherent methods
/// of `dyn AnalysisState` below; a concrete state calls them through
/// `(&state as &dyn AnalysisState)`.
pub trait AnalysisState {
    /// The options.
    fn options(&self) -> &BufferizationOptions;
    /// True when the operand bufferizes in place.
    fn is_in_place(&self, ir: &Ir, operand: OperandId) -> bool;
    /// True when `a` and `b` bufferize to the same buffer.
    fn are_equivalent_bufferized_values(&self, ir: &Ir, a: ValueId, b: ValueId) -> bool;
    /// True when the buffers of `a` and `b` may alias.
    fn are_aliasing_bufferized_values(&self, ir: &Ir, a: ValueId, b: ValueId) -> bool;
    /// True when the operand's value has undefined contents (it comes from
    /// `tensor.empty` or an `alloc_tensor` without copy, say).
    fn has_undefined_contents(&self, ir: &Ir, operand: OperandId) -> bool;
    /// Calls `f` on every member of `v`'s alias set, `v` included
    /// (upstream's `OneShotAnalysisState::applyOnAliases`). Returns false,
    /// calling nothing, when the state knows no alias sets (without
    /// analysis anything may alias).
    fn apply_on_aliases(&self, _ir: &Ir, _v: ValueId, _f: &mut dyn FnMut(ValueId)) -> bool {
        false
    }
    /// What One-Shot Module Analysis learned about function boundaries
    /// (upstream's `FuncAnalysisState` extension); `None` without it.
    fn func_state(&self) -> Option<&super::module::FuncAnalysisState> {
        None
    }
}

/// The state without analysis (upstream's plain `AnalysisState`): every
/// operand that writes bufferizes out of place, nothing is known to be
/// equivalent, everything may alias.
pub struct BaseState<'o> {
    /// The options.
    pub options: &'o BufferizationOptions,
}

impl AnalysisState for BaseState<'_> {
    fn options(&self) -> &BufferizationOptions {
        self.options
    }
    fn is_in_place(&self, ir: &Ir, operand: OperandId) -> bool {
        base_is_in_place(self, ir, operand)
    }
    fn are_equivalent_bufferized_values(&self, _ir: &Ir, _a: ValueId, _b: ValueId) -> bool {
        false
    }
    fn are_aliasing_bufferized_values(&self, _ir: &Ir, _a: ValueId, _b: ValueId) -> bool {
        true
    }
    fn has_undefined_contents(&self, _ir: &Ir, _operand: OperandId) -> bool {
        false
    }
}

/// The in-place answer without analysis: `to_memref` operands are in place,
/// and so is every operand that does not write.
pub fn base_is_in_place(state: &dyn AnalysisState, ir: &Ir, operand: OperandId) -> bool {
    if dialects::bufferization::ToMemrefOp::matches(ir, ir.use_owner(operand)) {
        return true;
    }
    !state.writes(ir, operand)
}

/// A set that keeps insertion order (LLVM's `SetVector`): `pop` removes the
/// last element from both the order and the set.
struct SetVector {
    items: Vec<ValueId>,
    set: FxHashSet<ValueId>,
}

impl SetVector {
    fn new() -> Self {
        SetVector { items: Vec::new(), set: FxHashSet::default() }
    }
    fn insert(&mut self, v: ValueId) {
        if self.set.insert(v) {
            self.items.push(v);
        }
    }
    fn pop(&mut self) -> Option<ValueId> {
        let v = self.items.pop()?;
        self.set.remove(&v);
        Some(v)
    }
}

impl dyn AnalysisState + '_ {
    /// The values aliasing `operand` (every tensor result and entry block
    /// argument, not definite, when the op is not bufferizable).
    pub fn get_aliasing_values(&self, ir: &Ir, operand: OperandId) -> AliasingValueList {
        match find_bufferizable(ir, ir.use_owner(operand), self.options()) {
            Some(m) => m.aliasing_values(ir, operand, self),
            None => unknown_aliasing_values(ir, operand),
        }
    }
    /// The operands aliased by `value`.
    pub fn get_aliasing_op_operands(&self, ir: &Ir, value: ValueId) -> AliasingOpOperandList {
        if let Some(op) = owner_of_value(ir, value) {
            if let Some(m) = find_bufferizable(ir, op, self.options()) {
                return m.aliasing_op_operands(ir, value, self);
            }
        }
        unknown_aliasing_op_operands(ir, value)
    }
    /// True when the operand's buffer is read (true for unknown ops).
    pub fn reads(&self, ir: &Ir, operand: OperandId) -> bool {
        match find_bufferizable(ir, ir.use_owner(operand), self.options()) {
            Some(m) => m.bufferizes_to_memory_read(ir, operand, self),
            None => true,
        }
    }
    /// True when the operand's buffer is written (true for unknown ops).
    pub fn writes(&self, ir: &Ir, operand: OperandId) -> bool {
        match find_bufferizable(ir, ir.use_owner(operand), self.options()) {
            Some(m) => m.bufferizes_to_memory_write(ir, operand, self),
            None => true,
        }
    }
    /// True when `value`'s buffer is written by its op (true for block
    /// arguments and unknown ops).
    pub fn value_writes(&self, ir: &Ir, value: ValueId) -> bool {
        let ValueDef::Result { op, .. } = ir.value_def(value) else { return true };
        match find_bufferizable(ir, op, self.options()) {
            Some(m) => m.result_bufferizes_to_memory_write(ir, value, self),
            None => true,
        }
    }
    /// True when the operand neither reads nor writes but aliases (false for
    /// unknown ops).
    pub fn alias_only(&self, ir: &Ir, operand: OperandId) -> bool {
        match find_bufferizable(ir, ir.use_owner(operand), self.options()) {
            Some(m) => m.bufferizes_to_alias_only(ir, operand, self),
            None => false,
        }
    }
    /// True when `value` is read, also through ops that only alias it.
    pub fn is_value_read(&self, ir: &Ir, value: ValueId) -> bool {
        let mut work: Vec<OperandId> = ir.uses(value).collect();
        let mut visited: FxHashSet<OperandId> = FxHashSet::default();
        while let Some(u) = work.pop() {
            if !visited.insert(u) {
                continue;
            }
            if self.alias_only(ir, u) {
                for alias in self.get_aliasing_values(ir, u) {
                    work.extend(ir.uses(alias.value));
                }
            }
            if self.reads(ir, u) {
                return true;
            }
        }
        false
    }
    /// Follows aliasing operands backwards from `value` and returns the
    /// values that satisfy `cond` (and, with `always_include_leaves`, the
    /// leaves), in upstream's order. Operands of matching values are not
    /// followed further.
    pub fn find_value_in_reverse_use_def_chain(
        &self,
        ir: &Ir,
        value: ValueId,
        cond: &mut dyn FnMut(ValueId) -> bool,
        config: TraversalConfig,
    ) -> Vec<ValueId> {
        let mut visited: FxHashSet<ValueId> = FxHashSet::default();
        let mut result = SetVector::new();
        let mut work = SetVector::new();
        work.insert(value);
        while let Some(v) = work.pop() {
            if !config.revisit_already_visited_values && visited.contains(&v) {
                if config.always_include_leaves {
                    result.insert(v);
                }
                continue;
            }
            visited.insert(v);
            if cond(v) {
                result.insert(v);
                continue;
            }
            let owner = owner_of_value(ir, v);
            if !config.follow_unknown_ops && owner.and_then(|op| find_bufferizable(ir, op, self.options())).is_none() {
                if config.always_include_leaves {
                    result.insert(v);
                }
                continue;
            }
            let aliases = self.get_aliasing_op_operands(ir, v);
            if aliases.is_empty() {
                if config.always_include_leaves {
                    result.insert(v);
                }
                continue;
            }
            for a in aliases {
                let src = ir.use_value(a.operand);
                let stop = (config.follow_equivalent_only && a.relation != BufferRelation::Equivalent)
                    || (config.follow_in_place_only && !self.is_in_place(ir, a.operand))
                    || (config.follow_same_type_or_casts_only
                        && ir.value_type(src) != ir.value_type(v)
                        && !ir.defining_op(v).is_some_and(|op| is_cast_op(ir, op)));
                if stop {
                    if config.always_include_leaves {
                        result.insert(v);
                    }
                    continue;
                }
                work.insert(src);
            }
        }
        result.items
    }
    /// The values whose writes define the contents of `value`
    /// (upstream's `findDefinitions`).
    pub fn find_definitions(&self, ir: &Ir, value: ValueId) -> Vec<ValueId> {
        let config = TraversalConfig { always_include_leaves: false, ..TraversalConfig::default() };
        self.find_value_in_reverse_use_def_chain(ir, value, &mut |v| self.value_writes(ir, v), config)
    }
    /// True when no copy of the operand's buffer is needed: its contents are
    /// undefined, entirely overwritten, or never read.
    pub fn can_omit_tensor_copy(&self, ir: &Ir, operand: OperandId) -> bool {
        if self.has_undefined_contents(ir, operand) {
            return true;
        }
        let reads = self.reads(ir, operand);
        if self.writes(ir, operand) && !reads {
            return true;
        }
        !reads && !self.get_aliasing_values(ir, operand).iter().any(|a| self.is_value_read(ir, a.value))
    }
}

/// True when `op` implements `CastOpInterface`.
pub fn is_cast_op(ir: &Ir, op: OpId) -> bool {
    ir.ctx().registry().interface::<dyn ir::interfaces::CastLike>(ir.op_name(op)).is_some()
}

// ---------------------------------------------------------------------------
// Defaults (upstream's `detail::` functions).
// ---------------------------------------------------------------------------

/// Default [`BufferizableOp::result_bufferizes_to_memory_write`]: a result
/// writes when it has no aliasing operand, when an aliasing operand writes,
/// or when a write inside the op defines an aliasing operand's value.
pub fn default_result_bufferizes_to_memory_write(ir: &Ir, result: ValueId, state: &dyn AnalysisState) -> bool {
    let Some(op) = ir.defining_op(result) else { return true };
    let Some(model) = bufferizable_model(ir, op) else { return true };
    let operands = model.aliasing_op_operands(ir, result, state);
    if operands.is_empty() {
        return true;
    }
    if operands.iter().any(|a| state.writes(ir, a.operand)) {
        return true;
    }
    let config = TraversalConfig { always_include_leaves: false, ..TraversalConfig::default() };
    operands.iter().any(|a| {
        let mut inside =
            |v: ValueId| owner_of_value(ir, v).is_some_and(|o| ir.is_ancestor(op, o)) && state.value_writes(ir, v);
        !state.find_value_in_reverse_use_def_chain(ir, ir.use_value(a.operand), &mut inside, config).is_empty()
    })
}

/// Default [`BufferizableOp::aliasing_op_operands`]: the reverse of
/// [`BufferizableOp::aliasing_values`] over the op's tensor operands.
pub fn default_aliasing_op_operands(ir: &Ir, value: ValueId, state: &dyn AnalysisState) -> AliasingOpOperandList {
    let mut out = AliasingOpOperandList::new();
    let Some(op) = owner_of_value(ir, value) else { return out };
    for &u in ir.operand_ids(op) {
        if !is_tensor(ir, ir.value_type(ir.use_value(u))) {
            continue;
        }
        for a in state.get_aliasing_values(ir, u) {
            if a.value == value {
                out.push(AliasingOpOperand { operand: u, relation: a.relation, definite: a.definite });
            }
        }
    }
    out
}

/// Default [`BufferizableOp::buffer_type`]: an equivalent operand's buffer
/// type, else a memref in the default memory space (an error when there is
/// none).
pub fn default_buffer_type(
    ir: &Ir,
    value: ValueId,
    options: &BufferizationOptions,
    stack: &mut Vec<ValueId>,
) -> Result<Type, Diagnostic> {
    let ValueDef::Result { op, .. } = ir.value_def(value) else {
        return super::helpers::memref_type_for(ir, value, options, None, None);
    };
    let state = BaseState { options };
    let aliases = (&state as &dyn AnalysisState).get_aliasing_op_operands(ir, value);
    if let Some(first) = aliases.first() {
        if first.relation == BufferRelation::Equivalent {
            return super::helpers::get_buffer_type(ir, ir.use_value(first.operand), options, stack);
        }
    }
    let Some(space) = options.default_memory_space(ir, ir.value_type(value)) else {
        return Err(Diagnostic::error(ir.op_loc(op), "could not infer memory space").with_op(op));
    };
    super::helpers::memref_type_for(ir, value, options, None, space)
}

/// Default [`BufferizableOp::is_repetitive_region`]: what the op's
/// region-branch interface says.
pub fn default_is_repetitive_region(ir: &Ir, op: OpId, index: usize) -> bool {
    match ir.regions(op).get(index) {
        Some(&r) => {
            ir.ctx().registry().interface::<dyn ir::interfaces::RegionBranch>(ir.op_name(op)).is_some()
                && analysis::region_flow::is_repetitive_region(ir, r)
        }
        None => false,
    }
}

/// The aliasing operands of a value of an op that is not bufferizable:
/// every tensor operand, not definite (none for arguments of non-entry
/// blocks).
pub fn unknown_aliasing_op_operands(ir: &Ir, value: ValueId) -> AliasingOpOperandList {
    let mut out = AliasingOpOperandList::new();
    let op = match ir.value_def(value) {
        ValueDef::Result { op, .. } => op,
        ValueDef::BlockArg { block, .. } => {
            if !is_entry_block(ir, block) {
                return out;
            }
            match ir.block_parent_op(block) {
                Some(op) => op,
                None => return out,
            }
        }
        ValueDef::Detached => return out,
    };
    for &u in ir.operand_ids(op) {
        if is_tensor(ir, ir.value_type(ir.use_value(u))) {
            out.push(AliasingOpOperand { operand: u, relation: BufferRelation::Unknown, definite: false });
        }
    }
    out
}

/// The aliasing values of an operand of an op that is not bufferizable:
/// every tensor result and tensor entry-block argument, not definite.
pub fn unknown_aliasing_values(ir: &Ir, operand: OperandId) -> AliasingValueList {
    let op = ir.use_owner(operand);
    let mut out = AliasingValueList::new();
    for r in ir.results(op) {
        if is_tensor(ir, ir.value_type(r)) {
            out.push(AliasingValue { value: r, relation: BufferRelation::Unknown, definite: false });
        }
    }
    for &region in ir.regions(op) {
        if let Some(entry) = ir.entry_block(region) {
            for &a in ir.block_args(entry) {
                if is_tensor(ir, ir.value_type(a)) {
                    out.push(AliasingValue { value: a, relation: BufferRelation::Unknown, definite: false });
                }
            }
        }
    }
    out
}

fn is_entry_block(ir: &Ir, block: BlockId) -> bool {
    ir.block_region(block).and_then(|r: RegionId| ir.entry_block(r)) == Some(block)
}

/// Default [`BufferizableOp::has_tensor_semantics`]: a tensor block
/// argument in a region, a tensor result or a tensor operand.
pub fn default_has_tensor_semantics(ir: &Ir, op: OpId) -> bool {
    let t = |ty: Type| is_tensor(ir, ty);
    ir.regions(op).iter().any(|&r| ir.region_blocks(r).any(|b| ir.block_args(b).iter().any(|&a| t(ir.value_type(a)))))
        || ir.results(op).any(|r| t(ir.value_type(r)))
        || ir.operands(op).any(|v| t(ir.value_type(v)))
}

/// Implements [`BufferizableOp::bufferizes_to_memory_read`] and
/// [`BufferizableOp::bufferizes_to_memory_write`] for a model whose answers
/// are the same for every operand: `memory_access!(read: true, write:
/// false);` inside the `impl BufferizableOp` block.
#[macro_export]
macro_rules! memory_access {
    (read: $r:expr, write: $w:expr) => {
        fn bufferizes_to_memory_read(
            &self,
            _ir: &::ir::Ir,
            _operand: ::ir::OperandId,
            _state: &dyn $crate::one_shot::interface::AnalysisState,
        ) -> bool {
            $r
        }
        fn bufferizes_to_memory_write(
            &self,
            _ir: &::ir::Ir,
            _operand: ::ir::OperandId,
            _state: &dyn $crate::one_shot::interface::AnalysisState,
        ) -> bool {
            $w
        }
    };
}
