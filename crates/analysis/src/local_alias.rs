//! MLIR's `AliasAnalysis` with its `LocalAliasAnalysis` implementation:
//! whether two values may address the same memory ([`AliasResult`]) and
//! whether an op may read or write the memory a value addresses
//! ([`ModRefResult`]), answered from the IR alone.
//!
//! A value is traced back to the "underlying" values it may address
//! (through `ViewLike` sources, region-branch successor operands, branch
//! operands into block arguments; at most ten steps deep, as upstream);
//! every pair of underlying values is then compared: allocations (values
//! with an `Allocate` memory effect) alias nothing else, constants alias
//! only what is not an allocation, and an allocation whose scope (the
//! enclosing automatic allocation scope, or function) is nested inside
//! the other value's region cannot alias it. Ops are asked only through
//! interfaces and traits.
//!
//! This is not bufopt's buffer-origin analysis ([`crate::alias`]), which
//! answers the deallocation passes' question (same allocation or not);
//! this one keeps upstream's exact answers, including `PartialAlias`
//! merging and `ModRef` results.

use ir::interfaces::{
    memory_effects, region_successors, BranchOp, EffectKind, EffectOn, RegionBranch, RegionSuccessor, RegionTerminator,
    Resource,
};
use ir::{BlockId, Ir, OpId, OpTraits, RegionId, ValueDef, ValueId};
use rustc_hash::FxHashSet;
use smallvec::SmallVec;
use std::fmt;

/// How two values alias (MLIR's `AliasResult`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum AliasResult {
    /// They never address the same memory.
    NoAlias,
    /// They may.
    MayAlias,
    /// They overlap in part.
    PartialAlias,
    /// They address the same memory.
    MustAlias,
}

impl AliasResult {
    /// The conservative merge of two results: equal results stay, partial
    /// and must give partial, anything else may alias.
    pub fn merge(self, other: AliasResult) -> AliasResult {
        if self == other {
            return self;
        }
        match (self, other) {
            (AliasResult::PartialAlias, AliasResult::MustAlias)
            | (AliasResult::MustAlias, AliasResult::PartialAlias) => AliasResult::PartialAlias,
            _ => AliasResult::MayAlias,
        }
    }
}

impl fmt::Display for AliasResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AliasResult::NoAlias => "NoAlias",
            AliasResult::MayAlias => "MayAlias",
            AliasResult::PartialAlias => "PartialAlias",
            AliasResult::MustAlias => "MustAlias",
        })
    }
}

/// Whether an op modifies and/or references a location (MLIR's
/// `ModRefResult`): a two-bit set, `Ref` = 1, `Mod` = 2.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct ModRefResult(u8);

impl ModRefResult {
    /// Neither.
    pub const NO_MOD_REF: ModRefResult = ModRefResult(0);
    /// Reads it.
    pub const REF: ModRefResult = ModRefResult(1);
    /// Writes it.
    pub const MOD: ModRefResult = ModRefResult(2);
    /// Both.
    pub const MOD_REF: ModRefResult = ModRefResult(3);

    /// The union.
    pub fn merge(self, other: ModRefResult) -> ModRefResult {
        ModRefResult(self.0 | other.0)
    }
    /// The intersection.
    pub fn intersect(self, other: ModRefResult) -> ModRefResult {
        ModRefResult(self.0 & other.0)
    }
}

impl fmt::Display for ModRefResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            0 => "NoModRef",
            1 => "Ref",
            2 => "Mod",
            _ => "ModRef",
        })
    }
}

/// One implementation of alias queries, as MLIR's
/// `AliasAnalysis::addAnalysisImplementation` takes them.
pub trait AliasImpl: Send + Sync {
    /// How `lhs` and `rhs` alias.
    fn alias(&self, ir: &Ir, lhs: ValueId, rhs: ValueId) -> AliasResult;
    /// How `op` accesses the memory `location` addresses.
    fn mod_ref(&self, ir: &Ir, op: OpId, location: ValueId) -> ModRefResult;
}

/// MLIR's `AliasAnalysis`: a list of implementations asked in order.
pub struct AliasAnalysis {
    impls: Vec<Box<dyn AliasImpl>>,
}

impl Default for AliasAnalysis {
    fn default() -> Self {
        AliasAnalysis::new()
    }
}

