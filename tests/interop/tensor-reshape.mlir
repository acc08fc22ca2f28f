// Reshaping ops of the tensor dialect, round-tripped against mlir-opt-19:
// collapse_shape, expand_shape (MLIR 19 form with output_shape) and
// reshape, with static and dynamic groups, rank-0 results and unranked
// results.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @collapse(%a: tensor<2x3x4xf32>, %d: tensor<?x?x4xf32>, %u: tensor<1x1xi8>) {
  %0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %1 = tensor.collapse_shape %a [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %2 = tensor.collapse_shape %d [[0], [1, 2]] : tensor<?x?x4xf32> into tensor<?x?xf32>
  %3 = tensor.collapse_shape %d [[0, 1], [2]] {tag} : tensor<?x?x4xf32> into tensor<?x4xf32>
  %4 = tensor.collapse_shape %u [] : tensor<1x1xi8> into tensor<i8>
  %5 = tensor.collapse_shape %a [[0], [1], [2]] : tensor<2x3x4xf32> into tensor<2x3x4xf32>
  return
}

func.func @expand(%a: tensor<24xf32>, %d: tensor<?x4xf32>, %s: tensor<i8>, %n: index, %m: index) {
  %0 = tensor.expand_shape %a [[0, 1, 2]] output_shape [2, 3, 4] : tensor<24xf32> into tensor<2x3x4xf32>
  %1 = tensor.expand_shape %d [[0, 1], [2]] output_shape [%n, 8, 4] : tensor<?x4xf32> into tensor<?x8x4xf32>
  %2 = tensor.expand_shape %d [[0, 1], [2, 3]] output_shape [%n, %m, 2, 2] {tag = 3 : i32} : tensor<?x4xf32> into tensor<?x?x2x2xf32>
  %3 = tensor.expand_shape %s [] output_shape [1, 1] : tensor<i8> into tensor<1x1xi8>
  %4 = tensor.expand_shape %d [[0], [1]] output_shape [%n, 4] : tensor<?x4xf32> into tensor<?x4xf32>
  return
}

func.func @reshape(%a: tensor<24xf32>, %d: tensor<?xf32>, %s2: tensor<2xindex>, %s3: tensor<3xi32>, %sd: tensor<?xi64>) {
  %0 = tensor.reshape %a(%s2) : (tensor<24xf32>, tensor<2xindex>) -> tensor<4x6xf32>
  %1 = tensor.reshape %d(%s3) : (tensor<?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %2 = tensor.reshape %a(%sd) {tag} : (tensor<24xf32>, tensor<?xi64>) -> tensor<*xf32>
  %3 = tensor.reshape %0(%s2) : (tensor<4x6xf32>, tensor<2xindex>) -> tensor<?x6xf32>
  return
}
