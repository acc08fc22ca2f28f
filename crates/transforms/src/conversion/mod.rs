//! The dialect conversion framework (MLIR's `DialectConversion`): a
//! [`ConversionTarget`] says which ops are legal, a [`TypeConverter`]
//! converts types and builds materializations, and [`ConversionPattern`]s
//! rewrite illegal ops seeing their operands already converted. The
//! drivers [`apply_partial_conversion`] and [`apply_full_conversion`] run
//! them over everything nested in an op.
//!
//! **Order.** Ops are legalized in pre-order, the blocks of a region in
//! depth-first order of successors from the entry block (MLIR's
//! forward-dominance order), over the list of ops present when the
//! conversion starts: ops that a pattern moves into a new op are still
//! visited, ops nested in a replaced op are not. An op that the target
//! does not call legal is first folded, then matched against the
//! patterns for its name and the patterns for any op, higher benefit
//! first. After a pattern succeeds, the ops it built and the ops it
//! changed in place are legalized in turn; if one of them cannot be, the
//! pattern is undone and the next one is tried. A pattern is not applied
//! again to an op it produced while it is itself running.
//!
//! **Values.** Replacing an op only records a mapping from its results to
//! the new values; a pattern's operands are looked up through that
//! mapping, and converted to the type the pattern's converter wants with
//! a target materialization when their type differs. Block signature
//! conversion builds a new block with the converted argument types, moves
//! the ops there, and maps each old argument to its new ones through an
//! argument materialization. Materializations start out as
//! `builtin.unrealized_conversion_cast` placeholders. When every op has
//! been legalized the placeholders that cancel out are folded away, those
//! still used by ops the conversion keeps are built with the converter's
//! callbacks, and a replaced result whose new value has another type gets
//! a source materialization for the users left. Only then do the
//! replacements take effect and the replaced ops go.
//!
//! **Failure leaves the input untouched.** Every change is made through
//! [`ConversionRewriter`], which journals it: ops and blocks created after
//! a checkpoint are found by their handles (arena handles only grow), and
//! changes to existing IR (operands, attributes, result types, moved ops
//! and blocks, successors, the value mapping) are undone in reverse.
//! Replacements and erasures are deferred to the commit, so until then the
//! original ops are all in place. A pattern that fails is rolled back to
//! the state before it; a conversion that fails (an op that cannot be
//! legalized in full mode, an explicitly illegal one in partial mode, or
//! a materialization that cannot be built) is rolled back to the state
//! before it started, so the IR is exactly the input, and the error names
//! the op with MLIR's wording: "failed to legalize operation 'x.y'" (full
//! mode) or "failed to legalize operation 'x.y' that was explicitly marked
//! illegal" (partial mode).
//!
//! Patterns must change ops that existed before they ran only through
//! the rewriter's methods (`replace_op`, `erase_op`, `modify_in_place`,
//! `set_operands`, `inline_region_before`, `erase_block`,
//! `convert_region_types`, `apply_signature_conversion`); new ops may be
//! built and edited freely with [`ConversionRewriter::builder`].

mod finalize;
mod rewriter;
mod target;
mod type_converter;

pub use rewriter::{ConversionRewriter, NoMatch};
pub use target::{ConversionTarget, LegalityFn};
pub use type_converter::{
    keep_all_types, ConversionFn, InputMapping, MaterializationFn, SignatureConversion, TypeConversion, TypeConverter,
};

use crate::greedy::{fold_op_with_traits, materialize_constant};
use ir::entity::EntityRef;
use ir::{BlockId, Diagnostic, FoldOutcome, Ir, OpFoldResult, OpId, RegionId, ValueId};
use rewriter::Checkpoint;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::sync::Arc;