impl AliasAnalysis {
    /// The analysis with [`LocalAliasAnalysis`] alone.
    pub fn new() -> AliasAnalysis {
        AliasAnalysis { impls: vec![Box::new(LocalAliasAnalysis::default())] }
    }
    /// Adds an implementation, asked after those already added.
    pub fn add_impl(&mut self, i: Box<dyn AliasImpl>) {
        self.impls.push(i);
    }
    /// The first answer other than `MayAlias`, else `MayAlias`.
    pub fn alias(&self, ir: &Ir, lhs: ValueId, rhs: ValueId) -> AliasResult {
        self.impls
            .iter()
            .map(|i| i.alias(ir, lhs, rhs))
            .find(|r| *r != AliasResult::MayAlias)
            .unwrap_or(AliasResult::MayAlias)
    }
    /// `ModRef` refined by each implementation in turn, stopping at
    /// `NoModRef`.
    pub fn mod_ref(&self, ir: &Ir, op: OpId, location: ValueId) -> ModRefResult {
        let mut result = ModRefResult::MOD_REF;
        for i in &self.impls {
            result = result.intersect(i.mod_ref(ir, op, location));
            if result == ModRefResult::NO_MOD_REF {
                break;
            }
        }
        result
    }
}

/// A refinement asked first for each pair of distinct underlying values
/// (how a user extends `LocalAliasAnalysis::aliasImpl`); `None` falls back
/// to the local rules.
pub type AliasRefinement = fn(&Ir, ValueId, ValueId) -> Option<AliasResult>;

/// MLIR's `LocalAliasAnalysis`, optionally with an [`AliasRefinement`].
#[derive(Default, Clone, Copy)]
pub struct LocalAliasAnalysis {
    refine: Option<AliasRefinement>,
}

/// How deep the search for underlying values goes.
const MAX_DEPTH: u32 = 10;

impl LocalAliasAnalysis {
    /// The local analysis whose pairwise rule first asks `refine`.
    pub fn with_refinement(refine: AliasRefinement) -> Self {
        LocalAliasAnalysis { refine: Some(refine) }
    }

    /// The rule for two underlying values (MLIR's `aliasImpl`).
    fn alias_impl(&self, ir: &Ir, lhs: ValueId, rhs: ValueId) -> AliasResult {
        if lhs == rhs {
            return AliasResult::MustAlias;
        }
        if let Some(r) = self.refine.and_then(|f| f(ir, lhs, rhs)) {
            return r;
        }
        let no_if = |b: bool| if b { AliasResult::NoAlias } else { AliasResult::MayAlias };
        if is_constant(ir, lhs) {
            if is_constant(ir, rhs) {
                return AliasResult::MayAlias;
            }
            return no_if(alloc_effect_scope(ir, rhs).is_some());
        }
        if is_constant(ir, rhs) {
            return no_if(alloc_effect_scope(ir, lhs).is_some());
        }
        let (la, ra) = (alloc_effect_scope(ir, lhs), alloc_effect_scope(ir, rhs));
        if la.is_some() == ra.is_some() {
            return no_if(la.is_some());
        }
        // One allocation and one other value: is the other defined above
        // the allocation's scope?
        let (scope, other) = match (la, ra) {
            (Some(s), _) => (s, rhs),
            (_, Some(s)) => (s, lhs),
            _ => unreachable!(),
        };
        if let Some(scope) = scope {
            if let Some(parent) = value_region(ir, other).and_then(|r| ir.region_parent_op(r)) {
                if parent != scope && ir.is_ancestor(parent, scope) {
                    return AliasResult::NoAlias;
                }
                if parent == scope {
                    if let ValueDef::BlockArg { block, .. } = ir.value_def(other) {
                        if is_entry_block(ir, block) {
                            return AliasResult::NoAlias;
                        }
                    }
                }
            }
        }
        AliasResult::MayAlias
    }
}

impl AliasImpl for LocalAliasAnalysis {
    fn alias(&self, ir: &Ir, lhs: ValueId, rhs: ValueId) -> AliasResult {
        if lhs == rhs {
            return AliasResult::MustAlias;
        }
        let (l, r) = (underlying_values(ir, lhs), underlying_values(ir, rhs));
        if l.is_empty() || r.is_empty() {
            return AliasResult::MayAlias;
        }
        let mut result: Option<AliasResult> = None;
        for &a in &l {
            for &b in &r {
                let next = self.alias_impl(ir, a, b);
                result = Some(result.map_or(next, |r| r.merge(next)));
            }
        }
        result.unwrap_or(AliasResult::MayAlias)
    }

