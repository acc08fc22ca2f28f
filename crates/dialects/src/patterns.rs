//! Canonicalization patterns written as plain functions, and their
//! registration: one `CanonicalizationPatterns` implementation per op,
//! holding that op's patterns in upstream's registration order. Every
//! dialect module registers its patterns through [`register_patterns`];
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

/// One op's patterns, as `(label, rewrite)`.
struct OpPatterns {
    root: &'static str,
    patterns: Vec<(&'static str, PatternFn)>,
}

impl CanonicalizationPatterns for OpPatterns {
    fn patterns(&self) -> Vec<Box<dyn RewritePattern>> {
        self.patterns
            .iter()
            .map(|&(name, f)| Box::new(FnPattern { name, root: self.root, f }) as Box<dyn RewritePattern>)
            .collect()
    }
}

/// Patterns an op contributes whose roots are other ops (`to_memref`'s
/// `memref.load` folding), as `(label, root op name, rewrite)` in upstream's
/// registration order: attach with the op's `CanonicalizationPatterns`.
pub struct RootedPatterns(pub &'static [(&'static str, &'static str, PatternFn)]);

impl CanonicalizationPatterns for RootedPatterns {
    fn patterns(&self) -> Vec<Box<dyn RewritePattern>> {
        self.0.iter().map(|&(name, root, f)| Box::new(FnPattern { name, root, f }) as Box<dyn RewritePattern>).collect()
    }
}

/// Attaches `(op name, label, rewrite)` patterns, grouped by op, in order.
/// An op has one pattern set: registering patterns for an op again replaces
/// what it had.
pub fn register_patterns(ctx: &mut Context, list: &[(&'static str, &'static str, PatternFn)]) {
    let mut by_op: Vec<OpPatterns> = Vec::new();
    for &(root, name, f) in list {
        match by_op.iter_mut().find(|p| p.root == root) {
            Some(p) => p.patterns.push((name, f)),
            None => by_op.push(OpPatterns { root, patterns: vec![(name, f)] }),
        }
    }
    for p in by_op {
        let n = ctx.intern_str(p.root);
        ctx.registry_mut().add_interface::<dyn CanonicalizationPatterns>(n, Box::new(p));
    }
}
