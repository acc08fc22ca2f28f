// A buffer freed twice; the clean entry frees it once.
// RUN: not bufopt-run %s -e faulty 2>&1 | FileCheck %s
// RUN: bufopt-run %s -e clean 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: {{error|warning}}

func.func @faulty() {
  %m = memref.alloc() : memref<8xi32>
  memref.dealloc %m : memref<8xi32>
  // CHECK: double-free.mlir:[[@LINE+1]]:3: error: double free
  memref.dealloc %m : memref<8xi32>
  return
}
// CHECK: double-free.mlir:[[@LINE-6]]:8: note: allocated here
// CHECK: double-free.mlir:[[@LINE-6]]:3: note: previously freed here

func.func @clean() {
  %m = memref.alloc() : memref<8xi32>
  memref.dealloc %m : memref<8xi32>
  return
}
