// A callee returns one buffer as two results. mlir-opt-19 treats the two
// call results as independent, writes the first in place and so changes
// the second: @main returns 1.0 where the tensor program returns 5.0 (a
// known 19.1.7 defect). bufopt records which results of a function share
// a buffer and puts them in one alias set at each call, so the write goes
// to a copy. Each form runs under the memory checker.
// RUN: bufopt-run --print-results %s | FileCheck %s --check-prefix=TENSOR
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANA
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline | bufopt-run --strict --print-results - | FileCheck %s --check-prefix=TENSOR
// RUN: mlir-opt-19 %s -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline | bufopt-run --strict --print-results - | FileCheck %s --check-prefix=UPSTREAM

// TENSOR: result #0: 5.0
// TENSOR-NEXT: result #1: <4> [1.0, 5.0, 5.0, 5.0]
// UPSTREAM: result #0: 1.0
// ANA-LABEL: func.func @main(
// ANA: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}

func.func @two(%t: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %z = arith.constant 5.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %f, %f : tensor<4xf32>, tensor<4xf32>
}

func.func @main(%t: tensor<4xf32>) -> (f32, tensor<4xf32>) {
  %a, %b = call @two(%t) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %w = tensor.insert %one into %a[%c0] : tensor<4xf32>
  %x = tensor.extract %b[%c0] : tensor<4xf32>
  return %x, %w : f32, tensor<4xf32>
}
