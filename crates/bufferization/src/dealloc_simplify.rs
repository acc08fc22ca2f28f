//! `buffer-deallocation-simplification`: upstream's four alias-analysis
//! patterns on `bufferization.dealloc` (`RemoveDeallocMemrefsContainedInRetained`,
//! `RemoveRetainedMemrefsGuaranteedToNotAlias`,
//! `SplitDeallocWhenNotAliasingAnyOther`,
//! `RetainedMemrefAliasingAlwaysDeallocatedMemref`), run by the greedy
//! driver (bottom-up seeding, normal region simplification, folding)
//! together with the `dealloc` canonicalization patterns, as upstream's
//! `BufferDeallocationSimplificationPass` does. The alias questions are
//! MLIR's `BufferOriginAnalysis::isSameAllocation` plus
//! `distinctAllocAndBlockArgument`, over the buffer view flow built once
//! before the driver starts.
//!
//! # Design: alias classes instead of pairs
//! Upstream asks `isSameAllocation` for every (memref, retained value) and
//! every (memref, memref) pair of a `dealloc`, each query walking the view
//! flow again; a `dealloc` of thousands of memrefs then costs millions of
//! walks. Here:
//! - origins are computed once per view base ([`origins::Origins`]): the
//!   interned set of terminal buffers, its class (all allocations, all
//!   allocations or function arguments, other, empty) and the base's place
//!   in the pre-order;
//! - each pattern application groups the operand lists it asks about into
//!   alias classes ([`origins::AliasIndex`]: bags by class, by terminal, by
//!   terminal set and by base), once, in O(k log k) for k operands;
//! - each per-value question ("may anything in the list alias `q`?", "which
//!   elements must be `q`'s allocation?") is answered from the bags `q`
//!   touches, in O(|terminals of q| · log k), with the pairs that
//!   `distinctAllocAndBlockArgument` rules out counted by binary search.
//!
//! The split is fused with the pruning that upstream's
//! `RemoveRetainedMemrefsGuaranteedToNotAlias` does right after it on each
//! new `dealloc`: a memref split off gets only the retained values that may
//! alias it, and only those get an `arith.ori` (upstream builds every
//! `dealloc` with all m retained values and m `arith.ori`s, n·m operands,
//! and then folds `x | false` away). The result is the IR upstream ends with;
//! the cost of one `dealloc` of n memrefs and m retained values is
//! O((n + m) log(n + m)) plus the size of that result.

mod origins;

use dialects::arith::{ConstantOp, OrIOp};
use dialects::bufferization::canon::{all_distinct, dealloc_parts, update_dealloc_if_changed, ValueList};
use dialects::bufferization::{build_dealloc, DeallocOp};
use dialects::memref::ExtractStridedMetadataOp;
use ir::rewrite_api::{CanonicalizationPatterns, PatternRewriter, RewritePattern};
use ir::{Diagnostic, InsertPoint, Ir, OpId, ValueId};
use origins::{AliasIndex, Origins};
use std::sync::Arc;
use transforms::greedy::{apply_patterns_and_fold_greedily_reporting, FrozenPatterns, GreedyConfig, RegionSimplify};
use transforms::pass::{Pass, PassContext, PassInfo};

/// The pass.
pub struct DeallocSimplify;

impl Pass for DeallocSimplify {
    fn name(&self) -> &'static str {
        "buffer-deallocation-simplification"
    }
    fn title(&self) -> String {
        "BufferDeallocationSimplification".to_string()
    }
    fn runs_per_isolated_symbol(&self) -> bool {
        // Buffers never flow between isolated functions (calls are opaque
        // to the view flow), so the analysis of one function is its own.
        true
    }
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        let origins = Arc::new(Origins::new(ir, op));
        let mut patterns: Vec<Box<dyn RewritePattern>> = [
            Kind::RemoveMemrefsContainedInRetained,
            Kind::RemoveRetainedNotAliasing,
            Kind::Split,
            Kind::RetainedAliasingAlwaysDeallocated,
        ]
        .into_iter()
        .map(|kind| Box::new(AliasPattern { kind, origins: Arc::clone(&origins) }) as Box<dyn RewritePattern>)
        .collect();
        let ctx = Arc::clone(ir.ctx_arc());
        let dealloc = ctx.intern_str(DeallocOp::NAME);
        if let Some(canon) = ctx.registry().interface::<dyn CanonicalizationPatterns>(dealloc) {
            patterns.extend(canon.patterns().into_iter().filter(|p| p.root() == Some(DeallocOp::NAME)));
        }
        let frozen = FrozenPatterns::new(ir, patterns);
        let config =
            GreedyConfig { top_down: false, region_simplify: RegionSimplify::Normal, ..GreedyConfig::default() };
        // Like upstream, running out of iterations is not an error here.
        let outcome = apply_patterns_and_fold_greedily_reporting(ir, op, &frozen, &config);
        // Unchanged IR needs no new verification.
        cx.preserved_all = !outcome.changed;
        Ok(())
    }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "buffer-deallocation-simplification",
        summary: "Optimizes `bufferization.dealloc` operation for more efficient codegen",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(DeallocSimplify)),
    }
}

