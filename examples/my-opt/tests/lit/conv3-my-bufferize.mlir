// my-bufferize: the user's partial bufferization pass, a conversion
// pattern over bufopt's dialect conversion framework. my.scale on tensors
// becomes a new buffer filled by a linalg.map (out of place: no analysis);
// its operand arrives converted (a to_memref of the tensor) and its result
// leaves through a to_tensor, for the passes that come after.
// RUN: my-opt %s -my-bufferize -split-input-file | FileCheck %s
// RUN: my-opt %s -my-bufferize -split-input-file --mlir-print-op-generic | mlir-opt-19 --allow-unregistered-dialect -split-input-file

// CHECK-LABEL: func.func @static(
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>, %[[F:.*]]: f32) -> tensor<4xf32>
// CHECK-NEXT: %[[M:.*]] = bufferization.to_memref %[[X]] : memref<4xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: linalg.map ins(%[[M]] : memref<4xf32>) outs(%[[B]] : memref<4xf32>)
// CHECK-NEXT: (%[[E:.*]]: f32) {
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[E]], %[[F]] : f32
// CHECK-NEXT: linalg.yield %[[P]] : f32
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[B]] : memref<4xf32>
// CHECK-NEXT: return %[[T]] : tensor<4xf32>
func.func @static(%x: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %r = my.scale %x by %f : tensor<4xf32>
  return %r : tensor<4xf32>
}

// Dynamic sizes come from the operand's buffer. Two scales in a row meet
// through the value mapping, with no materialization between them.
// CHECK-LABEL: func.func @dynamic_chain(
// CHECK: %[[M:.*]] = bufferization.to_memref %{{.*}} : memref<?x8xf32>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[D:.*]] = memref.dim %[[M]], %[[C0]] : memref<?x8xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc(%[[D]]) : memref<?x8xf32>
// CHECK-NEXT: linalg.map ins(%[[M]] : memref<?x8xf32>) outs(%[[B]] : memref<?x8xf32>)
// CHECK: memref.dim %[[B]], %{{.*}} : memref<?x8xf32>
// CHECK-NEXT: %[[B2:.*]] = memref.alloc(%{{.*}}) : memref<?x8xf32>
// CHECK-NEXT: linalg.map ins(%[[B]] : memref<?x8xf32>) outs(%[[B2]] : memref<?x8xf32>)
// CHECK: bufferization.to_tensor %[[B2]] : memref<?x8xf32>
func.func @dynamic_chain(%x: tensor<?x8xf32>, %f: f32) -> tensor<?x8xf32> {
  %a = my.scale %x by %f : tensor<?x8xf32>
  %b = my.scale %a by %f : tensor<?x8xf32>
  return %b : tensor<?x8xf32>
}

// -----

// Other ops, and my.scale on memrefs, are left alone.
// CHECK-LABEL: func.func @others(
// CHECK-NEXT: my.scale %{{.*}} by %{{.*}} : memref<4xf32>
// CHECK-NEXT: tensor.insert
// CHECK-NEXT: return
func.func @others(%m: memref<4xf32>, %t: tensor<4xf32>, %f: f32, %i: index) -> (memref<4xf32>, tensor<4xf32>) {
  %a = my.scale %m by %f : memref<4xf32>
  %b = tensor.insert %f into %t[%i] : tensor<4xf32>
  return %a, %b : memref<4xf32>, tensor<4xf32>
}
