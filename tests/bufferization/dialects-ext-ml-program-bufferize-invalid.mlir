// One-Shot Bufferize of a global without an initial value fails with
// upstream's error (a memref.global needs one), as does a load_const,
// which has no bufferization model upstream.
// RUN: bufopt %s -one-shot-bufferize -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -one-shot-bufferize -split-input-file -verify-diagnostics

// expected-error @below {{global op must have a value}}
// expected-error @below {{failed to bufferize op}}
ml_program.global private mutable @uninit : tensor<4xf32>

// -----

ml_program.global private @c(dense<1> : tensor<i32>) : tensor<i32>
func.func @load_const() -> tensor<i32> {
  // expected-error @below {{op was not bufferized}}
  %0 = ml_program.global_load_const @c : tensor<i32>
  return %0 : tensor<i32>
}
