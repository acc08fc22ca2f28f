// InsertSliceOpCastFolder: tensor.insert_slice takes the sources of casts
// that only erase static sizes, on its source and on its destination; a
// cast restores the result type when the destination's changed. A cast
// that adds static information stays. The expected output is mlir-opt-19's.
// RUN: bufopt %s --canonicalize --split-input-file | FileCheck %s
// RUN: bufopt %s --canonicalize --split-input-file | mlir-opt-19 --split-input-file -o /dev/null

// CHECK-LABEL: func.func @dest_cast(
// CHECK-SAME: %[[S:.*]]: tensor<?x?xf32>, %[[D:.*]]: tensor<8x16xf32>, %[[I:.*]]: index, %[[N:.*]]: index
// CHECK: %[[R:.*]] = tensor.insert_slice %[[S]] into %[[D]][%[[I]], %[[I]]] [%[[N]], %[[N]]] [1, 1] : tensor<?x?xf32> into tensor<8x16xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[R]] : tensor<8x16xf32> to tensor<?x?xf32>
// CHECK: return %[[C]]
func.func @dest_cast(%s: tensor<?x?xf32>, %d: tensor<8x16xf32>, %i: index, %n: index) -> tensor<?x?xf32> {
  %c = tensor.cast %d : tensor<8x16xf32> to tensor<?x?xf32>
  %r = tensor.insert_slice %s into %c[%i, %i] [%n, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @source_cast(
// CHECK-SAME: %[[S:.*]]: tensor<2x3xf32>, %[[D:.*]]: tensor<?x?xf32>, %[[I:.*]]: index
// CHECK: %[[R:.*]] = tensor.insert_slice %[[S]] into %[[D]][%[[I]], %[[I]]] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<?x?xf32>
// CHECK: return %[[R]]
func.func @source_cast(%s: tensor<2x3xf32>, %d: tensor<?x?xf32>, %i: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c = tensor.cast %s : tensor<2x3xf32> to tensor<?x?xf32>
  %n0 = tensor.dim %c, %c0 : tensor<?x?xf32>
  %n1 = tensor.dim %c, %c1 : tensor<?x?xf32>
  %r = tensor.insert_slice %c into %d[%i, %i] [%n0, %n1] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @adding_cast_stays(
// CHECK: tensor.cast
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}} : tensor<4x4xf32> into tensor<8x8xf32>
func.func @adding_cast_stays(%s: tensor<?x?xf32>, %d: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = tensor.cast %s : tensor<?x?xf32> to tensor<4x4xf32>
  %r = tensor.insert_slice %c into %d[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
