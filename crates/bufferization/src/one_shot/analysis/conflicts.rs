//! The in-place decision procedure of One-Shot Analysis, a literal port of
//! upstream's `bufferizableInPlaceAnalysisImpl`:
//!
//! 1. *non-writable*: an operand goes out of place if it (or an in-place
//!    use of its alias sets) writes and some member of those sets is not
//!    writable;
//! 2. *read-after-write*: it goes out of place if, with it in place, some
//!    read of the merged sets could see a write that its SSA definition
//!    does not expect ([`Analyzer::has_read_after_write_interference`]:
//!    parallel regions, op dominance unless repetitive regions or CFG
//!    loops interfere, happens-before, mutually exclusive regions,
//!    element-wise access, equivalent subsets, `is_not_conflicting`, and
//!    the definitions the write could clobber).
//!
//! Also here: the pre-bufferization checks (unstructured control flow,
//! `to_tensor` without `restrict`, forced in-place operands that already
//! conflict), the equivalence analysis after the decisions, and the
//! undefined-contents uses.
//!
//! Cost: the literal procedure (`literal_interference`, used with
//! `print-conflicts` and `BUFOPT_ONE_SHOT_DECISIONS=literal|shadow`)
//! re-collects the reads and in-place writes of the merged sets for every
//! decision and checks every (read, write) pair, as upstream: O(k²) per
//! decision on a chain of k in-place ops. The default decisions
//! (`incremental`) call only [`Analyzer::conflicts`] on the few candidate
//! pairs. The static sub-predicates are memoized here (definitions,
//! read/write classification of a use, parallel-bad writes, subset matches
//! and whether a subset extraction is reachable at all, repetitive
//! regions).

use super::super::interface::{
    bufferizable_model, find_bufferizable, is_tensor, AnalysisState, BufferRelation, TraversalConfig,
};
use super::super::options::BufferizationOptions;
use super::annotate::Marks;
use super::{
    enclosing_repetitive_region_of_op, enclosing_repetitive_region_of_value, next_enclosing_repetitive_region,
    parallel_region, value_parent_region, OneShotAnalysisState,
};
use ir::buffer_interfaces::{SubsetExtraction, SubsetInsertion};
use ir::dominance::DominanceInfo;
use ir::entity::EntityMap;
use ir::interfaces::RegionBranch;
use ir::{BlockId, Diagnostic, Ir, OpId, OperandId, RegionId, ValueDef, ValueId, WalkResult};
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// True when `a` happens before `b`: `a` or one of its ancestors properly
/// dominates `b`, and `b` is not nested in that op (upstream's
/// `happensBefore`).
pub fn happens_before(ir: &Ir, dom: &DominanceInfo, a: OpId, b: OpId) -> bool {
    let mut cur = Some(a);
    while let Some(x) = cur {
        if x != b && ir.is_ancestor(x, b) {
            return false;
        }
        if dom.op_properly_dominates(ir, x, b, true) {
            return true;
        }
        cur = ir.parent_op(x);
    }
    false
}

fn is_region_branch(ir: &Ir, op: OpId) -> bool {
    ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(op)).is_some()
}

/// The closest proper ancestor of `op` that implements `RegionBranch`.
fn parent_region_branch(ir: &Ir, op: OpId) -> Option<OpId> {
    let mut cur = ir.parent_op(op);
    while let Some(p) = cur {
        if is_region_branch(ir, p) {
            return Some(p);
        }
        cur = ir.parent_op(p);
    }
    None
}

/// Upstream's `insideMutuallyExclusiveRegions`: the closest region-branch
/// ancestor of `a` that also contains `b` holds them in two different
/// regions, neither reachable from the other.
pub fn inside_mutually_exclusive_regions(ir: &Ir, a: OpId, b: OpId) -> bool {
    let mut branch = parent_region_branch(ir, a);
    while let Some(br) = branch {
        if br == b || !ir.is_ancestor(br, b) {
            branch = parent_region_branch(ir, br);
            continue;
        }
        let region_of = |x: OpId| ir.regions(br).iter().copied().find(|&r| ir.region_contains(r, x));
        let (Some(ra), Some(rb)) = (region_of(a), region_of(b)) else { return false };
        return ra != rb
            && !analysis::region_flow::is_region_reachable(ir, br, ra, rb)
            && !analysis::region_flow::is_region_reachable(ir, br, rb, ra);
    }
    false
}

