// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Loops carrying values that are loop-invariant, unused or forwarded, and
// loops with zero or one iteration after constant folding.
func.func @iter(%m: memref<?xf32>, %n: index, %init: f32, %t: tensor<4xf32>) -> (f32, f32, tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %inv = %init, %unused = %init, %tt = %t) -> (f32, f32, f32, tensor<4xf32>) {
    %v = memref.load %m[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    %u = arith.mulf %unused, %v : f32
    scf.yield %s, %inv, %u, %tt : f32, f32, f32, tensor<4xf32>
  }
  %c5 = arith.constant 5 : index
  %c2 = arith.constant 2 : index
  %lb = arith.addi %c2, %c1 : index
  %z = scf.for %i = %c5 to %lb step %c1 iter_args(%a = %init) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    scf.yield %v : f32
  }
  %ub = arith.addi %c2, %c2 : index
  %one = scf.for %i = %c2 to %ub step %c2 iter_args(%a = %r#0) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    %s = arith.addf %a, %v : f32
    scf.yield %s : f32
  }
  return %r#0, %r#1, %r#3, %one : f32, f32, tensor<4xf32>, f32
}
