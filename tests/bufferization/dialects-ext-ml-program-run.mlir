// A program keeping state in a mutable ml_program global, bufferized
// (function boundaries, then the deallocation pipeline) and executed: each
// call of @step returns the first element of the state it loaded and
// stores state * scale + k, so the second call sees the first call's store.
// Every buffer is freed once (--strict fails on a leak or a double free),
// and mlir-opt-19's bufferization of the program prints the same.
// RUN: bufopt --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline %s -o %t.b.mlir
// RUN: bufopt-run --strict %t.b.mlir | FileCheck %s --match-full-lines
// RUN: mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline %s -o %t.m.mlir
// RUN: bufopt-run --strict %t.m.mlir | FileCheck %s --match-full-lines
// RUN: diff -u %t.m.mlir %t.b.mlir

// CHECK: 1
// CHECK-NEXT: 11
// CHECK-NEXT: 112
// CHECK-NEXT: 212
// CHECK-NEXT: 312

ml_program.global private mutable @counter(dense<[1, 2, 3]> : tensor<3xi64>) : tensor<3xi64>
ml_program.global private @scale(dense<10> : tensor<i64>) : tensor<i64>

func.func @step(%k: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %s = ml_program.global_load @scale : tensor<i64>
  %sv = tensor.extract %s[] : tensor<i64>
  %g = ml_program.global_load @counter : tensor<3xi64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %g) -> (tensor<3xi64>) {
    %x = tensor.extract %t[%i] : tensor<3xi64>
    %y = arith.muli %x, %sv : i64
    %z = arith.addi %y, %k : i64
    %u = tensor.insert %z into %t[%i] : tensor<3xi64>
    scf.yield %u : tensor<3xi64>
  }
  %first = tensor.extract %g[%c0] : tensor<3xi64>
  ml_program.global_store @counter = %r : tensor<3xi64>
  return %first : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k1 = arith.constant 1 : i64
  %k2 = arith.constant 2 : i64
  %a = func.call @step(%k1) : (i64) -> i64
  %b = func.call @step(%k2) : (i64) -> i64
  vector.print %a : i64
  vector.print %b : i64
  %g = ml_program.global_load @counter : tensor<3xi64>
  %e0 = tensor.extract %g[%c0] : tensor<3xi64>
  %e1 = tensor.extract %g[%c1] : tensor<3xi64>
  %e2 = tensor.extract %g[%c2] : tensor<3xi64>
  vector.print %e0 : i64
  vector.print %e1 : i64
  vector.print %e2 : i64
  return
}