/// A pattern that rewrites one illegal op, seeing its operands as
/// remapped by the conversion so far.
pub trait ConversionPattern: Send + Sync {
    /// The op name it matches (`None`: any op).
    fn root(&self) -> Option<&str>;
    /// Higher benefit is tried first (ties: the order added).
    fn benefit(&self) -> u16 {
        1
    }
    /// The converter operands are converted with (`None`: operands are
    /// only remapped).
    fn type_converter(&self) -> Option<&Arc<TypeConverter>>;
    /// Rewrites `op`, whose converted operands are `operands`, through
    /// `rw`. `Err(NoMatch)` means the pattern does not apply; whatever it
    /// changed is then undone.
    fn match_and_rewrite(&self, op: OpId, operands: &[ValueId], rw: &mut ConversionRewriter<'_>)
        -> Result<(), NoMatch>;
}

/// The signature of a pattern written as a function.
pub type PatternFn = dyn Fn(OpId, &[ValueId], &mut ConversionRewriter<'_>) -> Result<(), NoMatch> + Send + Sync;

/// A [`ConversionPattern`] made from a closure.
pub struct FnPattern {
    root: Option<String>,
    converter: Option<Arc<TypeConverter>>,
    f: Box<PatternFn>,
}

impl FnPattern {
    /// A pattern for ops named `root` (any op when `None`) with operands
    /// converted by `converter`.
    pub fn new(
        root: Option<&str>,
        converter: Option<Arc<TypeConverter>>,
        f: impl Fn(OpId, &[ValueId], &mut ConversionRewriter<'_>) -> Result<(), NoMatch> + Send + Sync + 'static,
    ) -> Self {
        FnPattern { root: root.map(str::to_string), converter, f: Box::new(f) }
    }
}

impl ConversionPattern for FnPattern {
    fn root(&self) -> Option<&str> {
        self.root.as_deref()
    }
    fn type_converter(&self) -> Option<&Arc<TypeConverter>> {
        self.converter.as_ref()
    }
    fn match_and_rewrite(
        &self,
        op: OpId,
        operands: &[ValueId],
        rw: &mut ConversionRewriter<'_>,
    ) -> Result<(), NoMatch> {
        (self.f)(op, operands, rw)
    }
}

/// The patterns of one conversion.
#[derive(Default)]
pub struct ConversionPatternSet {
    patterns: Vec<Box<dyn ConversionPattern>>,
}

impl ConversionPatternSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a pattern.
    pub fn add(&mut self, p: impl ConversionPattern + 'static) {
        self.patterns.push(Box::new(p));
    }
    /// Adds a closure pattern (see [`FnPattern::new`]).
    pub fn add_fn(
        &mut self,
        root: Option<&str>,
        converter: Option<Arc<TypeConverter>>,
        f: impl Fn(OpId, &[ValueId], &mut ConversionRewriter<'_>) -> Result<(), NoMatch> + Send + Sync + 'static,
    ) {
        self.add(FnPattern::new(root, converter, f));
    }
    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}

/// What a conversion may leave behind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ConversionMode {
    /// Ops not explicitly illegal may stay when no pattern legalizes them.
    Partial,
    /// Every op must end up legal.
    Full,
}

/// Legalizes the ops nested in `root` (and `root`), leaving ops that are
/// not known to be illegal when no pattern handles them. On failure the
/// IR is left exactly as it was.
pub fn apply_partial_conversion(
    ir: &mut Ir,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
) -> Result<(), Diagnostic> {
    apply_conversion(ir, root, target, patterns, ConversionMode::Partial).map(|_| ())
}

/// Legalizes `root` and everything nested in it; every op must end up
/// legal. On failure the IR is left exactly as it was.
pub fn apply_full_conversion(
    ir: &mut Ir,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
) -> Result<(), Diagnostic> {
    apply_conversion(ir, root, target, patterns, ConversionMode::Full).map(|_| ())
}

/// Runs a conversion in `mode`; on success returns the ops a partial
/// conversion could not legalize (and left in place).
pub fn apply_conversion(
    ir: &mut Ir,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    mode: ConversionMode,
) -> Result<Vec<OpId>, Diagnostic> {
    let order = conversion_order(ir, root, |_, _| false);
    let mut legalizer = Legalizer::new(target, patterns);
    let mut rw = ConversionRewriter::new(ir);
    let start = rw.checkpoint();
    let mut unlegalized = Vec::new();
    for op in order {
        if legalizer.legalize(&mut rw, op) {
            continue;
        }
        let name = rw.ir().op_name_str(op).to_string();
        let err = match mode {
            ConversionMode::Full => Some(format!("failed to legalize operation '{name}'")),
            ConversionMode::Partial if target.is_illegal(rw.ir(), op) => {
                Some(format!("failed to legalize operation '{name}' that was explicitly marked illegal"))
            }
            ConversionMode::Partial => {
                unlegalized.push(op);
                None
            }
        };
        if let Some(msg) = err {
            rw.rollback(start);
            return Err(Diagnostic::error(rw.ir().op_loc(op), msg).with_op(op));
        }
    }
    if let Err(d) = finalize::finalize(&mut rw) {
        rw.rollback(start);
        return Err(d);
    }
    finalize::commit(&mut rw);
    Ok(unlegalized)
}

/// The blocks of `r` reachable from its entry, in depth-first pre-order of
/// the successors of each block's last op (MLIR's forward-dominance order).
pub fn reachable_blocks(ir: &Ir, r: RegionId) -> Vec<BlockId> {
    let Some(entry) = ir.entry_block(r) else { return Vec::new() };
    let mut out = vec![entry];
    let mut seen: FxHashSet<BlockId> = FxHashSet::default();
    seen.insert(entry);
    let mut stack: Vec<(BlockId, usize)> = vec![(entry, 0)];
    while let Some(top) = stack.last_mut() {
        let (b, i) = *top;
        let succ = ir.last_op(b).map(|t| ir.successors(t)).unwrap_or(&[]);
        match succ.get(i) {
            Some(&s) => {
                top.1 += 1;
                if seen.insert(s) {
                    out.push(s);
                    stack.push((s, 0));
                }
            }
            None => {
                stack.pop();
            }
        }
    }
    out
}

/// `root` and the ops nested in it in conversion order (pre-order, the
/// blocks of each region in forward-dominance order); the ops nested in
/// an op for which `skip_nested` holds are left out.
pub fn conversion_order(ir: &Ir, root: OpId, skip_nested: impl Fn(&Ir, OpId) -> bool) -> Vec<OpId> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        out.push(op);
        if skip_nested(ir, op) {
            continue;
        }
        let mark = stack.len();
        for &r in ir.regions(op) {
            for b in reachable_blocks(ir, r) {
                stack.extend(ir.block_ops(b));
            }
        }
        stack[mark..].reverse();
    }
    out
}

