// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Nested scf.if with results and without, inside a loop (FizzBuzz-like
// classification of 1..30 into codes).
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @classify(%n: i64) -> i64 {
  %zero = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %m3 = arith.remsi %n, %c3 : i64
  %m5 = arith.remsi %n, %c5 : i64
  %d3 = arith.cmpi eq, %m3, %zero : i64
  %d5 = arith.cmpi eq, %m5, %zero : i64
  %r = scf.if %d3 -> (i64) {
    %x = scf.if %d5 -> (i64) {
      %fb = arith.constant -15 : i64
      scf.yield %fb : i64
    } else {
      %f = arith.constant -3 : i64
      scf.yield %f : i64
    }
    scf.yield %x : i64
  } else {
    %y = scf.if %d5 -> (i64) {
      %b = arith.constant -5 : i64
      scf.yield %b : i64
    } else {
      scf.yield %n : i64
    }
    scf.yield %y : i64
  }
  return %r : i64
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : index
  %c10 = arith.constant 10 : index
  %c0 = arith.constant 0 : index
  scf.for %i = %c1 to %c31 step %c1 {
    %v = arith.index_cast %i : index to i64
    %c = func.call @classify(%v) : (i64) -> i64
    func.call @printI64(%c) : (i64) -> ()
    %r = arith.remui %i, %c10 : index
    %eol = arith.cmpi eq, %r, %c0 : index
    scf.if %eol {
      func.call @printNewline() : () -> ()
    } else {
      func.call @printComma() : () -> ()
    }
  }
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 1, 2, -3, 4, -5, -3, 7, 8, -3, -5
// CHECK-NEXT: 11, -3, 13, 14, -15, 16, 17, -3, 19, -5
// CHECK-NEXT: -3, 22, 23, -3, -5, 26, -3, 28, 29, -15
