//! The pattern API end to end: a test dialect contributes canonicalization
//! patterns through the registry, and the `canonicalize` pass applies them
//! with benefits and label filters.

use ir::rewrite_api::{CanonicalizationPatterns, PatternRewriter, RewritePattern};
use ir::{OpId, OpTraits};
use std::sync::Arc;
use syntax::op_parser::{parse_source, ParseOptions};
use syntax::printer::{print_module, PrintOptions};
use transforms::canonicalize::Canonicalize;
use transforms::pass::{Pass, PassContext, PassOptions};

/// `demo.neg(demo.neg(x))` → `x`.
struct DoubleNeg;

impl RewritePattern for DoubleNeg {
    fn name(&self) -> &str {
        "double-neg"
    }
    fn root(&self) -> Option<&str> {
        Some("demo.neg")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
        let ir = rw.ir();
        let Some(inner) = ir.defining_op(ir.operand(op, 0)) else { return false };
        if !ir.is_op(inner, "demo.neg") {
            return false;
        }
        let x = ir.operand(inner, 0);
        rw.replace_op(op, &[x]);
        true
    }
}

/// Erases `demo.noop` (any-op pattern with a higher benefit).
struct EraseNoop;

impl RewritePattern for EraseNoop {
    fn name(&self) -> &str {
        "erase-noop"
    }
    fn root(&self) -> Option<&str> {
        None
    }
    fn benefit(&self) -> u16 {
        2
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
        if !rw.ir().is_op(op, "demo.noop") {
            return false;
        }
        rw.erase_op(op);
        true
    }
}

struct DemoPatterns;

impl CanonicalizationPatterns for DemoPatterns {
    fn patterns(&self) -> Vec<Box<dyn RewritePattern>> {
        vec![Box::new(DoubleNeg), Box::new(EraseNoop)]
    }
}

fn context() -> Arc<ir::Context> {
    let mut ctx = dialects::new_context();
    dialects::util::register_dialect(&mut ctx, "demo", false);
    dialects::util::register_op(&mut ctx, "demo.neg", OpTraits::PURE, &[], None, None);
    dialects::util::register_op(&mut ctx, "demo.noop", OpTraits::default(), &[], None, None);
    let name = ctx.intern_str("demo.neg");
    let imp: Box<dyn CanonicalizationPatterns> = Box::new(DemoPatterns);
    assert!(ctx.registry_mut().add_interface::<dyn CanonicalizationPatterns>(name, imp));
    Arc::new(ctx)
}

const INPUT: &str = r#"
func.func @f(%a: i32) -> i32 {
  %0 = "demo.neg"(%a) : (i32) -> i32
  %1 = "demo.neg"(%0) : (i32) -> i32
  "demo.noop"() : () -> ()
  return %1 : i32
}
"#;

fn run(options: &[(&str, &str)]) -> String {
    let ctx = context();
    let parsed = parse_source(&ctx, INPUT, "input.mlir", ParseOptions { allow_unregistered: false }).expect("parses");
    let mut ir = parsed.ir;
    let values = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let pass = Canonicalize::from_options(&PassOptions { values }).expect("valid options");
    let mut cx = PassContext::new();
    pass.run(&mut ir, parsed.top, &mut cx).expect("pass succeeds");
    print_module(&ir, parsed.top, PrintOptions::default())
}

#[test]
fn patterns_apply() {
    let out = run(&[]);
    assert!(!out.contains("demo.neg"), "{out}");
    assert!(!out.contains("demo.noop"), "{out}");
    assert!(out.contains("return %arg0 : i32"), "{out}");
}

#[test]
fn disable_patterns_filters_by_label() {
    let out = run(&[("disable-patterns", "erase-noop")]);
    assert!(!out.contains("demo.neg"), "{out}");
    assert!(out.contains("demo.noop"), "{out}");
}

#[test]
fn enable_patterns_keeps_only_listed() {
    let out = run(&[("enable-patterns", "erase-noop")]);
    assert!(out.contains("demo.neg"), "{out}");
    assert!(!out.contains("demo.noop"), "{out}");
}
