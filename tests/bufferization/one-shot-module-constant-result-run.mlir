// A callee returns a constant; the caller writes into the result.
// mlir-opt-19 lets the write go in place, into the constant global (a
// known 19.1.7 defect: a crash at run time, a "write into constant global"
// error under the memory checker). bufopt records that the result aliases
// a buffer that is not writable, so the caller's write goes to a copy.
// RUN: bufopt-run --print-results %s | FileCheck %s
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" | bufopt-run --strict --print-results - | FileCheck %s
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANA
// RUN: mlir-opt-19 %s -one-shot-bufferize="bufferize-function-boundaries" | not bufopt-run - 2>&1 | FileCheck %s --check-prefix=UPSTREAM

// CHECK: result #0: <4> [9.0, 2.0, 3.0, 4.0]
// CHECK-NEXT: result #1: <4> [1.0, 2.0, 3.0, 4.0]
// ANA-LABEL: func.func @main(
// ANA: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
// UPSTREAM: error: write into constant global

func.func @k() -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  return %c : tensor<4xf32>
}

func.func @main() -> (tensor<4xf32>, tensor<4xf32>) {
  %a = call @k() : () -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %nine = arith.constant 9.0 : f32
  %w = tensor.insert %nine into %a[%c0] : tensor<4xf32>
  %b = call @k() : () -> tensor<4xf32>
  return %w, %b : tensor<4xf32>, tensor<4xf32>
}
