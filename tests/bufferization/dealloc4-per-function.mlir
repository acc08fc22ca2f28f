// The ownership pass runs on each function apart (on its own thread when
// there are several) unless private-function-dynamic-ownership is set,
// where a call depends on its callee. Either way the output is mlir-opt-19's,
// threaded or not: functions calling each other (public and private), an
// external declaration, a nested module, and a function returning an
// argument or a new buffer.
// RUN: mlir-opt-19 --ownership-based-buffer-deallocation %s > %t.m
// RUN: bufopt --ownership-based-buffer-deallocation %s > %t.b && diff -u %t.m %t.b
// RUN: bufopt --mlir-disable-threading --ownership-based-buffer-deallocation %s > %t.s && diff -u %t.m %t.s
// RUN: mlir-opt-19 --ownership-based-buffer-deallocation=private-function-dynamic-ownership %s > %t.md
// RUN: bufopt --ownership-based-buffer-deallocation=private-function-dynamic-ownership %s > %t.bd && diff -u %t.md %t.bd
// RUN: mlir-opt-19 --buffer-deallocation-pipeline %s > %t.mp
// RUN: bufopt --buffer-deallocation-pipeline %s > %t.bp && diff -u %t.mp %t.bp
// RUN: bufopt --buffer-deallocation-pipeline %s | FileCheck %s
// RUN: bufopt --buffer-deallocation-pipeline %s | bufopt-run --strict --stats 2>&1 | FileCheck %s --check-prefix=EXEC

func.func private @printF32(f32)
func.func private @printNewline()

// A private callee returning either its argument or a new buffer.
// CHECK-LABEL: func.func private @pick(
func.func private @pick(%c: i1, %m: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  memref.copy %m, %a : memref<2xf32> to memref<2xf32>
  %r = arith.select %c, %a, %m : memref<2xf32>
  return %r : memref<2xf32>
}

// CHECK-LABEL: func.func @twice(
func.func @twice(%c: i1, %m: memref<2xf32>) -> memref<2xf32> {
  %x = call @pick(%c, %m) : (i1, memref<2xf32>) -> memref<2xf32>
  %y = call @pick(%c, %x) : (i1, memref<2xf32>) -> memref<2xf32>
  return %y : memref<2xf32>
}

module @inner {
  // CHECK-LABEL: func.func @nested(
  //       CHECK:   memref.load
  //  CHECK-NEXT:   memref.dealloc
  func.func @nested(%f: f32) -> f32 {
    %z = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    memref.store %f, %a[%z] : memref<4xf32>
    %v = memref.load %a[%z] : memref<4xf32>
    return %v : f32
  }
}

// CHECK-LABEL: func.func @main(
func.func @main() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 3.0 : f32
  %true = arith.constant true
  %m = memref.alloc() : memref<2xf32>
  memref.store %f, %m[%c0] : memref<2xf32>
  %r = call @twice(%true, %m) : (i1, memref<2xf32>) -> memref<2xf32>
  %v = memref.load %r[%c0] : memref<2xf32>
  call @printF32(%v) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
// EXEC: 3
// EXEC-NOT: error
// EXEC: allocations: [[N:[0-9]+]]
// EXEC: deallocations: [[N]]
