// convert-bufferization-to-memref on a function: clones and simple deallocs
// are lowered, the general dealloc needs the helper function, which cannot
// be added from a function pass (two errors at the dealloc, as mlir-opt-19).
// RUN: bufopt --pass-pipeline='builtin.module(func.func(convert-bufferization-to-memref))' -split-input-file -verify-diagnostics %s | FileCheck %s
// RUN: mlir-opt-19 --pass-pipeline='builtin.module(func.func(convert-bufferization-to-memref))' -split-input-file -verify-diagnostics %s | FileCheck %s
// RUN: not bufopt --pass-pipeline='builtin.module(func.func(convert-bufferization-to-memref))' -split-input-file %s 2> %t.b; not mlir-opt-19 --pass-pipeline='builtin.module(func.func(convert-bufferization-to-memref))' -split-input-file %s 2> %t.m; diff -u %t.m %t.b

// CHECK-LABEL: func @simple
func.func @simple(%m: memref<4xf32>, %c: i1) -> memref<4xf32> {
  // CHECK: memref.alloc() : memref<4xf32>
  // CHECK-NEXT: memref.copy
  %k = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  // CHECK-NEXT: scf.if
  // CHECK-NEXT: memref.dealloc
  bufferization.dealloc (%m : memref<4xf32>) if (%c)
  return %k : memref<4xf32>
}
// CHECK-NOT: dealloc_helper

// -----

func.func @general(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1) -> memref<2xf32> {
  %k = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  // expected-error @below {{library function required for generic lowering, but cannot be automatically inserted when operating on functions}}
  // expected-error @below {{failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal}}
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c)
  // Not reached.
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c)
  return %k : memref<2xf32>
}