/// What one fold of an op gave (see [`try_fold`]).
pub enum FoldAttempt {
    /// The op did not fold; nothing was built.
    Failed,
    /// The op updated itself in place.
    InPlace,
    /// These values replace the op's results (never all of them the op's
    /// own); the constants among them were built before the op, which is
    /// left in place for the caller to replace.
    Values(SmallVec<[ValueId; 4]>),
}

/// Folds `op` once, as MLIR's `OpBuilder::tryFold` (which the conversion
/// driver and `createOrFold` use): a constant does not fold; the op's
/// folder runs, then its traits' folders; a fold to the op's own results
/// is an in-place update; attribute results become constants through the
/// dialect's materializer, and if one cannot be built the ones already
/// built are erased and the fold fails. The one fold step of the
/// conversion driver and of the small lowering driver in `bufferization`.
pub fn try_fold(ir: &mut Ir, op: OpId) -> FoldAttempt {
    if ir.has_trait(op, ir::OpTraits::CONSTANT_LIKE) {
        return FoldAttempt::Failed;
    }
    let rs = match fold_op_with_traits(ir, op) {
        FoldOutcome::Failure => return FoldAttempt::Failed,
        FoldOutcome::InPlace => return FoldAttempt::InPlace,
        FoldOutcome::Results(rs) => rs,
    };
    if rs.len() != ir.num_results(op) {
        return FoldAttempt::Failed;
    }
    if rs.iter().enumerate().all(|(i, r)| *r == OpFoldResult::Value(ir.result(op, i))) {
        return FoldAttempt::InPlace;
    }
    let mut values = SmallVec::new();
    let mut created: SmallVec<[OpId; 4]> = SmallVec::new();
    for (i, r) in rs.iter().enumerate() {
        match *r {
            OpFoldResult::Value(v) => values.push(v),
            OpFoldResult::Attr(a) => {
                let ty = ir.value_type(ir.result(op, i));
                let Some(c) = materialize_constant(ir, op, a, ty) else {
                    created.into_iter().rev().for_each(|c| ir.erase_op(c));
                    return FoldAttempt::Failed;
                };
                created.push(c);
                values.push(ir.result(c, 0));
            }
        }
    }
    FoldAttempt::Values(values)
}

/// Tries folds and patterns on illegal ops (MLIR's `OperationLegalizer`).
struct Legalizer<'p> {
    target: &'p ConversionTarget,
    patterns: &'p ConversionPatternSet,
    by_name: FxHashMap<&'p str, Vec<usize>>,
    any: Vec<usize>,
    active: FxHashSet<usize>,
    in_place_folds: usize,
}

/// How many in-place folds of one op in a row the legalizer follows.
const MAX_IN_PLACE_FOLDS: usize = 64;

