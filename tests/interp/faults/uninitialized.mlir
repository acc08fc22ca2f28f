// A read of a buffer element never written: a warning by default (exit
// status 0), an error with --strict. The clean entry initialises first.
// RUN: bufopt-run %s -e faulty 2>&1 | FileCheck %s
// RUN: not bufopt-run %s -e faulty --strict 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: bufopt-run %s -e clean --strict 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: {{error|warning}}

func.func @faulty() -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  memref.store %one, %m[%c0] : memref<4xf32>
  // CHECK: uninitialized.mlir:[[@LINE+2]]:8: warning: read of uninitialized memory
  // STRICT: uninitialized.mlir:[[@LINE+1]]:8: error: read of uninitialized memory
  %v = memref.load %m[%c2] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return %v : f32
}
// CHECK: uninitialized.mlir:[[@LINE-8]]:8: note: allocated here
// STRICT: uninitialized.mlir:[[@LINE-9]]:8: note: allocated here

func.func @clean() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  memref.store %one, %m[%c0] : memref<4xf32>
  %v = memref.load %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return %one : f32
}
