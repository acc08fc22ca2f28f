// Stack memory dies with its automatic allocation scope: a buffer from
// memref.alloca inside memref.alloca_scope (or a callee) must not be used
// after the scope ends. The clean entry uses it only inside.
// RUN: not bufopt-run %s -e escape_scope 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: not bufopt-run %s -e escape_call 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not bufopt-run %s -e escape_loop 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: bufopt-run %s -e clean 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: {{error|warning}}

func.func @escape_scope() -> i32 {
  %c0 = arith.constant 0 : index
  %x = arith.constant 5 : i32
  %m = memref.alloca_scope -> memref<2xi32> {
    %a = memref.alloca() : memref<2xi32>
    memref.store %x, %a[%c0] : memref<2xi32>
    memref.alloca_scope.return %a : memref<2xi32>
  }
  // SCOPE: alloca-scope.mlir:[[@LINE+1]]:8: error: use after free: read of a freed buffer
  %v = memref.load %m[%c0] : memref<2xi32>
  return %v : i32
}
// SCOPE: alloca-scope.mlir:[[@LINE-8]]:10: note: allocated here
// SCOPE: alloca-scope.mlir:[[@LINE-10]]:8: note: freed here

func.func @make() -> memref<2xi32> {
  %a = memref.alloca() : memref<2xi32>
  return %a : memref<2xi32>
}

func.func @escape_call() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 5 : i32
  %m = call @make() : () -> memref<2xi32>
  // CALL: alloca-scope.mlir:[[@LINE+1]]:3: error: use after free: write of a freed buffer
  memref.store %x, %m[%c0] : memref<2xi32>
  return
}
// CALL: alloca-scope.mlir:[[@LINE-12]]:8: note: allocated here

// Loop bodies (scf.for, scf.forall, scf.parallel) are automatic allocation
// scopes too: a buffer allocated in one iteration is dead in the next.
func.func @escape_loop() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x = arith.constant 5 : i32
  %init = memref.alloca() : memref<1xi32>
  memref.store %x, %init[%c0] : memref<1xi32>
  %m = scf.for %i = %c0 to %c3 step %c1 iter_args(%prev = %init) -> (memref<1xi32>) {
    // LOOP: alloca-scope.mlir:[[@LINE+1]]:10: error: use after free: read of a freed buffer
    %v = memref.load %prev[%c0] : memref<1xi32>
    %a = memref.alloca() : memref<1xi32>
    memref.store %v, %a[%c0] : memref<1xi32>
    scf.yield %a : memref<1xi32>
  }
  %r = memref.load %m[%c0] : memref<1xi32>
  return %r : i32
}
// LOOP: alloca-scope.mlir:[[@LINE-7]]:10: note: allocated here
// LOOP: alloca-scope.mlir:[[@LINE-11]]:8: note: freed here

func.func @clean() -> i32 {
  %c0 = arith.constant 0 : index
  %x = arith.constant 5 : i32
  %r = memref.alloca_scope -> i32 {
    %a = memref.alloca() : memref<2xi32>
    memref.store %x, %a[%c0] : memref<2xi32>
    %v = memref.load %a[%c0] : memref<2xi32>
    memref.alloca_scope.return %v : i32
  }
  return %r : i32
}
