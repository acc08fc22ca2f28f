// EraseIdentityLinalgOp: a linalg.generic or linalg.broadcast whose maps
// are identities and whose body only yields its arguments is a copy. On
// tensors its results become the operands (through tensor.cast where the
// static shape differs); on buffers a copy of a buffer into itself is
// erased. Ops that compute, permute or copy between different buffers
// stay. The expected output is mlir-opt-19's.
// RUN: bufopt %s --canonicalize --split-input-file | FileCheck %s
// RUN: bufopt %s --canonicalize --split-input-file | mlir-opt-19 --split-input-file -o /dev/null

#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @identity_generic(
// CHECK-SAME: %[[X:.*]]: tensor<4x?xf32>, %[[Y:.*]]: tensor<4x8xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[X]] : tensor<4x?xf32> to tensor<4x8xf32>
// CHECK-NOT: linalg.generic
// CHECK: return %[[C]], %[[Y]]
func.func @identity_generic(%x: tensor<4x?xf32>, %y: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<4x?xf32>, tensor<4x8xf32>) outs(%e, %e : tensor<4x8xf32>, tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32, %p: f32):
    linalg.yield %a, %b : f32, f32
  } -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %r#0, %r#1 : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @computing_generic_stays(
// CHECK: linalg.generic
func.func @computing_generic_stays(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>

// CHECK-LABEL: func.func @transposing_generic_stays(
// CHECK: linalg.generic
func.func @transposing_generic_stays(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %r = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// On buffers: a self copy is erased, a copy between buffers stays.
// CHECK-LABEL: func.func @buffers(
// CHECK-SAME: %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<4x8xf32>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[A]] : memref<4x8xf32>) outs(%[[B]] : memref<4x8xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @buffers(%a: memref<4x8xf32>, %b: memref<4x8xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xf32>) outs(%a : memref<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x8xf32>) outs(%b : memref<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// A broadcast that adds no dimension is the identity.
// CHECK-LABEL: func.func @identity_broadcast(
// CHECK-SAME: %[[X:.*]]: tensor<4x8xf32>
// CHECK-NOT: linalg.broadcast
// CHECK: return %[[X]]
func.func @identity_broadcast(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.broadcast ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) dimensions = []
  return %r : tensor<4x8xf32>
}
