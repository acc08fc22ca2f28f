// SimplifyClones (bufferization.clone + memref.dealloc), compared with
// mlir-opt-19 (custom and generic output).
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @same_block(
// CHECK-SAME: %[[A:.*]]: memref<4xf32>)
// CHECK-NEXT: return %[[A]]
// CHECK-LABEL: func.func @clone_freed(
// CHECK-NOT: clone
// CHECK-NOT: dealloc
// CHECK: return
// CHECK-LABEL: func.func @free_between(
// CHECK: bufferization.clone
// CHECK-LABEL: func.func @both_same_block(
// CHECK: bufferization.clone
// CHECK-LABEL: func.func @cast(
// CHECK-NEXT: %[[C:.*]] = memref.cast
// CHECK-NEXT: return %[[C]]
// CHECK-LABEL: func.func @view_source(
// CHECK-NOT: clone
// CHECK-NOT: dealloc
// CHECK: return
// CHECK-LABEL: func.func @other_block(
// CHECK: bufferization.clone
func.func @same_block(%a: memref<4xf32>) -> memref<4xf32> {
  %0 = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %0 : memref<4xf32>
}
func.func @clone_freed(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  %v = memref.load %0[%c0] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return %v : f32
}
func.func @free_between(%a: memref<4xf32>, %b: memref<4xf32>) -> memref<4xf32> {
  %0 = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %0 : memref<4xf32>
}
func.func @both_same_block(%a: memref<4xf32>) {
  %0 = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  "test.use"(%0) : (memref<4xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}
func.func @cast(%a: memref<4xf32>) -> memref<?xf32> {
  %0 = bufferization.clone %a : memref<4xf32> to memref<?xf32>
  memref.dealloc %a : memref<4xf32>
  return %0 : memref<?xf32>
}
func.func @view_source(%n: index) -> memref<2xf32, strided<[1], offset: 1>> {
  %m = memref.alloc() : memref<4xf32>
  %s = memref.subview %m[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %0 = bufferization.clone %s : memref<2xf32, strided<[1], offset: 1>> to memref<2xf32, strided<[1], offset: 1>>
  memref.dealloc %m : memref<4xf32>
  return %0 : memref<2xf32, strided<[1], offset: 1>>
}
func.func @other_block(%a: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %0 = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<4xf32>
  return %0 : memref<4xf32>
^bb2:
  return %a : memref<4xf32>
}
