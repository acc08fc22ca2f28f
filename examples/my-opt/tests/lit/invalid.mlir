// RUN: my-opt %s -split-input-file -verify-diagnostics

func.func @int_tensor(%x: tensor<4xi32>, %f: i32) {
  // expected-error @+1 {{'my.scale' op input must be a float tensor or memref, but got 'tensor<4xi32>'}}
  %0 = my.scale %x by %f : tensor<4xi32>
  return
}

// -----

func.func @not_shaped(%x: f32, %f: f32) {
  // expected-error @+1 {{expected a shaped type}}
  %0 = my.scale %x by %f : f32
  return
}

// -----

func.func @generic_mismatch(%x: tensor<4xf32>, %f: f64) {
  // expected-error @+1 {{'my.scale' op factor must have the element type 'f32', but got 'f64'}}
  %0 = "my.scale"(%x, %f) : (tensor<4xf32>, f64) -> tensor<4xf32>
  return
}

// -----

func.func @result_mismatch(%x: tensor<4xf32>, %f: f32) {
  // expected-error @+1 {{'my.scale' op requires the input and the result to have the same type}}
  %0 = "my.scale"(%x, %f) : (tensor<4xf32>, f32) -> tensor<8xf32>
  return
}
