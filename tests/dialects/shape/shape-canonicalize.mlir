// Folders and canonicalization patterns of the shape dialect: constant
// shapes of static values, constant broadcast operands joined, witnesses
// merged and subsumed, constraints known to hold (and the assuming region
// inlined), size arithmetic folded (floor division), size/index round
// trips, extents read from shape_of, split_at and equality folds. The
// expected output is mlir-opt-19's.
// RUN: bufopt %s --canonicalize --cse | FileCheck %s
// RUN: mlir-opt-19 %s --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @static_shape_of
// CHECK-NEXT: %[[C:.*]] = shape.const_shape [3, 5] : tensor<2xindex>
// CHECK-NEXT: %[[CAST:.*]] = tensor.cast %[[C]] : tensor<2xindex> to tensor<?xindex>
// CHECK-NEXT: return %[[CAST]]

// CHECK-LABEL: func.func @broadcast_constants
// CHECK-NEXT: %[[C:.*]] = shape.const_shape [4, 3] : tensor<2xindex>
// CHECK-NEXT: %[[B:.*]] = shape.broadcast %arg0, %[[C]] : tensor<?xindex>, tensor<2xindex> -> tensor<?xindex>
// CHECK-NEXT: return %[[B]]

// CHECK-LABEL: func.func @merge_witnesses
// CHECK-NEXT: %[[W:.*]] = shape.cstr_broadcastable %arg0, %arg1, %arg2 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT: return %[[W]]

// CHECK-LABEL: func.func @known_broadcastable
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: return %[[C2]]

// CHECK-LABEL: func.func @size_arith
// CHECK-NEXT: %[[S:.*]] = shape.const_size 2
// CHECK-NEXT: %[[Q:.*]] = arith.constant -4 : index
// CHECK-NEXT: return %[[S]], %[[Q]], %arg0, %arg0

// CHECK-LABEL: func.func @dims_of_shape
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %arg0, %[[C1]] : tensor<?x?xf32>
// CHECK: %[[S:.*]] = shape.shape_of %arg0 : tensor<?x?xf32> -> !shape.shape
// CHECK: %[[N:.*]] = shape.num_elements %[[S]] : !shape.shape -> !shape.size
// CHECK: return %[[D]], %[[C2]], %[[N]]

// CHECK-LABEL: func.func @split_and_eq
// CHECK-NEXT: %[[H:.*]] = shape.const_shape [2, 3] : !shape.shape
// CHECK-NEXT: %[[T:.*]] = shape.const_shape [4] : !shape.shape
// CHECK-NEXT: %[[W:.*]] = shape.const_witness true
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: return %[[H]], %[[T]], %[[W]], %[[TRUE]]

func.func @static_shape_of(%t: tensor<3x5xf32>) -> tensor<?xindex> {
  %0 = shape.shape_of %t : tensor<3x5xf32> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

func.func @broadcast_constants(%s: tensor<?xindex>) -> tensor<?xindex> {
  %a = shape.const_shape [4, 1] : tensor<2xindex>
  %b = shape.const_shape [3] : tensor<1xindex>
  %0 = shape.broadcast %a, %s, %b : tensor<2xindex>, tensor<?xindex>, tensor<1xindex> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

func.func @merge_witnesses(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) -> !shape.witness {
  %w0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %w1 = shape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %inner = shape.assuming_all %w0, %w1
  %t = shape.const_witness true
  %all = shape.assuming_all %inner, %w1, %t
  return %all : !shape.witness
}

func.func @known_broadcastable(%t: tensor<?x4xf32>) -> index {
  %0 = shape.shape_of %t : tensor<?x4xf32> -> tensor<2xindex>
  %1 = shape.const_shape [4] : tensor<1xindex>
  %w = shape.cstr_broadcastable %0, %1 : tensor<2xindex>, tensor<1xindex>
  %r = shape.assuming %w -> (index) {
    %c = shape.rank %0 : tensor<2xindex> -> index
    shape.assuming_yield %c : index
  }
  return %r : index
}

func.func @size_arith(%i: index) -> (!shape.size, index, index, index) {
  %a = shape.const_size 6
  %b = shape.const_size -4
  %0 = shape.add %a, %b : !shape.size, !shape.size -> !shape.size
  %c = arith.constant 7 : index
  %d = arith.constant -2 : index
  %1 = shape.div %c, %d : index, index -> index
  %s = shape.index_to_size %i
  %2 = shape.size_to_index %s : !shape.size
  %z = arith.constant 0 : index
  %3 = shape.add %i, %z : index, index -> index
  return %0, %1, %2, %3 : !shape.size, index, index, index
}

func.func @dims_of_shape(%t: tensor<?x?xf32>) -> (index, index, !shape.size) {
  %s = shape.shape_of %t : tensor<?x?xf32> -> tensor<2xindex>
  %c1 = arith.constant 1 : index
  %0 = tensor.extract %s[%c1] : tensor<2xindex>
  %1 = shape.rank %s : tensor<2xindex> -> index
  %e = shape.shape_of %t : tensor<?x?xf32> -> !shape.shape
  %2 = shape.num_elements %e : !shape.shape -> !shape.size
  return %0, %1, %2 : index, index, !shape.size
}

func.func @split_and_eq() -> (!shape.shape, !shape.shape, !shape.witness, i1) {
  %s = shape.const_shape [2, 3, 4] : !shape.shape
  %i = arith.constant -1 : index
  %h, %t = "shape.split_at"(%s, %i) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %w = shape.cstr_eq %h, %h : !shape.shape, !shape.shape
  %q = shape.shape_eq %s, %s : !shape.shape, !shape.shape
  return %h, %t, %w, %q : !shape.shape, !shape.shape, !shape.witness, i1
}