/// Upstream's `isReachable`: a path from `from`'s successors to `to` that
/// avoids `except`.
fn is_reachable(ir: &Ir, from: BlockId, to: BlockId, except: Option<BlockId>) -> bool {
    let mut visited: FxHashSet<BlockId> = FxHashSet::default();
    let mut work: Vec<BlockId> = ir.terminator_successors(from).to_vec();
    while let Some(next) = work.pop() {
        if Some(next) == except {
            continue;
        }
        if next == to {
            return true;
        }
        if !visited.insert(next) {
            continue;
        }
        work.extend_from_slice(ir.terminator_successors(next));
    }
    false
}

/// A set of uses that keeps insertion order (the order decides which
/// conflict `print-conflicts` marks when there are several).
#[derive(Default)]
struct UseSet {
    items: Vec<OperandId>,
    set: FxHashSet<OperandId>,
}

impl UseSet {
    fn insert(&mut self, u: OperandId) {
        if self.set.insert(u) {
            self.items.push(u);
        }
    }
    fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// The analysis of one op tree: dominance, and memo tables for what stays
/// fixed while decisions are made.
pub struct Analyzer<'a> {
    pub(super) ir: &'a Ir,
    pub(super) options: &'a BufferizationOptions,
    dom: DominanceInfo,
    // Memo tables: dense over the analyzed op's entities (`None`: not yet
    // computed).
    definitions: EntityMap<ValueId, Option<Rc<[ValueId]>>>,
    writes: EntityMap<OperandId, Option<bool>>,
    aliasing_read: EntityMap<OperandId, Option<bool>>,
    rep_of_block: EntityMap<BlockId, Option<Option<RegionId>>>,
    rep_of_value: EntityMap<ValueId, Option<Option<RegionId>>>,
    matches: FxHashMap<(ValueId, OpId), bool>,
    par_bad: FxHashMap<OperandId, bool>,
    reach_extraction: FxHashMap<ValueId, Option<bool>>,
}

impl<'a> Analyzer<'a> {
    /// An analyzer over `ir`.
    pub fn new(ir: &'a Ir, options: &'a BufferizationOptions) -> Self {
        Analyzer {
            ir,
            options,
            dom: DominanceInfo::new(),
            definitions: EntityMap::default(),
            writes: EntityMap::default(),
            aliasing_read: EntityMap::default(),
            rep_of_block: EntityMap::default(),
            rep_of_value: EntityMap::default(),
            matches: FxHashMap::default(),
            par_bad: FxHashMap::default(),
            reach_extraction: FxHashMap::default(),
        }
    }

    /// `findDefinitionsCached`.
    pub(super) fn definitions(&mut self, s: &OneShotAnalysisState, v: ValueId) -> Rc<[ValueId]> {
        if let Some(d) = self.definitions.get(v) {
            return d.clone();
        }
        let d: Rc<[ValueId]> = (s as &dyn AnalysisState).find_definitions(self.ir, v).into();
        self.definitions.set(v, Some(d.clone()));
        d
    }

    pub(super) fn writes(&mut self, s: &OneShotAnalysisState, u: OperandId) -> bool {
        if let Some(w) = *self.writes.get(u) {
            return w;
        }
        let w = (s as &dyn AnalysisState).writes(self.ir, u);
        self.writes.set(u, Some(w));
        w
    }

    /// True when `u` counts as a read of its alias set: it reads, or it
    /// does not write and an aliasing value is read later
    /// (`getAliasingReads`).
    pub(super) fn is_aliasing_read(&mut self, s: &OneShotAnalysisState, u: OperandId) -> bool {
        if let Some(r) = *self.aliasing_read.get(u) {
            return r;
        }
        let st: &dyn AnalysisState = s;
        let r = st.reads(self.ir, u)
            || (!self.writes(s, u)
                && st.get_aliasing_values(self.ir, u).iter().any(|a| st.is_value_read(self.ir, a.value)));
        self.aliasing_read.set(u, Some(r));
        r
    }