    fn mod_ref(&self, ir: &Ir, op: OpId, location: ValueId) -> ModRefResult {
        // Nested effects are not looked at (upstream's TODO).
        if ir.has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS) {
            return ModRefResult::MOD_REF;
        }
        let Some(effects) = memory_effects(ir, op) else { return ModRefResult::MOD_REF };
        let mut result = ModRefResult::NO_MOD_REF;
        for e in effects {
            let bit = match e.kind {
                EffectKind::Allocate | EffectKind::Free => continue,
                EffectKind::Read => ModRefResult::REF,
                EffectKind::Write => ModRefResult::MOD,
            };
            let value = match e.on {
                EffectOn::Operand(i) if i < ir.num_operands(op) => Some(ir.operand(op, i)),
                EffectOn::Result(i) if i < ir.num_results(op) => Some(ir.result(op, i)),
                _ => None,
            };
            let a = value.map_or(AliasResult::MayAlias, |v| self.alias(ir, v, location));
            if a == AliasResult::NoAlias {
                continue;
            }
            result = result.merge(bit);
            if result == ModRefResult::MOD_REF {
                break;
            }
        }
        result
    }
}

/// True when `v` is the result of a constant-like op.
fn is_constant(ir: &Ir, v: ValueId) -> bool {
    ir.defining_op(v).is_some_and(|op| ir.has_trait(op, OpTraits::CONSTANT_LIKE))
}

/// The region that holds `v`'s definition.
fn value_region(ir: &Ir, v: ValueId) -> Option<RegionId> {
    match ir.value_def(v) {
        ValueDef::BlockArg { block, .. } => ir.block_region(block),
        _ => ir.defining_op(v).and_then(|op| ir.op_region(op)),
    }
}

fn is_entry_block(ir: &Ir, b: BlockId) -> bool {
    ir.block_region(b).and_then(|r| ir.entry_block(r)) == Some(b)
}

/// MLIR's `getAllocEffectFor`: `None` when `v` has no allocation effect;
/// otherwise the op its allocation cannot escape, if one is known (the
/// nearest automatic allocation scope for stack allocations, else the
/// enclosing function).
fn alloc_effect_scope(ir: &Ir, v: ValueId) -> Option<Option<OpId>> {
    let ValueDef::Result { op, index } = ir.value_def(v) else {
        // No interface describes effects on block arguments.
        return None;
    };
    let effects = memory_effects(ir, op)?;
    let e = effects.iter().find(|e| e.kind == EffectKind::Allocate && e.on == EffectOn::Result(index as usize))?;
    let mut parent = ir.parent_op(op);
    let wanted = |p: OpId| {
        if e.resource == Resource::AutomaticAllocationScope {
            ir.has_trait(p, OpTraits::AUTOMATIC_ALLOCATION_SCOPE)
        } else {
            ir::interfaces::callable(ir, p).is_some()
        }
    };
    while let Some(p) = parent {
        if wanted(p) {
            return Some(Some(p));
        }
        parent = ir.parent_op(p);
    }
    Some(None)
}

/// The values `v` may address the memory of (MLIR's
/// `collectUnderlyingAddressValues`).
pub fn underlying_values(ir: &Ir, v: ValueId) -> SmallVec<[ValueId; 8]> {
    let mut c = Collector { ir, visited: FxHashSet::default(), out: SmallVec::new() };
    c.value(v, MAX_DEPTH);
    c.out
}

struct Collector<'a> {
    ir: &'a Ir,
    visited: FxHashSet<ValueId>,
    out: SmallVec<[ValueId; 8]>,
}

