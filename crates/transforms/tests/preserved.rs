//! The pass manager skips the verification after a pass that reported it
//! preserved everything (`PassContext::preserved_all`, MLIR's
//! `markAllAnalysesPreserved`), and runs it otherwise: a pass that breaks
//! the IR behind the pass manager's back shows which one happened.

use std::sync::Arc;
use syntax::op_parser::{parse_source, ParseOptions};
use transforms::pass::{Pass, PassContext, PassManager, PmElement, PmOptions};

/// Erases the terminator of every function it runs on (leaving a block
/// without one, which the verifier rejects) and reports `preserved_all`
/// as it is told.
struct BreakTerminators {
    claim_preserved: bool,
    per_function: bool,
}

impl Pass for BreakTerminators {
    fn name(&self) -> &'static str {
        "test-break-terminators"
    }
    fn runs_per_isolated_symbol(&self) -> bool {
        self.per_function
    }
    fn run(&self, ir: &mut ir::Ir, op: ir::OpId, cx: &mut PassContext) -> Result<(), ir::Diagnostic> {
        let mut terminators = Vec::new();
        ir.walk_pre(op, |o| {
            if ir.is_op(o, "func.return") {
                terminators.push(o);
            }
            ir::WalkResult::Advance
        });
        for t in terminators {
            ir.erase_op(t);
        }
        cx.preserved_all = self.claim_preserved;
        Ok(())
    }
}

const MODULE: &str = "module {\n  func.func @f(%a: i32) -> i32 {\n    %x = arith.addi %a, %a : i32\n    return %x : i32\n  }\n  func.func @g(%a: i32) -> i32 {\n    return %a : i32\n  }\n}\n";

fn run(claim_preserved: bool, per_function: bool, threading: bool) -> Result<(), ir::Diagnostic> {
    let ctx = Arc::new(dialects::new_context());
    let parsed = parse_source(&ctx, MODULE, "input.mlir", ParseOptions { allow_unregistered: false }).expect("parses");
    let mut ir = parsed.ir;
    let opts = PmOptions { verify_each: true, threading, ..PmOptions::default() };
    let mut pm = PassManager::new("builtin.module", opts);
    pm.elems = vec![PmElement::Pass(Box::new(BreakTerminators { claim_preserved, per_function }))];
    pm.run(&mut ir, parsed.top, &mut |_: &str, _: &ir::Ir, _: ir::OpId| {})
}

#[test]
fn a_pass_that_changed_the_ir_is_verified() {
    for (per_function, threading) in [(false, false), (true, false), (true, true)] {
        let err = run(false, per_function, threading).expect_err("the broken IR is caught");
        assert!(err.message.contains("terminator"), "{}", err.message);
    }
}

#[test]
fn a_pass_that_preserved_everything_is_not_verified() {
    for (per_function, threading) in [(false, false), (true, false), (true, true)] {
        run(true, per_function, threading).expect("no verification after a pass that claims to preserve all");
    }
}

#[test]
fn cse_marks_an_unchanged_function_preserved() {
    let ctx = Arc::new(dialects::new_context());
    for (text, changes) in [
        ("func.func @f(%a: i32) -> i32 {\n  %x = arith.addi %a, %a : i32\n  return %x : i32\n}\n", false),
        (
            "func.func @f(%a: i32) -> i32 {\n  %x = arith.addi %a, %a : i32\n  %y = arith.addi %a, %a : i32\n  %z = arith.muli %x, %y : i32\n  return %z : i32\n}\n",
            true,
        ),
    ] {
        let parsed = parse_source(&ctx, text, "input.mlir", ParseOptions { allow_unregistered: false }).expect("parses");
        let mut ir = parsed.ir;
        let f = ir
            .block_ops(ir.entry_block(ir.regions(parsed.top)[0]).expect("module body"))
            .next()
            .expect("one function");
        let mut cx = PassContext::new();
        transforms::cse::CsePass.run(&mut ir, f, &mut cx).expect("cse runs");
        assert_eq!(cx.preserved_all, !changes, "{text}");
    }
}

/// The canonicalizer reports `preserved_all` exactly when it left a
/// function untouched: nothing to fold, erase or hoist. Each change the
/// driver can make (a fold, a dead op, a constant moved to the front of the
/// entry block, a duplicate constant) shows in the printed function.
#[test]
fn canonicalize_marks_an_unchanged_function_preserved() {
    use syntax::printer::{print_module, PrintOptions};
    use transforms::pass::PassOptions;
    let ctx = Arc::new(dialects::new_context());
    let pass = transforms::canonicalize::Canonicalize::from_options(&PassOptions::default()).expect("default options");
    for (text, changes) in [
        ("func.func @f(%a: i32) -> i32 {\n  %x = arith.addi %a, %a : i32\n  return %x : i32\n}\n", false),
        (
            "func.func @f(%a: i32) -> i32 {\n  %c5 = arith.constant 5 : i32\n  %x = arith.muli %a, %c5 : i32\n  return %x : i32\n}\n",
            false,
        ),
        // A fold: `x + 0`.
        (
            "func.func @f(%a: i32) -> i32 {\n  %c0 = arith.constant 0 : i32\n  %x = arith.addi %a, %c0 : i32\n  return %x : i32\n}\n",
            true,
        ),
        // A dead op.
        (
            "func.func @f(%a: i32) -> i32 {\n  %x = arith.addi %a, %a : i32\n  %y = arith.muli %a, %a : i32\n  return %x : i32\n}\n",
            true,
        ),
        // A constant hoisted to the front of the entry block.
        (
            "func.func @f(%a: i32) -> i32 {\n  %x = arith.addi %a, %a : i32\n  %c5 = arith.constant 5 : i32\n  %y = arith.muli %x, %c5 : i32\n  return %y : i32\n}\n",
            true,
        ),
        // Two equal constants become one.
        (
            "func.func @f(%a: i32) -> i32 {\n  %c5 = arith.constant 5 : i32\n  %d5 = arith.constant 5 : i32\n  %x = arith.muli %a, %c5 : i32\n  %y = arith.muli %x, %d5 : i32\n  return %y : i32\n}\n",
            true,
        ),
    ] {
        let parsed = parse_source(&ctx, text, "input.mlir", ParseOptions { allow_unregistered: false }).expect("parses");
        let mut ir = parsed.ir;
        let before = print_module(&ir, parsed.top, PrintOptions::default());
        let f = ir
            .block_ops(ir.entry_block(ir.regions(parsed.top)[0]).expect("module body"))
            .next()
            .expect("one function");
        let mut cx = PassContext::new();
        pass.run(&mut ir, f, &mut cx).expect("canonicalize runs");
        let after = print_module(&ir, parsed.top, PrintOptions::default());
        assert_eq!(before != after, changes, "{text}\n{after}");
        assert_eq!(cx.preserved_all, !changes, "{text}");
    }
}
