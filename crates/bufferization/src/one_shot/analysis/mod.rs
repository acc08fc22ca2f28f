//! One-Shot Analysis: alias and equivalence sets and the in-place decision
//! of every tensor operand (STUB in os-base: the analysis helper replaces
//! this file; the API below is the contract).

use super::interface::{base_is_in_place, AnalysisState};
use super::options::BufferizationOptions;
use ir::{Diagnostic, Ir, OpId, OperandId, ValueId};

/// Counters the pass reports under `--mlir-pass-statistics`.
#[derive(Default, Debug, Clone, Copy)]
pub struct AnalysisStatistics {
    /// Operands decided in place.
    pub num_tensor_in_place: u64,
    /// Operands decided out of place.
    pub num_tensor_out_of_place: u64,
}

/// The analysis result. Owns a copy of the options; keyed by IR handles, so
/// it stays usable while copy insertion adds ops.
pub struct OneShotAnalysisState {
    options: BufferizationOptions,
}

impl AnalysisState for OneShotAnalysisState {
    fn options(&self) -> &BufferizationOptions {
        &self.options
    }
    fn is_in_place(&self, ir: &Ir, operand: OperandId) -> bool {
        base_is_in_place(self, ir, operand)
    }
    fn are_equivalent_bufferized_values(&self, _ir: &Ir, _a: ValueId, _b: ValueId) -> bool {
        false
    }
    fn are_aliasing_bufferized_values(&self, _ir: &Ir, _a: ValueId, _b: ValueId) -> bool {
        true
    }
    fn has_undefined_contents(&self, _ir: &Ir, _operand: OperandId) -> bool {
        false
    }
}

/// Analyzes every op nested in `op`; with `options.test_analysis_only`
/// also annotates the IR (`__inplace_operands_attr__`, alias sets,
/// conflicts). Errors are upstream's located diagnostics (earlier ones
/// chained in `preceding`).
pub fn analyze_op(
    _ir: &mut Ir,
    _op: OpId,
    options: &BufferizationOptions,
    _stats: &mut AnalysisStatistics,
) -> Result<OneShotAnalysisState, Diagnostic> {
    Ok(OneShotAnalysisState { options: options.clone() })
}
