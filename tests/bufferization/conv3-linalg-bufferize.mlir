// linalg-bufferize (LLVM 18's partial pass, on each function): linalg ops
// on tensors are bufferized with the One-Shot models under the partial
// options. There is no analysis: an `outs` operand that is read gets a new
// buffer holding a copy (an init that is only written, as linalg.fill's,
// gets a new buffer with no copy). tensor.empty is not a linalg op: it
// stays for tensor-bufferize. The output is mlir-opt-19's One-Shot
// Bufferize restricted to the same dialects, copy-before-write.
// RUN: bufopt %s -linalg-bufferize -split-input-file | FileCheck %s
// RUN: bufopt %s -linalg-bufferize -split-input-file > %t.b && mlir-opt-19 %s '-one-shot-bufferize=dialect-filter=linalg,bufferization copy-before-write allow-unknown-ops unknown-type-conversion=identity-layout-map' -split-input-file > %t.m && diff -u %t.m %t.b

#map = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @generic(
// CHECK-SAME: %[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-DAG: %[[MA:.*]] = bufferization.to_memref %[[A]] : memref<4xf32>
// CHECK-DAG: %[[MB:.*]] = bufferization.to_memref %[[B]] : memref<4xf32>
// CHECK: %[[O:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[MB]], %[[O]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[MA]] : memref<4xf32>) outs(%[[O]] : memref<4xf32>)
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[O]] : memref<4xf32>
// CHECK-NEXT: return %[[R]] : tensor<4xf32>
func.func @generic(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @matmul(
// CHECK: tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[F:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[F]] : memref<2x2xf32>)
// CHECK-NEXT: %[[O:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// CHECK-NEXT: memref.copy %[[F]], %[[O]] : memref<2x2xf32> to memref<2x2xf32>
// CHECK-NEXT: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<2x3xf32>, memref<3x2xf32>) outs(%[[O]] : memref<2x2xf32>)
// CHECK-NEXT: bufferization.to_tensor %[[O]] : memref<2x2xf32>
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %f: f32) -> tensor<2x2xf32> {
  %e = tensor.empty() : tensor<2x2xf32>
  %z = linalg.fill ins(%f : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%z : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// Dynamic shapes: the new buffer takes its size from the init tensor
// (a tensor.dim, left for tensor-bufferize); linalg.map does not read its
// init, so nothing is copied.
// CHECK-LABEL: func.func @map_dynamic(
// CHECK-SAME: %{{.*}}: tensor<?xf32>, %[[B:.*]]: tensor<?xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?xf32>
// CHECK-NEXT: %[[O:.*]] = memref.alloc(%[[D]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT: linalg.map { arith.negf } ins(%{{.*}} : memref<?xf32>) outs(%[[O]] : memref<?xf32>)
func.func @map_dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.map { arith.negf } ins(%a : tensor<?xf32>) outs(%b : tensor<?xf32>)
  return %r : tensor<?xf32>
}