    pub(super) fn rep_region_of_op(&mut self, op: OpId) -> Option<RegionId> {
        let b = self.ir.op_block(op)?;
        if let Some(r) = *self.rep_of_block.get(b) {
            return r;
        }
        let r = enclosing_repetitive_region_of_op(self.ir, op, self.options);
        self.rep_of_block.set(b, Some(r));
        r
    }

    pub(super) fn rep_region_of_value(&mut self, v: ValueId) -> Option<RegionId> {
        if let Some(r) = *self.rep_of_value.get(v) {
            return r;
        }
        let r = enclosing_repetitive_region_of_value(self.ir, v, self.options);
        self.rep_of_value.set(v, Some(r));
        r
    }

    /// Upstream's `canUseOpDominanceDueToRegions`.
    fn can_use_op_dominance_due_to_regions(&mut self, read: OperandId, write: OperandId, defs: &[ValueId]) -> bool {
        let ir = self.ir;
        for &def in defs {
            let Some(mut r_read) = self.rep_region_of_op(ir.use_owner(read)) else { continue };
            let r_def = self.rep_region_of_value(def);
            if Some(r_read) == r_def {
                continue;
            }
            loop {
                let next = next_enclosing_repetitive_region(ir, r_read, self.options);
                if next == r_def {
                    break;
                }
                match next {
                    Some(n) => r_read = n,
                    None => break,
                }
            }
            if let Some(p) = ir.region_parent_op(r_read) {
                if ir.is_ancestor(p, ir.use_owner(write)) {
                    return false;
                }
            }
        }
        true
    }

    /// Upstream's `canUseOpDominanceDueToBlocks`.
    fn can_use_op_dominance_due_to_blocks(&self, read: OperandId, write: OperandId, defs: &[ValueId]) -> bool {
        let ir = self.ir;
        let (rop, wop) = (ir.use_owner(read), ir.use_owner(write));
        if ir.op_region(rop) != ir.op_region(wop) {
            return true;
        }
        let (Some(rb), Some(wb)) = (ir.op_block(rop), ir.op_block(wop)) else { return true };
        for &def in defs {
            let db = ir.value_block(def);
            if is_reachable(ir, rb, wb, db) && is_reachable(ir, wb, rb, db) {
                return false;
            }
        }
        true
    }

    /// Upstream's `hasEquivalentValueInReverseUseDefChain`.
    fn has_equivalent_value_in_reverse_use_def_chain(
        &self,
        s: &OneShotAnalysisState,
        start: ValueId,
        other: ValueId,
    ) -> bool {
        let config = TraversalConfig {
            follow_equivalent_only: true,
            always_include_leaves: false,
            follow_same_type_or_casts_only: true,
            ..TraversalConfig::default()
        };
        !(s as &dyn AnalysisState)
            .find_value_in_reverse_use_def_chain(self.ir, start, &mut |v| v == other, config)
            .is_empty()
    }

    /// Upstream's `matchesInsertDestination`: every value the reverse
    /// use-def walk from `value` stops at is a subset extraction of the
    /// subset `insert_op` writes.
    fn matches_insert_destination(&mut self, s: &OneShotAnalysisState, value: ValueId, insert_op: OpId) -> bool {
        if let Some(&m) = self.matches.get(&(value, insert_op)) {
            return m;
        }
        if !self.may_reach_extraction(s, value) {
            // No value of the walk can match, and the walk always reports
            // a leaf or a value reached twice, which does not match.
            return false;
        }
        let ir = self.ir;
        let st: &dyn AnalysisState = s;
        let Some(ins) = ir.ctx().registry().interface::<dyn SubsetInsertion>(ir.op_name(insert_op)) else {
            return false;
        };
        let equiv = |a: ValueId, b: ValueId| st.are_equivalent_bufferized_values(ir, a, b);
        let matching = |v: ValueId| {
            matches!(ir.value_def(v), ValueDef::Result { .. }) && ins.is_equivalent_subset(ir, insert_op, v, &equiv)
        };
        let mut cond = matching;
        let slice = st.find_value_in_reverse_use_def_chain(ir, value, &mut cond, TraversalConfig::default());
        let m = slice.iter().all(|&v| matching(v));
        self.matches.insert((value, insert_op), m);
        m
    }

