// ForOpTensorCastFolder: a tensor.cast to a less static type feeding an
// scf.for iter arg moves into the loop (only when the result has one use),
// compared with mlir-opt-19.
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
func.func private @do(tensor<?x?xf32>) -> tensor<?x?xf32>

func.func @cast_iter(%t: tensor<32x64xf32>, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.cast %t : tensor<32x64xf32> to tensor<?x?xf32>
  %1 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %0) -> tensor<?x?xf32> {
    %2 = func.call @do(%a) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.yield %2 : tensor<?x?xf32>
  }
  return %1 : tensor<?x?xf32>
}

func.func @cast_iter_two_uses(%t: tensor<32x64xf32>, %n: index) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.cast %t : tensor<32x64xf32> to tensor<?x?xf32>
  %1 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %0) -> tensor<?x?xf32> {
    %2 = func.call @do(%a) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.yield %2 : tensor<?x?xf32>
  }
  return %1, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// Expected output (mlir-opt-19 --canonicalize on this file):
// CHECK-LABEL: func.func private @do(tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-LABEL: func.func @cast_iter(%arg0: tensor<32x64xf32>, %arg1: index) -> tensor<?x?xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0) -> (tensor<32x64xf32>) {
// CHECK-NEXT: %cast_0 = tensor.cast %arg3 : tensor<32x64xf32> to tensor<?x?xf32>
// CHECK-NEXT: %1 = func.call @do(%cast_0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT: %cast_1 = tensor.cast %1 : tensor<?x?xf32> to tensor<32x64xf32>
// CHECK-NEXT: scf.yield %cast_1 : tensor<32x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<32x64xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cast_iter_two_uses(%arg0: tensor<32x64xf32>, %arg1: index) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<32x64xf32> to tensor<?x?xf32>
// CHECK-NEXT: %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %cast) -> (tensor<?x?xf32>) {
// CHECK-NEXT: %1 = func.call @do(%arg3) : (tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT: scf.yield %1 : tensor<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %0 : tensor<?x?xf32>, tensor<?x?xf32>
// CHECK-NEXT: }
