// A tensor program of named ops (fill, a strided convolution, max pooling,
// broadcast, batch_matmul, transpose) computes the same results after
// -linalg-generalize-named-ops, in tensor form and after One-Shot Bufferize
// and the deallocation pipeline (every buffer checked, none leaked).
// RUN: bufopt -linalg-generalize-named-ops %s | FileCheck %s --check-prefix=GEN
// RUN: bufopt -linalg-generalize-named-ops %s > %t.gen.mlir && bufopt-run --strict --compare %t.gen.mlir %s | FileCheck %s
// RUN: bufopt -linalg-generalize-named-ops --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline %s > %t.buf.mlir && bufopt-run --strict --compare %t.buf.mlir %s | FileCheck %s

// GEN-LABEL: func.func @main(
// GEN-COUNT-7: linalg.generic
// GEN-NOT: linalg.{{fill|conv|pooling|broadcast|batch_matmul|transpose}}
// GEN: return

// CHECK: .mlir: ok
// CHECK: results: same
// CHECK: verdict: agree
func.func @main(%img: tensor<1x6x7x2xf32>, %k: tensor<2x2x2x3xf32>, %w: tensor<3x4xf32>) -> (tensor<4x2x4xf32>, tensor<4x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x3x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x3x3xf32>) -> tensor<1x5x3x3xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
    ins(%img, %k : tensor<1x6x7x2xf32>, tensor<2x2x2x3xf32>) outs(%acc : tensor<1x5x3x3xf32>) -> tensor<1x5x3x3xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %pe = tensor.empty() : tensor<1x4x2x3xf32>
  %lowest = arith.constant -1.0e+30 : f32
  %pinit = linalg.fill ins(%lowest : f32) outs(%pe : tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
  %pool = linalg.pooling_nhwc_max ins(%conv, %win : tensor<1x5x3x3xf32>, tensor<2x2xf32>) outs(%pinit : tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
  %flat = tensor.collapse_shape %pool [[0, 1], [2], [3]] : tensor<1x4x2x3xf32> into tensor<4x2x3xf32>
  %wbe = tensor.empty() : tensor<4x3x4xf32>
  %wb = linalg.broadcast ins(%w : tensor<3x4xf32>) outs(%wbe : tensor<4x3x4xf32>) dimensions = [0]
  %me = tensor.empty() : tensor<4x2x4xf32>
  %mz = linalg.fill ins(%zero : f32) outs(%me : tensor<4x2x4xf32>) -> tensor<4x2x4xf32>
  %mm = linalg.batch_matmul ins(%flat, %wb : tensor<4x2x3xf32>, tensor<4x3x4xf32>) outs(%mz : tensor<4x2x4xf32>) -> tensor<4x2x4xf32>
  %te = tensor.empty() : tensor<4x3xf32>
  %t = linalg.transpose ins(%w : tensor<3x4xf32>) outs(%te : tensor<4x3xf32>) permutation = [1, 0]
  return %mm, %t : tensor<4x2x4xf32>, tensor<4x3xf32>
}
