//! `--test-side-effects` (upstream's `TestSideEffects.cpp`): a remark for
//! each memory effect of each op that declares its effects (pure ops
//! declare none), terminators aside.

use crate::pass::PassContext;
use ir::interfaces::{EffectKind, EffectOn, Resource};
use ir::{Diagnostic, Ir, OpId, OpTraits};

/// The resource's name as upstream prints it.
fn resource_name(r: Resource) -> &'static str {
    match r {
        Resource::Default => "<Default>",
        Resource::AutomaticAllocationScope => "AutomaticAllocationScope",
        Resource::User(name) => name,
    }
}

/// The pass body.
pub(super) fn test_side_effects(ir: &Ir, root: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
    let declares = |op: OpId| {
        let name = ir.op_name(op);
        ir.ctx().registry().interface::<dyn ir::interfaces::MemoryEffects>(name).is_some()
            || ir.has_trait(op, OpTraits::PURE)
    };
    let mut remarks = Vec::new();
    ir.walk_post(root, |op| {
        if !declares(op) || ir.has_trait(op, OpTraits::TERMINATOR) {
            return ir::WalkResult::Advance;
        }
        let effects = ir::interfaces::memory_effects(ir, op).unwrap_or_default();
        if effects.is_empty() {
            remarks.push((op, "operation has no memory effects".to_string()));
        }
        for e in effects {
            let kind = match e.kind {
                EffectKind::Allocate => "allocate",
                EffectKind::Free => "free",
                EffectKind::Read => "read",
                EffectKind::Write => "write",
            };
            let on = match e.on {
                EffectOn::Operand(_) => " on a op operand,",
                EffectOn::Result(_) => " on a op result,",
                EffectOn::Unknown => "",
            };
            let msg = format!("found an instance of '{kind}'{on} on resource '{}'", resource_name(e.resource));
            remarks.push((op, msg));
        }
        ir::WalkResult::Advance
    });
    for (op, msg) in remarks {
        cx.report(ir, Diagnostic::remark(ir.op_loc(op), msg).with_op(op));
    }
    Ok(())
}
