// tensor-bufferize (LLVM 18's partial pass, on each function): the tensor
// ops are bufferized with the One-Shot models under the partial options.
// There is no analysis: an op that writes (tensor.insert, insert_slice)
// writes into a new buffer holding a copy of its destination. Values from
// and to other ops (function arguments and returns, which func-bufferize
// converts, and ops of other dialects) go through to_memref / to_tensor;
// tensor.generate leaves a linalg.map on tensors for linalg-bufferize.
// The output is mlir-opt-19's One-Shot Bufferize restricted to the same
// dialects, copy-before-write.
// RUN: bufopt %s -tensor-bufferize -split-input-file | FileCheck %s
// RUN: bufopt %s -tensor-bufferize -split-input-file > %t.b && mlir-opt-19 %s '-one-shot-bufferize=dialect-filter=tensor,bufferization copy-before-write allow-unknown-ops unknown-type-conversion=identity-layout-map' -split-input-file > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -pass-pipeline='builtin.module(func.func(tensor-bufferize))' -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @insert_extract(
// CHECK-SAME: %[[T:.*]]: tensor<4xf32>, %[[F:.*]]: f32, %[[I:.*]]: index) -> (tensor<4xf32>, f32)
// CHECK-DAG: %[[M0:.*]] = bufferization.to_memref %[[T]] : memref<4xf32>
// CHECK-DAG: %[[M1:.*]] = bufferization.to_memref %[[T]] : memref<4xf32>
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[M1]], %[[A]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: memref.store %[[F]], %[[A]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: %[[R:.*]] = bufferization.to_tensor %[[A]] : memref<4xf32>
// CHECK-NEXT: %[[E:.*]] = memref.load %[[M0]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: return %[[R]], %[[E]] : tensor<4xf32>, f32
func.func @insert_extract(%t: tensor<4xf32>, %f: f32, %i: index) -> (tensor<4xf32>, f32) {
  %r = tensor.insert %f into %t[%i] : tensor<4xf32>
  %e = tensor.extract %t[%i] : tensor<4xf32>
  return %r, %e : tensor<4xf32>, f32
}

// CHECK-LABEL: func.func @cast_dim(
// CHECK: %[[C:.*]] = memref.cast %{{.*}} : memref<?xf32> to memref<4xf32>
// CHECK-NEXT: bufferization.to_tensor %[[C]] : memref<4xf32>
// CHECK-NEXT: memref.dim %{{.*}}, %{{.*}} : memref<?xf32>
func.func @cast_dim(%t: tensor<?xf32>) -> (tensor<4xf32>, index) {
  %c0 = arith.constant 0 : index
  %r = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  return %r, %d : tensor<4xf32>, index
}

// CHECK-LABEL: func.func @from_elements(
// CHECK-SAME: %[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK: %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK: memref.store %[[A]], %[[M]][%{{.*}}] : memref<2xf32>
// CHECK-NEXT: memref.store %[[B]], %[[M]][%{{.*}}] : memref<2xf32>
// CHECK-NEXT: bufferization.to_tensor %[[M]] : memref<2xf32>
func.func @from_elements(%a: f32, %b: f32) -> tensor<2xf32> {
  %r = tensor.from_elements %a, %b : tensor<2xf32>
  return %r : tensor<2xf32>
}

// extract_slice is a view; insert_slice copies its destination first.
// CHECK-LABEL: func.func @slices(
// CHECK: %[[SV:.*]] = memref.subview %{{.*}}[2] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: 2>>
// CHECK-NEXT: bufferization.to_tensor %[[SV]] : memref<2xf32, strided<[1], offset: 2>>
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.copy %{{.*}}, %[[A]] : memref<8xf32> to memref<8xf32>
// CHECK-NEXT: %[[D:.*]] = memref.subview %[[A]][4] [2] [1]
// CHECK-NEXT: memref.copy %{{.*}}, %[[D]] : memref<2xf32> to memref<2xf32, strided<[1], offset: 4>>
func.func @slices(%t: tensor<8xf32>, %u: tensor<2xf32>) -> (tensor<2xf32>, tensor<8xf32>) {
  %s = tensor.extract_slice %t[2] [2] [1] : tensor<8xf32> to tensor<2xf32>
  %r = tensor.insert_slice %u into %t[4] [2] [1] : tensor<2xf32> into tensor<8xf32>
  return %s, %r : tensor<2xf32>, tensor<8xf32>
}

// CHECK-LABEL: func.func @generate(
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[A]] : memref<?xindex>
// CHECK-NEXT: linalg.map outs(%[[T]] : tensor<?xindex>)
func.func @generate(%n: index) -> tensor<?xindex> {
  %r = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex>
  return %r : tensor<?xindex>
}

// -----

// Linalg ops and scf loops on tensors are left to their own passes.
// CHECK-LABEL: func.func @untouched(
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4xf32>) -> tensor<4xf32>
// CHECK: scf.for {{.*}} -> (tensor<4xf32>)
func.func @untouched(%t: tensor<4xf32>, %f: f32, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = linalg.fill ins(%f : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (tensor<4xf32>) {
    scf.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
