// The models of the tensor ops that bufferize to views of their source
// (cast, collapse_shape, expand_shape, reshape, extract_slice) and of the
// metadata readers (dim, rank), in copy-before-write mode with both
// layouts for unknown buffers, and with the analysis: bufopt prints what
// mlir-opt-19 prints.
// RUN: bufopt -one-shot-bufferize="copy-before-write" -split-input-file %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize="copy-before-write" -split-input-file %s > %t.b && mlir-opt-19 -one-shot-bufferize="copy-before-write" -split-input-file %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -one-shot-bufferize -split-input-file %s > %t.b3 && mlir-opt-19 -one-shot-bufferize -split-input-file %s > %t.m3 && diff -u %t.m3 %t.b3
// RUN: bufopt -one-shot-bufferize="copy-before-write unknown-type-conversion=identity-layout-map" -split-input-file %s | FileCheck %s --check-prefix=ID
// RUN: bufopt -one-shot-bufferize="copy-before-write unknown-type-conversion=identity-layout-map" -split-input-file %s > %t.b2 && mlir-opt-19 -one-shot-bufferize="copy-before-write unknown-type-conversion=identity-layout-map" -split-input-file %s > %t.m2 && diff -u %t.m2 %t.b2

// A ranked cast keeps the source layout.
// CHECK-LABEL: func.func @cast_ranked(
// CHECK: %[[M:.*]] = bufferization.to_memref %{{.*}} : memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[C:.*]] = memref.cast %[[M]] : memref<?x4xf32, strided<[?, ?], offset: ?>> to memref<3x4xf32, strided<[?, ?], offset: ?>>
// CHECK: bufferization.to_tensor %[[C]]
// ID-LABEL: func.func @cast_ranked(
// ID: memref.cast %{{.*}} : memref<?x4xf32> to memref<3x4xf32>
func.func @cast_ranked(%t: tensor<?x4xf32>) -> tensor<3x4xf32> {
  %0 = tensor.cast %t : tensor<?x4xf32> to tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// A no-op cast is folded away; from or to an unranked tensor the layout is
// fully dynamic.
// CHECK-LABEL: func.func @cast_noop_and_unranked(
// CHECK: %[[M:.*]] = bufferization.to_memref %{{.*}} : memref<8xi32, strided<[?], offset: ?>>
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[M]]
// CHECK-NEXT: %[[U:.*]] = memref.cast %[[M]] : memref<8xi32, strided<[?], offset: ?>> to memref<*xi32>
// CHECK: memref.cast %[[U]] : memref<*xi32> to memref<?xi32, strided<[?], offset: ?>>
// ID-LABEL: func.func @cast_noop_and_unranked(
// ID: memref.cast %{{.*}} : memref<*xi32> to memref<?xi32, strided<[?], offset: ?>>
func.func @cast_noop_and_unranked(%t: tensor<8xi32>) -> (tensor<8xi32>, tensor<*xi32>, tensor<?xi32>) {
  %0 = tensor.cast %t : tensor<8xi32> to tensor<8xi32>
  %1 = tensor.cast %0 : tensor<8xi32> to tensor<*xi32>
  %2 = tensor.cast %1 : tensor<*xi32> to tensor<?xi32>
  return %0, %1, %2 : tensor<8xi32>, tensor<*xi32>, tensor<?xi32>
}

// -----

// A fully dynamic layout is not guaranteed to collapse: the source is
// copied into an identity-layout buffer first (the collapse reads it).
// CHECK-LABEL: func.func @collapse_identity(
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x5x2xf32>
// CHECK: memref.collapse_shape %[[A]] {{\[}}[0, 1, 2]] : memref<4x5x2xf32> into memref<40xf32>
// CHECK: %[[D:.*]] = memref.dim
// CHECK: %[[B:.*]] = memref.alloc(%[[D]]) {alignment = 64 : i64} : memref<4x?x2xf32>
// CHECK: %[[C1:.*]] = memref.collapse_shape %[[B]] {{\[}}[0, 1], [2]] : memref<4x?x2xf32> into memref<?x2xf32>
// CHECK: memref.collapse_shape %[[C1]] {{\[}}[0, 1]] : memref<?x2xf32> into memref<?xf32>
// ID-LABEL: func.func @collapse_identity(
// ID: memref.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : memref<4x?x2xf32> into memref<?x2xf32>
func.func @collapse_identity(%t: tensor<4x?x2xf32>) -> tensor<?xf32> {
  %s = tensor.extract_slice %t[0, 0, 0] [4, 5, 2] [1, 1, 1] : tensor<4x?x2xf32> to tensor<4x5x2xf32>
  %0 = tensor.collapse_shape %s [[0, 1, 2]] : tensor<4x5x2xf32> into tensor<40xf32>
  %1 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<4x?x2xf32> into tensor<?x2xf32>
  %2 = tensor.collapse_shape %1 [[0, 1]] : tensor<?x2xf32> into tensor<?xf32>
  return %2 : tensor<?xf32>
}

// -----

