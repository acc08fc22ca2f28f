// A vector.mask body must bufferize in place: when tensor copy insertion
// puts a copy (a bufferization.alloc_tensor) inside the mask, the mask
// reports it, as mlir-opt-19 does: a conflict found by the analysis, a
// non-writable function argument, and every write under copy-before-write.
// RUN: bufopt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries" -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries" -verify-diagnostics
// RUN: bufopt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries copy-before-write" -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries copy-before-write" -verify-diagnostics

// %t is read after the masked write: the write must go out of place.
func.func @read_after_write(%t: tensor<?xf32>, %v: vector<16xf32>, %i: index, %m: vector<16xi1>) -> (tensor<?xf32>, vector<16xf32>) {
  %p = arith.constant 0.0 : f32
  // expected-error @+1 {{'vector.mask' op body must bufferize in-place}}
  %0 = vector.mask %m { vector.transfer_write %v, %t[%i] : vector<16xf32>, tensor<?xf32> } : vector<16xi1> -> tensor<?xf32>
  %r = vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<16xf32>
  return %0, %r : tensor<?xf32>, vector<16xf32>
}

// -----

// A constant is not writable.
func.func @into_constant(%v: vector<4xf32>, %m: vector<4xi1>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<1.0> : tensor<4xf32>
  // expected-error @+1 {{'vector.mask' op body must bufferize in-place}}
  %0 = vector.mask %m { vector.transfer_write %v, %cst[%c0] : vector<4xf32>, tensor<4xf32> } : vector<4xi1> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
