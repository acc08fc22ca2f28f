//! Canonicalization patterns written as plain functions, and their
//! registration: one [`PatternSet`] per op, holding the patterns the op
//! contributes in upstream's registration order. Declared ops list theirs in
//! `declare_op!`'s `patterns:`; [`register_patterns`] serves the rest, and
//! [`register_dialect_patterns`] attaches a dialect's own patterns, which
//! match any op (through an interface).
//! [`insert_before`] is where the patterns build replacements.

use ir::rewrite_api::{CanonicalizationPatterns, PatternRewriter, RewritePattern};
use ir::{Context, InsertPoint, Location, OpId};

/// Points the rewriter right before `op` and returns `op`'s location:
/// where the patterns build replacements.
pub(crate) fn insert_before(rw: &mut PatternRewriter<'_>, op: OpId) -> Location {
    rw.set_insertion_point(InsertPoint::Before(op));
    rw.ir().op_loc(op)
}

/// A canonicalization pattern body: rewrites around `op` through the
/// rewriter and returns true when it changed the IR (and false, with the IR
/// untouched, otherwise).
pub type PatternFn = fn(OpId, &mut PatternRewriter<'_>) -> bool;

/// A [`RewritePattern`] implemented by a function.
pub struct FnPattern {
    /// The pattern's label (upstream's C++ class name).
    pub name: &'static str,
    /// The op name it matches.
    pub root: &'static str,
    /// The rewrite.
    pub f: PatternFn,
}

impl RewritePattern for FnPattern {
    fn name(&self) -> &str {
        self.name
    }
    fn root(&self) -> Option<&str> {
        Some(self.root)
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        (self.f)(op, rewriter)
    }
}

/// The canonicalization patterns one op contributes, as `(label, root op
/// name, rewrite)` in upstream's registration order (MLIR's
/// `getCanonicalizationPatterns`). The root is usually the op itself, but
/// an op may contribute patterns for others (`bufferization.to_memref`
/// folds `memref.load`s of it). `declare_op!` attaches one per op.
pub struct PatternSet(pub Vec<(&'static str, &'static str, PatternFn)>);

impl CanonicalizationPatterns for PatternSet {
    fn patterns(&self) -> Vec<Box<dyn RewritePattern>> {
        self.0.iter().map(|&(name, root, f)| Box::new(FnPattern { name, root, f }) as Box<dyn RewritePattern>).collect()
    }
}

/// Attaches `(op name, label, rewrite)` patterns, grouped by op, in order,
/// for ops registered without a declaration. An op has one pattern set:
/// attaching a second is a registration error.
pub fn register_patterns(ctx: &mut Context, list: &[(&'static str, &'static str, PatternFn)]) {
    let mut by_op: Vec<(&'static str, PatternSet)> = Vec::new();
    for &(root, name, f) in list {
        match by_op.iter_mut().find(|(r, _)| *r == root) {
            Some((_, set)) => set.0.push((name, root, f)),
            None => by_op.push((root, PatternSet(vec![(name, root, f)]))),
        }
    }
    for (root, set) in by_op {
        let n = ctx.intern_str(root);
        ctx.registry_mut().add_interface::<dyn CanonicalizationPatterns>(n, Box::new(set));
    }
}

/// A dialect-level pattern (root: any op), implemented by a function.
pub struct AnyOpPattern {
    /// The pattern's label (upstream's C++ class name).
    pub name: &'static str,
    /// The rewrite; it checks the op kind (an interface) itself.
    pub f: PatternFn,
}

impl RewritePattern for AnyOpPattern {
    fn name(&self) -> &str {
        self.name
    }
    fn root(&self) -> Option<&str> {
        None
    }
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        (self.f)(op, rewriter)
    }
}

/// A dialect's canonicalization patterns, in upstream's order.
pub struct DialectPatterns(pub Vec<(&'static str, PatternFn)>);

impl CanonicalizationPatterns for DialectPatterns {
    fn patterns(&self) -> Vec<Box<dyn RewritePattern>> {
        self.0.iter().map(|&(name, f)| Box::new(AnyOpPattern { name, f }) as Box<dyn RewritePattern>).collect()
    }
}

/// Attaches `(label, rewrite)` patterns as dialect `dialect`'s own (MLIR's
/// `Dialect::getCanonicalizationPatterns`); the dialect must be registered.
pub fn register_dialect_patterns(ctx: &mut Context, dialect: &str, list: &[(&'static str, PatternFn)]) {
    let name = ctx.intern_str(dialect);
    ctx.registry_mut().set_dialect_patterns(name, std::sync::Arc::new(DialectPatterns(list.to_vec())));
}
