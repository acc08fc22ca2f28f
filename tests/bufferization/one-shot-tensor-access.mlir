// The models of tensor.extract, tensor.insert, tensor.insert_slice and
// tensor.parallel_insert_slice, in copy-before-write mode and with the
// analysis: bufopt prints what mlir-opt-19 prints, and the in-place
// decisions are mlir-opt-19's.
// RUN: bufopt -one-shot-bufferize="copy-before-write" -split-input-file %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize="copy-before-write" -split-input-file %s > %t.b && mlir-opt-19 -one-shot-bufferize="copy-before-write" -split-input-file %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -one-shot-bufferize -split-input-file %s | FileCheck %s --check-prefix=INPLACE
// RUN: bufopt -one-shot-bufferize -split-input-file %s > %t.b2 && mlir-opt-19 -one-shot-bufferize -split-input-file %s > %t.m2 && diff -u %t.m2 %t.b2
// RUN: bufopt -one-shot-bufferize="test-analysis-only" -split-input-file %s > %t.b3 && mlir-opt-19 -one-shot-bufferize="test-analysis-only" -split-input-file %s > %t.m3 && diff -u %t.m3 %t.b3
// RUN: bufopt -one-shot-bufferize="test-analysis-only" -split-input-file %s | FileCheck %s --check-prefix=ANALYSIS
// RUN: bufopt -one-shot-bufferize="test-analysis-only analysis-heuristic=top-down" -split-input-file %s > %t.b5 && mlir-opt-19 -one-shot-bufferize="test-analysis-only analysis-heuristic=top-down" -split-input-file %s > %t.m5 && diff -u %t.m5 %t.b5
// RUN: bufopt -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=23" -split-input-file %s > %t.b6 && mlir-opt-19 -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=23" -split-input-file %s > %t.m6 && diff -u %t.m6 %t.b6

// Copy before write: each insert copies its destination first. In place,
// the second insert writes the first one's buffer.
// CHECK-LABEL: func.func @extract_insert(
// CHECK: %[[V:.*]] = memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<4x?xi32, strided<[?, ?], offset: ?>>
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<4x?xi32>
// CHECK-NEXT: memref.copy %{{.*}}, %[[A]]
// CHECK-NEXT: memref.store %{{.*}}, %[[A]][%{{.*}}, %{{.*}}] : memref<4x?xi32>
// CHECK: %[[B:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<4x?xi32>
// CHECK-NEXT: memref.copy %[[A]], %[[B]]
// CHECK-NEXT: memref.store %[[V]], %[[B]]
// INPLACE-LABEL: func.func @extract_insert(
// INPLACE: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<4x?xi32>
// INPLACE: memref.store %{{.*}}, %[[A]]
// INPLACE-NEXT: memref.store %{{.*}}, %[[A]]
// INPLACE-NOT: memref.alloc
// INPLACE: return
// ANALYSIS-LABEL: func.func @extract_insert(
// ANALYSIS: tensor.extract {{.*}} {__inplace_operands_attr__ = ["true", "none", "none"]}
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none", "none"]}
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none", "none"]}
func.func @extract_insert(%t: tensor<4x?xi32>, %i: index, %j: index, %v: i32) -> (i32, tensor<4x?xi32>) {
  %0 = tensor.extract %t[%i, %j] : tensor<4x?xi32>
  %1 = tensor.insert %v into %t[%j, %i] : tensor<4x?xi32>
  %2 = tensor.insert %0 into %1[%i, %i] : tensor<4x?xi32>
  return %0, %2 : i32, tensor<4x?xi32>
}

// -----

// CHECK-LABEL: func.func @extract_0d(
// CHECK: memref.load %{{.*}}[] : memref<f64, strided<[], offset: ?>>
func.func @extract_0d(%t: tensor<f64>) -> f64 {
  %0 = tensor.extract %t[] : tensor<f64>
  return %0 : f64
}

// -----

// The source is copied into a subview of the (copied) destination.
// CHECK-LABEL: func.func @insert_slice(
// CHECK-SAME: %[[DST:[^:]*]]: tensor<8x?xf32>, %[[SRC:[^:]*]]: tensor<2x3xf32>, %[[O:[^:]*]]: index
// CHECK: %[[S:.*]] = bufferization.to_memref %[[SRC]]
// CHECK: %[[D:.*]] = bufferization.to_memref %[[DST]]
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<8x?xf32>
// CHECK-NEXT: memref.copy %[[D]], %[[A]]
// CHECK-NEXT: %[[V:.*]] = memref.subview %[[A]][%[[O]], 1] [2, 3] [1, 2] : memref<8x?xf32> to memref<2x3xf32, strided<[?, 2], offset: ?>>
// CHECK-NEXT: memref.copy %[[S]], %[[V]]
// CHECK-NEXT: bufferization.to_tensor %[[A]]
func.func @insert_slice(%dst: tensor<8x?xf32>, %src: tensor<2x3xf32>, %o: index) -> tensor<8x?xf32> {
  %0 = tensor.insert_slice %src into %dst[%o, 1] [2, 3] [1, 2] : tensor<2x3xf32> into tensor<8x?xf32>
  return %0 : tensor<8x?xf32>
}

