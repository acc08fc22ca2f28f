// The models of the tensor ops that bufferize to a new allocation: empty,
// from_elements, generate, splat and pad (the buffer is filled by a
// linalg.map; pad then copies its source in), with and without the
// analysis: bufopt prints what mlir-opt-19 prints.
// RUN: bufopt -one-shot-bufferize -split-input-file %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize -split-input-file %s > %t.b && mlir-opt-19 -one-shot-bufferize -split-input-file %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -one-shot-bufferize="copy-before-write unknown-type-conversion=identity-layout-map" -split-input-file %s > %t.b2 && mlir-opt-19 -one-shot-bufferize="copy-before-write unknown-type-conversion=identity-layout-map" -split-input-file %s > %t.m2 && diff -u %t.m2 %t.b2
// Only tensor and bufferization ops: the linalg.map stays on tensors.
// RUN: bufopt -one-shot-bufferize="dialect-filter=tensor,bufferization copy-before-write" -split-input-file %s | FileCheck %s --check-prefix=FILTER
// RUN: bufopt -one-shot-bufferize="dialect-filter=tensor,bufferization copy-before-write" -split-input-file %s > %t.b3 && mlir-opt-19 -one-shot-bufferize="dialect-filter=tensor,bufferization copy-before-write" -split-input-file %s > %t.m3 && diff -u %t.m3 %t.b3
// RUN: bufopt -one-shot-bufferize="test-analysis-only" -split-input-file %s > %t.b4 && mlir-opt-19 -one-shot-bufferize="test-analysis-only" -split-input-file %s > %t.m4 && diff -u %t.m4 %t.b4

// An unused tensor.empty disappears.
// CHECK-LABEL: func.func @empty(
// CHECK-SAME: %[[N:.*]]: index
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<?x4xf32>
// CHECK-NEXT: bufferization.to_tensor %[[A]]
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3xi8>
// CHECK-NEXT: bufferization.to_tensor %[[B]]
// CHECK-NEXT: return
func.func @empty(%n: index) -> (tensor<?x4xf32>, tensor<3xi8>) {
  %0 = tensor.empty(%n) : tensor<?x4xf32>
  %1 = tensor.empty() : tensor<3xi8>
  %unused = tensor.empty() : tensor<7xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<3xi8>
}

// -----

// One store per element in row-major order, indexed by the constants
// 0..max(shape) made once per op.
// CHECK-LABEL: func.func @from_elements(
// CHECK-SAME: %[[A:[^:]*]]: i1, %[[B:[^:]*]]: i1
// CHECK: %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xi1>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: memref.store %[[A]], %[[M]][%[[C0]], %[[C0]]]
// CHECK-NEXT: memref.store %[[B]], %[[M]][%[[C0]], %[[C1]]]
// CHECK-NEXT: memref.store %[[A]], %[[M]][%[[C0]], %[[C2]]]
// CHECK-NEXT: memref.store %[[B]], %[[M]][%[[C1]], %[[C0]]]
// CHECK-NEXT: memref.store %[[B]], %[[M]][%[[C1]], %[[C1]]]
// CHECK-NEXT: memref.store %[[A]], %[[M]][%[[C1]], %[[C2]]]
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<0xi1>
// CHECK-NEXT: bufferization.to_tensor
// CHECK-NEXT: %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<i1>
// CHECK-NEXT: memref.store %[[B]], %[[S]][] : memref<i1>
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<4x1xi1>
// CHECK-COUNT-4: arith.constant
// CHECK-COUNT-4: memref.store
func.func @from_elements(%a: i1, %b: i1) -> (tensor<2x3xi1>, tensor<0xi1>, tensor<i1>, tensor<4x1xi1>) {
  %0 = tensor.from_elements %a, %b, %a, %b, %b, %a : tensor<2x3xi1>
  %1 = tensor.from_elements : tensor<0xi1>
  %2 = tensor.from_elements %b : tensor<i1>
  %3 = tensor.from_elements %a, %a, %b, %b : tensor<4x1xi1>
  return %0, %1, %2, %3 : tensor<2x3xi1>, tensor<0xi1>, tensor<i1>, tensor<4x1xi1>
}

// -----

// The body moves into a linalg.map; its arguments become linalg.index ops.
// CHECK-LABEL: func.func @generate(
// CHECK-SAME: %[[N:[^:]*]]: index
// CHECK: %[[A:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<?x2xf32>
// CHECK-NEXT: linalg.map outs(%[[A]] : memref<?x2xf32>)
// CHECK-NEXT: () {
// CHECK-NEXT: %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT: memref.load %{{.*}}[%[[I]]]
// CHECK-NEXT: arith.index_cast %[[J]]
// CHECK: linalg.yield
// FILTER-LABEL: func.func @generate(
// FILTER: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?x2xf32>
// FILTER-NEXT: %[[T:.*]] = bufferization.to_tensor %[[A]]
// FILTER-NEXT: %[[R:.*]] = linalg.map outs(%[[T]] : tensor<?x2xf32>)
// FILTER: return %[[R]]
func.func @generate(%n: index, %t: tensor<?xf32>) -> tensor<?x2xf32> {
  %0 = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %e = tensor.extract %t[%i] : tensor<?xf32>
    %k = arith.index_cast %j : index to i32
    %f = arith.sitofp %k : i32 to f32
    %s = arith.addf %e, %f : f32
    tensor.yield %s : f32
  } : tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// CHECK-LABEL: func.func @splat(
