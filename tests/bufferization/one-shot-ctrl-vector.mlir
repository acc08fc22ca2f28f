// One-Shot Bufferize of vector.transfer_read / transfer_write / gather on
// tensors: a read reads the source's buffer; a write writes its destination in
// place, and reads it (so a copy keeps its contents) unless the vector
// covers the whole static destination from index 0 unmasked. The output
// is byte-identical to mlir-opt-19's.
// RUN: bufopt --split-input-file --one-shot-bufferize %s | FileCheck %s
// RUN: bufopt --split-input-file --one-shot-bufferize %s > %t.b && mlir-opt-19 --split-input-file --one-shot-bufferize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --split-input-file --one-shot-bufferize=copy-before-write %s > %t.b && mlir-opt-19 --split-input-file --one-shot-bufferize=copy-before-write %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --split-input-file --one-shot-bufferize="dialect-filter=vector,bufferization copy-before-write unknown-type-conversion=identity-layout-map" %s > %t.b && mlir-opt-19 --split-input-file --one-shot-bufferize="dialect-filter=vector,bufferization copy-before-write unknown-type-conversion=identity-layout-map" %s > %t.m && diff -u %t.m %t.b

// A partial write into a non-writable argument: a copy of it, then the
// write; the read sees the argument's buffer.
// CHECK-LABEL: func.func @partial(
// CHECK-SAME: %[[T:.*]]: tensor<8xf32>, %[[V:.*]]: vector<4xf32>, %[[I:.*]]: index
// CHECK: %[[M:.*]] = bufferization.to_memref %[[T]] : memref<8xf32, strided<[?], offset: ?>>
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK: memref.copy %{{.*}}, %[[A]]
// CHECK: vector.transfer_write %[[V]], %[[A]][%[[I]]] : vector<4xf32>, memref<8xf32>
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} : memref<8xf32, strided<[?], offset: ?>>, vector<4xf32>
func.func @partial(%t: tensor<8xf32>, %v: vector<4xf32>, %i: index) -> (tensor<8xf32>, vector<4xf32>) {
  %p = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %w = vector.transfer_write %v, %t[%i] : vector<4xf32>, tensor<8xf32>
  %r = vector.transfer_read %t[%c0], %p : tensor<8xf32>, vector<4xf32>
  return %w, %r : tensor<8xf32>, vector<4xf32>
}

// -----

// A full write: the old contents are not read, so no copy.
// CHECK-LABEL: func.func @full(
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NOT: memref.copy
// CHECK: vector.transfer_write %{{.*}}, %[[A]][%{{.*}}] {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
func.func @full(%t: tensor<8xf32>, %v: vector<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %w = vector.transfer_write %v, %t[%c0] {in_bounds = [true]} : vector<8xf32>, tensor<8xf32>
  return %w : tensor<8xf32>
}

// -----

// A masked 2-d read with a permutation map keeps its attributes.
// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @masked(
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} {permutation_map = #map} : memref<?x?xf32, strided<[?, ?], offset: ?>>, vector<4x2xf32>
func.func @masked(%t: tensor<?x?xf32>, %m: vector<2x4xi1>, %i: index) -> vector<4x2xf32> {
  %p = arith.constant 0.0 : f32
  %r = vector.transfer_read %t[%i, %i], %p, %m {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<?x?xf32>, vector<4x2xf32>
  return %r : vector<4x2xf32>
}

// -----

// vector.gather reads its base's buffer.
// CHECK-LABEL: func.func @gather_rows(
// CHECK: %[[M:.*]] = bufferization.to_memref %{{.*}} : memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK: vector.gather %[[M]][%{{.*}}, %{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : memref<4x8xf32, strided<[?, ?], offset: ?>>, vector<8xindex>, vector<8xi1>, vector<8xf32> into vector<8xf32>
func.func @gather_rows(%t: tensor<4x8xf32>, %idx: vector<8xindex>, %m: vector<8xi1>, %pt: vector<8xf32>, %i: index) -> vector<8xf32> {
  %g = vector.gather %t[%i, %i] [%idx], %m, %pt : tensor<4x8xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  return %g : vector<8xf32>
}
