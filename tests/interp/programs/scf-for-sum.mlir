// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// scf.for with iter_args: sums, a product with an index_cast, a loop with
// a negative-free odd step, and a zero-trip loop.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c1000 = arith.constant 1001 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %sum = scf.for %i = %c0 to %c1000 step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = arith.index_cast %i : index to i64
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  call @printI64(%sum) : (i64) -> ()
  call @printNewline() : () -> ()
  %c21 = arith.constant 21 : index
  %fact:2 = scf.for %i = %c1 to %c21 step %c1 iter_args(%p = %one, %cnt = %zero) -> (i64, i64) {
    %v = arith.index_cast %i : index to i64
    %n = arith.muli %p, %v : i64
    %c = arith.addi %cnt, %one : i64
    scf.yield %n, %c : i64, i64
  }
  call @printI64(%fact#0) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%fact#1) : (i64) -> ()
  call @printNewline() : () -> ()
  %odd = scf.for %i = %c1 to %c1000 step %c3 iter_args(%acc = %zero) -> (i64) {
    %v = arith.index_cast %i : index to i64
    %n = arith.xori %acc, %v : i64
    scf.yield %n : i64
  }
  call @printI64(%odd) : (i64) -> ()
  call @printNewline() : () -> ()
  %none = scf.for %i = %c3 to %c1 step %c1 iter_args(%acc = %one) -> (i64) {
    %n = arith.addi %acc, %acc : i64
    scf.yield %n : i64
  }
  call @printI64(%none) : (i64) -> ()
  call @printNewline() : () -> ()
  // An i32 induction variable.
  %a = arith.constant -5 : i32
  %b = arith.constant 7 : i32
  %s = arith.constant 2 : i32
  %t = scf.for %i = %a to %b step %s iter_args(%acc = %zero) -> (i64) : i32 {
    %v = arith.extsi %i : i32 to i64
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  call @printI64(%t) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 500500
// CHECK-NEXT: 2432902008176640000
// CHECK-NEXT: 20
// CHECK-NEXT: 677
// CHECK-NEXT: 1
// CHECK-NEXT: 0
