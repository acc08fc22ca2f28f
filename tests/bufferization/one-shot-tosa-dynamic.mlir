// Frontend output with a dynamic batch and int8 arithmetic: a TOSA
// network lowered by mlir-opt-19's own passes, then canonicalized and
// bufferized. `--canonicalize --cse` must equal mlir-opt-19's (it needs
// tensor.dim to look through linalg results, casts and reshapes, and
// tensor.empty's constant sizes made static), the canonicalized program
// bufferizes as mlir-opt-19 does, and after the deallocation pipeline it
// computes what the tensor program computes, every buffer freed once. The
// rounding shift computes a shift by -1 in lanes it then masks: poison,
// which must not stop the interpreter.
// RUN: mlir-opt-19 %s --pass-pipeline='builtin.module(func.func(tosa-optional-decompositions,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith{include-apply-rescale=true},tosa-to-tensor))' -o %t.lin.mlir
// RUN: bufopt %t.lin.mlir --canonicalize --cse -o %t.c.mlir
// RUN: mlir-opt-19 %t.lin.mlir --canonicalize --cse -o %t.cm.mlir
// RUN: diff -u %t.cm.mlir %t.c.mlir
// RUN: bufopt %t.c.mlir --one-shot-bufferize=bufferize-function-boundaries -o %t.b.mlir
// RUN: mlir-opt-19 %t.c.mlir --one-shot-bufferize=bufferize-function-boundaries -o %t.m.mlir
// RUN: diff -u %t.m.mlir %t.b.mlir
// RUN: bufopt %t.c.mlir --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline -o %t.d.mlir
// RUN: bufopt-run --strict --compare %t.lin.mlir %t.d.mlir | FileCheck %s
// RUN: FileCheck %s --check-prefix=CANON < %t.c.mlir

// CHECK: verdict: agree
// The batch size is read once from the input and shared by every tensor.empty.
// CANON-LABEL: func.func @main(
// CANON-COUNT-1: tensor.dim %arg0
// CANON-NOT: tensor.dim %{{[0-9]+}}, %c0

func.func @main(%x: tensor<?x8x8x4xf32>, %y: tensor<?x16xf32>, %z: tensor<?x4xf32>, %q: tensor<?x4xi32>) -> (tensor<?x8x8x4xf32>, tensor<?x4x4x4xf32>, tensor<?x8xf32>, tensor<?x1xf32>, tensor<?x4xf32>, tensor<?x16xf32>, tensor<?x4xi32>) {
  %w = "tosa.const"() {value = dense<0.02> : tensor<4x3x3x4xf32>} : () -> tensor<4x3x3x4xf32>
  %b = "tosa.const"() {value = dense<0.5> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = tosa.conv2d %x, %w, %b {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<?x8x8x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>) -> tensor<?x8x8x4xf32>
  %1 = tosa.clamp %0 {min_fp = 0.0 : f32, max_fp = 6.0 : f32, min_int = 0 : i64, max_int = 6 : i64} : (tensor<?x8x8x4xf32>) -> tensor<?x8x8x4xf32>
  %2 = tosa.add %1, %x : (tensor<?x8x8x4xf32>, tensor<?x8x8x4xf32>) -> tensor<?x8x8x4xf32>
  %3 = tosa.max_pool2d %2 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<?x8x8x4xf32>) -> tensor<?x4x4x4xf32>
  %fw = "tosa.const"() {value = dense<0.1> : tensor<8x16xf32>} : () -> tensor<8x16xf32>
  %fb = "tosa.const"() {value = dense<0.0> : tensor<8xf32>} : () -> tensor<8xf32>
  %4 = tosa.fully_connected %y, %fw, %fb : (tensor<?x16xf32>, tensor<8x16xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %5 = tosa.reduce_sum %4 {axis = 1 : i32} : (tensor<?x8xf32>) -> tensor<?x1xf32>
  %6 = tosa.exp %z : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %7 = tosa.reduce_sum %6 {axis = 1 : i32} : (tensor<?x4xf32>) -> tensor<?x1xf32>
  %8 = tosa.reciprocal %7 : (tensor<?x1xf32>) -> tensor<?x1xf32>
  %9 = tosa.mul %6, %8 {shift = 0 : i8} : (tensor<?x4xf32>, tensor<?x1xf32>) -> tensor<?x4xf32>
  %10 = tosa.sigmoid %y : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %sh = "tosa.const"() {value = dense<[[0, 1, 2, 3]]> : tensor<1x4xi32>} : () -> tensor<1x4xi32>
  %11 = tosa.arithmetic_right_shift %q, %sh {round = true} : (tensor<?x4xi32>, tensor<1x4xi32>) -> tensor<?x4xi32>
  return %2, %3, %4, %5, %9, %10, %11 : tensor<?x8x8x4xf32>, tensor<?x4x4x4xf32>, tensor<?x8xf32>, tensor<?x1xf32>, tensor<?x4xf32>, tensor<?x16xf32>, tensor<?x4xi32>
}
