// Canonicalization of bufferization.dealloc (duplicates, constant-false
// conditions, empty deallocs, base buffers of allocations, allocations
// freed and otherwise unused) and of the other bufferization ops this
// issue needed (alloc_tensor's static sizes, tensor.dim of alloc_tensor,
// to_memref(to_tensor) that must copy, clones freed by a realloc).
// Compared with mlir-opt-19, then checked.
// RUN: bufopt --canonicalize --split-input-file --allow-unregistered-dialect %s > %t.b && mlir-opt-19 --canonicalize --split-input-file --allow-unregistered-dialect %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --canonicalize --split-input-file --allow-unregistered-dialect %s | FileCheck %s

// CHECK-LABEL: func @duplicates
//  CHECK-SAME: (%[[A:.*]]: memref<2xf32>, %[[B:.*]]: memref<2xf32>, %[[C0:.*]]: i1, %[[C1:.*]]: i1, %[[R:.*]]: memref<2xf32>)
//       CHECK: %[[OR:.*]] = arith.ori %[[C0]], %[[C1]] : i1
//       CHECK: %[[D:.*]] = bufferization.dealloc (%[[A]], %[[B]] : memref<2xf32>, memref<2xf32>) if (%[[OR]], %[[C1]]) retain (%[[R]] : memref<2xf32>)
//       CHECK: return %[[D]], %[[D]] : i1, i1
func.func @duplicates(%a: memref<2xf32>, %b: memref<2xf32>, %c0: i1, %c1: i1, %r: memref<2xf32>) -> (i1, i1) {
  %d:2 = bufferization.dealloc (%a, %b, %a, %b : memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c0, %c1, %c1, %c1) retain (%r, %r : memref<2xf32>, memref<2xf32>)
  return %d#0, %d#1 : i1, i1
}

// -----

// CHECK-LABEL: func @always_false_then_empty
//   CHECK-NOT: bufferization.dealloc
//       CHECK: return %false, %false
func.func @always_false_then_empty(%a: memref<2xf32>, %r0: memref<2xf32>, %r1: memref<2xf32>) -> (i1, i1) {
  %false = arith.constant false
  %d:2 = bufferization.dealloc (%a, %a : memref<2xf32>, memref<2xf32>) if (%false, %false) retain (%r0, %r1 : memref<2xf32>, memref<2xf32>)
  return %d#0, %d#1 : i1, i1
}

// -----

// The base buffer of an allocation is the allocation itself.
// CHECK-LABEL: func @base_of_alloc
//       CHECK: %[[M:.*]] = memref.alloc() : memref<8xf32>
//   CHECK-NOT: extract_strided_metadata
//       CHECK: bufferization.dealloc (%[[M]] : memref<8xf32>) if (%arg0)
func.func @base_of_alloc(%c: i1) {
  %m = memref.alloc() : memref<8xf32>
  "test.use"(%m) : (memref<8xf32>) -> ()
  %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<8xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base : memref<f32>) if (%c)
  return
}

// -----

// An allocation used only by the dealloc disappears with its entry.
// CHECK-LABEL: func @alloc_dealloc_pair
//  CHECK-SAME: (%[[A:.*]]: memref<2xf32>, %[[C:.*]]: i1)
//   CHECK-NOT: memref.alloc
//       CHECK: bufferization.dealloc (%[[A]] : memref<2xf32>) if (%[[C]])
func.func @alloc_dealloc_pair(%a: memref<2xf32>, %c: i1) {
  %m = memref.alloc() : memref<2xf32>
  bufferization.dealloc (%m, %a : memref<2xf32>, memref<2xf32>) if (%c, %c)
  return
}

// -----

// Constant sizes move into the type (index.constant too); a negative one
// stays dynamic.
// CHECK-LABEL: func @alloc_tensor_sizes
//       CHECK: %[[NEG:.*]] = index.constant -7
//       CHECK: %[[T:.*]] = bufferization.alloc_tensor(%[[NEG]]) : tensor<3x?x5xf32>
//       CHECK: %[[CAST:.*]] = tensor.cast %[[T]] : tensor<3x?x5xf32> to tensor<?x?x?xf32>
//       CHECK: return %[[CAST]]
func.func @alloc_tensor_sizes() -> tensor<?x?x?xf32> {
  %c3 = arith.constant 3 : index
  %n = index.constant -7
  %five = index.constant 5
  %t = bufferization.alloc_tensor(%c3, %n, %five) : tensor<?x?x?xf32>
  return %t : tensor<?x?x?xf32>
}

// -----

// CHECK-LABEL: func @dim_of_alloc_tensor
//  CHECK-SAME: (%[[N:.*]]: index, %[[K:.*]]: index)
//       CHECK: return %[[K]]
func.func @dim_of_alloc_tensor(%n: index, %k: index) -> index {
  %c2 = arith.constant 2 : index
  %t = bufferization.alloc_tensor(%n, %k) : tensor<?x4x?xf32>
  %d = tensor.dim %t, %c2 : tensor<?x4x?xf32>
  return %d : index
}

// -----

// A static stride cannot be guaranteed from a dynamic one: copy.
// CHECK-LABEL: func @to_memref_needs_copy
//  CHECK-SAME: (%[[M:.*]]: memref<?x4xf32, strided<[?, 1]>>)
//       CHECK: %[[C0:.*]] = arith.constant 0 : index
//       CHECK: %[[D:.*]] = memref.dim %[[M]], %[[C0]]
//       CHECK: %[[NEW:.*]] = memref.alloc(%[[D]]) : memref<?x4xf32, strided<[4, 1]>>
//       CHECK: memref.copy %[[M]], %[[NEW]]
//       CHECK: return %[[NEW]]
func.func @to_memref_needs_copy(%m: memref<?x4xf32, strided<[?, 1]>>) -> memref<?x4xf32, strided<[4, 1]>> {
  %t = bufferization.to_tensor %m : memref<?x4xf32, strided<[?, 1]>>
  %r = bufferization.to_memref %t : memref<?x4xf32, strided<[4, 1]>>
  return %r : memref<?x4xf32, strided<[4, 1]>>
}

// -----

// The other direction is a plain cast.
// CHECK-LABEL: func @to_memref_cast
//       CHECK: %[[CAST:.*]] = memref.cast %arg0 : memref<?x4xf32> to memref<?x4xf32, strided<[?, 1]>>
//       CHECK: return %[[CAST]]
func.func @to_memref_cast(%m: memref<?x4xf32>) -> memref<?x4xf32, strided<[?, 1]>> {
  %t = bufferization.to_tensor %m : memref<?x4xf32>
  %r = bufferization.to_memref %t : memref<?x4xf32, strided<[?, 1]>>
  return %r : memref<?x4xf32, strided<[?, 1]>>
}

// -----

// A clone whose copy is freed by a realloc stays a clone (the realloc,
// freed right away, goes).
// CHECK-LABEL: func @clone_then_realloc
//       CHECK: %[[C:.*]] = bufferization.clone %arg0
//       CHECK: "test.use"(%[[C]])
//  CHECK-NEXT: return
func.func @clone_then_realloc(%a: memref<8xf32>) {
  %c = bufferization.clone %a : memref<8xf32> to memref<8xf32>
  "test.use"(%c) : (memref<8xf32>) -> ()
  %r = memref.realloc %c : memref<8xf32> to memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return
}
