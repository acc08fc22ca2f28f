// tensor.extract of an arith.index_cast reads the element first
// (ExtractElementFromIndexCast); a tensor.cast that adds static sizes to an
// extract_slice becomes a slice of its type (TensorCastExtractSlice), one
// that erases them stays; as mlir-opt-19.
// RUN: bufopt %s --canonicalize --cse --split-input-file | FileCheck %s
// RUN: bufopt %s --canonicalize --cse --split-input-file | mlir-opt-19 --split-input-file -o /dev/null

// CHECK-LABEL: func.func @extract_of_index_cast(%arg0: tensor<2x?xi64>, %arg1: index, %arg2: index) -> index {
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg1, %arg2] : tensor<2x?xi64>
// CHECK-NEXT: %0 = arith.index_cast %extracted : i64 to index
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
func.func @extract_of_index_cast(%t: tensor<2x?xi64>, %i: index, %j: index) -> index {
  %0 = arith.index_cast %t : tensor<2x?xi64> to tensor<2x?xindex>
  %1 = tensor.extract %0[%i, %j] : tensor<2x?xindex>
  return %1 : index
}

// -----

// CHECK-LABEL: func.func @cast_of_slice(%arg0: tensor<8x?x16xf32>, %arg1: index, %arg2: index, %arg3: index) -> tensor<4x?xf32> {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg1, 0, 2] [4, 1, %arg3] [1, 1, 1] : tensor<8x?x16xf32> to tensor<4x?xf32>
// CHECK-NEXT: return %extracted_slice : tensor<4x?xf32>
// CHECK-NEXT: }
func.func @cast_of_slice(%t: tensor<8x?x16xf32>, %o: index, %s: index, %r: index) -> tensor<4x?xf32> {
  %0 = tensor.extract_slice %t[%o, 0, 2] [%s, 1, %r] [1, 1, 1] : tensor<8x?x16xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<4x?xf32>
  return %1 : tensor<4x?xf32>
}

// -----

// CHECK-LABEL: func.func @cast_of_slice_erasing_kept(%arg0: tensor<8x16xf32>, %arg1: index) -> tensor<?x16xf32> {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg1, 0] [4, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
// CHECK-NEXT: %cast = tensor.cast %extracted_slice : tensor<4x16xf32> to tensor<?x16xf32>
// CHECK-NEXT: return %cast : tensor<?x16xf32>
// CHECK-NEXT: }
func.func @cast_of_slice_erasing_kept(%t: tensor<8x16xf32>, %o: index) -> tensor<?x16xf32> {
  %0 = tensor.extract_slice %t[%o, 0] [4, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
  %1 = tensor.cast %0 : tensor<4x16xf32> to tensor<?x16xf32>
  return %1 : tensor<?x16xf32>
}
