// bufferization.buffer_layout on function arguments gives the argument
// buffer that layout (an identity map: the identity layout); both argument
// attributes are removed afterwards. The output is mlir-opt-19's.
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s > %t.b && mlir-opt-19 -one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s > %t.m && diff -u %t.m %t.b

// CHECK: #[[MAP:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[T:.*]]: memref<4x4xf32, #[[MAP]]>, %[[U:.*]]: memref<4xf32>, %[[I:.*]]: index) -> f32 {
// CHECK-NEXT: memref.load %[[T]][%[[I]], %[[I]]] : memref<4x4xf32, #[[MAP]]>
// CHECK-NEXT: memref.load %[[U]][%[[I]]] : memref<4xf32>
func.func @f(%t: tensor<4x4xf32> {bufferization.buffer_layout = affine_map<(d0, d1) -> (d1, d0)>},
             %u: tensor<4xf32> {bufferization.buffer_layout = affine_map<(d0) -> (d0)>, bufferization.writable = true},
             %i: index) -> f32 {
  %x = tensor.extract %t[%i, %i] : tensor<4x4xf32>
  %y = tensor.extract %u[%i] : tensor<4xf32>
  %z = arith.addf %x, %y : f32
  return %z : f32
}
