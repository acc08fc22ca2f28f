// Input the dialect-conversion passes cannot convert gets upstream's
// located errors (checked against mlir-opt-19 too), and no output.
// RUN: bufopt --allow-unregistered-dialect -finalizing-bufferize -split-input-file -verify-diagnostics %s
// RUN: not bufopt --allow-unregistered-dialect -finalizing-bufferize -split-input-file %s -o %t.fin 2>/dev/null
// RUN: not test -s %t.fin
// RUN: mlir-opt-19 --allow-unregistered-dialect -finalizing-bufferize -split-input-file -verify-diagnostics %s

// An op with a tensor result that no pattern handles.
func.func @no_pattern(%m: memref<3xi32>) -> memref<3xi32> {
  // expected-error @+1 {{failed to legalize operation 'test.make'}}
  %t = "test.make"(%m) : (memref<3xi32>) -> tensor<3xi32>
  %n = bufferization.to_memref %t : memref<3xi32>
  return %n : memref<3xi32>
}

// -----

// The memref replacing the to_memref has the identity layout; its user
// wants the strided one, and no materialization builds that.
func.func @materialization_left(%m: memref<4xf32>) -> memref<4xf32, strided<[1], offset: ?>> {
  %t = bufferization.to_tensor %m : memref<4xf32>
  // expected-error @+1 {{failed to materialize conversion for result #0 of operation 'bufferization.to_memref' that remained live after conversion}}
  %n = bufferization.to_memref %t : memref<4xf32, strided<[1], offset: ?>>
  // expected-note @+1 {{see existing live user here: func.return %1 : memref<4xf32, strided<[1], offset: ?>>}}
  return %n : memref<4xf32, strided<[1], offset: ?>>
}
