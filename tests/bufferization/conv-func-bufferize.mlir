// func-bufferize: signatures, entry and successor block arguments, call
// results and return operands become memrefs; ops inside bodies keep
// their tensors and meet the memrefs through to_tensor / to_memref.
// Checked against mlir-opt-19 too.
// RUN: bufopt --allow-unregistered-dialect -func-bufferize -split-input-file %s | FileCheck %s
// RUN: mlir-opt-19 --allow-unregistered-dialect -func-bufferize -split-input-file %s | FileCheck %s

// CHECK-LABEL: func.func @mixed(
// CHECK-SAME: %[[T:.*]]: memref<2x?xf32>, %[[U:.*]]: memref<*xi8>, %[[N:.*]]: index) -> (memref<2x?xf32>, index)
// CHECK-NEXT: %[[TT:.*]] = bufferization.to_tensor %[[T]] : memref<2x?xf32>
// CHECK-NEXT: %[[X:.*]] = "test.use"(%[[TT]], %[[U]]) : (tensor<2x?xf32>, memref<*xi8>) -> tensor<2x?xf32>
// CHECK-NEXT: %[[XM:.*]] = bufferization.to_memref %[[X]] : memref<2x?xf32>
// CHECK-NEXT: return %[[XM]], %[[N]] : memref<2x?xf32>, index
func.func @mixed(%t: tensor<2x?xf32>, %u: memref<*xi8>, %n: index) -> (tensor<2x?xf32>, index) {
  %x = "test.use"(%t, %u) : (tensor<2x?xf32>, memref<*xi8>) -> tensor<2x?xf32>
  return %x, %n : tensor<2x?xf32>, index
}

// -----

// CHECK-LABEL: func.func private @ext(memref<*xf32>) -> memref<4xi1>
// CHECK-LABEL: func.func @calls(
// CHECK-SAME: %[[A:.*]]: memref<*xf32>) -> memref<4xi1>
// CHECK-NEXT: %[[R:.*]] = call @ext(%[[A]]) : (memref<*xf32>) -> memref<4xi1>
// CHECK-NEXT: %[[S:.*]] = call @ext(%[[A]]) : (memref<*xf32>) -> memref<4xi1>
// CHECK-NEXT: return %[[S]] : memref<4xi1>
func.func private @ext(tensor<*xf32>) -> tensor<4xi1>
func.func @calls(%a: tensor<*xf32>) -> tensor<4xi1> {
  %r = call @ext(%a) : (tensor<*xf32>) -> tensor<4xi1>
  %s = call @ext(%a) : (tensor<*xf32>) -> tensor<4xi1>
  return %s : tensor<4xi1>
}

// -----

// Every block of the body is converted, and the branches forwarding to
// them with it; a non-tensor successor operand is left alone.
// CHECK-LABEL: func.func @cfg(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: memref<f32>, %[[B:.*]]: memref<f32>) -> memref<f32>
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1(%[[A]], %[[C]] : memref<f32>, i1), ^bb2(%[[B]] : memref<f32>)
// CHECK-NEXT: ^bb1(%[[X:.*]]: memref<f32>, %{{.*}}: i1):
// CHECK-NEXT: cf.br ^bb2(%[[X]] : memref<f32>)
// CHECK-NEXT: ^bb2(%[[Y:.*]]: memref<f32>):
// CHECK-NEXT: return %[[Y]] : memref<f32>
func.func @cfg(%c: i1, %a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  cf.cond_br %c, ^bb1(%a, %c : tensor<f32>, i1), ^bb2(%b : tensor<f32>)
^bb1(%x: tensor<f32>, %d: i1):
  cf.br ^bb2(%x : tensor<f32>)
^bb2(%y: tensor<f32>):
  return %y : tensor<f32>
}