    /// False only when no value on the reverse use-def walk from `v` (any
    /// aliasing operand, through bufferizable ops) is the result of a
    /// subset extraction (memoized; conservative on cycles).
    fn may_reach_extraction(&mut self, s: &OneShotAnalysisState, v: ValueId) -> bool {
        let ir = self.ir;
        let st: &dyn AnalysisState = s;
        let reg = ir.ctx().registry();
        let is_extraction = |x: ValueId| {
            ir.defining_op(x).is_some_and(|op| reg.interface::<dyn SubsetExtraction>(ir.op_name(op)).is_some())
        };
        // Iterative post-order DFS; a value on the stack counts as "maybe".
        let mut stack: Vec<(ValueId, bool)> = vec![(v, false)];
        while let Some((x, expanded)) = stack.pop() {
            if self.reach_extraction.get(&x).is_some_and(|r| r.is_some()) {
                continue;
            }
            let owner_ok = super::super::interface::owner_of_value(ir, x)
                .is_some_and(|op| find_bufferizable(ir, op, self.options).is_some());
            let operands: Vec<ValueId> = if owner_ok {
                st.get_aliasing_op_operands(ir, x).iter().map(|a| ir.use_value(a.operand)).collect()
            } else {
                Vec::new()
            };
            if !expanded {
                if is_extraction(x) {
                    self.reach_extraction.insert(x, Some(true));
                    continue;
                }
                self.reach_extraction.insert(x, None);
                stack.push((x, true));
                for y in operands {
                    if !self.reach_extraction.contains_key(&y) {
                        stack.push((y, false));
                    }
                }
            } else {
                // An operand still in progress (a cycle) counts as "maybe".
                let r = operands.iter().any(|y| self.reach_extraction.get(y).is_none_or(|r| r.unwrap_or(true)));
                self.reach_extraction.insert(x, Some(r));
            }
        }
        self.reach_extraction.get(&v).copied().flatten().unwrap_or(true)
    }

    /// Upstream's `areNonConflictingSubsets`.
    fn are_non_conflicting_subsets(&mut self, s: &OneShotAnalysisState, read: OperandId, write: OperandId) -> bool {
        let ir = self.ir;
        let reg = ir.ctx().registry();
        let (rop, wop) = (ir.use_owner(read), ir.use_owner(write));
        if let Some(ins) = reg.interface::<dyn SubsetInsertion>(ir.op_name(rop)) {
            if read == ins.destination_operand(ir, rop) && self.matches_insert_destination(s, ir.use_value(write), rop)
            {
                return true;
            }
            if read == ins.source_operand(ir, rop)
                && write == ins.destination_operand(ir, rop)
                && self.matches_insert_destination(s, ir.use_value(read), rop)
            {
                return true;
            }
        }
        if let Some(ins) = reg.interface::<dyn SubsetInsertion>(ir.op_name(wop)) {
            let src = ir.use_value(ins.source_operand(ir, wop));
            if write == ins.destination_operand(ir, wop)
                && s.are_equivalent_bufferized_values(ir, ir.use_value(read), src)
                && self.matches_insert_destination(s, src, wop)
            {
                return true;
            }
        }
        false
    }

    /// True when the write `w` must go out of place because a definition
    /// of its buffer lies in another parallel region (the parallel-region
    /// test of upstream's `hasReadAfterWriteInterference`, memoized: it
    /// depends on `w` only).
    pub(super) fn parallel_bad(&mut self, s: &OneShotAnalysisState, w: OperandId) -> bool {
        if let Some(&b) = self.par_bad.get(&w) {
            return b;
        }
        let ir = self.ir;
        let st: &dyn AnalysisState = s;
        let mut cond = |v: ValueId| st.value_writes(ir, v);
        let defs = st.find_value_in_reverse_use_def_chain(ir, ir.use_value(w), &mut cond, TraversalConfig::default());
        let w_region = parallel_region(ir, ir.op_region(ir.use_owner(w)), self.options);
        let bad =
            defs.into_iter().any(|def| parallel_region(ir, value_parent_region(ir, def), self.options) != w_region);
        self.par_bad.insert(w, bad);
        bad
    }