// With identity layouts, a slice of whole rows collapses in place, and so
// does a strided slice whose rows meet (3 * 2 = 6); one whose rows do not
// (2 * 2 != 6) is copied first. A 0-d collapse keeps the offset.
// CHECK-LABEL: func.func @collapse_needs_copy(
// CHECK: memref.collapse_shape %{{.*}} [] : memref<1x1xf32, strided<[?, ?], offset: ?>> into memref<f32, strided<[], offset: ?>>
// ID-LABEL: func.func @collapse_needs_copy(
// ID: %[[S:.*]] = memref.subview %{{.*}}[%{{.*}}, 0] [2, 6] [1, 1] : memref<6x6xf32> to memref<2x6xf32, strided<[6, 1], offset: ?>>
// ID: memref.collapse_shape %[[S]] {{\[}}[0, 1]] : memref<2x6xf32, strided<[6, 1], offset: ?>> into memref<12xf32, strided<[1], offset: ?>>
// ID: %[[S2:.*]] = memref.subview %{{.*}}[%{{.*}}, 2] [2, 3] [1, 2] : memref<6x6xf32> to memref<2x3xf32, strided<[6, 2], offset: ?>>
// ID: memref.collapse_shape %[[S2]] {{\[}}[0, 1]] : memref<2x3xf32, strided<[6, 2], offset: ?>> into memref<6xf32, strided<[2], offset: ?>>
// ID: %[[S3:.*]] = memref.subview %{{.*}}[%{{.*}}, 2] [2, 2] [1, 2] : memref<6x6xf32> to memref<2x2xf32, strided<[6, 2], offset: ?>>
// ID: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// ID: memref.copy %[[S3]], %[[A]]
// ID: memref.collapse_shape %[[A]] {{\[}}[0, 1]] : memref<2x2xf32> into memref<4xf32>
// ID: memref.collapse_shape %{{.*}} [] : memref<1x1xf32, strided<[6, 1], offset: ?>> into memref<f32, strided<[], offset: ?>>
func.func @collapse_needs_copy(%t: tensor<6x6xf32>, %i: index) -> (tensor<12xf32>, tensor<f32>) {
  %s = tensor.extract_slice %t[%i, 0] [2, 6] [1, 1] : tensor<6x6xf32> to tensor<2x6xf32>
  %0 = tensor.collapse_shape %s [[0, 1]] : tensor<2x6xf32> into tensor<12xf32>
  %c = tensor.extract_slice %t[%i, 2] [2, 3] [1, 2] : tensor<6x6xf32> to tensor<2x3xf32>
  %1 = tensor.collapse_shape %c [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %g = tensor.extract_slice %t[%i, 2] [2, 2] [1, 2] : tensor<6x6xf32> to tensor<2x2xf32>
  %3 = tensor.collapse_shape %g [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %u = tensor.extract_slice %t[1, %i] [1, 1] [1, 1] : tensor<6x6xf32> to tensor<1x1xf32>
  %2 = tensor.collapse_shape %u [] : tensor<1x1xf32> into tensor<f32>
  return %0, %2 : tensor<12xf32>, tensor<f32>
}

// -----

// The output shape of memref.expand_shape is inferred from the source
// buffer: a dim, divided by the group's static product (a division by 1
// folds away, leaving its constant).
// CHECK-LABEL: func.func @expand(
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[D:.*]] = memref.dim %{{.*}}, %[[C0]]
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: memref.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [%[[D]], 3, 4] : memref<?x12xf32, strided<[?, ?], offset: ?>> into memref<?x3x4xf32, strided<[?, ?, ?], offset: ?>>
// CHECK: %[[D2:.*]] = memref.dim
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[D2]], %[[C2]] : index
// CHECK-NEXT: memref.expand_shape %{{.*}} {{\[}}[0, 1], [2, 3]] output_shape [2, %[[Q]], 6, 2]
// ID-LABEL: func.func @expand(
// ID: memref.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [%{{.*}}, 3, 4] : memref<?x12xf32> into memref<?x3x4xf32>
// ID: memref.subview %{{.*}}[0, 0, 0] [2, %{{.*}}, 6] [1, 1, 2] : memref<2x?x12xf32> to memref<2x?x6xf32, strided<[?, 12, 2]>>
func.func @expand(%t: tensor<?x12xf32>, %n: index) -> (tensor<?x3x4xf32>, tensor<2x?x6xf32>) {
  %0 = tensor.expand_shape %t [[0], [1, 2]] output_shape [%n, 3, 4] : tensor<?x12xf32> into tensor<?x3x4xf32>
  %1 = tensor.expand_shape %t [[0, 1], [2, 3]] output_shape [2, %n, 6, 2] : tensor<?x12xf32> into tensor<2x?x6x2xf32>
  %2 = tensor.collapse_shape %1 [[0], [1], [2, 3]] : tensor<2x?x6x2xf32> into tensor<2x?x12xf32>
  %3 = tensor.extract_slice %2[0, 0, 0] [2, %n, 6] [1, 1, 2] : tensor<2x?x12xf32> to tensor<2x?x6xf32>
  return %0, %3 : tensor<?x3x4xf32>, tensor<2x?x6xf32>
}

