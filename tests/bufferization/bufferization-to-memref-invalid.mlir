// convert-bufferization-to-memref failures: a clone whose result layout no
// allocation can be cast to, a bufferization op with no lowering, a
// general dealloc when the pass runs on a function (no helper may be
// added there). Only the first op that fails is reported, as mlir-opt-19
// does.
// RUN: bufopt -convert-bufferization-to-memref -split-input-file -verify-diagnostics %s
// RUN: bufopt --pass-pipeline='builtin.module(func.func(convert-bufferization-to-memref))' -split-input-file -verify-diagnostics %s
// RUN: mlir-opt-19 -convert-bufferization-to-memref -split-input-file -verify-diagnostics %s
// RUN: not bufopt -convert-bufferization-to-memref -split-input-file %s 2> %t.b; not mlir-opt-19 -convert-bufferization-to-memref -split-input-file %s 2> %t.m; diff -u %t.m %t.b

func.func @bad_layout(%m: memref<4xf32, strided<[2]>>) -> memref<4xf32, strided<[2]>> {
  // expected-error @below {{failed to legalize operation 'bufferization.clone' that was explicitly marked illegal}}
  %c = bufferization.clone %m : memref<4xf32, strided<[2]>> to memref<4xf32, strided<[2]>>
  return %c : memref<4xf32, strided<[2]>>
}

// -----

func.func @leftover(%m: memref<4xf32>) -> tensor<4xf32> {
  %c = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  // expected-error @below {{failed to legalize operation 'bufferization.to_tensor' that was explicitly marked illegal}}
  %t = bufferization.to_tensor %c : memref<4xf32>
  // Not reached: the conversion stops at the first failure.
  %d = bufferization.to_tensor %m : memref<4xf32>
  return %t : tensor<4xf32>
}
