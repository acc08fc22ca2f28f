// Frees of memory that is not a heap allocation's base: a subview, stack
// memory, a global. The clean entry frees the base.
// RUN: not bufopt-run %s -e free_view 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: not bufopt-run %s -e free_stack 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: not bufopt-run %s -e free_global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: bufopt-run %s -e clean 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: {{error|warning}}

memref.global "private" @table : memref<4xi32> = dense<[1, 2, 3, 4]>

func.func @free_view() {
  %m = memref.alloc() : memref<8xf32>
  %s = memref.subview %m[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  // VIEW: invalid-free.mlir:[[@LINE+1]]:3: error: invalid free: not the base of its allocation
  memref.dealloc %s : memref<4xf32, strided<[1], offset: 2>>
  return
}
// VIEW: invalid-free.mlir:[[@LINE-6]]:8: note: allocated here

func.func @free_stack() {
  %m = memref.alloca() : memref<8xf32>
  // STACK: invalid-free.mlir:[[@LINE+1]]:3: error: invalid free: stack memory
  memref.dealloc %m : memref<8xf32>
  return
}
// STACK: invalid-free.mlir:[[@LINE-5]]:8: note: allocated here

func.func @free_global() {
  %g = memref.get_global @table : memref<4xi32>
  // GLOBAL: invalid-free.mlir:[[@LINE+1]]:3: error: invalid free: global memory
  memref.dealloc %g : memref<4xi32>
  return
}
// GLOBAL: invalid-free.mlir:9:1: note: allocated here

func.func @clean() {
  %m = memref.alloc() : memref<8xf32>
  %s = memref.subview %m[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  memref.dealloc %m : memref<8xf32>
  return
}