// -----

// CHECK-LABEL: func.func @expand_static(
// CHECK: memref.expand_shape %{{.*}} {{\[}}[0, 1, 2]] output_shape [2, 1, 4] : memref<8xi64, strided<[?], offset: ?>> into memref<2x1x4xi64, strided<[?, ?, ?], offset: ?>>
// ID-LABEL: func.func @expand_static(
// ID: memref.expand_shape %{{.*}} {{\[}}[0, 1, 2]] output_shape [2, 1, 4] : memref<8xi64> into memref<2x1x4xi64>
func.func @expand_static(%t: tensor<8xi64>) -> tensor<2x1x4xi64> {
  %0 = tensor.expand_shape %t [[0, 1, 2]] output_shape [2, 1, 4] : tensor<8xi64> into tensor<2x1x4xi64>
  return %0 : tensor<2x1x4xi64>
}

// -----

// memref.reshape needs the identity layout: other sources are copied.
// CHECK-LABEL: func.func @reshape(
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT: memref.copy %{{.*}}, %[[A]]
// CHECK-NEXT: memref.reshape %[[A]](%{{.*}}) : (memref<?xf32>, memref<2xindex, strided<[?], offset: ?>>) -> memref<?x?xf32>
// CHECK: memref.reshape %{{.*}}(%{{.*}}) : (memref<8xf32>, memref<2xindex>) -> memref<4x2xf32>
// ID-LABEL: func.func @reshape(
// ID: memref.reshape %{{.*}}(%{{.*}}) : (memref<?xf32>, memref<2xindex>) -> memref<?x?xf32>
// ID: %[[S:.*]] = memref.subview
// ID: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// ID-NEXT: memref.copy %[[S]], %[[A]]
func.func @reshape(%t: tensor<?xf32>, %shape: tensor<2xindex>, %u: tensor<*xf32>) -> (tensor<?x?xf32>, tensor<4x2xf32>) {
  %0 = tensor.reshape %t(%shape) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %s = tensor.extract_slice %t[2] [8] [1] : tensor<?xf32> to tensor<8xf32>
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %shape2 = tensor.from_elements %c4, %c2 : tensor<2xindex>
  %1 = tensor.reshape %s(%shape2) : (tensor<8xf32>, tensor<2xindex>) -> tensor<4x2xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<4x2xf32>
}

// -----

// Rank-reducing and nested slices are subviews of subviews.
// CHECK-LABEL: func.func @slices(
// CHECK: memref.subview %{{.*}}[%{{.*}}, 1, 0] [%{{.*}}, 1, 4] [1, 1, 2] : memref<?x?x8xf32, strided<[?, ?, ?], offset: ?>> to memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[S:.*]] = memref.subview %{{.*}}[0, 0, 0] [4, 4, 4] [2, 2, 2]
// CHECK-NEXT: memref.subview %[[S]][1, 1, 1] [2, 2, 2] [1, 1, 1]
// ID-LABEL: func.func @slices(
// ID: memref.subview %{{.*}}[%{{.*}}, 1, 0] [%{{.*}}, 1, 4] [1, 1, 2] : memref<?x?x8xf32> to memref<?x4xf32, strided<[?, 2], offset: ?>>
// ID: memref.subview %{{.*}}[1, 1, 1] [2, 2, 2] [1, 1, 1] : memref<4x4x4xf32, strided<[?, 16, 2]>> to memref<2x2x2xf32, strided<[?, 16, 2], offset: ?>>
func.func @slices(%t: tensor<?x?x8xf32>, %a: index, %b: index) -> (tensor<?x4xf32>, tensor<2x2x2xf32>) {
  %0 = tensor.extract_slice %t[%a, 1, 0] [%b, 1, 4] [1, 1, 2] : tensor<?x?x8xf32> to tensor<?x4xf32>
  %1 = tensor.extract_slice %t[0, 0, 0] [4, 4, 4] [2, 2, 2] : tensor<?x?x8xf32> to tensor<4x4x4xf32>
  %2 = tensor.extract_slice %1[1, 1, 1] [2, 2, 2] [1, 1, 1] : tensor<4x4x4xf32> to tensor<2x2x2xf32>
  return %0, %2 : tensor<?x4xf32>, tensor<2x2x2xf32>
}

// -----

// CHECK-LABEL: func.func @dim_rank(
// CHECK: memref.dim %{{.*}}, %{{.*}} : memref<?x3xf32, strided<[?, ?], offset: ?>>
// CHECK: memref.dim %{{.*}}, %{{.*}} : memref<*xf32>
// CHECK: memref.rank %{{.*}} : memref<*xf32>
func.func @dim_rank(%t: tensor<?x3xf32>, %u: tensor<*xf32>, %i: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %0 = tensor.dim %t, %c0 : tensor<?x3xf32>
  %1 = tensor.dim %u, %i : tensor<*xf32>
  %2 = tensor.rank %u : tensor<*xf32>
  return %0, %1, %2 : index, index, index
}
