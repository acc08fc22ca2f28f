// tensor.dim looks through the op that defines its source: a cast, a
// destination-style op (its tied init), a tensor.reshape (an element of the
// shape operand), an expand_shape and a collapse_shape (affine arithmetic
// on the source's extents). Frontend output with dynamic shapes (TOSA's
// lowering measures every intermediate result) relies on these to share
// sizes again. The expected output is mlir-opt-19's.
// RUN: bufopt %s --canonicalize --split-input-file | FileCheck %s
// RUN: bufopt %s --canonicalize --split-input-file | mlir-opt-19 --split-input-file -o /dev/null

// CHECK-LABEL: func.func @dim_of_cast(
// CHECK-SAME: %[[X:.*]]: tensor<?x4xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x4xf32>
// CHECK: return %[[D]]
func.func @dim_of_cast(%x: tensor<?x4xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c = tensor.cast %x : tensor<?x4xf32> to tensor<?x?xf32>
  %d = tensor.dim %c, %c0 : tensor<?x?xf32>
  return %d : index
}

// -----

// A chain: the generic's result measures its init, the init is a
// tensor.empty, and the size is the function argument.
// CHECK-LABEL: func.func @dim_of_dest_style(
// CHECK-SAME: %[[X:.*]]: tensor<?xf32>, %[[N:.*]]: index
// CHECK-NOT: tensor.dim
// CHECK: return %[[N]]
func.func @dim_of_dest_style(%x: tensor<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %e = tensor.empty(%n) : tensor<?xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %neg = arith.negf %a : f32
    linalg.yield %neg : f32
  } -> tensor<?xf32>
  %d = tensor.dim %g, %c0 : tensor<?xf32>
  return %d : index
}

// -----

// CHECK-LABEL: func.func @dim_of_reshape(
// CHECK-SAME: %[[X:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<2xi32>
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[E:.*]] = tensor.extract %[[S]][%[[C1]]] : tensor<2xi32>
// CHECK: %[[I:.*]] = arith.index_cast %[[E]] : i32 to index
// CHECK: return %[[I]]
func.func @dim_of_reshape(%x: tensor<?xf32>, %s: tensor<2xi32>) -> index {
  %c1 = arith.constant 1 : index
  %r = tensor.reshape %x(%s) : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %d = tensor.dim %r, %c1 : tensor<?x?xf32>
  return %d : index
}

// -----

// CHECK: #[[$DIV:.*]] = affine_map<()[s0] -> (s0 floordiv 12)>
// CHECK-LABEL: func.func @dim_of_expand_shape(
// CHECK-SAME: %[[X:.*]]: tensor<?x5xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x5xf32>
// CHECK: %[[A:.*]] = affine.apply #[[$DIV]]()[%[[D]]]
// CHECK: return %[[A]]
func.func @dim_of_expand_shape(%x: tensor<?x5xf32>, %n: index) -> index {
  %c1 = arith.constant 1 : index
  %e = tensor.expand_shape %x [[0, 1, 2], [3]] output_shape [3, %n, 4, 5] : tensor<?x5xf32> into tensor<3x?x4x5xf32>
  %d = tensor.dim %e, %c1 : tensor<3x?x4x5xf32>
  return %d : index
}

// -----

// CHECK: #[[$MUL:.*]] = affine_map<()[s0, s1] -> (s0 * s1)>
// CHECK-LABEL: func.func @dim_of_collapse_shape(
// CHECK-SAME: %[[X:.*]]: tensor<?x?x5xf32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x?x5xf32>
// CHECK-DAG: %[[D1:.*]] = tensor.dim %[[X]], %[[C1]] : tensor<?x?x5xf32>
// CHECK: %[[A:.*]] = affine.apply #[[$MUL]]()[%[[D0]], %[[D1]]]
// CHECK: return %[[A]]
func.func @dim_of_collapse_shape(%x: tensor<?x?x5xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x5xf32> into tensor<?x5xf32>
  %d = tensor.dim %c, %c0 : tensor<?x5xf32>
  return %d : index
}

// -----

// tensor.empty: constant non-negative sizes become static extents (a cast
// restores the type); a cast that adds static extents folds into the
// tensor.empty.
// CHECK-LABEL: func.func @empty_static(
// CHECK-SAME: %[[N:.*]]: index
// CHECK-DAG: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<4x?xf32>
// CHECK-DAG: %[[C:.*]] = tensor.cast %[[E]] : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK-DAG: %[[F:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: return %[[C]], %[[F]]
func.func @empty_static(%n: index) -> (tensor<?x?xf32>, tensor<2x3xf32>) {
  %c4 = arith.constant 4 : index
  %e = tensor.empty(%c4, %n) : tensor<?x?xf32>
  %f = tensor.empty(%n) : tensor<2x?xf32>
  %g = tensor.cast %f : tensor<2x?xf32> to tensor<2x3xf32>
  return %e, %g : tensor<?x?xf32>, tensor<2x3xf32>
}
