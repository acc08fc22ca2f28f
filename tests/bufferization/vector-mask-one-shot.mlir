// One-Shot Bufferize of vector.mask: the mask's results are equivalent to
// what its vector.yield yields, so a masked transfer_write writes its
// destination in place and the mask loses its tensor result; a masked
// transfer_write reads its destination (masked-off lanes keep the old
// contents) even when the vector covers the whole tensor. Output
// byte-identical to mlir-opt-19's, with and without function boundaries.
// RUN: bufopt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: bufopt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANALYSIS
// RUN: bufopt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries" > %t.b && mlir-opt-19 %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries" > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" > %t.b && mlir-opt-19 %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries" | mlir-opt-19 -split-input-file > /dev/null

// ANALYSIS-LABEL: func @masked_full_write(
// ANALYSIS-SAME: {bufferization.access = "read-write"}
// ANALYSIS: vector.mask %{{.*}} { vector.transfer_write {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// ANALYSIS-SAME: } : vector<16xi1> -> tensor<16xf32>
// CHECK-LABEL: func.func @masked_full_write(
// CHECK-SAME: %[[T:.*]]: memref<16xf32, strided<[?], offset: ?>>, %[[V:.*]]: vector<16xf32>, %[[M:.*]]: vector<16xi1>
// CHECK-NOT: alloc
// CHECK: vector.mask %[[M]] { vector.transfer_write %[[V]], %[[T]][%{{.*}}] : vector<16xf32>, memref<16xf32, strided<[?], offset: ?>> } : vector<16xi1>
// CHECK-NEXT: return %[[T]]
func.func @masked_full_write(%t: tensor<16xf32>, %v: vector<16xf32>, %m: vector<16xi1>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %0 = vector.mask %m { vector.transfer_write %v, %t[%c0] : vector<16xf32>, tensor<16xf32> } : vector<16xi1> -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// The same write unmasked does not read.
// ANALYSIS-LABEL: func @unmasked_full_write(
// ANALYSIS-SAME: {bufferization.access = "write"}
func.func @unmasked_full_write(%t: tensor<16xf32>, %v: vector<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %0 = vector.transfer_write %v, %t[%c0] : vector<16xf32>, tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// A masked read with a passthru reads the source's buffer.
// ANALYSIS-LABEL: func @masked_read(
// ANALYSIS-SAME: {bufferization.access = "read"}
// CHECK-LABEL: func.func @masked_read(
// CHECK-SAME: %[[T:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[I:.*]]: index, %[[M:.*]]: vector<16xi1>, %[[PT:.*]]: vector<16xf32>
// CHECK: %[[R:.*]] = vector.mask %[[M]], %[[PT]] { vector.transfer_read %[[T]][%[[I]]], %{{.*}} : memref<?xf32, strided<[?], offset: ?>>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
// CHECK: return %[[R]]
func.func @masked_read(%t: tensor<?xf32>, %i: index, %m: vector<16xi1>, %pt: vector<16xf32>) -> vector<16xf32> {
  %p = arith.constant 0.0 : f32
  %0 = vector.mask %m, %pt { vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

// A chain of masked writes into a new tensor: every write in place into
// the one allocation, read back after the masks.
// CHECK-LABEL: func.func @chain(
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NOT: memref.copy
// CHECK: vector.mask %{{.*}} { vector.transfer_write %{{.*}}, %[[A]][%{{.*}}] : vector<16xf32>, memref<?xf32> } : vector<16xi1>
// CHECK: vector.mask %{{.*}} { vector.transfer_write %{{.*}}, %[[A]][%{{.*}}] : vector<16xf32>, memref<?xf32> } : vector<16xi1>
// CHECK: vector.transfer_read %[[A]]
func.func @chain(%n: index, %v: vector<16xf32>, %w: vector<16xf32>, %m0: vector<16xi1>, %m1: vector<16xi1>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %p = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %0 = vector.mask %m0 { vector.transfer_write %v, %e[%c0] : vector<16xf32>, tensor<?xf32> } : vector<16xi1> -> tensor<?xf32>
  %1 = vector.mask %m1 { vector.transfer_write %w, %0[%c16] : vector<16xf32>, tensor<?xf32> } : vector<16xi1> -> tensor<?xf32>
  %r = vector.transfer_read %1[%c0], %p : tensor<?xf32>, vector<16xf32>
  return %r : vector<16xf32>
}

// -----

// A mask of an op without tensors is left alone.
// CHECK-LABEL: func.func @vector_only(
// CHECK: vector.mask %{{.*}} { vector.reduction <add>, %{{.*}} : vector<16xf32> into f32 } : vector<16xi1> -> f32
func.func @vector_only(%v: vector<16xf32>, %m: vector<16xi1>) -> f32 {
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<16xf32> into f32 } : vector<16xi1> -> f32
  return %0 : f32
}
