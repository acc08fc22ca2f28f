// Without function boundaries, function arguments are not writable: a
// masked write into one needs a copy inside the mask, which the mask
// reports (as mlir-opt-19).
// RUN: bufopt %s -one-shot-bufferize -verify-diagnostics
// RUN: mlir-opt-19 %s -one-shot-bufferize -verify-diagnostics

func.func @into_argument(%t: tensor<16xf32>, %v: vector<16xf32>, %m: vector<16xi1>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'vector.mask' op body must bufferize in-place}}
  %0 = vector.mask %m { vector.transfer_write %v, %t[%c0] : vector<16xf32>, tensor<16xf32> } : vector<16xi1> -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
