// One-Shot Bufferize of linalg structured ops (generic, named, map,
// reduce, transpose, broadcast, a convolution) and linalg.softmax: each op
// is recreated on buffers without results, inits bufferize in place unless
// a later read needs the old value; an element-wise generic may write over
// its own input. The output is byte-identical to mlir-opt-19's.
// RUN: bufopt --split-input-file --one-shot-bufferize %s | FileCheck %s
// RUN: bufopt --split-input-file --one-shot-bufferize %s > %t.b && mlir-opt-19 --split-input-file --one-shot-bufferize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --split-input-file --one-shot-bufferize=copy-before-write %s > %t.b && mlir-opt-19 --split-input-file --one-shot-bufferize=copy-before-write %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --split-input-file --one-shot-bufferize=test-analysis-only %s > %t.b && mlir-opt-19 --split-input-file --one-shot-bufferize=test-analysis-only %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --split-input-file --one-shot-bufferize=test-analysis-only %s | FileCheck %s --check-prefix=ANALYSIS

#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (3 - d0)>

// The fill's init is an empty tensor: a new buffer; the generic writes in
// place into it and reads both arguments' buffers.
// CHECK-LABEL: func.func @axpy(
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>
// CHECK-DAG: %[[MY:.*]] = bufferization.to_memref %[[Y]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-DAG: %[[MX:.*]] = bufferization.to_memref %[[X]] : memref<4xf32, strided<[?], offset: ?>>
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[MX]], %[[MY]] : memref<4xf32, strided<[?], offset: ?>>, memref<4xf32, strided<[?], offset: ?>>) outs(%[[A]] : memref<4xf32>) {
// CHECK: linalg.add ins(%[[A]], %[[A]] : memref<4xf32>, memref<4xf32>) outs(%[[A]] : memref<4xf32>)
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[A]] : memref<4xf32>
// CHECK: return %[[R]]
func.func @axpy(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%two : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<4xf32>, tensor<4xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %c : f32
    %s = arith.addf %m, %b : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %d = linalg.add ins(%g, %g : tensor<4xf32>, tensor<4xf32>) outs(%g : tensor<4xf32>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (3 - d0)>

// Element-wise with identity maps: the init may share its input's buffer.
// Reversed: the input would be overwritten before it is read, so the init
// is a copy.
// ANALYSIS-LABEL: func.func @same_buffer(
// ANALYSIS: linalg.generic {{.*}}__inplace_operands_attr__ = ["true", "true"]
// ANALYSIS: linalg.generic {{.*}}__inplace_operands_attr__ = ["true", "false"]
func.func @same_buffer(%n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %c = linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]}
      ins(%b : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %b, %c : tensor<4xf32>, tensor<4xf32>
}

// -----

// Named ops: the matmul accumulates into a copy of its init, the others
// write into a new buffer (the function arguments are not writable).
// CHECK-LABEL: func.func @named(
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<4x4xf32, strided<[?, ?], offset: ?>>, memref<4x4xf32, strided<[?, ?], offset: ?>>) outs(%{{.*}} : memref<4x4xf32>)
// CHECK: linalg.transpose ins(%{{.*}} : memref<4x4xf32>) outs(%{{.*}} : memref<4x4xf32>) permutation = [1, 0]
// CHECK: linalg.broadcast ins(%{{.*}} : memref<4xf32, strided<[?], offset: ?>>) outs(%{{.*}} : memref<4x4xf32>) dimensions = [1]
// CHECK: linalg.reduce ins(%{{.*}} : memref<4x4xf32>) outs(%{{.*}} : memref<4xf32>) dimensions = [1]
// CHECK: linalg.map { arith.mulf } ins(%{{.*}}, %{{.*}} : memref<4xf32>, memref<4xf32, strided<[?], offset: ?>>) outs(%{{.*}} : memref<4xf32>)
func.func @named(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>, %v: tensor<4xf32>)
    -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>) {
  %m = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  %t = linalg.transpose ins(%m : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) permutation = [1, 0]
  %bc = linalg.broadcast ins(%v : tensor<4xf32>) outs(%m : tensor<4x4xf32>) dimensions = [1]
  %r = linalg.reduce ins(%bc : tensor<4x4xf32>) outs(%v : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %mm = linalg.map { arith.mulf } ins(%r, %v : tensor<4xf32>, tensor<4xf32>) outs(%r : tensor<4xf32>)
  return %t, %bc, %mm : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @conv(
// CHECK: linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : memref<1x6x6x2xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<3x3x2x4xf32, strided<[?, ?, ?, ?], offset: ?>>) outs(%{{.*}} : memref<1x4x4x4xf32>)
func.func @conv(%i: tensor<1x6x6x2xf32>, %k: tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%i, %k : tensor<1x6x6x2xf32>, tensor<3x3x2x4xf32>) outs(%o : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %c : tensor<1x4x4x4xf32>
}

// -----

// linalg.softmax reads its input and writes its output's buffer.
// CHECK-LABEL: func.func @softmax(
// CHECK: %[[IN:.*]] = bufferization.to_memref %{{.*}} : memref<2x16x32xf32, strided<[?, ?, ?], offset: ?>>
// CHECK: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x16x32xf32>
// CHECK: linalg.softmax dimension(2) ins(%[[IN]] : memref<2x16x32xf32, strided<[?, ?, ?], offset: ?>>) outs(%[[OUT]] : memref<2x16x32xf32>)
// CHECK: bufferization.to_tensor %[[OUT]]
func.func @softmax(%t: tensor<2x16x32xf32>) -> tensor<2x16x32xf32> {
  %e = tensor.empty() : tensor<2x16x32xf32>
  %r = linalg.softmax dimension(2) ins(%t : tensor<2x16x32xf32>) outs(%e : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
  return %r : tensor<2x16x32xf32>
}
