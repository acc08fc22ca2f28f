// drop-equivalent-buffer-results: a result that is an argument (through
// memref.casts) is dropped and its calls use the argument, cast back to
// the result type when it differs. Same output as mlir-opt-19.
// RUN: bufopt -drop-equivalent-buffer-results -split-input-file %s | FileCheck %s
// RUN: mlir-opt-19 -drop-equivalent-buffer-results -split-input-file %s | FileCheck %s

// CHECK-LABEL: func.func private @update(
// CHECK-SAME: %[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<4xf32>) -> memref<4xf32> {
// CHECK: %[[N:.*]] = memref.alloc() : memref<4xf32>
// CHECK: return %[[N]] : memref<4xf32>
func.func private @update(%a: memref<4xf32>, %b: memref<4xf32>) -> (memref<4xf32>, memref<?xf32>, memref<4xf32>) {
  %c = memref.cast %b : memref<4xf32> to memref<?xf32>
  %n = memref.alloc() : memref<4xf32>
  return %a, %c, %n : memref<4xf32>, memref<?xf32>, memref<4xf32>
}

// The caller, handled after the callee, then returns its arguments and
// loses those results too.
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[X:.*]]: memref<4xf32>, %[[Y:.*]]: memref<4xf32>) -> memref<4xf32> {
// CHECK: %[[R:.*]] = call @update(%[[X]], %[[Y]]) : (memref<4xf32>, memref<4xf32>) -> memref<4xf32>
// CHECK: memref.cast %[[Y]] : memref<4xf32> to memref<?xf32>
// CHECK: return %[[R]] : memref<4xf32>
func.func @caller(%x: memref<4xf32>, %y: memref<4xf32>) -> (memref<4xf32>, memref<?xf32>, memref<4xf32>) {
  %r:3 = call @update(%x, %y) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<?xf32>, memref<4xf32>)
  return %r#0, %r#1, %r#2 : memref<4xf32>, memref<?xf32>, memref<4xf32>
}

// -----

// Declarations and functions with several returns are left alone.
// CHECK-LABEL: func.func private @decl(memref<2xf32>) -> memref<2xf32>
// CHECK-LABEL: func.func @two_returns(
// CHECK-SAME: -> memref<2xf32>
func.func private @decl(memref<2xf32>) -> memref<2xf32>
func.func @two_returns(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  cf.cond_br %c, ^b1, ^b2
^b1:
  return %a : memref<2xf32>
^b2:
  return %a : memref<2xf32>
}
