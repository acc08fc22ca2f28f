//! The pass manager checks `Ir::check_invariants` after every pass when
//! `BUFOPT_CHECK_INVARIANTS=1` (or in a debug build): a pass that leaves the
//! IR inconsistent fails with a located internal error naming it.

use std::sync::Arc;
use syntax::op_parser::{parse_source, ParseOptions};
use transforms::pass::{Pass, PassContext, PassManager, PmElement, PmOptions};

/// Unlinks every `arith.addi` from its block without erasing it: its
/// operand slots stay in the use-lists of the function's values.
struct DropAdds;

impl Pass for DropAdds {
    fn name(&self) -> &'static str {
        "test-drop-adds"
    }
    fn run(&self, ir: &mut ir::Ir, op: ir::OpId, _: &mut PassContext) -> Result<(), ir::Diagnostic> {
        for o in ir.pre_order(op) {
            if ir.is_op(o, "arith.addi") {
                let r = ir.result(o, 0);
                let a = ir.operand(o, 0);
                ir.replace_all_uses(r, a);
                ir.remove_op(o);
            }
        }
        Ok(())
    }
}

const MODULE: &str = "func.func @f(%a: i32) -> i32 {\n  %x = arith.addi %a, %a : i32\n  return %x : i32\n}\n";

#[test]
fn a_pass_that_breaks_an_invariant_is_an_internal_error() {
    std::env::set_var("BUFOPT_CHECK_INVARIANTS", "1");
    assert!(transforms::pass::check_invariants_enabled());
    let ctx = Arc::new(dialects::new_context());
    let parsed = parse_source(&ctx, MODULE, "input.mlir", ParseOptions::default()).expect("parses");
    let mut ir = parsed.ir;
    let mut pm = PassManager::new("builtin.module", PmOptions::default());
    pm.elems = vec![PmElement::Pass(Box::new(DropAdds))];
    let err = pm.run(&mut ir, parsed.top, &mut |_: &str, _: &ir::Ir, _: ir::OpId| {}).expect_err("caught");
    assert!(
        err.message.starts_with("internal error: pass 'test-drop-adds' left the IR inconsistent"),
        "{}",
        err.message
    );
    assert!(err.message.contains("an op outside the IR"), "{}", err.message);
    assert!(err.op.is_some());

    // The same pipeline on a pass that keeps the IR consistent succeeds.
    let parsed = parse_source(&ctx, MODULE, "input.mlir", ParseOptions::default()).expect("parses");
    let mut ir = parsed.ir;
    let mut pm = PassManager::new("builtin.module", PmOptions::default());
    pm.elems = vec![PmElement::Pass(Box::new(transforms::cse::CsePass))];
    pm.run(&mut ir, parsed.top, &mut |_: &str, _: &ir::Ir, _: ir::OpId| {}).expect("cse keeps the invariants");
}
