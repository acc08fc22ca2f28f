//! Test-dialect ops that upstream's `Analysis/` tests use beyond those of
//! [`crate::test_ops`]: `test.same_operand_result_type` (one tensor operand
//! and one tensor result of the same type; MLIR's `SameOperandsAndResultType`
//! trait, which also makes it infer its result type). Generic syntax only,
//! as upstream.

use crate::util::register_op;
use ir::{Context, Diagnostic, Ir, OpId, OpTraits};

/// Registers the ops.
pub fn register(ctx: &mut Context) {
    register_op(
        ctx,
        "test.same_operand_result_type",
        OpTraits::SAME_OPERANDS_AND_RESULT_TYPE,
        &[],
        Some(verify_same_operand_result_type),
        None,
    );
}

fn op_error(ir: &Ir, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), format!("'{}' op {msg}", ir.op_name_str(op)))
}

/// ODS's checks in upstream's order: operand and result counts, the
/// tensor constraints, then the trait.
fn verify_same_operand_result_type(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.num_operands(op) != 1 {
        return Err(op_error(ir, op, "requires a single operand"));
    }
    if ir.num_results(op) != 1 {
        return Err(op_error(ir, op, "requires one result"));
    }
    let ctx = ir.ctx();
    let (a, r) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.result(op, 0)));
    for (what, t) in [("operand", a), ("result", r)] {
        if !ctx.is_tensor(t) {
            let shown = syntax::print_attr::type_to_string(ctx, t);
            return Err(op_error(ir, op, format!("{what} #0 must be tensor of any type values, but got '{shown}'")));
        }
    }
    if a != r {
        return Err(op_error(ir, op, "requires the same type for all operands and results"));
    }
    Ok(())
}
