// Linalg canonicalization around casts and fills: FoldTensorCastProducerOp
// (a tensor-dialect pattern on every destination-style op) takes the
// sources of casts that only erase static sizes; tensor.extract reads
// through a cast; a fill feeding an extract, a reshape, a copy or a
// transpose becomes its value or a fill of the consumer's init. The
// expected output is mlir-opt-19's.
// RUN: bufopt %s --canonicalize | FileCheck %s
// RUN: bufopt %s --canonicalize | mlir-opt-19 -o /dev/null

// CHECK-LABEL: func.func @cast_producer(
// CHECK-SAME: %[[A:.*]]: tensor<3x4xf32>, %[[B:.*]]: tensor<4x?xf32>, %[[C:.*]]: tensor<3x?xf32>
// CHECK-NEXT: %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<3x4xf32>, tensor<4x?xf32>) outs(%[[C]] : tensor<3x?xf32>) -> tensor<3x?xf32>
// CHECK-NEXT: return %[[M]]

// CHECK-LABEL: func.func @fill_extract(
// CHECK-SAME: %[[V:.*]]: f32
// CHECK-NEXT: return %[[V]]

// CHECK-LABEL: func.func @fill_reshape(
// CHECK-SAME: %[[V:.*]]: f32
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[E]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK: %[[F1:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[C]] : tensor<6x4xf32>)
// CHECK: %[[X:.*]] = tensor.expand_shape %[[E]]
// CHECK: %[[F2:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[X]] : tensor<2x3x2x2xf32>)
// CHECK: return %[[F1]], %[[F2]]

// CHECK-LABEL: func.func @fill_copy_transpose(
// CHECK-SAME: %[[V:.*]]: f32, %[[O:.*]]: tensor<4x8xf32>, %[[T:.*]]: tensor<8x4xf32>
// CHECK-NEXT: %[[F1:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[O]] : tensor<4x8xf32>)
// CHECK-NEXT: %[[F2:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[T]] : tensor<8x4xf32>)
// CHECK-NEXT: return %[[F1]], %[[F2]]

func.func @cast_producer(%a: tensor<3x4xf32>, %b: tensor<4x?xf32>, %c: tensor<3x?xf32>) -> tensor<3x?xf32> {
  %0 = tensor.cast %a : tensor<3x4xf32> to tensor<?x?xf32>
  %1 = tensor.cast %b : tensor<4x?xf32> to tensor<?x?xf32>
  %2 = tensor.cast %c : tensor<3x?xf32> to tensor<?x?xf32>
  %3 = linalg.matmul ins(%0, %1 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%2 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = tensor.cast %3 : tensor<?x?xf32> to tensor<3x?xf32>
  return %4 : tensor<3x?xf32>
}
func.func @fill_extract(%v: f32, %i: index) -> f32 {
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %c = tensor.cast %f : tensor<4x4xf32> to tensor<?x4xf32>
  %x = tensor.extract %c[%i, %i] : tensor<?x4xf32>
  return %x : f32
}
func.func @fill_reshape(%v: f32) -> (tensor<6x4xf32>, tensor<2x3x2x2xf32>) {
  %e = tensor.empty() : tensor<2x3x4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %c = tensor.collapse_shape %f [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %x = tensor.expand_shape %f [[0], [1], [2, 3]] output_shape [2, 3, 2, 2] : tensor<2x3x4xf32> into tensor<2x3x2x2xf32>
  return %c, %x : tensor<6x4xf32>, tensor<2x3x2x2xf32>
}
func.func @fill_copy_transpose(%v: f32, %o: tensor<4x8xf32>, %t: tensor<8x4xf32>) -> (tensor<4x8xf32>, tensor<8x4xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %c = linalg.copy ins(%f : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %p = linalg.transpose ins(%f : tensor<4x8xf32>) outs(%t : tensor<8x4xf32>) permutation = [1, 0]
  return %c, %p : tensor<4x8xf32>, tensor<8x4xf32>
}
