// linalg.softmax (declared for its bufferization model): syntax, generic
// form and verifier errors as mlir-opt-19's.
// RUN: bufopt %s --split-input-file --verify-diagnostics > %t.b && mlir-opt-19 %s --split-input-file --verify-diagnostics > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s --split-input-file --verify-diagnostics --mlir-print-op-generic > %t.b && mlir-opt-19 %s --split-input-file --verify-diagnostics --mlir-print-op-generic > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @forms(
// CHECK: linalg.softmax dimension(2) ins(%{{.*}} : tensor<2x16x32xf32>) outs(%{{.*}} : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
// CHECK: linalg.softmax {tag} dimension(1) ins(%{{.*}} : memref<2x16x32xf32>) outs(%{{.*}} : memref<2x16x32xf32>)
func.func @forms(%t: tensor<2x16x32xf32>, %m: memref<2x16x32xf32>, %m2: memref<2x16x32xf32>) -> tensor<2x16x32xf32> {
  %e = tensor.empty() : tensor<2x16x32xf32>
  %r = linalg.softmax dimension(2) ins(%t : tensor<2x16x32xf32>) outs(%e : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
  linalg.softmax {tag} dimension(1) ins(%m : memref<2x16x32xf32>) outs(%m2 : memref<2x16x32xf32>)
  return %r : tensor<2x16x32xf32>
}

// -----

func.func @dimension(%t: tensor<2x16x32xf32>) -> tensor<2x16x32xf32> {
  %e = tensor.empty() : tensor<2x16x32xf32>
  // expected-error @below {{'linalg.softmax' op incorrect dimension specified}}
  %r = linalg.softmax dimension(3) ins(%t : tensor<2x16x32xf32>) outs(%e : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
  return %r : tensor<2x16x32xf32>
}

// -----

func.func @shape(%t: tensor<2x16x32xf32>) -> tensor<2x16x8xf32> {
  %e = tensor.empty() : tensor<2x16x8xf32>
  // expected-error @below {{'linalg.softmax' op incompatible output shape}}
  %r = linalg.softmax dimension(1) ins(%t : tensor<2x16x32xf32>) outs(%e : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  return %r : tensor<2x16x8xf32>
}

// -----

func.func @element(%t: tensor<2x16x32xf32>) -> tensor<2x16x32xf16> {
  %e = tensor.empty() : tensor<2x16x32xf16>
  // expected-error @below {{'linalg.softmax' op failed to verify that input and output have same element type}}
  %r = linalg.softmax dimension(1) ins(%t : tensor<2x16x32xf32>) outs(%e : tensor<2x16x32xf16>) -> tensor<2x16x32xf16>
  return %r : tensor<2x16x32xf16>
}