    /// Upstream's `hasReadAfterWriteInterference`: true when some read of
    /// `reads` conflicts with some write of `writes`, all assumed to alias
    /// and to be in place.
    fn has_read_after_write_interference(
        &mut self,
        s: &OneShotAnalysisState,
        reads: &UseSet,
        writes: &UseSet,
        marks: &mut Marks,
    ) -> bool {
        if self.options.check_parallel_regions && !reads.is_empty() {
            for &w in &writes.items {
                if self.parallel_bad(s, w) {
                    return true;
                }
            }
        }
        for &r in &reads.items {
            for &w in &writes.items {
                if self.conflicts(s, r, w, marks) {
                    return true;
                }
            }
        }
        false
    }

    /// True when the read `r` and the write `w` (both assumed in place and
    /// aliasing) conflict: the body of upstream's pair loop. Depends on `r`
    /// and `w` only (equivalence is frozen during the analysis).
    pub(super) fn conflicts(
        &mut self,
        s: &OneShotAnalysisState,
        r: OperandId,
        w: OperandId,
        marks: &mut Marks,
    ) -> bool {
        let ir = self.ir;
        let st: &dyn AnalysisState = s;
        let read_op = ir.use_owner(r);
        let defs = self.definitions(s, ir.use_value(r));
        if defs.is_empty() {
            return false;
        }
        let write_op = ir.use_owner(w);
        let use_dom = self.can_use_op_dominance_due_to_regions(r, w, &defs)
            && self.can_use_op_dominance_due_to_blocks(r, w, &defs);
        if use_dom {
            if happens_before(ir, &self.dom, read_op, write_op) {
                return false;
            }
            if r == w {
                return false;
            }
            if inside_mutually_exclusive_regions(ir, read_op, write_op) {
                return false;
            }
            if write_op == read_op {
                if let Some(m) = find_bufferizable(ir, read_op, self.options) {
                    if m.bufferizes_to_elementwise_access(ir, read_op, st, &[r, w])
                        && (self.has_equivalent_value_in_reverse_use_def_chain(s, ir.use_value(r), ir.use_value(w))
                            || self.has_equivalent_value_in_reverse_use_def_chain(s, ir.use_value(w), ir.use_value(r)))
                    {
                        return false;
                    }
                }
            }
        }
        if self.are_non_conflicting_subsets(s, r, w) {
            return false;
        }
        if find_bufferizable(ir, read_op, self.options).is_some_and(|m| m.is_not_conflicting(ir, r, w, st)) {
            return false;
        }
        if write_op != read_op
            && find_bufferizable(ir, write_op, self.options).is_some_and(|m| m.is_not_conflicting(ir, r, w, st))
        {
            return false;
        }
        for &def in defs.iter() {
            match ir.value_def(def) {
                ValueDef::Result { op: def_op, .. } => {
                    if happens_before(ir, &self.dom, write_op, def_op) {
                        continue;
                    }
                    if def_op != write_op && ir.is_ancestor(def_op, write_op) {
                        continue;
                    }
                }
                ValueDef::BlockArg { block, .. } => {
                    if ir.ancestor_in_block(block, write_op).is_none() {
                        continue;
                    }
                }
                ValueDef::Detached => continue,
            }
            let aliases = st.get_aliasing_values(ir, w);
            if aliases.len() == 1 && aliases[0].value == def {
                continue;
            }
            if self.options.print_conflicts {
                marks.conflict(ir, r, w, def);
            }
            return true;
        }
        false
    }

