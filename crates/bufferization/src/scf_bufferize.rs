//! `scf-bufferize` (as mlir-opt-19's, `SCF/Transforms/Bufferize.cpp` over
//! `StructuralTypeConversions.cpp`): a partial conversion that gives
//! `scf.for`, `scf.if` and `scf.while` converted result and region
//! argument types, and their `scf.yield` / `scf.condition` converted
//! operands, with the [`bufferize_type_converter`]. Values flowing in from
//! or out to unconverted ops get `bufferization.to_memref` /
//! `to_tensor` materializations.
//!
//! The structural patterns are public ([`add_scf_structural_conversions`])
//! for use with any type converter.

use crate::type_converter::{add_materialization_legality, bufferize_type_converter};
use ir::{Diagnostic, InsertPoint, Ir, OpId, OpSpec, Type, ValueId};
use std::sync::Arc;
use transforms::conversion::NoMatch;
use transforms::conversion::{
    apply_partial_conversion, ConversionPatternSet, ConversionRewriter, ConversionTarget, TypeConverter,
};
use transforms::pass::{Pass, PassContext, PassInfo};

/// Builds a new op like `op` (same name and attributes) with `operands`
/// and `results`, moves `op`'s regions into it (converting their block
/// arguments first when `convert_regions`) and replaces `op` with it.
fn rebuild(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    operands: &[ValueId],
    results: &[Type],
    keep_attrs: bool,
    convert_regions: bool,
    tc: &Arc<TypeConverter>,
) -> Result<(), NoMatch> {
    let ir = rw.ir();
    let regions = ir.regions(op).to_vec();
    if convert_regions {
        for &r in &regions {
            rw.convert_region_types(r, tc, None)?;
        }
    }
    let ir = rw.ir();
    let attrs = if keep_attrs { ir.attrs(op).to_vec() } else { Vec::new() };
    let spec = OpSpec {
        operands,
        results,
        attrs: &attrs,
        num_regions: regions.len(),
        ..OpSpec::new(ir.op_name(op), ir.op_loc(op))
    };
    let new = rw.ir_mut().insert_new_op(InsertPoint::Before(op), spec);
    for (i, &r) in regions.iter().enumerate() {
        let dst = rw.ir().region(new, i);
        rw.inline_region_before(r, dst, None);
    }
    rw.replace_op_with_op(op, new);
    Ok(())
}

/// Adds the structural type conversion patterns of `scf` (for, if, while,
/// yield, condition) for `tc` (upstream's
/// `populateSCFStructuralTypeConversions`, 1:1 conversions).
pub fn add_scf_structural_conversions(patterns: &mut ConversionPatternSet, tc: &Arc<TypeConverter>) {
    for (name, keep_attrs, convert_regions) in
        [("scf.for", true, true), ("scf.if", true, false), ("scf.while", false, true)]
    {
        let c = tc.clone();
        patterns.add_fn(Some(name), Some(tc.clone()), move |op, operands, rw| {
            let ctx = rw.ir().ctx_arc().clone();
            let results = c.convert_types(&ctx, &rw.ir().result_types(op)).ok_or(NoMatch)?;
            if results.len() != rw.ir().num_results(op) {
                return Err(NoMatch);
            }
            rebuild(rw, op, operands, &results, keep_attrs, convert_regions, &c)
        });
    }
    patterns.add_fn(Some("scf.yield"), Some(tc.clone()), |op, operands, rw| {
        let ir = rw.ir();
        let spec = OpSpec { operands, ..OpSpec::new(ir.op_name(op), ir.op_loc(op)) };
        let new = rw.ir_mut().insert_new_op(InsertPoint::Before(op), spec);
        rw.replace_op_with_op(op, new);
        Ok(())
    });
    patterns.add_fn(Some("scf.condition"), Some(tc.clone()), |op, operands, rw| {
        rw.set_operands(op, operands);
        Ok(())
    });
}

/// Adds the legality of the `scf` structural ops under `tc` (upstream's
/// `populateSCFStructuralTypeConversionTarget`).
pub fn add_scf_structural_legality(target: &mut ConversionTarget, tc: &Arc<TypeConverter>) {
    for name in ["scf.for", "scf.if"] {
        let c = tc.clone();
        target.add_dynamically_legal_op(name, move |ir, op| c.are_legal_types(ir.ctx(), &ir.result_types(op)));
    }
    let c = tc.clone();
    target.add_dynamically_legal_op("scf.yield", move |ir, op| {
        let parent = ir.parent_op(op);
        if !parent.is_some_and(|p| ["scf.for", "scf.if", "scf.while"].iter().any(|n| ir.is_op(p, n))) {
            return true;
        }
        c.are_legal_types(ir.ctx(), &ir.operand_types(op))
    });
    for name in ["scf.while", "scf.condition"] {
        let c = tc.clone();
        target.add_dynamically_legal_op(name, move |ir, op| c.is_legal_op(ir, op));
    }
}

/// The `scf-bufferize` pass.
pub struct ScfBufferize;

impl Pass for ScfBufferize {
    fn name(&self) -> &'static str {
        "scf-bufferize"
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        let tc = bufferize_type_converter();
        let mut target = ConversionTarget::new();
        add_materialization_legality(&mut target);
        let mut patterns = ConversionPatternSet::new();
        add_scf_structural_conversions(&mut patterns, &tc);
        add_scf_structural_legality(&mut target, &tc);
        apply_partial_conversion(ir, op, &target, &patterns)
    }
}

/// Registration of `scf-bufferize`.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "scf-bufferize",
        summary: "Bufferize the scf dialect.",
        options: vec![],
        ctor: |_| Ok(Box::new(ScfBufferize)),
    }
}
