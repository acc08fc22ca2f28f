// Execution of buffer-loop-hoisting and buffer-hoisting: a scratch buffer
// allocated in each iteration of a loop, and a buffer allocated in a
// branch of an scf.if whose result is read after it, nothing freed. As is,
// bufopt-run reports the leaks (one scratch buffer per iteration). After
// buffer-loop-hoisting the scratch buffer is allocated once; after
// buffer-hoisting the branch's buffer is allocated before the scf.if; with
// the deallocation pipeline after either, the program prints the same sum
// with every allocation freed exactly once, and with fewer allocations
// after the loop hoisting.
// RUN: not bufopt-run --strict %s 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: bufopt -buffer-loop-hoisting %s | FileCheck %s --check-prefix=IR
// RUN: bufopt -buffer-hoisting %s | FileCheck %s --check-prefix=BLOCK
// RUN: bufopt -buffer-loop-hoisting -buffer-deallocation-pipeline %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s --check-prefixes=CHECK,HOISTED
// RUN: bufopt -buffer-hoisting -buffer-deallocation-pipeline %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s --check-prefixes=CHECK,INLOOP
// RUN: bufopt -buffer-deallocation-pipeline %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s --check-prefixes=CHECK,INLOOP

// LEAK: 66
// LEAK-COUNT-5: error: memory leak: 32 bytes allocated here are never freed
// LEAK-NOT: memory leak: 32

// IR-LABEL: func.func @main
// IR: %[[ACC:.*]] = memref.alloc() : memref<2xi64>
// IR: %[[T:.*]] = memref.alloc() : memref<4xi64>
// IR-NEXT: scf.for
// IR-NOT: memref.alloc() : memref<4xi64>
// IR: scf.if

// BLOCK-LABEL: func.func @main
// BLOCK: scf.for
// BLOCK-NEXT: memref.alloc() : memref<4xi64>
// BLOCK: %[[B:.*]] = memref.alloc() : memref<2xi64>
// BLOCK-NEXT: %{{.*}} = scf.if

// CHECK-NOT: error
// CHECK: 66
// CHECK-NOT: error
// HOISTED: allocations: 3
// INLOOP: allocations: 7
// HOISTED: deallocations: 3
// INLOOP: deallocations: 7

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = arith.constant 5 : index
  %zero = arith.constant 0 : i64
  %six = arith.constant 6 : i64
  %true = arith.constant true
  %acc = memref.alloc() : memref<2xi64>
  memref.store %zero, %acc[%c0] : memref<2xi64>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<4xi64>
    %ii = arith.index_cast %i : index to i64
    scf.for %j = %c0 to %c4 step %c1 {
      %jj = arith.index_cast %j : index to i64
      %p = arith.muli %ii, %jj : i64
      memref.store %p, %t[%j] : memref<4xi64>
    }
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %t[%j] : memref<4xi64>
      %a = memref.load %acc[%c0] : memref<2xi64>
      %s = arith.addi %a, %v : i64
      memref.store %s, %acc[%c0] : memref<2xi64>
    }
  }
  %r = scf.if %true -> memref<2xi64> {
    %b = memref.alloc() : memref<2xi64>
    memref.store %six, %b[%c1] : memref<2xi64>
    scf.yield %b : memref<2xi64>
  } else {
    scf.yield %acc : memref<2xi64>
  }
  %x = memref.load %r[%c1] : memref<2xi64>
  %sum = memref.load %acc[%c0] : memref<2xi64>
  %out = arith.addi %sum, %x : i64
  call @printI64(%out) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
