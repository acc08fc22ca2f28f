// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Reshapes of tensors and memrefs: expand/collapse chains that cancel,
// and a collapse of a cast.
func.func @tensor_reshapes(%t: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.expand_shape %t [[0], [1, 2]] output_shape [4, 2, 4] : tensor<4x8xf32> into tensor<4x2x4xf32>
  %c = tensor.collapse_shape %e [[0], [1, 2]] : tensor<4x2x4xf32> into tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}

func.func @memref_reshapes(%m: memref<2x3x4xf32>) -> memref<24xf32> {
  %c1 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %c2 = memref.collapse_shape %c1 [[0, 1]] : memref<6x4xf32> into memref<24xf32>
  return %c2 : memref<24xf32>
}

func.func @expand_collapse(%m: memref<12xf32>) -> memref<12xf32> {
  %e = memref.expand_shape %m [[0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
  %c = memref.collapse_shape %e [[0, 1]] : memref<3x4xf32> into memref<12xf32>
  return %c : memref<12xf32>
}
