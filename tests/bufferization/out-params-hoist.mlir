// buffer-results-to-out-params with hoist-static-allocs and the
// later-upstream hoist-dynamic-allocs: a returned fresh allocation is
// replaced by the out param, and the caller allocates it, with the dynamic
// sizes taken from the call's operands when they are arguments of the
// callee. Otherwise the result is copied into the out param. Execution
// checks that the rewritten program prints the same and frees everything.
// RUN: bufopt -p 'builtin.module(buffer-results-to-out-params{hoist-dynamic-allocs hoist-static-allocs})' %s | FileCheck %s
// RUN: bufopt-run --strict %s | FileCheck %s --check-prefix=EXEC
// RUN: bufopt -p 'builtin.module(buffer-results-to-out-params{hoist-dynamic-allocs hoist-static-allocs})' %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s --check-prefixes=EXEC,STATS

// CHECK-LABEL: func.func private @fill(
// CHECK-SAME: %[[N:.*]]: index, %[[V:.*]]: f32, %[[OUT:.*]]: memref<?xf32>) {
// CHECK-NOT: memref.alloc
// CHECK: scf.for
// CHECK: memref.store %[[V]], %[[OUT]]
// CHECK-NOT: memref.copy
// CHECK: return
func.func private @fill(%n: index, %v: f32) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  return %a : memref<?xf32>
}

// The size is computed inside: not hoisted, copied.
// CHECK-LABEL: func.func private @twice(
// CHECK-SAME: %[[N:.*]]: index, %[[OUT:.*]]: memref<?xf32>) {
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.copy %[[A]], %[[OUT]]
func.func private @twice(%n: index) -> memref<?xf32> {
  %m = arith.addi %n, %n : index
  %a = memref.alloc(%m) : memref<?xf32>
  return %a : memref<?xf32>
}

// Static: hoisted.
// CHECK-LABEL: func.func private @stat(
// CHECK-SAME: %[[OUT:.*]]: memref<2xf32>) {
// CHECK-NOT: memref.alloc
// CHECK: memref.store %{{.*}}, %[[OUT]]
func.func private @stat() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 7.0 : f32
  memref.store %f, %a[%c0] : memref<2xf32>
  memref.store %f, %a[%c0] : memref<2xf32>
  %c1 = arith.constant 1 : index
  memref.store %f, %a[%c1] : memref<2xf32>
  return %a : memref<2xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @main(
// CHECK: %[[P:.*]] = memref.alloc(%[[C3:.*]]) : memref<?xf32>
// CHECK: call @fill(%[[C3]], %{{.*}}, %[[P]]) : (index, f32, memref<?xf32>) -> ()
// CHECK: %[[S:.*]] = memref.alloc() : memref<2xf32>
// CHECK: call @stat(%[[S]]) : (memref<2xf32>) -> ()
// EXEC: data =
// EXEC-NEXT: [5,  5,  5]
// EXEC: data =
// EXEC-NEXT: [7,  7]
// EXEC-NOT: error
// STATS: allocations: 2
// STATS: deallocations: 2
func.func @main() {
  %c3 = arith.constant 3 : index
  %f = arith.constant 5.0 : f32
  %m = call @fill(%c3, %f) : (index, f32) -> memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<?xf32>
  %s = call @stat() : () -> memref<2xf32>
  %su = memref.cast %s : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  memref.dealloc %s : memref<2xf32>
  return
}