// -----

// Rank-reduced subviews keep the strides of the kept dimensions.
// CHECK-LABEL: func.func @insert_slice_rank_reduced(
// CHECK: memref.subview %{{.*}}[%{{.*}}, 0, 2] [1, 4, 1] [1, 1, 1] : memref<4x4x4xf32> to memref<4xf32, strided<[4], offset: ?>>
// CHECK: memref.subview %{{.*}}[1, %{{.*}}, 0] [1, 1, 4] [1, 1, 1] : memref<4x4x4xf32> to memref<1x4xf32, strided<[16, 1], offset: ?>>
func.func @insert_slice_rank_reduced(%dst: tensor<4x4x4xf32>, %src: tensor<4xf32>, %row: tensor<1x4xf32>, %i: index) -> tensor<4x4x4xf32> {
  %0 = tensor.insert_slice %src into %dst[%i, 0, 2] [1, 4, 1] [1, 1, 1] : tensor<4xf32> into tensor<4x4x4xf32>
  %1 = tensor.insert_slice %row into %0[1, %i, 0] [1, 1, 4] [1, 1, 1] : tensor<1x4xf32> into tensor<4x4x4xf32>
  return %1 : tensor<4x4x4xf32>
}

// -----

// A slice that covers the destination (a zero offset given as a constant
// value counts) does not read it: the new buffer is not initialized.
// CHECK-LABEL: func.func @insert_slice_whole(
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x5xf32>
// CHECK-NOT: memref.copy %{{.*}}, %[[A]]
// CHECK: memref.subview %[[A]]
// ANALYSIS-LABEL: func.func @insert_slice_whole(
// ANALYSIS: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "false", "none"]}
func.func @insert_slice_whole(%dst: tensor<3x5xf32>, %src: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert_slice %src into %dst[%c0, 0] [3, 5] [1, 1] : tensor<3x5xf32> into tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// The matching extract_slice / insert_slice pair on a function argument
// (not writable without function boundaries): the slice is copied once
// (its extract_slice is out of place), the insert writes that copy in
// place, and the insert_slice copies the argument.
// INPLACE-LABEL: func.func @extract_then_insert(
// INPLACE-COUNT-2: memref.alloc
// INPLACE-NOT: memref.alloc
// INPLACE: return
// ANALYSIS-LABEL: func.func @extract_then_insert(
// ANALYSIS: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["false", "none"]}
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// ANALYSIS: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "false", "none"]}
func.func @extract_then_insert(%t: tensor<16xf32>, %i: index) -> tensor<16xf32> {
  %s = tensor.extract_slice %t[%i] [4] [1] : tensor<16xf32> to tensor<4xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %u = tensor.insert %f into %s[%c0] : tensor<4xf32>
  %r = tensor.insert_slice %u into %t[%i] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

// The copy of parallel_insert_slice goes into the loop body, into a subview
// of the shared output's buffer; the terminator is left empty.
// CHECK-LABEL: func.func @parallel_insert(
// CHECK: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x2xf32>
// CHECK: scf.forall (%[[I:.*]]) in
// CHECK: %[[S:.*]] = memref.subview %{{.*}}[%[[I]]] [2] [1]
// CHECK-NEXT: %[[D:.*]] = memref.subview %[[OUT]][%[[I]], 0] [1, 2] [1, 1] : memref<8x2xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: memref.copy %[[S]], %[[D]]
// CHECK-NEXT: }
// ANALYSIS-LABEL: func.func @parallel_insert(
// ANALYSIS: tensor.parallel_insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
func.func @parallel_insert(%in: tensor<8xf32>, %out: tensor<8x2xf32>) -> tensor<8x2xf32> {
  %c4 = arith.constant 4 : index
  %r = scf.forall (%i) in (%c4) shared_outs (%o = %out) -> tensor<8x2xf32> {
    %off = arith.muli %i, %c4 : index
    %s = tensor.extract_slice %in[%i] [2] [1] : tensor<8xf32> to tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<8x2xf32>
    }
  }
  return %r : tensor<8x2xf32>
}