impl<'p> Legalizer<'p> {
    fn new(target: &'p ConversionTarget, patterns: &'p ConversionPatternSet) -> Self {
        let mut by_name: FxHashMap<&str, Vec<usize>> = FxHashMap::default();
        let mut any = Vec::new();
        for (i, p) in patterns.patterns.iter().enumerate() {
            match p.root() {
                Some(n) => by_name.entry(n).or_default().push(i),
                None => any.push(i),
            }
        }
        Legalizer { target, patterns, by_name, any, active: FxHashSet::default(), in_place_folds: 0 }
    }

    fn legalize(&mut self, rw: &mut ConversionRewriter<'_>, op: OpId) -> bool {
        if self.target.is_legal(rw.ir(), op) || rw.is_ignored(op) {
            return true;
        }
        self.legalize_with_fold(rw, op) || self.legalize_with_pattern(rw, op)
    }

    fn legalize_with_fold(&mut self, rw: &mut ConversionRewriter<'_>, op: OpId) -> bool {
        let cp = rw.checkpoint();
        let mut attempt = FoldAttempt::Failed;
        rw.modify_in_place(op, |ir| attempt = try_fold(ir, op));
        let out = match attempt {
            FoldAttempt::Failed => {
                rw.rollback(cp);
                return false;
            }
            FoldAttempt::InPlace => {
                // Legalize the updated op anew (bounded: a folder that keeps
                // reporting in-place updates stops here).
                self.in_place_folds += 1;
                let ok = self.in_place_folds <= MAX_IN_PLACE_FOLDS && self.legalize(rw, op);
                self.in_place_folds -= 1;
                return ok;
            }
            FoldAttempt::Values(out) => out,
        };
        // Drop the in-place record: the op is replaced, not modified.
        rw.replace_op(op, &out);
        let end = rw.ir().op_capacity();
        for i in cp.ops..end {
            let c = OpId::new(i);
            if rw.ir().is_alive(c) && !rw.is_ignored(c) && !self.legalize(rw, c) {
                rw.rollback(cp);
                return false;
            }
        }
        true
    }

    fn legalize_with_pattern(&mut self, rw: &mut ConversionRewriter<'_>, op: OpId) -> bool {
        let mut cands: Vec<usize> = self.by_name.get(rw.ir().op_name_str(op)).cloned().unwrap_or_default();
        cands.extend(self.any.iter().copied());
        cands.sort_by_key(|&i| (std::cmp::Reverse(self.patterns.patterns[i].benefit()), i));
        let loc = rw.ir().op_loc(op);
        for i in cands {
            if !self.active.insert(i) {
                continue;
            }
            let p = &self.patterns.patterns[i];
            let cp = rw.checkpoint();
            let saved = std::mem::replace(&mut rw.converter, p.type_converter().cloned());
            let operands = rw.ir().operand_vec(op);
            let ok = match rw.remap_values(loc, &operands) {
                Some(remapped) => p.match_and_rewrite(op, &remapped, rw).is_ok(),
                None => false,
            };
            rw.converter = saved;
            let ok = ok && self.legalize_pattern_result(rw, op, cp);
            self.active.remove(&i);
            if ok {
                return true;
            }
            rw.rollback(cp);
        }
        false
    }

    /// Legalizes what the pattern just applied to `op` moved, changed and
    /// built since `cp`.
    fn legalize_pattern_result(&mut self, rw: &mut ConversionRewriter<'_>, op: OpId, cp: Checkpoint) -> bool {
        let end_ops = rw.ir().op_capacity();
        let created = |o: OpId| o.index() >= cp.ops && o.index() < end_ops;
        let (moved, modified) = rw.rewrites_since(cp);
        // Blocks moved into other ops: convert them with their region's
        // converter, or legalize their parent op again.
        let mut reparents: FxHashSet<OpId> = FxHashSet::default();
        for b in moved {
            let Some(parent) = rw.ir().block_parent_op(b) else { continue };
            if parent == op || rw.ir().block_args(b).is_empty() || created(parent) {
                continue;
            }
            let region = rw.ir().block_region(b).expect("block in a region");
            if let Some(c) = rw.region_converter.get(&region).cloned() {
                let Some(conv) = c.convert_block_signature(rw.ir(), b) else { return false };
                rw.apply_signature_conversion(b, &conv, Some(&c));
            } else if reparents.insert(parent) && !self.legalize(rw, parent) {
                return false;
            }
        }
        for o in modified {
            if !self.legalize(rw, o) {
                return false;
            }
        }
        for i in cp.ops..end_ops {
            let c = OpId::new(i);
            if rw.ir().is_alive(c) && !rw.mats.contains_key(&c) && !rw.is_ignored(c) && !self.legalize(rw, c) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests;
