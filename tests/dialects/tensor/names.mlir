// Result-name hints of the tensor dialect (getAsmResultNames), including
// conflict suffixes and ops upstream leaves unnamed.
// RUN: bufopt %s | FileCheck %s

// CHECK-LABEL: func.func @names
func.func @names(%t: tensor<8x16xf32>, %u: tensor<*xf32>, %s: tensor<2xindex>, %i: index, %f: f32) {
  // CHECK: %[[E:0]] = tensor.empty() : tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  // CHECK-NEXT: %extracted = tensor.extract
  %x = tensor.extract %t[%i, %i] : tensor<8x16xf32>
  // CHECK-NEXT: %extracted_0 = tensor.extract
  %x2 = tensor.extract %t[%i, %i] : tensor<8x16xf32>
  // CHECK-NEXT: %inserted = tensor.insert
  %y = tensor.insert %f into %t[%i, %i] : tensor<8x16xf32>
  // CHECK-NEXT: %extracted_slice = tensor.extract_slice
  %a = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  // CHECK-NEXT: %inserted_slice = tensor.insert_slice %extracted_slice into %arg0
  %b = tensor.insert_slice %a into %t[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
  // CHECK-NEXT: %dim = tensor.dim
  %d = tensor.dim %t, %i : tensor<8x16xf32>
  // CHECK-NEXT: %rank = tensor.rank
  %r = tensor.rank %u : tensor<*xf32>
  // CHECK-NEXT: %cast = tensor.cast
  %c = tensor.cast %t : tensor<8x16xf32> to tensor<?x16xf32>
  // CHECK-NEXT: %[[BC:1]] = tensor.bitcast
  %bc = tensor.bitcast %t : tensor<8x16xf32> to tensor<8x16xi32>
  // CHECK-NEXT: %generated = tensor.generate
  %g = tensor.generate {
  ^bb0(%p: index):
    tensor.yield %f : f32
  } : tensor<4xf32>
  // CHECK: %padded = tensor.pad
  %pd = tensor.pad %g low[1] high[1] {
  ^bb0(%p: index):
    tensor.yield %f : f32
  } : tensor<4xf32> to tensor<6xf32>
  // CHECK: %collapsed = tensor.collapse_shape
  %cl = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
  // CHECK-NEXT: %expanded = tensor.expand_shape %collapsed
  %ex = tensor.expand_shape %cl [[0, 1]] output_shape [16, 8] : tensor<128xf32> into tensor<16x8xf32>
  // CHECK-NEXT: %reshape = tensor.reshape
  %rs = tensor.reshape %cl(%s) : (tensor<128xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK-NEXT: %from_elements = tensor.from_elements
  %fe = tensor.from_elements %f, %f : tensor<2xf32>
  // CHECK-NEXT: %splat = tensor.splat
  %sp = tensor.splat %f : tensor<2xf32>
  // CHECK-NEXT: %concat = tensor.concat dim(0) %from_elements, %splat
  %cc = tensor.concat dim(0) %fe, %sp : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}
