// One-Shot Bufferize errors, as mlir-opt-19 reports them: an op that keeps
// tensor semantics ("op was not bufferized"), a model that fails ("failed
// to bufferize op" after the model's own error), and a memory space that
// cannot be inferred.
// RUN: bufopt -allow-unregistered-dialect -one-shot-bufferize="copy-before-write" -split-input-file -verify-diagnostics %s
// RUN: mlir-opt-19 -allow-unregistered-dialect -one-shot-bufferize="copy-before-write" -split-input-file -verify-diagnostics %s
// RUN: not bufopt -allow-unregistered-dialect -one-shot-bufferize="copy-before-write allow-unknown-ops" -split-input-file %s 2>/dev/null | FileCheck %s --check-prefix=UNKNOWN

// UNKNOWN-LABEL: func.func @unknown_op(
// UNKNOWN: %[[T:.*]] = "test.make"() : () -> tensor<4xf32>
// UNKNOWN: %[[M:.*]] = bufferization.to_memref %[[T]] : memref<4xf32>
// UNKNOWN: memref.load %[[M]]
func.func @unknown_op(%i: index) -> f32 {
  // expected-error @below {{op was not bufferized}}
  %t = "test.make"() : () -> tensor<4xf32>
  %m = bufferization.to_memref %t : memref<4xf32>
  %x = memref.load %m[%i] : memref<4xf32>
  return %x : f32
}

// -----

func.func @select_vector_cond(%c: tensor<4xi1>, %i: index) -> f32 {
  %a = arith.constant dense<1.0> : tensor<4xf32>
  %b = arith.constant dense<2.0> : tensor<4xf32>
  // expected-error @below {{'arith.select' op only i1 condition values are supported}}
  // expected-error @below {{failed to bufferize op}}
  %s = arith.select %c, %a, %b : tensor<4xi1>, tensor<4xf32>
  %m = bufferization.to_memref %s : memref<4xf32>
  %x = memref.load %m[%i] : memref<4xf32>
  return %x : f32
}

// -----

// An unknown op without uses is still reported: it may have effects.
func.func @dead_unknown_op() {
  // expected-error @below {{op was not bufferized}}
  %t = "test.pure"() : () -> tensor<4xf32>
  return
}
