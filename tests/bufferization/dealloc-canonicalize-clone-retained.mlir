// A clone whose only dealloc also retains it is still needed: the dealloc
// frees nothing (the clone is retained), so canonicalize must keep the
// clone and not return the argument itself. `bufferization.dealloc`
// declares no memory effects (as upstream), so the clone simplification
// does not take it for the clone's dealloc. This is the shape
// ownership-based deallocation gives a function returning its argument.
// RUN: bufopt -canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func private @returns_arg(
// CHECK-SAME: %[[ARG:.*]]: memref<4xi64>) -> memref<4xi64>
// CHECK: %[[CLONE:.*]] = bufferization.clone %[[ARG]] : memref<4xi64> to memref<4xi64>
// CHECK: return %[[CLONE]] : memref<4xi64>
func.func private @returns_arg(%arg0: memref<4xi64>) -> memref<4xi64> {
  %true = arith.constant true
  %0 = bufferization.clone %arg0 : memref<4xi64> to memref<4xi64>
  %1 = bufferization.dealloc (%0 : memref<4xi64>) if (%true) retain (%0 : memref<4xi64>)
  return %0 : memref<4xi64>
}
