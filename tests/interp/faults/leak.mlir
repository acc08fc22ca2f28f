// A buffer never freed is reported at its allocation when the program ends;
// the clean entry frees it.
// RUN: not bufopt-run %s -e faulty 2>&1 | FileCheck %s
// RUN: bufopt-run %s -e clean 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: {{error|warning}}

func.func @faulty() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    // CHECK-COUNT-4: leak.mlir:[[@LINE+1]]:10: error: memory leak: 24 bytes allocated here are never freed
    %m = memref.alloc() : memref<3xf64>
    scf.yield
  }
  return
}

func.func @clean() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %m = memref.alloc() : memref<3xf64>
    memref.dealloc %m : memref<3xf64>
  }
  return
}
