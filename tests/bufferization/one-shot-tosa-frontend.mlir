// Frontend output: a TOSA network lowered by mlir-opt-19's own passes
// (tosa-to-linalg-named, tosa-to-linalg, tosa-to-arith, tosa-to-tensor),
// then One-Shot Bufferize with function boundaries. bufopt's bufferized
// module is byte-identical to mlir-opt-19's, and after the deallocation
// pipeline it computes what the tensor program computes on the same
// generated inputs, with every buffer freed once.
// RUN: mlir-opt-19 %s --pass-pipeline='builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor))' -o %t.lin.mlir
// RUN: bufopt %t.lin.mlir --one-shot-bufferize=bufferize-function-boundaries -o %t.b.mlir
// RUN: mlir-opt-19 %t.lin.mlir --one-shot-bufferize=bufferize-function-boundaries -o %t.m.mlir
// RUN: diff -u %t.m.mlir %t.b.mlir
// RUN: bufopt %t.lin.mlir --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline -o %t.d.mlir
// RUN: bufopt-run --strict --compare %t.lin.mlir %t.d.mlir | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.b.mlir

// CHECK: verdict: agree
// The convolution, pooling and matmul write into fresh buffers; the
// concat becomes subviews of one allocation.
// IR-LABEL: func.func @main(
// IR: linalg.conv_2d_nhwc_fhwc
// IR: linalg.pooling_nhwc_max
// IR: linalg.batch_matmul
// IR: memref.subview
// IR: memref.copy

func.func @main(%x: tensor<1x8x8x4xf32>, %m: tensor<1x4x6xf32>, %n: tensor<1x6x5xf32>)
    -> (tensor<1x4x4x4xf32>, tensor<1x4x5xf32>, tensor<1x8x8x8xf32>, tensor<4x8x8x1xf32>, tensor<1x1x8x4xf32>, tensor<3x4x8x4xf32>) {
  %b = "tosa.const"() {value = dense<0.5> : tensor<4xf32>} : () -> tensor<4xf32>
  %w = "tosa.const"() {value = dense<0.01> : tensor<4x3x3x4xf32>} : () -> tensor<4x3x3x4xf32>
  %conv = tosa.conv2d %x, %w, %b {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>}
      : (tensor<1x8x8x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %relu = tosa.clamp %conv {min_int = 0 : i64, max_int = 3 : i64, min_fp = 0.0 : f32, max_fp = 3.4e38 : f32}
      : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %res = tosa.add %relu, %x : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %p = tosa.max_pool2d %res {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>}
      : (tensor<1x8x8x4xf32>) -> tensor<1x4x4x4xf32>
  %mm = tosa.matmul %m, %n : (tensor<1x4x6xf32>, tensor<1x6x5xf32>) -> tensor<1x4x5xf32>
  %c = tosa.concat %res, %x {axis = 3 : i32} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x8xf32>
  %perms = "tosa.const"() {value = dense<[3, 1, 2, 0]> : tensor<4xi32>} : () -> tensor<4xi32>
  %t = tosa.transpose %x, %perms : (tensor<1x8x8x4xf32>, tensor<4xi32>) -> tensor<4x8x8x1xf32>
  %r = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<1x8x8x4xf32>) -> tensor<1x1x8x4xf32>
  %e = tosa.exp %r : (tensor<1x1x8x4xf32>) -> tensor<1x1x8x4xf32>
  %tl = tosa.tile %e {multiples = array<i64: 3, 4, 1, 1>} : (tensor<1x1x8x4xf32>) -> tensor<3x4x8x4xf32>
  return %p, %mm, %c, %t, %e, %tl
      : tensor<1x4x4x4xf32>, tensor<1x4x5xf32>, tensor<1x8x8x8xf32>, tensor<4x8x8x1xf32>, tensor<1x1x8x4xf32>, tensor<3x4x8x4xf32>
}
