//! The in-place decisions without re-collecting alias sets: the same
//! answers as upstream's literal procedure (`Analyzer::
//! analyze_single_op_literal`), from data kept per alias set.
//!
//! Why it is exact (the design study's F1 and F2): everything a decision
//! looks at except the in-place set and the alias sets is fixed during the
//! analysis (read/write classification, definitions, dominance, regions,
//! subsets: equivalence classes are only filled afterwards), so whether a
//! read and a write conflict is a fixed fact per pair; and every alias set
//! is conflict-free (true after the constructor once the pre-checks pass,
//! kept because sets merge only after a decision found the merged set
//! conflict-free). Hence upstream's "some (read, write) pair of the union
//! of the sets S₁…Sₘ involved conflicts" equals "some read of Sᵢ conflicts
//! with some in-place write of Sⱼ, i ≠ j, or with the new write", and the
//! non-writable and parallel-region tests become per-set counters.
//!
//! Per set: its reads, its in-place writes, the count of non-writable
//! members, and whether an in-place write is parallel-bad; merged
//! small-into-large. A decision costs the cross products between the sets
//! it joins (pairs inside one set are never looked at again), which is
//! O(k) for the k-th op of a chain instead of upstream's O(k²).

use super::super::interface::AnalysisState;
use super::annotate::Marks;
use super::conflicts::Analyzer;
use super::OneShotAnalysisState;
use ir::OperandId;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// What the decisions need to know about one alias set.
#[derive(Default)]
struct SetData {
    reads: Vec<OperandId>,
    writes: Vec<OperandId>,
    nonwritable: u32,
    /// Some in-place write is parallel-bad (`None`: not computed yet).
    bad: Option<bool>,
}

impl SetData {
    fn size(&self) -> usize {
        self.reads.len() + self.writes.len()
    }
}

/// The per-set data, keyed by the alias set's root.
pub struct Incremental {
    sets: FxHashMap<u32, SetData>,
}

impl Incremental {
    /// The data of the sets the constructor left (after the pre-checks).
    pub fn new(an: &mut Analyzer<'_>, s: &OneShotAnalysisState) -> Self {
        let ir = an.ir;
        let mut sets: FxHashMap<u32, SetData> = FxHashMap::default();
        for &v in s.alias_info.values() {
            let Some(root) = s.alias_info.root(v) else { continue };
            let d = sets.entry(root).or_default();
            if !s.is_writable(ir, v) {
                d.nonwritable += 1;
            }
            for u in ir.uses(v) {
                if an.is_aliasing_read(s, u) {
                    d.reads.push(u);
                }
                if s.in_place.contains(&u) && an.writes(s, u) {
                    d.writes.push(u);
                }
            }
        }
        Incremental { sets }
    }

    fn set_bad(&mut self, an: &mut Analyzer<'_>, s: &OneShotAnalysisState, root: u32) -> bool {
        let Some(d) = self.sets.get(&root) else { return false };
        if let Some(b) = d.bad {
            return b;
        }
        let mut bad = false;
        for k in 0..d.writes.len() {
            let w = self.sets[&root].writes[k];
            if an.parallel_bad(s, w) {
                bad = true;
                break;
            }
        }
        if let Some(d) = self.sets.get_mut(&root) {
            d.bad = Some(bad);
        }
        bad
    }

    fn reads(&self, root: u32) -> &[OperandId] {
        self.sets.get(&root).map_or(&[], |d| &d.reads)
    }

    fn writes(&self, root: u32) -> &[OperandId] {
        self.sets.get(&root).map_or(&[], |d| &d.writes)
    }

    /// Upstream's non-writable and read-after-write tests for `o`, given
    /// the distinct alias sets `roots` it would join.
    fn interferes(
        &mut self,
        an: &mut Analyzer<'_>,
        s: &OneShotAnalysisState,
        o: OperandId,
        w0: bool,
        roots: &[u32],
        marks: &mut Marks,
    ) -> bool {
        let found_write = w0 || roots.iter().any(|&r| !self.writes(r).is_empty());
        if found_write && roots.iter().any(|r| self.sets.get(r).is_some_and(|d| d.nonwritable > 0)) {
            return true;
        }
        if an.options.check_parallel_regions && roots.iter().any(|&r| !self.reads(r).is_empty()) {
            if w0 && an.parallel_bad(s, o) {
                return true;
            }
            for &r in roots {
                if self.set_bad(an, s, r) {
                    return true;
                }
            }
        }
        for &i in roots {
            for &j in roots {
                if i == j || self.reads(i).is_empty() || self.writes(j).is_empty() {
                    continue;
                }
                for &r in self.reads(i) {
                    for &w in self.writes(j) {
                        if an.conflicts(s, r, w, marks) {
                            return true;
                        }
                    }
                }
            }
        }
        if w0 {
            for &i in roots {
                for &r in self.reads(i) {
                    if an.conflicts(s, r, o, marks) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Decides `o` and, when it goes in place, merges the data of the sets
    /// it joins.
    /// With `shadow`, the literal procedure runs too and must agree (a
    /// panic otherwise: a bug in this module).
    pub fn decide(
        &mut self,
        an: &mut Analyzer<'_>,
        s: &mut OneShotAnalysisState,
        o: OperandId,
        shadow: bool,
        marks: &mut Marks,
    ) {
        let ir = an.ir;
        if s.in_place.contains(&o) {
            // Forced in place by the constructor: upstream re-checks it and
            // finds nothing (the sets are conflict-free), no statistic moves.
            return;
        }
        let mut roots: SmallVec<[u32; 4]> = SmallVec::new();
        let mut push = |r: Option<u32>| {
            if let Some(r) = r {
                if !roots.contains(&r) {
                    roots.push(r);
                }
            }
        };
        push(s.alias_info.root(ir.use_value(o)));
        let aliases = (&*s as &dyn AnalysisState).get_aliasing_values(ir, o);
        for a in &aliases {
            push(s.alias_info.root(a.value));
        }
        let w0 = an.writes(s, o);
        let out = self.interferes(an, s, o, w0, &roots, marks);
        if shadow {
            let literal = an.literal_interference(s, o, &mut Marks::default());
            assert_eq!(out, literal, "incremental and literal decisions differ for operand {} of {}", ir.use_index(o), ir.op_name_str(ir.use_owner(o)));
        }
        if out {
            s.bufferize_out_of_place(o);
            return;
        }
        s.bufferize_in_place(ir, o);
        let mut parts: Vec<SetData> = roots.iter().filter_map(|r| self.sets.remove(r)).collect();
        let big = (0..parts.len()).max_by_key(|&k| parts[k].size()).unwrap_or(0);
        let mut base = if parts.is_empty() { SetData::default() } else { parts.swap_remove(big) };
        for p in parts {
            base.reads.extend(p.reads);
            base.writes.extend(p.writes);
            base.nonwritable += p.nonwritable;
            base.bad = match (base.bad, p.bad) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            };
        }
        if w0 {
            base.writes.push(o);
            if base.bad == Some(false) {
                base.bad = None;
            }
        }
        if let Some(root) = s.alias_info.root(ir.use_value(o)) {
            self.sets.insert(root, base);
        }
    }
}
