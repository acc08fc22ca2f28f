// A store into a constant global; the clean entry writes a mutable copy.
// RUN: not bufopt-run %s -e faulty 2>&1 | FileCheck %s
// RUN: bufopt-run %s -e clean 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: {{error|warning}}

memref.global "private" constant @coeffs : memref<3xf32> = dense<[0.5, 1.0, 2.0]>

func.func @faulty() {
  %c1 = arith.constant 1 : index
  %x = arith.constant 7.0 : f32
  %g = memref.get_global @coeffs : memref<3xf32>
  // CHECK: constant-global.mlir:[[@LINE+1]]:3: error: write into constant global @coeffs
  memref.store %x, %g[%c1] : memref<3xf32>
  return
}

func.func @clean() {
  %c1 = arith.constant 1 : index
  %x = arith.constant 7.0 : f32
  %g = memref.get_global @coeffs : memref<3xf32>
  %m = memref.alloc() : memref<3xf32>
  memref.copy %g, %m : memref<3xf32> to memref<3xf32>
  memref.store %x, %m[%c1] : memref<3xf32>
  memref.dealloc %m : memref<3xf32>
  return
}