    /// The reads (`getAliasingReads`) and in-place writes
    /// (`getAliasingInplaceWrites`) of the alias set of `root`.
    fn collect(&mut self, s: &OneShotAnalysisState, root: ValueId, reads: &mut UseSet, writes: &mut UseSet) {
        let ir = self.ir;
        for alias in s.aliases(root) {
            for u in ir.uses(alias) {
                if self.is_aliasing_read(s, u) {
                    reads.insert(u);
                }
                if s.in_place.contains(u) && self.writes(s, u) {
                    writes.insert(u);
                }
            }
        }
    }

    /// Upstream's `wouldCreateReadAfterWriteInterference`.
    fn would_create_read_after_write_interference(
        &mut self,
        s: &OneShotAnalysisState,
        operand: OperandId,
        consistency_only: bool,
        marks: &mut Marks,
    ) -> bool {
        let ir = self.ir;
        let (mut reads, mut writes) = (UseSet::default(), UseSet::default());
        self.collect(s, ir.use_value(operand), &mut reads, &mut writes);
        for a in (s as &dyn AnalysisState).get_aliasing_values(ir, operand) {
            self.collect(s, a.value, &mut reads, &mut writes);
        }
        if !consistency_only && self.writes(s, operand) {
            writes.insert(operand);
        }
        self.has_read_after_write_interference(s, &reads, &writes, marks)
    }

    /// True when an in-place use of `root`'s alias set writes.
    fn set_has_in_place_write(&mut self, s: &OneShotAnalysisState, root: ValueId) -> bool {
        let ir = self.ir;
        for alias in s.aliases(root) {
            for u in ir.uses(alias) {
                if s.in_place.contains(u) && self.writes(s, u) {
                    return true;
                }
            }
        }
        false
    }

    /// Upstream's `wouldCreateWriteToNonWritableBuffer`.
    fn would_create_write_to_non_writable_buffer(
        &mut self,
        s: &OneShotAnalysisState,
        operand: OperandId,
        consistency_only: bool,
        marks: &mut Marks,
    ) -> bool {
        let ir = self.ir;
        let aliases = (s as &dyn AnalysisState).get_aliasing_values(ir, operand);
        let mut found_write = !consistency_only && self.writes(s, operand);
        if !found_write {
            found_write = self.set_has_in_place_write(s, ir.use_value(operand))
                || aliases.iter().any(|a| self.set_has_in_place_write(s, a.value));
        }
        if !found_write {
            return false;
        }
        let mut found_read_only = false;
        let mut check = |v: ValueId| {
            if !s.is_writable(ir, v) {
                found_read_only = true;
                if self.options.print_conflicts {
                    marks.not_writable(ir, v);
                }
            }
        };
        for v in s.aliases(ir.use_value(operand)) {
            check(v);
        }
        for a in &aliases {
            for v in s.aliases(a.value) {
                check(v);
            }
        }
        found_read_only
    }

    /// Upstream's verdict for `operand`, computed literally (the reads and
    /// in-place writes of the sets involved re-collected): true when it
    /// must go out of place.
    pub fn literal_interference(&mut self, s: &OneShotAnalysisState, operand: OperandId, marks: &mut Marks) -> bool {
        self.would_create_write_to_non_writable_buffer(s, operand, false, marks)
            || self.would_create_read_after_write_interference(s, operand, false, marks)
    }

