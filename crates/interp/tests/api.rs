//! End-to-end checks of the interpreter API: parse a module, run it, look
//! at results, statistics and diagnostics.

use interp::heap::Stats;
use interp::run::{run, RunOptions, RunOutcome};
use std::sync::Arc;
use syntax::op_parser::{parse_source, ParseOptions};

fn run_text(src: &str, entry: &str, args: &[&str]) -> RunOutcome {
    let ctx = Arc::new(dialects::new_context());
    let parsed = parse_source(&ctx, src, "t.mlir", ParseOptions { allow_unregistered: false }).expect("parses");
    let opts =
        RunOptions { entry: entry.into(), args: args.iter().map(|s| s.to_string()).collect(), ..Default::default() };
    run(&parsed.ir, parsed.top, &opts)
}

#[test]
fn scalar_loop_and_recursion() {
    let src = r#"
func.func @sum(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (i64) {
    %x = arith.index_cast %i : index to i64
    %s = arith.addi %a, %x : i64
    scf.yield %s : i64
  }
  return %r : i64
}
func.func @fib(%n: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %lt = arith.cmpi slt, %n, %c2 : i32
  cf.cond_br %lt, ^small, ^big
^small:
  return %n : i32
^big:
  %c1 = arith.constant 1 : i32
  %a = arith.subi %n, %c1 : i32
  %b = arith.subi %n, %c2 : i32
  %fa = call @fib(%a) : (i32) -> i32
  %fb = call @fib(%b) : (i32) -> i32
  %s = arith.addi %fa, %fb : i32
  return %s : i32
}
"#;
    let out = run_text(src, "sum", &["101"]);
    assert!(out.ok, "{:?}", out.diags);
    assert_eq!(out.results, Some(vec!["5050".to_string()]));
    let out = run_text(src, "fib", &["15"]);
    assert_eq!(out.results, Some(vec!["610".to_string()]));
}

#[test]
fn dealloc_conditions_and_retained_ownership() {
    // %a is retained (not freed, ownership reported true), %b is freed,
    // %c has a false condition (not freed, leaked by the test on purpose).
    let src = r#"
func.func @main() -> (i1, i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<3xf32>
  %c = memref.alloc() : memref<4xf32>
  %t = arith.constant true
  %f = arith.constant false
  %v = memref.subview %a[1] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1], offset: 1>>
  %r:2 = bufferization.dealloc (%a, %b, %c : memref<2xf32>, memref<3xf32>, memref<4xf32>) if (%t, %t, %f) retain (%v, %c : memref<1xf32, strided<[1], offset: 1>>, memref<4xf32>)
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %c : memref<4xf32>
  return %r#0, %r#1 : i1, i1
}
"#;
    let out = run_text(src, "main", &[]);
    assert!(out.ok, "{:?}", out.diags);
    assert_eq!(out.results, Some(vec!["1".to_string(), "0".to_string()]));
    assert_eq!(
        out.stats,
        Stats { allocations: 3, bytes_allocated: 36, peak_live_bytes: 36, bytes_copied: 0, deallocations: 3 }
    );
}

#[test]
fn tensors_have_value_semantics() {
    let src = r#"
func.func @main(%t: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %c0 = arith.constant 0 : index
  %x = arith.constant 42 : i32
  %u = tensor.insert %x into %t[%c0] : tensor<3xi32>
  return %t, %u : tensor<3xi32>, tensor<3xi32>
}
"#;
    let out = run_text(src, "main", &[]);
    let r = out.results.expect("results");
    assert_ne!(r[0], r[1]);
    assert!(r[1].starts_with("<3> [42,"), "{}", r[1]);
}
