//! Parallel function passes give the same module, statistics and pass
//! output as the serial run: canonicalize and cse split over the functions
//! of a module, nested `func.func(...)` pipelines, and a failure inside one
//! function reported on the module's op.

use std::sync::Arc;
use syntax::op_parser::{parse_source, ParseOptions};
use syntax::printer::{print_module, PrintOptions};
use transforms::pass::{PassManager, PmElement, PmOptions};

fn context() -> Arc<ir::Context> {
    Arc::new(dialects::new_context())
}

/// A module of `n` functions mixing folding, CSE, dead code, structured
/// and unstructured control flow, calls and nesting.
fn module(n: usize) -> String {
    let mut s = String::from("module {\n");
    for f in 0..n {
        let k = f % 4;
        s.push_str(&format!("  func.func @f{f}(%a: i32, %b: i32, %c: i1) -> i32 {{\n"));
        s.push_str("    %c1 = arith.constant 1 : i32\n    %c2 = arith.constant 2 : i32\n");
        s.push_str("    %x = arith.addi %a, %b : i32\n    %y = arith.addi %a, %b : i32\n");
        s.push_str("    %m = arith.muli %x, %c1 : i32\n    %s = arith.addi %c1, %c2 : i32\n");
        s.push_str("    %dead = arith.subi %m, %y : i32\n");
        match k {
            0 => {
                s.push_str("    %r = scf.if %c -> (i32) {\n      %i = arith.addi %m, %s : i32\n");
                s.push_str("      %j = arith.addi %m, %s : i32\n      %q = arith.xori %i, %j : i32\n");
                s.push_str("      scf.yield %q : i32\n    } else {\n      scf.yield %y : i32\n    }\n");
                s.push_str("    return %r : i32\n");
            }
            1 => {
                s.push_str("    cf.cond_br %c, ^bb1(%x : i32), ^bb2(%y : i32)\n");
                s.push_str("  ^bb1(%p: i32):\n    %u = arith.addi %p, %s : i32\n    cf.br ^bb3(%u : i32)\n");
                s.push_str("  ^bb2(%q: i32):\n    %v = arith.addi %q, %s : i32\n    cf.br ^bb3(%v : i32)\n");
                s.push_str("  ^bb3(%w: i32):\n    return %w : i32\n");
            }
            2 => {
                let callee = if f > 0 { f - 1 } else { 0 };
                s.push_str(&format!("    %r = func.call @f{callee}(%m, %s, %c) : (i32, i32, i1) -> i32\n"));
                s.push_str("    %z = arith.addi %r, %x : i32\n    return %z : i32\n");
            }
            _ => {
                s.push_str("    %lb = arith.constant 0 : index\n    %ub = arith.constant 8 : index\n");
                s.push_str("    %st = arith.constant 1 : index\n");
                s.push_str("    %r = scf.for %iv = %lb to %ub step %st iter_args(%acc = %m) -> (i32) {\n");
                s.push_str("      %t = arith.addi %acc, %s : i32\n      %t2 = arith.addi %acc, %s : i32\n");
                s.push_str("      %t3 = arith.muli %t, %t2 : i32\n      scf.yield %t3 : i32\n    }\n");
                s.push_str("    return %r : i32\n");
            }
        }
        s.push_str("  }\n");
    }
    s.push_str("}\n");
    s
}

/// Runs `pipeline` (elements built by `build`) and returns the printed
/// module, the statistics report and the timing entry names.
fn run(text: &str, threading: bool, build: &dyn Fn() -> Vec<PmElement>) -> (String, String, Vec<String>) {
    let ctx = context();
    let parsed = parse_source(&ctx, text, "input.mlir", ParseOptions { allow_unregistered: false }).expect("parses");
    let mut ir = parsed.ir;
    let opts = PmOptions { verify_each: true, timing: true, threading, ..PmOptions::default() };
    let mut pm = PassManager::new("builtin.module", opts);
    pm.elems = build();
    pm.run(&mut ir, parsed.top, &mut |_: &str, _: &ir::Ir, _: ir::OpId| {}).expect("pipeline succeeds");
    let names = pm.timings.iter().map(|t| t.name.clone()).collect();
    (print_module(&ir, parsed.top, PrintOptions::default()), pm.statistics_report(), names)
}

/// Runs a pipeline that must fail; returns the message and the name and
/// symbol of the op the diagnostic names (looked up in the module).
fn run_failing(text: &str, threading: bool, elems: Vec<PmElement>) -> (String, String, Option<String>) {
    let ctx = context();
    let parsed = parse_source(&ctx, text, "input.mlir", ParseOptions { allow_unregistered: false }).expect("parses");
    let mut ir = parsed.ir;
    let mut pm = PassManager::new("builtin.module", PmOptions { verify_each: true, threading, ..PmOptions::default() });
    pm.elems = elems;
    let err = pm.run(&mut ir, parsed.top, &mut |_: &str, _: &ir::Ir, _: ir::OpId| {}).expect_err("fails");
    let op = err.op.expect("the diagnostic names an op");
    (err.message.clone(), ir.op_name_str(op).to_string(), ir.symbol_name(op).map(|s| ir.ctx().str(s).to_string()))
}

