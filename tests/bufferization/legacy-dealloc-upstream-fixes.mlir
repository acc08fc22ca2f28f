// The two places where bufopt's -buffer-deallocation deliberately differs
// from mlir-opt-19, whose output is wrong there: a buffer defined before a
// join block and used in it after another op (mlir-opt-19 frees it after
// the join's first op, before the load: a use after free), and an unused
// argument of a block that only branches on (mlir-opt-19 never frees it: a
// leak). Both programs run leak-free and without use after free.
// RUN: bufopt -buffer-deallocation -split-input-file %s | FileCheck %s
// RUN: bufopt -buffer-deallocation %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s --check-prefix=EXEC
// RUN: mlir-opt-19 -buffer-deallocation %s | not bufopt-run --strict - 2>&1 | FileCheck %s --check-prefix=UPSTREAM

// EXEC-NOT: error
// EXEC: {{^}}73
// EXEC: allocations: 3
// EXEC: deallocations: 3
// UPSTREAM: error: use after free

func.func private @printI64(i64)

// CHECK-LABEL: func @join_use(
// CHECK: ^bb3:
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[V:.*]] = memref.load %[[A:.*]][%[[C0]]]
// CHECK-NEXT: memref.dealloc %[[A]]
func.func @join_use(%c: i1) -> i64 {
  %a = memref.alloc() : memref<2xi64>
  %i = arith.constant 0 : index
  %seven = arith.constant 7 : i64
  memref.store %seven, %a[%i] : memref<2xi64>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<2xi64>
  return %v : i64
}

// CHECK-LABEL: func @unused_merge(
// CHECK: ^bb3(%[[M:.*]]: memref<2xi64>):
// CHECK-NEXT: memref.dealloc %[[M]]
// CHECK-NEXT: cf.br ^bb4
func.func @unused_merge(%c: i1) -> i64 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<2xi64>
  cf.br ^bb3(%a : memref<2xi64>)
^bb2:
  %b = memref.alloc() : memref<2xi64>
  cf.br ^bb3(%b : memref<2xi64>)
^bb3(%m: memref<2xi64>):
  cf.br ^bb4
^bb4:
  %three = arith.constant 3 : i64
  return %three : i64
}

func.func @main() {
  %t = arith.constant true
  %v = func.call @join_use(%t) : (i1) -> i64
  func.call @printI64(%v) : (i64) -> ()
  %w = func.call @unused_merge(%t) : (i1) -> i64
  func.call @printI64(%w) : (i64) -> ()
  return
}
