// tensor.concat under must-infer-memory-space: its allocation has no
// memory space to take.
// RUN: bufopt -one-shot-bufferize="must-infer-memory-space" -verify-diagnostics %s -o /dev/null
// RUN: bufopt -one-shot-bufferize="copy-before-write must-infer-memory-space" -verify-diagnostics %s -o /dev/null

func.func @concat_no_space(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @below {{could not infer memory space}}
  // expected-error @below {{failed to bufferize op}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
