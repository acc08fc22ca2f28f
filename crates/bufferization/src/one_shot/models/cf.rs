//! The `BufferizableOp` models of `cf.br` and `cf.cond_br` (upstream's
//! `ControlFlow/Transforms/BufferizableOpInterfaceImpl.cpp`): a forwarded
//! operand neither reads nor writes, it aliases the successor argument it
//! is forwarded to. Bufferizing a branch does nothing: the op owning the
//! successor blocks rewrites the forwarded operands when it bufferizes the
//! block signatures ([`crate::one_shot::unstructured`]).

use crate::one_shot::interface::{AliasingValueList, AnalysisState, BufferizableOp};
use crate::one_shot::options::BufferizationOptions;
use crate::one_shot::unstructured::branch_aliasing_values;
use dialects::cf::{BrOp, CondBrOp};
use ir::rewrite_api::PatternRewriter;
use ir::{Context, Diagnostic, Ir, OpId, OperandId};

/// The model of a branch op.
pub struct BranchModel;

impl BufferizableOp for BranchModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        branch_aliasing_values(ir, operand)
    }
    fn supports_unstructured_control_flow(&self) -> bool {
        true
    }
    fn bufferize(
        &self,
        _rw: &mut PatternRewriter<'_>,
        _op: OpId,
        _options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        Ok(())
    }
}

/// Attaches the `cf` models.
pub fn register(ctx: &mut Context) {
    for name in [BrOp::NAME, CondBrOp::NAME] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn BufferizableOp>(n, Box::new(BranchModel));
    }
}
