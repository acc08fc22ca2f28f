// Tensor ops that cannot bufferize under must-infer-memory-space: the ops
// that fill their buffer themselves support only the default memory space,
// and the others cannot infer one. The diagnostics are mlir-opt-19's.
// RUN: bufopt -one-shot-bufferize="must-infer-memory-space" -split-input-file -verify-diagnostics %s
// RUN: mlir-opt-19 -one-shot-bufferize="must-infer-memory-space" -split-input-file -verify-diagnostics %s
// RUN: bufopt -one-shot-bufferize="copy-before-write must-infer-memory-space" -split-input-file -verify-diagnostics %s
// RUN: mlir-opt-19 -one-shot-bufferize="copy-before-write must-infer-memory-space" -split-input-file -verify-diagnostics %s

func.func @from_elements(%a: f32) -> tensor<2xf32> {
  // expected-error @below {{memory space not implemented yet}}
  // expected-error @below {{failed to bufferize op}}
  %0 = tensor.from_elements %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @generate(%n: index) -> tensor<?xindex> {
  // expected-error @below {{memory space not implemented yet}}
  // expected-error @below {{failed to bufferize op}}
  %0 = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

func.func @splat(%f: f32) -> tensor<4xf32> {
  // expected-error @below {{could not infer memory space}}
  // expected-error @below {{failed to bufferize op}}
  %0 = tensor.splat %f : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @empty(%i: index) -> f32 {
  // expected-error @below {{could not infer memory space}}
  // expected-error @below {{failed to bufferize op}}
  %0 = tensor.empty() : tensor<4xf32>
  %1 = tensor.extract %0[%i] : tensor<4xf32>
  return %1 : f32
}
