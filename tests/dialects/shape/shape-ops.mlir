// Round trip of the shape dialect's ops in their custom forms: sizes and
// indices, shapes and extent tensors, constraints and witnesses, the
// reduction with its region, and the ops that only have a generic form
// (split_at, debug_print). Also checks that generic input prints custom.
// RUN: bufopt %s -allow-unregistered-dialect | FileCheck %s
// RUN: bufopt %s -allow-unregistered-dialect | bufopt -allow-unregistered-dialect | FileCheck %s
// RUN: bufopt %s -allow-unregistered-dialect --mlir-print-op-generic | bufopt -allow-unregistered-dialect | FileCheck %s
// RUN: mlir-opt-19 %s -allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @arith
// CHECK: %[[C3:.*]] = shape.const_size 3
// CHECK: %[[S:.*]] = shape.add %arg0, %[[C3]] : !shape.size, !shape.size -> !shape.size
// CHECK: %[[I:.*]] = shape.mul %arg1, %arg1 : index, index -> index
// CHECK: shape.div %[[S]], %[[I]] : !shape.size, index -> !shape.size
// CHECK: shape.max %arg0, %[[C3]] : !shape.size, !shape.size -> !shape.size
// CHECK: shape.min %arg0, %[[C3]] : !shape.size, !shape.size -> !shape.size
// CHECK: shape.meet %arg0, %arg1, error = "mismatch" : !shape.size, index -> !shape.size
// CHECK: shape.size_to_index %[[S]] : !shape.size
// CHECK: shape.index_to_size %arg1
func.func @arith(%s: !shape.size, %i: index) -> index {
  %c3 = shape.const_size 3
  %0 = shape.add %s, %c3 : !shape.size, !shape.size -> !shape.size
  %1 = "shape.mul"(%i, %i) : (index, index) -> index
  %2 = shape.div %0, %1 : !shape.size, index -> !shape.size
  %3 = shape.max %s, %c3 : !shape.size, !shape.size -> !shape.size
  %4 = shape.min %s, %c3 : !shape.size, !shape.size -> !shape.size
  %5 = shape.meet %s, %i, error = "mismatch" : !shape.size, index -> !shape.size
  %6 = shape.size_to_index %0 : !shape.size
  %7 = shape.index_to_size %i
  "use"(%2, %3, %4, %5, %7) : (!shape.size, !shape.size, !shape.size, !shape.size, !shape.size) -> ()
  return %6 : index
}

