//! `finalizing-bufferize` (as mlir-opt-19's, `Bufferize.cpp`): the last
//! step of dialect-conversion bufferization. Every type must be legal
//! for the [`bufferize_type_converter`] afterwards (a full conversion of
//! each function), so the `bufferization.to_tensor` / `to_memref`
//! materializations left by the partial passes become identities and go;
//! an op that still has a tensor operand or result fails the pass with
//! "failed to legalize operation". Runs on each `func.func` (on the
//! functions of a module when given one, as mlir-opt nests it).

use crate::type_converter::bufferize_type_converter;
use ir::{Diagnostic, Ir, OpId};
use std::sync::Arc;
use transforms::conversion::{apply_full_conversion, ConversionPatternSet, ConversionTarget, TypeConverter};
use transforms::pass::{Pass, PassContext, PassInfo};

/// Adds the patterns that replace `to_tensor` and `to_memref` by their
/// converted operand (upstream's
/// `populateEliminateBufferizeMaterializationsPatterns`).
pub fn add_eliminate_materialization_patterns(patterns: &mut ConversionPatternSet, tc: &Arc<TypeConverter>) {
    for name in ["bufferization.to_tensor", "bufferization.to_memref"] {
        patterns.add_fn(Some(name), Some(tc.clone()), |op, operands, rw| {
            rw.replace_op(op, &operands[..1]);
            Ok(())
        });
    }
}

/// The `finalizing-bufferize` pass.
pub struct FinalizingBufferize;

impl FinalizingBufferize {
    fn run_on_function(ir: &mut Ir, func: OpId) -> Result<(), Diagnostic> {
        let tc = bufferize_type_converter();
        let mut patterns = ConversionPatternSet::new();
        add_eliminate_materialization_patterns(&mut patterns, &tc);
        let mut target = ConversionTarget::new();
        let c = tc.clone();
        target.mark_unknown_op_dynamically_legal(move |ir, op| c.is_legal_op(ir, op));
        apply_full_conversion(ir, func, &target, &patterns)
    }
}

/// The `func.func` ops `op` is or directly holds.
pub(crate) fn functions_of(ir: &Ir, op: OpId) -> Vec<OpId> {
    if ir.is_op(op, "func.func") {
        return vec![op];
    }
    ir.regions(op)
        .iter()
        .flat_map(|&r| ir.region_blocks(r))
        .flat_map(|b| ir.block_ops(b))
        .filter(|&o| ir.is_op(o, "func.func"))
        .collect()
}

impl Pass for FinalizingBufferize {
    fn name(&self) -> &'static str {
        "finalizing-bufferize"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        for f in functions_of(ir, op) {
            Self::run_on_function(ir, f)?;
        }
        Ok(())
    }
}

/// Registration of `finalizing-bufferize`.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "finalizing-bufferize",
        summary: "Finalize a partial bufferization",
        options: vec![],
        ctor: |_| Ok(Box::new(FinalizingBufferize)),
    }
}