fn canonicalize() -> PmElement {
    let opts = transforms::pass::PassOptions::default();
    PmElement::Pass(Box::new(transforms::canonicalize::Canonicalize::from_options(&opts).expect("default options")))
}

fn cse() -> PmElement {
    PmElement::Pass(Box::new(transforms::cse::CsePass))
}

fn assert_same(text: &str, build: &dyn Fn() -> Vec<PmElement>) -> (String, String, Vec<String>) {
    let serial = run(text, false, build);
    let parallel = run(text, true, build);
    assert_eq!(serial.0, parallel.0, "module differs");
    assert_eq!(serial.1, parallel.1, "statistics differ");
    assert_eq!(serial.2, parallel.2, "timing entries differ");
    parallel
}

#[test]
fn split_module_passes_match_serial() {
    let text = module(24);
    let (out, stats, names) = assert_same(&text, &|| vec![canonicalize(), cse()]);
    assert!(!out.contains("%dead"), "{out}");
    assert!(stats.contains("num-cse'd"), "{stats}");
    assert_eq!(names, vec!["Canonicalizer".to_string(), "CSE".to_string()]);
}

#[test]
fn nested_pipeline_matches_serial() {
    let text = module(17);
    let build = || vec![PmElement::Nest { anchor: "func.func".into(), elems: vec![canonicalize(), cse()] }, cse()];
    let (_, stats, names) = assert_same(&text, &build);
    assert!(stats.starts_with("===") && stats.contains("'func.func' Pipeline\n  Canonicalizer\n  CSE\n"), "{stats}");
    assert_eq!(names, vec!["'func.func' Pipeline", "  Canonicalizer", "  CSE", "CSE"]);
}

#[test]
fn parallel_failure_points_into_the_module() {
    // `test-convergence` is not split, so use a nested pipeline with a
    // one-iteration limit that cannot converge in the last function.
    let mut text = module(6);
    text = text.replace(
        "  func.func @f5(",
        "  func.func @g(%a: i32) -> i32 {\n    %c1 = arith.constant 1 : i32\n    %x = arith.addi %a, %c1 : i32\n    %y = arith.addi %x, %c1 : i32\n    return %y : i32\n  }\n  func.func @f5(",
    );
    let build = || {
        let values =
            vec![("max-iterations".to_string(), "1".to_string()), ("test-convergence".to_string(), "true".to_string())];
        let opts = transforms::pass::PassOptions { values };
        let p = transforms::canonicalize::Canonicalize::from_options(&opts).expect("options");
        vec![PmElement::Nest { anchor: "func.func".into(), elems: vec![PmElement::Pass(Box::new(p))] }]
    };
    let fail = |threading: bool| run_failing(&text, threading, build());
    let serial = fail(false);
    assert_eq!(serial, fail(true));
    assert_eq!(serial.1, "func.func");
}

/// Renames the function `@callee` to `@renamed` (a function pass that
/// breaks a call in another function).
struct RenameCallee;

impl transforms::pass::Pass for RenameCallee {
    fn name(&self) -> &'static str {
        "test-rename-callee"
    }
    fn run(
        &self,
        ir: &mut ir::Ir,
        op: ir::OpId,
        _cx: &mut transforms::pass::PassContext,
    ) -> Result<(), ir::Diagnostic> {
        if ir.symbol_name(op).is_some_and(|s| ir.ctx().str(s) == "callee") {
            let value = ir.ctx().str_attr("renamed");
            ir.set_attr_str(op, "sym_name", value);
        }
        Ok(())
    }
    fn runs_per_isolated_symbol(&self) -> bool {
        true
    }
}

#[test]
fn symbol_uses_are_verified_after_a_parallel_section() {
    // Workers verify their function without its module; the call in
    // another function that the rename breaks is caught once the functions
    // are back, with the serial run's diagnostic.
    let mut text = String::from("module {\n  func.func @callee(%a: i32) -> i32 {\n    return %a : i32\n  }\n");
    for f in 0..8 {
        text.push_str(&format!(
            "  func.func @caller{f}(%a: i32) -> i32 {{\n    %r = func.call @callee(%a) : (i32) -> i32\n    return %r : i32\n  }}\n"
        ));
    }
    text.push_str("}\n");
    let fail = |threading: bool| {
        let (msg, name, _) = run_failing(&text, threading, vec![PmElement::Pass(Box::new(RenameCallee)), cse()]);
        (msg, name)
    };
    let serial = fail(false);
    assert_eq!(serial, fail(true));
    assert_eq!(serial.0, "'func.call' op 'callee' does not reference a valid function");
    assert_eq!(serial.1, "func.call");
}
