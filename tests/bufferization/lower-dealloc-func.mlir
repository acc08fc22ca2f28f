// bufferization-lower-deallocations on a function: the lowerings without
// the helper apply, the general case is an error (two, as mlir-opt-19),
// even when the module already has a helper (the pass adds or uses nothing
// outside the function).
// RUN: bufopt --pass-pipeline='builtin.module(func.func(bufferization-lower-deallocations))' -split-input-file -verify-diagnostics %s | FileCheck %s
// RUN: mlir-opt-19 --pass-pipeline='builtin.module(func.func(bufferization-lower-deallocations))' -split-input-file -verify-diagnostics %s | FileCheck %s
// RUN: not bufopt --pass-pipeline='builtin.module(func.func(bufferization-lower-deallocations))' -split-input-file %s 2> %t.b; not mlir-opt-19 --pass-pipeline='builtin.module(func.func(bufferization-lower-deallocations))' -split-input-file %s 2> %t.m; diff -u %t.m %t.b

// CHECK-LABEL: func @without_helper
//  CHECK-SAME: (%[[A:.*]]: memref<2xf32>, %[[B:.*]]: memref<3xf32>, %[[C:.*]]: i1)
func.func @without_helper(%a: memref<2xf32>, %b: memref<3xf32>, %c: i1) -> (i1, i1) {
  // CHECK-NEXT: %[[F:.*]] = arith.constant false
  %o = bufferization.dealloc retain (%b : memref<3xf32>)
  // CHECK-NEXT: memref.extract_aligned_pointer_as_index %[[A]]
  // CHECK-NEXT: memref.extract_aligned_pointer_as_index %[[B]]
  // CHECK-NEXT: arith.cmpi ne
  // CHECK-NEXT: %[[FREE:.*]] = arith.andi
  // CHECK-NEXT: scf.if %[[FREE]] {
  // CHECK-NEXT:   memref.dealloc %[[A]]
  // CHECK-NEXT: }
  // CHECK-NEXT: arith.constant true
  // CHECK-NEXT: arith.xori
  // CHECK-NEXT: %[[OWN:.*]] = arith.andi
  // CHECK-NEXT: scf.if %[[OWN]] {
  // CHECK-NEXT:   memref.dealloc %[[B]]
  // CHECK-NEXT: }
  %p = bufferization.dealloc (%a : memref<2xf32>) if (%c) retain (%b : memref<3xf32>)
  bufferization.dealloc (%b : memref<3xf32>) if (%p)
  // CHECK-NEXT: return %[[F]], %[[OWN]]
  return %o, %p : i1, i1
}

// -----

func.func private @dealloc_helper(memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>)

func.func @general(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1) {
  // expected-error @below {{library function required for generic lowering, but cannot be automatically inserted when operating on functions}}
  // expected-error @below {{failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal}}
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c)
  return
}
