// Folders and canonicalization patterns of the bufferization dialect.
// RUN: bufopt %s -split-input-file --canonicalize | FileCheck %s
// RUN: mlir-opt-19 %s -split-input-file --canonicalize | FileCheck %s

// to_tensor(to_memref(x)) folds to x when nothing lies in between, and
// to_memref(to_tensor(m)) to m when the types agree.
// CHECK-LABEL: func.func @round_trips
// CHECK-SAME: (%[[T:.*]]: tensor<4xf32>, %[[M:.*]]: memref<4xf32>)
// CHECK-NEXT: return %[[T]], %[[M]]
func.func @round_trips(%t: tensor<4xf32>, %m: memref<4xf32>) -> (tensor<4xf32>, memref<4xf32>) {
  %0 = bufferization.to_memref %t : memref<4xf32>
  %1 = bufferization.to_tensor %0 : memref<4xf32>
  %2 = bufferization.to_tensor %m : memref<4xf32>
  %3 = bufferization.to_memref %2 : memref<4xf32>
  return %1, %3 : tensor<4xf32>, memref<4xf32>
}

// -----

// Duplicate memrefs are merged (their conditions or-ed), duplicate
// retained values share one result, and `false` conditions are dropped.
// CHECK-LABEL: func.func @dealloc_simplify
// CHECK-SAME: (%[[A:.*]]: memref<2xf32>, %[[B:.*]]: memref<2xf32>, %[[C0:.*]]: i1, %[[C1:.*]]: i1)
// CHECK: %[[OR:.*]] = arith.ori %[[C0]], %[[C1]] : i1
// CHECK-NEXT: %[[R:.*]] = bufferization.dealloc (%[[A]] : memref<2xf32>) if (%[[OR]]) retain (%[[B]] : memref<2xf32>)
// CHECK-NEXT: return %[[R]], %[[R]] : i1, i1
func.func @dealloc_simplify(%a: memref<2xf32>, %b: memref<2xf32>, %c0: i1, %c1: i1) -> (i1, i1) {
  %false = arith.constant false
  %0:2 = bufferization.dealloc (%a, %a, %b : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c0, %c1, %false) retain (%b, %b : memref<2xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

// -----

// A dealloc without memrefs is erased; its results become `false`.
// CHECK-LABEL: func.func @dealloc_empty
// CHECK-NEXT: %[[F:.*]] = arith.constant false
// CHECK-NEXT: return %[[F]] : i1
func.func @dealloc_empty(%a: memref<2xf32>) -> i1 {
  %0 = bufferization.dealloc retain (%a : memref<2xf32>)
  return %0 : i1
}

// -----

// An allocation only deallocated is removed with its dealloc entry.
// CHECK-LABEL: func.func @dealloc_alloc_pair
// CHECK-NOT: memref.alloc
// CHECK-NOT: bufferization.dealloc
// CHECK: return
func.func @dealloc_alloc_pair(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  return
}

// -----

// tensor.dim of to_tensor reads the memref; memref.load of to_memref
// becomes tensor.extract; an unused clone is erased.
// CHECK-LABEL: func.func @conversions
// CHECK-SAME: (%[[M:.*]]: memref<?xf32>, %[[T:.*]]: tensor<?xf32>, %[[I:.*]]: index)
// CHECK-DAG: %[[D:.*]] = memref.dim %[[M]], %[[I]] : memref<?xf32>
// CHECK-DAG: %[[E:.*]] = tensor.extract %[[T]][%[[I]]] : tensor<?xf32>
// CHECK-NOT: bufferization.clone
// CHECK: return %[[D]], %[[E]]
func.func @conversions(%m: memref<?xf32>, %t: tensor<?xf32>, %i: index) -> (index, f32) {
  %0 = bufferization.to_tensor %m : memref<?xf32>
  %1 = tensor.dim %0, %i : tensor<?xf32>
  %2 = bufferization.to_memref %t : memref<?xf32>
  %3 = memref.load %2[%i] : memref<?xf32>
  %4 = bufferization.clone %m : memref<?xf32> to memref<?xf32>
  return %1, %3 : index, f32
}
