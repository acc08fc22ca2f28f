// tensor.insert_slice with a size 0 folds to its destination, as 19.
// RUN: bufopt %s --canonicalize --cse --split-input-file | FileCheck %s
// RUN: bufopt %s --canonicalize --cse --split-input-file | mlir-opt-19 --split-input-file -o /dev/null

// CHECK-LABEL: func.func @insert_empty_slice(%arg0: tensor<?x4xf32>, %arg1: tensor<8x8xf32>, %arg2: index) -> tensor<8x8xf32> {
// CHECK-NEXT: return %arg1 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @insert_empty_slice(%s: tensor<?x4xf32>, %d: tensor<8x8xf32>, %o: index) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert_slice %s into %d[%o, 2] [%c0, 4] [1, 1] : tensor<?x4xf32> into tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func @insert_nonempty_kept(%arg0: tensor<1x4xf32>, %arg1: tensor<8x8xf32>, %arg2: index) -> tensor<8x8xf32> {
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg0 into %arg1[%arg2, 2] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x8xf32>
// CHECK-NEXT: return %inserted_slice : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @insert_nonempty_kept(%s: tensor<1x4xf32>, %d: tensor<8x8xf32>, %o: index) -> tensor<8x8xf32> {
  %0 = tensor.insert_slice %s into %d[%o, 2] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