    /// Upstream's `checkPreBufferizationAssumptions`.
    pub fn check_pre_bufferization_assumptions(
        &mut self,
        root: OpId,
        s: &OneShotAnalysisState,
        mut inc: Option<&mut super::incremental::Incremental>,
        marks: &mut Marks,
    ) -> Result<(), Diagnostic> {
        let ir = self.ir;
        let op_error = |op: OpId, msg: &str| {
            Diagnostic::error(ir.op_loc(op), format!("'{}' op {msg}", ir.op_name_str(op))).with_op(op)
        };
        let mut err = None;
        ir.walk_post(root, |op| {
            let Some(m) = bufferizable_model(ir, op) else { return WalkResult::Advance };
            if !self.options.is_op_allowed(ir, op) || m.supports_unstructured_control_flow() {
                return WalkResult::Advance;
            }
            if ir.regions(op).iter().any(|&r| ir.region_blocks(r).nth(1).is_some()) {
                err = Some(op_error(
                    op,
                    "op or BufferizableOpInterface implementation does not support unstructured control flow, \
                     but at least one region has multiple blocks",
                ));
                return WalkResult::Interrupt;
            }
            WalkResult::Advance
        });
        if let Some(e) = err {
            return Err(e);
        }
        for op in ir.post_order(root) {
            if bufferizable_model(ir, op).is_none() || !self.options.is_op_allowed(ir, op) {
                continue;
            }
            if let Some(t) = dialects::bufferization::ToTensorOp::cast(ir, op) {
                if !t.restrict(ir) && ir.results(op).any(|r| ir.has_uses(r)) {
                    return Err(op_error(
                        op,
                        "to_tensor ops without `restrict` are not supported by One-Shot Analysis",
                    ));
                }
            }
            for &u in ir.operand_ids(op) {
                if !is_tensor(ir, ir.value_type(ir.use_value(u))) {
                    continue;
                }
                let (raw, read_only) = match inc.as_deref_mut() {
                    Some(inc) => inc.pre_check(self, s, u),
                    None => {
                        let raw = self.would_create_read_after_write_interference(s, u, true, marks);
                        let read_only = !raw
                            && s.in_place.contains(u)
                            && self.would_create_write_to_non_writable_buffer(s, u, true, marks);
                        (raw, read_only)
                    }
                };
                if raw {
                    return Err(op_error(
                        op,
                        "not bufferizable under the given constraints: cannot avoid RaW conflict",
                    ));
                }
                if read_only {
                    return Err(op_error(
                        op,
                        "not bufferizable under the given constraints: would write to read-only buffer",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Upstream's `gatherUndefinedTensorUses`: the uses of tensor results
    /// (of allowed bufferizable ops) that have no definition.
    pub fn gather_undefined_tensor_uses(&mut self, root: OpId, s: &mut OneShotAnalysisState) {
        let ir = self.ir;
        let mut undefined = Vec::new();
        for op in ir.post_order(root) {
            if find_bufferizable(ir, op, self.options).is_none() {
                continue;
            }
            for r in ir.results(op) {
                if is_tensor(ir, ir.value_type(r)) && self.definitions(s, r).is_empty() {
                    undefined.extend(ir.uses(r));
                }
            }
        }
        s.undefined_uses.extend(undefined);
    }
}

/// Upstream's `equivalenceAnalysis`: after the decisions, a tensor result
/// joins the equivalence class of its definite, equivalent, in-place
/// aliasing operand, or of its first aliasing operand when all of them are
/// equivalent, in place and equivalent to each other (and the result is not
/// a new allocation).
pub fn equivalence_analysis(ir: &Ir, root: OpId, s: &mut OneShotAnalysisState) {
    for op in ir.post_order(root) {
        if !ir.results(op).any(|r| is_tensor(ir, ir.value_type(r))) {
            continue;
        }
        if !s.options.is_op_allowed(ir, op) {
            continue;
        }
        let Some(model) = bufferizable_model(ir, op) else { continue };
        for r in ir.results(op) {
            if !is_tensor(ir, ir.value_type(r)) {
                continue;
            }
            let aliases = (&*s as &dyn AnalysisState).get_aliasing_op_operands(ir, r);
            let Some(first) = aliases.first() else { continue };
            let first_value = ir.use_value(first.operand);
            let mut all_equivalent = true;
            let mut merged = false;
            for a in &aliases {
                let is_equiv = a.relation == BufferRelation::Equivalent;
                let in_place = s.in_place.contains(a.operand);
                let v = ir.use_value(a.operand);
                if is_equiv && in_place && a.definite {
                    s.union_equivalence_classes(r, v);
                    all_equivalent = false;
                    merged = true;
                    break;
                }
                if !is_equiv || !in_place {
                    all_equivalent = false;
                }
                if !s.equivalent_info.same(v, first_value) {
                    all_equivalent = false;
                }
            }
            if !merged && all_equivalent && !model.bufferizes_to_allocation(ir, r) {
                s.union_equivalence_classes(r, first_value);
            }
        }
    }
}