#[derive(Clone, Copy)]
enum Kind {
    RemoveMemrefsContainedInRetained,
    RemoveRetainedNotAliasing,
    Split,
    RetainedAliasingAlwaysDeallocated,
}

/// One of the four patterns, sharing the origins of the function.
struct AliasPattern {
    kind: Kind,
    origins: Arc<Origins>,
}

impl RewritePattern for AliasPattern {
    fn name(&self) -> &str {
        match self.kind {
            Kind::RemoveMemrefsContainedInRetained => "RemoveDeallocMemrefsContainedInRetained",
            Kind::RemoveRetainedNotAliasing => "RemoveRetainedMemrefsGuaranteedToNotAlias",
            Kind::Split => "SplitDeallocWhenNotAliasingAnyOther",
            Kind::RetainedAliasingAlwaysDeallocated => "RetainedMemrefAliasingAlwaysDeallocatedMemref",
        }
    }
    fn root(&self) -> Option<&str> {
        Some(DeallocOp::NAME)
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
        let Some((memrefs, conds, retained)) = dealloc_parts(rw.ir(), op) else { return false };
        if memrefs.len() != conds.len() || retained.len() != rw.ir().num_results(op) {
            return false;
        }
        let d = Dealloc { op, memrefs, conds, retained };
        let o = &*self.origins;
        match self.kind {
            Kind::RemoveMemrefsContainedInRetained => remove_memrefs_contained_in_retained(o, &d, rw),
            Kind::RemoveRetainedNotAliasing => remove_retained_not_aliasing(o, &d, rw),
            Kind::Split => split(o, &d, rw),
            Kind::RetainedAliasingAlwaysDeallocated => retained_aliasing_always_deallocated(o, &d, rw),
        }
    }
}

/// A `dealloc`'s operand lists.
struct Dealloc {
    op: OpId,
    memrefs: ValueList,
    conds: ValueList,
    retained: ValueList,
}

/// The source of `memref.extract_strided_metadata` defining `v`.
fn extract_source(ir: &Ir, v: ValueId) -> Option<ValueId> {
    let def = ir.defining_op(v)?;
    ExtractStridedMetadataOp::cast(ir, def).map(|x| x.source(ir))
}

/// `matchPattern(v, m_One())` for an `i1` condition.
fn is_const_true(ir: &Ir, v: ValueId) -> bool {
    matches!(dialects::util::const_int(ir, v), Some(1 | -1))
}

/// `arith.ori %a, %b` at the rewriter's insertion point.
fn ori(rw: &mut PatternRewriter<'_>, loc: ir::Location, a: ValueId, b: ValueId) -> ValueId {
    let i1 = rw.ir().ctx().i1_ty();
    OrIOp::build(rw, loc, i1, a, b).result(rw.ir())
}

/// `RemoveDeallocMemrefsContainedInRetained`: a memref (or the buffer its
/// `extract_strided_metadata` reads) that no retained value may alias and
/// at least one must alias is dropped; the result of each must-aliasing
/// retained value becomes `result | cond`.
fn remove_memrefs_contained_in_retained(o: &Origins, d: &Dealloc, rw: &mut PatternRewriter<'_>) -> bool {
    if !all_distinct(&d.retained) {
        return false;
    }
    let index = AliasIndex::new(o, rw.ir(), &d.retained);
    let loc = rw.ir().op_loc(d.op);
    let (mut new_m, mut new_c) = (Vec::new(), Vec::new());
    for (&m, &c) in d.memrefs.iter().zip(&d.conds) {
        let candidates = std::iter::once(m).chain(extract_source(rw.ir(), m));
        let must = candidates.into_iter().find_map(|v| {
            let q = o.origin(rw.ir(), v);
            index.must_unless_may(o, &q).filter(|must| !must.is_empty())
        });
        let Some(must) = must else {
            new_m.push(m);
            new_c.push(c);
            continue;
        };
        // Upstream sets the insertion point after the dealloc for each
        // memref: its `ori`s go before those of earlier memrefs.
        let ip = match rw.ir().next_op(d.op) {
            Some(next) => InsertPoint::Before(next),
            None => InsertPoint::After(d.op),
        };
        for i in must {
            rw.set_insertion_point(ip);
            let res = rw.ir().result(d.op, i as usize);
            let or = ori(rw, loc, res, c);
            let or_op = rw.ir().defining_op(or);
            rw.replace_uses_if(res, or, |ir, u| Some(ir.use_owner(u)) != or_op);
        }
    }
    update_dealloc_if_changed(rw, d.op, &new_m, &new_c)
}