// CHECK-SAME: %[[F:[^:]*]]: f16, %[[N:[^:]*]]: index
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<2x?xf16>
// CHECK-NEXT: linalg.map outs(%[[A]] : memref<2x?xf16>)
// CHECK-NEXT: () {
// CHECK-NEXT: linalg.yield %[[F]] : f16
// CHECK: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<f16>
// CHECK-NEXT: linalg.map outs(%[[B]] : memref<f16>)
func.func @splat(%f: f16, %n: index) -> (tensor<2x?xf16>, tensor<f16>) {
  %0 = tensor.splat %f[%n] : tensor<2x?xf16>
  %1 = tensor.splat %f : tensor<f16>
  return %0, %1 : tensor<2x?xf16>, tensor<f16>
}

// -----

// The padding value fills the allocation, then the source is copied into
// the subview at the low padding.
// CHECK-LABEL: func.func @pad_static(
// CHECK: %[[M:.*]] = bufferization.to_memref
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK-NEXT: linalg.map outs(%[[A]] : memref<4x8xf32>)
// CHECK: %[[V:.*]] = memref.subview %[[A]][1, 2] [2, 3] [1, 1] : memref<4x8xf32> to memref<2x3xf32, strided<[8, 1], offset: 10>>
// CHECK-NEXT: memref.copy %[[M]], %[[V]]
func.func @pad_static(%t: tensor<2x3xf32>, %v: f32) -> tensor<4x8xf32> {
  %0 = tensor.pad %t low[1, 2] high[1, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<2x3xf32> to tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Dynamic sizes: upstream's (unused) source + low + high sums first, then
// the allocation's sizes reified with composed affine maps (constants
// folded in, dims promoted to symbols).
// CHECK-DAG: #[[$SUM:.*]] = affine_map<()[s0, s1, s2] -> (s0 + s1 + s2)>
// CHECK-DAG: #[[$LOW:.*]] = affine_map<()[s0, s1] -> (s0 + s1 + 2)>
// CHECK-DAG: #[[$HIGH:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-LABEL: func.func @pad_dynamic(
// CHECK-SAME: %{{[^:]*}}: tensor<?x?xf32>, %[[L:[^:]*]]: index, %[[H:[^:]*]]: index
// CHECK: affine.apply #[[$SUM]]()[%{{.*}}, %[[L]], %{{.*}}]
// CHECK: affine.apply #[[$SUM]]()
// CHECK: %[[D0:.*]] = memref.dim
// CHECK-NEXT: %[[S0:.*]] = affine.apply #[[$LOW]]()[%[[L]], %[[D0]]]
// CHECK: %[[D1:.*]] = memref.dim
// CHECK-NEXT: %[[S1:.*]] = affine.apply #[[$HIGH]]()[%[[H]], %[[D1]]]
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%[[S0]], %[[S1]]) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK: memref.subview %[[A]][%[[L]], 0] [%{{.*}}, %{{.*}}] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
func.func @pad_dynamic(%t: tensor<?x?xf32>, %l: index, %h: index, %v: f32) -> tensor<?x?xf32> {
  %0 = tensor.pad %t low[%l, 0] high[2, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Padding given by an affine.apply is composed into the size maps, and a
// padding given by a constant op is a static padding.
// CHECK-DAG: #[[$LOW:.*]] = affine_map<()[s0, s1, s2] -> (s0 * 3 + s1 + s2)>
// CHECK-DAG: #[[$HIGH:.*]] = affine_map<()[s0, s1, s2] -> (s0 + s1 * 2 + s2 + 3)>
// CHECK-LABEL: func.func @pad_composed(
// CHECK-SAME: %{{[^:]*}}: tensor<?x?xf32>, %[[A:[^:]*]]: index, %[[B:[^:]*]]: index
// CHECK: %[[H:.*]] = affine.apply
// The two unused sums of upstream's pad lowering:
// CHECK: affine.apply
// CHECK: affine.apply
// CHECK: %[[D0:.*]] = memref.dim
// CHECK-NEXT: %[[S0:.*]] = affine.apply #[[$LOW]]()[%[[A]], %[[B]], %[[D0]]]
// CHECK: %[[D1:.*]] = memref.dim
// CHECK-NEXT: %[[S1:.*]] = affine.apply #[[$HIGH]]()[%[[B]], %[[A]], %[[D1]]]
// CHECK-NEXT: %[[R:.*]] = memref.alloc(%[[S0]], %[[S1]])
// CHECK: memref.subview %[[R]][%[[H]], 3]
func.func @pad_composed(%t: tensor<?x?xf32>, %a: index, %b: index, %v: f32) -> tensor<?x?xf32> {
  %h = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%a)[%b]
  %c3 = arith.constant 3 : index
  %0 = tensor.pad %t low[%h, %c3] high[%a, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
