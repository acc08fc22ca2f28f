//! The `linalg-generalize-named-ops` pass (MLIR's
//! `LinalgGeneralizeNamedOpsPass`): every linalg structured op that is not
//! already a `linalg.generic` (nor a `linalg.map`, whose body has no
//! argument for its init) becomes a `linalg.generic` with the op's
//! indexing maps, iterator types and body.
//!
//! Ops are found and read through the structured-op query of the linalg
//! dialect ([`structured_info`]: the maps, iterators and `ins`/`outs`
//! split every structured op answers), never by name, so every named op
//! declared as a table row in `dialects::linalg` (matmuls, convolutions,
//! pooling, elementwise, `fill`, `copy`, `transpose`, `broadcast`,
//! `reduce`, ...) is generalized the same way. The generic op takes the
//! `ins` and `outs` operands, one result per init when the op has pure
//! tensor semantics (no memref operand, at least one tensor) and none
//! otherwise, and the op's region moved over as it is. Other attributes
//! (the function attributes `cast`/`fun`, the memoized maps, discardable
//! ones) are dropped, as upstream's builder does.
//!
//! As upstream, the rewrite runs as a pattern under the greedy driver
//! (`applyPatternsAndFoldGreedily`), so the pass also folds, removes dead
//! ops and de-duplicates and hoists constants like the driver does.
//!
//! The pass lives in this crate because it is the pass crate that sees
//! `dialects`' typed views (`transforms` knows ops only through the
//! registry).

use dialects::linalg::named::enum_attr;
use dialects::linalg::{structured_info, GenericOp, IteratorKind, MapOp};
use ir::rewrite_api::{PatternRewriter, RewritePattern};
use ir::{AttrKind, Diagnostic, Ir, OpId, Type};
use std::sync::{Arc, OnceLock};
use transforms::greedy::{apply_patterns_and_fold_greedily, FrozenPatterns, GreedyConfig};
use transforms::pass::{Pass, PassContext, PassInfo};

/// Rewrites one structured op into a `linalg.generic` (upstream's
/// `LinalgGeneralizationPattern` over `generalizeNamedOp`).
struct GeneralizeNamedOp;

impl RewritePattern for GeneralizeNamedOp {
    fn name(&self) -> &str {
        "LinalgGeneralizationPattern"
    }
    fn root(&self) -> Option<&str> {
        None
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
        generalize_named_op(rw, op).is_some()
    }
}

/// Replaces the structured op `op` with an equivalent `linalg.generic` and
/// returns it; `None` (IR unchanged) when `op` is not a structured op, is
/// already a `linalg.generic` or a `linalg.map`, or has no single region
/// (upstream's `generalizeNamedOp`).
pub fn generalize_named_op(rw: &mut PatternRewriter<'_>, op: OpId) -> Option<GenericOp> {
    let ir = rw.ir();
    if GenericOp::matches(ir, op) || MapOp::matches(ir, op) || ir.regions(op).len() != 1 {
        return None;
    }
    let info = structured_info(ir, op)?;
    let ctx = Arc::clone(ir.ctx_arc());
    let operands: Vec<_> = (0..ir.num_operands(op)).map(|i| ir.operand(op, i)).collect();
    if operands.len() != info.num_inputs + info.num_outputs || info.indexing_maps.len() != operands.len() {
        return None;
    }
    let (inputs, outputs) = operands.split_at(info.num_inputs);
    let types: Vec<Type> = operands.iter().map(|&v| ir.value_type(v)).collect();
    let pure_tensor = !types.iter().any(|&t| ctx.is_memref(t)) && types.iter().any(|&t| ctx.is_tensor(t));
    let result_types: Vec<Type> = if pure_tensor { types[info.num_inputs..].to_vec() } else { Vec::new() };
    if result_types.len() != ir.num_results(op) {
        return None;
    }
    let maps: Vec<_> = info.indexing_maps.iter().map(|m| ctx.attr(AttrKind::AffineMap(m.clone()))).collect();
    let iterators: Vec<_> = info
        .iterators
        .iter()
        .map(|k| {
            let case = match k {
                IteratorKind::Parallel => "parallel",
                IteratorKind::Reduction => "reduction",
            };
            enum_attr(&ctx, "iterator_type", case)
        })
        .collect();
    let loc = ir.op_loc(op);
    let body = ir.regions(op)[0];
    rw.set_insertion_point(ir::InsertPoint::Before(op));
    let generic = GenericOp::build(
        rw,
        loc,
        &result_types,
        inputs,
        outputs,
        None,
        Some(ctx.array_attr(&maps)),
        Some(ctx.array_attr(&iterators)),
        None,
        1,
    );
    let dest = rw.ir().regions(generic.0)[0];
    rw.inline_region_before(body, dest, None);
    let results: Vec<_> = rw.ir().results(generic.0).collect();
    rw.replace_op(op, &results);
    Some(generic)
}

/// The `linalg-generalize-named-ops` pass.
pub struct GeneralizeNamedOps {
    /// The pattern, frozen on first use with the address of its context.
    frozen: OnceLock<(usize, FrozenPatterns)>,
}

fn patterns(ir: &Ir) -> FrozenPatterns {
    FrozenPatterns::new(ir, vec![Box::new(GeneralizeNamedOp)])
}

impl Pass for GeneralizeNamedOps {
    fn name(&self) -> &'static str {
        "linalg-generalize-named-ops"
    }
    fn title(&self) -> String {
        "LinalgGeneralizeNamedOpsPass".to_string()
    }
    fn runs_per_isolated_symbol(&self) -> bool {
        // One op at a time, constants uniqued per isolated region.
        true
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        let ctx_id = Arc::as_ptr(ir.ctx_arc()) as usize;
        let (owner, cached) = self.frozen.get_or_init(|| (ctx_id, patterns(ir)));
        let fresh;
        let frozen = if *owner == ctx_id {
            cached
        } else {
            fresh = patterns(ir);
            &fresh
        };
        // Upstream ignores whether the driver converged.
        apply_patterns_and_fold_greedily(ir, op, frozen, &GreedyConfig::default());
        Ok(())
    }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "linalg-generalize-named-ops",
        summary: "Convert named ops into generic ops",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(GeneralizeNamedOps { frozen: OnceLock::new() })),
    }
}
