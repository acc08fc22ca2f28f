// RUN: bufopt --mlir-print-debuginfo %s > %t.b && mlir-opt-19 --mlir-print-debuginfo %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-debuginfo %s | FileCheck %s

// Block and region argument locations print inline even when they have an
// alias (the alias is still defined, at the top, as MLIR does).

// CHECK: #[[SHARED:loc[0-9]*]] = loc("shared.mlir":1:2)
// CHECK: func.func @f(%arg0: i32 loc("shared.mlir":1:2), %arg1: i32 loc("shared.mlir":1:2)) -> i32 {
// CHECK: ^bb1(%1: i32 loc("bb.mlir":5:6)):
// CHECK: return %1 : i32 loc(#[[SHARED]])
func.func @f(%a: i32 loc("shared.mlir":1:2), %b: i32 loc("shared.mlir":1:2)) -> i32 {
  %0 = arith.addi %a, %b : i32 loc("add.mlir":3:4)
  cf.br ^bb1(%0 : i32)
^bb1(%c: i32 loc("bb.mlir":5:6)):
  return %c : i32 loc("shared.mlir":1:2)
}