// CHECK-LABEL: func.func @shapes
// CHECK: %[[E:.*]] = shape.const_shape [] : !shape.shape
// CHECK: %[[K:.*]] = shape.const_shape [2, 7] : tensor<2xindex>
// CHECK: %[[T:.*]] = shape.shape_of %arg0 : tensor<?x7xf32> -> tensor<2xindex>
// CHECK: shape.broadcast %[[T]], %[[K]] {error = "no"} : tensor<2xindex>, tensor<2xindex> -> tensor<?xindex>
// CHECK: shape.concat %[[E]], %[[T]] : !shape.shape, tensor<2xindex> -> !shape.shape
// CHECK: shape.any %[[T]], %[[K]] : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
// CHECK: shape.rank %[[T]] : tensor<2xindex> -> index
// CHECK: shape.num_elements %[[E]] : !shape.shape -> !shape.size
// CHECK: shape.get_extent %[[T]], %arg1 : tensor<2xindex>, index -> index
// CHECK: shape.dim %arg0, %arg1 : tensor<?x7xf32>, index -> index
// CHECK: shape.from_extents %arg1, %arg1 : index, index
// CHECK: shape.from_extent_tensor %[[T]] : tensor<2xindex>
// CHECK: shape.to_extent_tensor %[[E]] : !shape.shape -> tensor<?xindex>
// CHECK: shape.shape_eq %[[T]], %[[K]] : tensor<2xindex>, tensor<2xindex>
// CHECK: shape.is_broadcastable %[[T]], %[[K]] : tensor<2xindex>, tensor<2xindex>
// CHECK: %head, %tail = "shape.split_at"(%[[T]], %arg1) : (tensor<2xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
// CHECK: "shape.debug_print"(%[[E]]) : (!shape.shape) -> !shape.shape
func.func @shapes(%t: tensor<?x7xf32>, %i: index) {
  %e = shape.const_shape [] : !shape.shape
  %k = shape.const_shape [2, 7] : tensor<2xindex>
  %s = shape.shape_of %t : tensor<?x7xf32> -> tensor<2xindex>
  %b = shape.broadcast %s, %k {error = "no"} : tensor<2xindex>, tensor<2xindex> -> tensor<?xindex>
  %c = shape.concat %e, %s : !shape.shape, tensor<2xindex> -> !shape.shape
  %a = shape.any %s, %k : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  %r = shape.rank %s : tensor<2xindex> -> index
  %n = shape.num_elements %e : !shape.shape -> !shape.size
  %x = shape.get_extent %s, %i : tensor<2xindex>, index -> index
  %d = shape.dim %t, %i : tensor<?x7xf32>, index -> index
  %f = shape.from_extents %i, %i : index, index
  %g = shape.from_extent_tensor %s : tensor<2xindex>
  %h = shape.to_extent_tensor %e : !shape.shape -> tensor<?xindex>
  %q = shape.shape_eq %s, %k : tensor<2xindex>, tensor<2xindex>
  %ib = shape.is_broadcastable %s, %k : tensor<2xindex>, tensor<2xindex>
  %p:2 = "shape.split_at"(%s, %i) : (tensor<2xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  %dp = "shape.debug_print"(%e) : (!shape.shape) -> !shape.shape
  "use"(%b, %c, %a, %r, %n, %x, %d, %f, %g, %h, %q, %ib, %p#0, %dp) : (tensor<?xindex>, !shape.shape, tensor<2xindex>, index, !shape.size, index, index, !shape.shape, !shape.shape, tensor<?xindex>, i1, i1, tensor<?xindex>, !shape.shape) -> ()
  return
}

// CHECK-LABEL: func.func @witnesses
// CHECK: %[[W0:.*]] = shape.cstr_broadcastable %arg0, %arg1 : !shape.shape, tensor<?xindex>
// CHECK: %[[W1:.*]] = shape.cstr_eq %arg0, %arg0 : !shape.shape, !shape.shape
// CHECK: %[[W2:.*]] = shape.cstr_require %arg2, "positive"
// CHECK: %[[T:.*]] = shape.const_witness true
// CHECK: %[[ALL:.*]] = shape.assuming_all %[[W0]], %[[W1]], %[[W2]], %[[T]]
// CHECK: shape.assuming %[[ALL]] -> (index) {
// CHECK:   shape.assuming_yield %arg3 : index
// CHECK: }
func.func @witnesses(%a: !shape.shape, %b: tensor<?xindex>, %p: i1, %i: index) -> index {
  %w0 = shape.cstr_broadcastable %a, %b : !shape.shape, tensor<?xindex>
  %w1 = shape.cstr_eq %a, %a : !shape.shape, !shape.shape
  %w2 = shape.cstr_require %p, "positive"
  %t = shape.const_witness true
  %all = shape.assuming_all %w0, %w1, %w2, %t
  %r = shape.assuming %all -> (index) {
    shape.assuming_yield %i : index
  }
  return %r : index
}

// CHECK-LABEL: func.func @reduce
// CHECK: shape.reduce(%arg0, %arg1) : tensor<?xindex> -> index {
// CHECK: ^bb0(%[[I:.*]]: index, %[[E:.*]]: index, %[[ACC:.*]]: index):
// CHECK:   %[[N:.*]] = shape.add %[[ACC]], %[[E]] : index, index -> index
// CHECK:   shape.yield %[[N]] : index
// CHECK: }
func.func @reduce(%s: tensor<?xindex>, %init: index) -> index {
  %0 = shape.reduce(%s, %init) : tensor<?xindex> -> index {
  ^bb0(%i: index, %e: index, %acc: index):
    %n = shape.add %acc, %e : index, index -> index
    shape.yield %n : index
  }
  return %0 : index
}

// CHECK-LABEL: func.func @value_shapes
// CHECK: %[[V:.*]] = shape.with_shape %arg0, %arg1 : tensor<?xf32>, !shape.shape
// CHECK: shape.value_of %[[V]] : tensor<?xf32>
// CHECK: shape.value_as_shape %[[V]] : !shape.value_shape -> !shape.shape
// CHECK: shape.shape_of %[[V]] : !shape.value_shape -> !shape.shape
func.func @value_shapes(%t: tensor<?xf32>, %s: !shape.shape) {
  %v = shape.with_shape %t, %s : tensor<?xf32>, !shape.shape
  %0 = shape.value_of %v : tensor<?xf32>
  %1 = shape.value_as_shape %v : !shape.value_shape -> !shape.shape
  %2 = shape.shape_of %v : !shape.value_shape -> !shape.shape
  "use"(%0, %1, %2) : (tensor<?xf32>, !shape.shape, !shape.shape) -> ()
  return
}

// Unknown ops of the dialect are accepted, as upstream's dialect allows them.
// CHECK-LABEL: func.func @unknown
// CHECK: "shape.not_an_op"() : () -> !shape.shape
func.func @unknown() {
  %0 = "shape.not_an_op"() : () -> !shape.shape
  return
}
