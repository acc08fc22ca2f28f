// convert-bufferization-to-memref: clones of static, dynamic (sizes read
// with memref.dim, folded where the input's allocation knows them),
// strided, memory-space and unranked memrefs, a clone of a memref.cast
// (folded into the clone first), and leftover deallocs through the dealloc
// lowering with its helper; the output is compared with mlir-opt-19's.
// RUN: bufopt -convert-bufferization-to-memref -split-input-file %s > %t.b && mlir-opt-19 -convert-bufferization-to-memref -split-input-file %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -convert-bufferization-to-memref -split-input-file --mlir-print-op-generic %s > %t.b && mlir-opt-19 -convert-bufferization-to-memref -split-input-file --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -convert-bufferization-to-memref -split-input-file %s | FileCheck %s

// CHECK-LABEL: func @clones
//  CHECK-SAME: (%[[N:.*]]: index, %[[S:.*]]: memref<3x4xf32, 1>)
func.func @clones(%n: index, %s: memref<3x4xf32, 1>) -> (memref<?x4x?xi32>, memref<3x4xf32, 1>) {
  // CHECK: %[[A:.*]] = memref.alloc(%[[N]], %[[N]]) : memref<?x4x?xi32>
  %a = memref.alloc(%n, %n) : memref<?x4x?xi32>
  // The sizes fold to the allocation's; the index constants stay.
  // CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[CA:.*]] = memref.alloc(%[[N]], %[[N]]) : memref<?x4x?xi32>
  // CHECK-NEXT: memref.copy %[[A]], %[[CA]]
  %ca = bufferization.clone %a : memref<?x4x?xi32> to memref<?x4x?xi32>
  // CHECK-NEXT: memref.dealloc %[[A]]
  memref.dealloc %a : memref<?x4x?xi32>
  // CHECK-NEXT: %[[CS:.*]] = memref.alloc() : memref<3x4xf32, 1>
  // CHECK-NEXT: memref.copy %[[S]], %[[CS]] : memref<3x4xf32, 1> to memref<3x4xf32, 1>
  %cs = bufferization.clone %s : memref<3x4xf32, 1> to memref<3x4xf32, 1>
  // CHECK-NEXT: return %[[CA]], %[[CS]]
  return %ca, %cs : memref<?x4x?xi32>, memref<3x4xf32, 1>
}

// -----

// CHECK-LABEL: func @clone_of_cast
//  CHECK-SAME: (%[[M:.*]]: memref<2x?xf32>)
func.func @clone_of_cast(%m: memref<2x?xf32>) -> memref<?x?xf32> {
  %c = memref.cast %m : memref<2x?xf32> to memref<?x?xf32>
  // The clone reads %m: its first size is the constant 2, its second a dim.
  // CHECK:      %[[C0:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-NEXT: %[[D1:.*]] = memref.dim %[[M]], %[[C1]] : memref<2x?xf32>
  // CHECK-NEXT: %[[R:.*]] = memref.alloc(%[[C2]], %[[D1]]) : memref<?x?xf32>
  // CHECK-NEXT: memref.copy %[[M]], %[[R]] : memref<2x?xf32> to memref<?x?xf32>
  %r = bufferization.clone %c : memref<?x?xf32> to memref<?x?xf32>
  return %r : memref<?x?xf32>
}

// -----

// A clone of a clone reads the first clone's result, so its size is a dim
// of that (no fold through the replaced op).
// CHECK-LABEL: func @clone_of_clone
func.func @clone_of_clone(%n: index) -> (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32>) {
  %a = memref.alloc(%n) : memref<?xf32>
  // CHECK: memref.alloc
  // CHECK-NEXT: arith.constant 0 : index
  // CHECK-NEXT: %[[C1:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
  // CHECK-NEXT: %[[CAST:.*]] = memref.cast %[[C1]] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  %c1 = bufferization.clone %a : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  // CHECK: %[[D:.*]] = memref.dim %[[CAST]], %{{.*}} : memref<?xf32, strided<[1], offset: ?>>
  // CHECK-NEXT: memref.alloc(%[[D]]) : memref<?xf32>
  %c2 = bufferization.clone %c1 : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return %c1, %c2 : memref<?xf32, strided<[1], offset: ?>>, memref<?xf32>
}

// -----

// CHECK-LABEL: func @unranked
func.func @unranked(%m: memref<*xi16>) -> memref<*xi16> {
  // CHECK: %[[RANK:.*]] = memref.rank
  // CHECK-NEXT: %[[SHAPE:.*]] = memref.alloca(%[[RANK]]) : memref<?xindex>
  // CHECK-NEXT: %[[SIZE:.*]] = scf.for
  // CHECK: %[[FLAT:.*]] = memref.alloc(%[[SIZE]]) : memref<?xi16>
  // CHECK-NEXT: %[[R:.*]] = memref.reshape %[[FLAT]](%[[SHAPE]])
  // CHECK-NEXT: memref.copy %{{.*}}, %[[R]] : memref<*xi16> to memref<*xi16>
  %r = bufferization.clone %m : memref<*xi16> to memref<*xi16>
  return %r : memref<*xi16>
}

// -----

// Deallocs and a clone in one function: the general dealloc uses the
// helper.
// CHECK-LABEL: func @deallocs
func.func @deallocs(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1) -> (memref<2xf32>, i1) {
  // CHECK: memref.copy
  %k = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  // CHECK: call @dealloc_helper(
  %o = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c) retain (%k : memref<2xf32>)
  return %k, %o : memref<2xf32>, i1
}
// CHECK: func.func private @dealloc_helper(