impl Collector<'_> {
    fn value(&mut self, v: ValueId, depth: u32) {
        if !self.visited.insert(v) {
            return;
        }
        if depth == 0 {
            self.out.push(v);
            return;
        }
        let depth = depth - 1;
        match self.ir.value_def(v) {
            ValueDef::BlockArg { block, index } => self.block_arg(v, block, index as usize, depth),
            ValueDef::Result { op, index } => self.result(v, op, index as usize, depth),
            _ => self.out.push(v),
        }
    }

    fn result(&mut self, v: ValueId, op: OpId, index: usize, depth: u32) {
        let ir = self.ir;
        if let Some(src) = ir::interfaces::view_source(ir, op) {
            return self.value(src, depth);
        }
        if let Some(rb) = ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(op)) {
            return self.region_branch(rb, op, None, v, index, depth);
        }
        self.out.push(v);
    }

    fn block_arg(&mut self, v: ValueId, block: BlockId, index: usize, depth: u32) {
        let ir = self.ir;
        if !is_entry_block(ir, block) {
            let mut preds: SmallVec<[OpId; 4]> = SmallVec::new();
            for &p in ir.predecessors(block) {
                if !preds.contains(&p) {
                    preds.push(p);
                }
            }
            for p in preds {
                let Some(br) = ir.ctx().registry().interface::<dyn BranchOp>(ir.op_name(p)) else {
                    self.out.push(v);
                    return;
                };
                for (s, &succ) in ir.successors(p).iter().enumerate() {
                    if succ != block {
                        continue;
                    }
                    // Produced operands come first; forwarded ones map to
                    // the tail of the arguments.
                    let range = br.successor_operands(ir, p, s);
                    let produced = ir.block_args(block).len().saturating_sub(range.len());
                    let oi = range.start + index.wrapping_sub(produced);
                    if index < produced || oi >= range.end || oi >= ir.num_operands(p) {
                        self.out.push(v);
                        return;
                    }
                    self.value(ir.operand(p, oi), depth);
                }
            }
            return;
        }
        let Some(op) = ir.block_parent_op(block) else {
            self.out.push(v);
            return;
        };
        if let Some(rb) = ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(op)) {
            return self.region_branch(rb, op, ir.block_region(block), v, index, depth);
        }
        self.out.push(v);
    }

    /// The index into what predecessor `pred` forwards to `region` that
    /// feeds input `index`, or `None` when `pred` does not go there. An
    /// input the successor does not list maps to `v` itself.
    fn operand_index_if_pred(
        &mut self,
        op: OpId,
        pred: Option<RegionId>,
        region: Option<RegionId>,
        v: ValueId,
        index: usize,
    ) -> Option<usize> {
        let ir = self.ir;
        let rb = ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(op))?;
        let succs = region_successors(ir, op, pred)?;
        let target = match region {
            Some(r) => RegionSuccessor::Region(r),
            None => RegionSuccessor::Parent,
        };
        for s in succs {
            if s != target {
                continue;
            }
            let inputs = rb.successor_inputs(ir, op, s);
            let number = |x: ValueId| match ir.value_def(x) {
                ValueDef::BlockArg { index, .. } => index as usize,
                ValueDef::Result { index, .. } => index as usize,
                _ => 0,
            };
            let (Some(&first), Some(&last)) = (inputs.first(), inputs.last()) else {
                self.out.push(v);
                break;
            };
            let (first, last) = (number(first), number(last));
            if first > index || last < index {
                self.out.push(v);
                break;
            }
            return Some(index - first);
        }
        None
    }

    fn region_branch(
        &mut self,
        rb: &dyn RegionBranch,
        op: OpId,
        region: Option<RegionId>,
        v: ValueId,
        index: usize,
        depth: u32,
    ) {
        let ir = self.ir;
        let point = match region {
            Some(r) => RegionSuccessor::Region(r),
            None => RegionSuccessor::Parent,
        };
        if let Some(k) = self.operand_index_if_pred(op, None, region, v, index) {
            if let Some(&x) = rb.entry_operands(ir, op, point).get(k) {
                self.value(x, depth);
            }
        }
        for &r in ir.regions(op) {
            let Some(k) = self.operand_index_if_pred(op, Some(r), region, v, index) else { continue };
            for b in ir.region_blocks(r) {
                let Some(term) = ir.terminator(b) else { continue };
                let reg = ir.ctx().registry();
                if let Some(t) = reg.interface::<dyn RegionTerminator>(ir.op_name(term)) {
                    if let Some(&x) = t.forwarded_operands(ir, term, point).get(k) {
                        self.value(x, depth);
                    }
                } else if !ir.successors(term).is_empty() {
                    // A terminator that may leave the region: unknown values.
                    self.out.push(v);
                    return;
                }
            }
        }
    }
}
