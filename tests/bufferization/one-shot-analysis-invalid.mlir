// The pre-bufferization checks and the analysis verification of One-Shot
// Analysis, with upstream's wording: a forced in-place write
// (materialize_in_destination) whose destination is read later, a forced
// write into a read-only buffer, to_tensor without `restrict`, and a loop
// whose yielded value is not equivalent to its iteration argument
// (bottom-up puts the first fill in place and the second out of place;
// other heuristics decide differently).
// RUN: bufopt %s -one-shot-bufferize="test-analysis-only" -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -one-shot-bufferize="test-analysis-only" -split-input-file -verify-diagnostics

func.func @forced_write_then_read(%f: f32, %g: f32) -> (tensor<4xf32>, f32) {
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @below{{'linalg.fill' op not bufferizable under the given constraints: cannot avoid RaW conflict}}
  %d = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %s = linalg.fill ins(%g : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %m = bufferization.materialize_in_destination %s in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %d[%c1] : tensor<4xf32>
  return %m, %x : tensor<4xf32>, f32
}

// -----

func.func @forced_write_into_read_only(%m: memref<4xf32>, %f: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %t = bufferization.to_tensor %m restrict : memref<4xf32>
  // expected-error @below{{'bufferization.materialize_in_destination' op not bufferizable under the given constraints: would write to read-only buffer}}
  %r = bufferization.materialize_in_destination %s in %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @to_tensor_without_restrict(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @below{{'bufferization.to_tensor' op to_tensor ops without `restrict` are not supported by One-Shot Analysis}}
  %t = bufferization.to_tensor %m : memref<4xf32>
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  return %x : f32
}

// -----

func.func @yield_not_equivalent(%f: f32, %g: f32, %n: index) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r, %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t, %acc = %f) -> (tensor<8xf32>, f32) {
    %1 = linalg.fill ins(%f : f32) outs(%a : tensor<8xf32>) -> tensor<8xf32>
    %2 = linalg.fill ins(%g : f32) outs(%a : tensor<8xf32>) -> tensor<8xf32>
    %x = tensor.extract %2[%c0] : tensor<8xf32>
    %y = tensor.extract %1[%c0] : tensor<8xf32>
    %sum = arith.addf %x, %y : f32
    // expected-error @below{{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %1, %sum : tensor<8xf32>, f32
  }
  return %r, %s : tensor<8xf32>, f32
}