/// `RemoveRetainedMemrefsGuaranteedToNotAlias`: retained values that no
/// memref may alias are dropped; their results become `false`.
fn remove_retained_not_aliasing(o: &Origins, d: &Dealloc, rw: &mut PatternRewriter<'_>) -> bool {
    let index = AliasIndex::new(o, rw.ir(), &d.memrefs);
    let keep: Vec<bool> =
        d.retained.iter().map(|&r| index.potentially_aliased(o, &o.origin(rw.ir(), r), None)).collect();
    if keep.iter().all(|&k| k) {
        return false;
    }
    let ctx = Arc::clone(rw.ir().ctx_arc());
    let loc = rw.ir().op_loc(d.op);
    rw.set_insertion_point(InsertPoint::Before(d.op));
    let mut replacements: Vec<Option<ValueId>> = Vec::with_capacity(keep.len());
    for &k in &keep {
        replacements
            .push((!k).then(|| ConstantOp::build(rw, loc, ctx.i1_ty(), Some(ctx.bool_attr(false))).result(rw.ir())));
    }
    let kept: Vec<ValueId> = d.retained.iter().zip(&keep).filter(|(_, &k)| k).map(|(&r, _)| r).collect();
    let new_op = build_dealloc(rw, loc, &d.memrefs, &d.conds, &kept);
    let mut next = 0;
    let values: Vec<ValueId> = replacements
        .into_iter()
        .map(|r| {
            r.unwrap_or_else(|| {
                next += 1;
                rw.ir().result(new_op.0, next - 1)
            })
        })
        .collect();
    rw.replace_op(d.op, &values);
    true
}

/// `SplitDeallocWhenNotAliasingAnyOther`, fused with the pruning of the
/// retained lists of the new `dealloc`s (see the module doc): each memref
/// that may alias no other memref gets a `dealloc` of its own, retaining
/// the retained values that may alias it; the rest stay together; each
/// result is the disjunction of the results for its retained value.
fn split(o: &Origins, d: &Dealloc, rw: &mut PatternRewriter<'_>) -> bool {
    if d.memrefs.len() <= 1 {
        return false;
    }
    let index = AliasIndex::new(o, rw.ir(), &d.memrefs);
    let alone: Vec<bool> =
        (0..d.memrefs.len()).map(|i| !index.potentially_aliased(o, index.origin(i), Some(i))).collect();
    if !alone.iter().any(|&a| a) {
        return false;
    }
    let retained_index = AliasIndex::new(o, rw.ir(), &d.retained);
    let loc = rw.ir().op_loc(d.op);
    rw.set_insertion_point(InsertPoint::Before(d.op));
    let mut parts: Vec<(OpId, Vec<u32>)> = Vec::new();
    let (mut rest_m, mut rest_c) = (Vec::new(), Vec::new());
    for (i, (&m, &c)) in d.memrefs.iter().zip(&d.conds).enumerate() {
        if !alone[i] {
            rest_m.push(m);
            rest_c.push(c);
            continue;
        }
        let aliases = retained_index.potential_aliases(o, index.origin(i));
        let retained: Vec<ValueId> = aliases.iter().map(|&j| d.retained[j as usize]).collect();
        let part = build_dealloc(rw, loc, &[m], &[c], &retained);
        parts.push((part.0, aliases));
    }
    let rest = build_dealloc(rw, loc, &rest_m, &rest_c, &d.retained);
    let mut replacements: Vec<ValueId> = rw.ir().results(rest.0).collect();
    for (part, aliases) in parts {
        for (k, &j) in aliases.iter().enumerate() {
            let r = rw.ir().result(part, k);
            replacements[j as usize] = ori(rw, loc, replacements[j as usize], r);
        }
    }
    rw.replace_op(d.op, &replacements);
    true
}

/// `RetainedMemrefAliasingAlwaysDeallocatedMemref`: the result of a
/// retained value that must alias a memref freed under a constant `true`
/// condition is that condition. When every retained value is such, those
/// memrefs are dropped. (Upstream replaces the results even when it then
/// reports failure; so does this, reporting the change.)
fn retained_aliasing_always_deallocated(o: &Origins, d: &Dealloc, rw: &mut PatternRewriter<'_>) -> bool {
    let index = AliasIndex::new(o, rw.ir(), &d.retained);
    let mut covered = vec![false; d.retained.len()];
    let mut changed = false;
    let (mut new_m, mut new_c) = (Vec::new(), Vec::new());
    for (&m, &c) in d.memrefs.iter().zip(&d.conds) {
        let mut drop = false;
        if !d.retained.is_empty() && is_const_true(rw.ir(), c) {
            let mut hits: Vec<u32> = index.must(o, &o.origin(rw.ir(), m));
            if let Some(src) = extract_source(rw.ir(), m) {
                hits.extend(index.must(o, &o.origin(rw.ir(), src)));
            }
            for i in hits {
                let res = rw.ir().result(d.op, i as usize);
                if rw.ir().has_uses(res) {
                    rw.replace_all_uses(res, c);
                    changed = true;
                }
                covered[i as usize] = true;
                drop = true;
            }
        }
        if !drop {
            new_m.push(m);
            new_c.push(c);
        }
    }
    if !covered.iter().all(|&c| c) {
        return changed;
    }
    update_dealloc_if_changed(rw, d.op, &new_m, &new_c) || changed
}
