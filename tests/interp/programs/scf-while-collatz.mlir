// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// scf.while: Collatz sequence lengths for the first integers, with a
// before-region that forwards two values and an after-region that updates.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @collatz(%start: i64) -> i64 {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %r:2 = scf.while (%n = %start, %steps = %zero) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ne, %n, %one : i64
    scf.condition(%more) %n, %steps : i64, i64
  } do {
  ^bb0(%m: i64, %s: i64):
    %rem = arith.remui %m, %two : i64
    %even = arith.cmpi eq, %rem, %zero : i64
    %next = scf.if %even -> (i64) {
      %h = arith.divui %m, %two : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %m, %three : i64
      %u = arith.addi %t, %one : i64
      scf.yield %u : i64
    }
    %s1 = arith.addi %s, %one : i64
    scf.yield %next, %s1 : i64, i64
  }
  return %r#1 : i64
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c28 = arith.constant 28 : index
  scf.for %i = %c1 to %c28 step %c1 {
    %v = arith.index_cast %i : index to i64
    %len = func.call @collatz(%v) : (i64) -> i64
    func.call @printI64(%len) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  %big = arith.constant 837799 : i64
  %len = func.call @collatz(%big) : (i64) -> i64
  func.call @printI64(%len) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 0, 1, 7, 2, 5, 8, 16, 3, 19, 6, 14, 9, 9, 17, 17, 4, 12, 20, 20, 7, 7, 15, 15, 10, 23, 10, 111, 
// CHECK-NEXT: 524
