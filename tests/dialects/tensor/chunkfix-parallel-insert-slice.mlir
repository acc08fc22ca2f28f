// tensor.parallel_insert_slice canonicalizes as 19: constant offsets,
// sizes and strides become static (a cast of the source goes before the
// combining op), and a source cast that only erases static sizes folds in.
// RUN: bufopt %s --canonicalize --cse --split-input-file | FileCheck %s
// RUN: bufopt %s --canonicalize --cse --split-input-file | mlir-opt-19 --split-input-file -o /dev/null

// CHECK-LABEL: func.func @parallel_insert_constant_args(%arg0: tensor<?x3xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {
// CHECK-NEXT: %0 = scf.forall (%arg2) in (4) shared_outs(%arg3 = %arg1) -> (tensor<?x?xf32>) {
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<?x3xf32> to tensor<2x3xf32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %cast into %arg3[%arg2, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @parallel_insert_constant_args(%src: tensor<?x3xf32>, %out: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<?x?xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %src into %o[%i, %c0] [%c2, 3] [%c1, %c1] : tensor<?x3xf32> into tensor<?x?xf32>
    }
  }
  return %r : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @parallel_insert_source_cast(%arg0: tensor<2x3xf32>, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT: %0 = scf.forall (%arg2) in (4) shared_outs(%arg3 = %arg1) -> (tensor<8x8xf32>) {
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %arg0 into %arg3[%arg2, %arg2] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @parallel_insert_source_cast(%src: tensor<2x3xf32>, %out: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<8x8xf32>) {
    %c = tensor.cast %src : tensor<2x3xf32> to tensor<?x3xf32>
    %n = tensor.dim %c, %i : tensor<?x3xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %c into %o[%i, %i] [%n, 3] [1, 1] : tensor<?x3xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}
