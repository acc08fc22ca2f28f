// tensor.concat, which mlir-opt-19 cannot bufferize, bufferized as later
// upstream does: an identity-layout allocation of the result, then per
// input a copy into the subview at its offset along the concatenated
// dimension (offsets accumulated with arith.addi when that size is
// dynamic). The result sizes are reified as upstream's
// ConcatOp::reifyResultShapes does.
// RUN: bufopt -one-shot-bufferize -split-input-file %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize="copy-before-write" -split-input-file %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize -split-input-file %s | mlir-opt-19 -split-input-file -o /dev/null
// RUN: bufopt -one-shot-bufferize="test-analysis-only" -split-input-file %s | FileCheck %s --check-prefix=ANALYSIS

// CHECK-LABEL: func.func @concat_static(
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<4x3xf32>
// CHECK-DAG: %[[MB:.*]] = bufferization.to_memref %[[B]]
// CHECK-DAG: %[[MA:.*]] = bufferization.to_memref %[[A]]
// CHECK: %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<6x3xf32>
// CHECK-NEXT: %[[S0:.*]] = memref.subview %[[R]][0, 0] [2, 3] [1, 1] : memref<6x3xf32> to memref<2x3xf32, strided<[3, 1]>>
// CHECK-NEXT: memref.copy %[[MA]], %[[S0]]
// CHECK-NEXT: %[[S1:.*]] = memref.subview %[[R]][2, 0] [4, 3] [1, 1] : memref<6x3xf32> to memref<4x3xf32, strided<[3, 1], offset: 6>>
// CHECK-NEXT: memref.copy %[[MB]], %[[S1]]
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[R]]
// CHECK-NEXT: return %[[T]]
// ANALYSIS-LABEL: func.func @concat_static(
// ANALYSIS: tensor.concat {{.*}} {__inplace_operands_attr__ = ["true", "true"]}
func.func @concat_static(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

// CHECK: #[[$SUM:.*]] = affine_map<()[s0, s1] -> (s0 + s1 + 3)>
// CHECK-LABEL: func.func @concat_dynamic(
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[D0:.*]] = memref.dim
// CHECK: %[[D1:.*]] = memref.dim
// CHECK: %[[SIZE:.*]] = affine.apply #[[$SUM]]()[%[[D0]], %[[D1]]]
// CHECK-NEXT: %[[R:.*]] = memref.alloc(%[[SIZE]], %[[C2]]) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK: memref.dim %[[R]], %{{.*}} : memref<?x?xf32>
// CHECK: %[[W:.*]] = memref.dim %[[R]], %{{.*}} : memref<?x?xf32>
// CHECK: %[[O0:.*]] = arith.constant 0 : index
// CHECK: %[[N0:.*]] = memref.dim
// CHECK: %[[V0:.*]] = memref.subview %[[R]][%[[O0]], 0] [%[[N0]], %[[W]]] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: memref.copy %{{.*}}, %[[V0]]
// CHECK-NEXT: %[[O1:.*]] = arith.addi %[[O0]], %[[N0]] : index
// CHECK: %[[N1:.*]] = memref.dim
// CHECK: memref.subview %[[R]][%[[O1]], 0] [%[[N1]], %[[W]]] [1, 1]
// CHECK-NEXT: memref.copy
// CHECK-NEXT: %[[O2:.*]] = arith.addi %[[O1]], %[[N1]] : index
// CHECK: memref.subview %[[R]][%[[O2]], 0]
func.func @concat_dynamic(%a: tensor<?x2xf32>, %b: tensor<?x?xf32>, %c: tensor<3x2xf32>) -> tensor<?x?xf32> {
  %0 = tensor.concat dim(0) %a, %b, %c : (tensor<?x2xf32>, tensor<?x?xf32>, tensor<3x2xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Concatenating along an inner dimension: the subviews are strided.
// CHECK-LABEL: func.func @concat_inner(
// CHECK: %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x5xi32>
// CHECK: memref.subview %[[R]][0, 0] [2, 2] [1, 1] : memref<2x5xi32> to memref<2x2xi32, strided<[5, 1]>>
// CHECK: memref.subview %[[R]][0, 2] [2, 3] [1, 1] : memref<2x5xi32> to memref<2x3xi32, strided<[5, 1], offset: 2>>
func.func @concat_inner(%a: tensor<2x2xi32>, %b: tensor<2x3xi32>) -> tensor<2x5xi32> {
  %0 = tensor.concat dim(1) %a, %b : (tensor<2x2xi32>, tensor<2x3xi32>) -> tensor<2x5xi32>
  return %0 : tensor<2x5xi32>
}

