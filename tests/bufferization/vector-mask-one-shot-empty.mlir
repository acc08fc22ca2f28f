// A vector.mask that masks nothing and yields a tensor: mlir-opt-19
// crashes bufferizing it (it asks whether the missing masked op is
// bufferizable). bufopt replaces its results by the yielded values, as the
// canonical ElideEmptyMaskOp would: the tensor by its buffer, the vector by
// itself; the mask is left without results.
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" | mlir-opt-19 > /dev/null

// CHECK-LABEL: func.func @empty_mask(
// CHECK-SAME: %[[T:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[V:.*]]: vector<16xf32>, %[[M:.*]]: vector<16xi1>
// CHECK-NEXT: vector.mask %[[M]] { vector.yield } : vector<16xi1>
// CHECK-NEXT: return %[[T]], %[[V]] : memref<?xf32, strided<[?], offset: ?>>, vector<16xf32>
func.func @empty_mask(%t: tensor<?xf32>, %v: vector<16xf32>, %m: vector<16xi1>) -> (tensor<?xf32>, vector<16xf32>) {
  %0:2 = "vector.mask"(%m) ({
    vector.yield %t, %v : tensor<?xf32>, vector<16xf32>
  }) : (vector<16xi1>) -> (tensor<?xf32>, vector<16xf32>)
  return %0#0, %0#1 : tensor<?xf32>, vector<16xf32>
}
