// arith-bufferize (LLVM 18's partial pass): the arith ops on tensors are
// bufferized with the One-Shot models under the partial options (copy
// before write, unknown ops allowed, identity layouts); the values that
// cross to unbufferized ops go through to_memref / to_tensor. A tensor
// constant becomes a module-level memref.global, without alignment unless
// `alignment` is given. With alignment=64 the output is mlir-opt-19's
// One-Shot Bufferize restricted to the same dialects, copy-before-write.
// RUN: bufopt %s -arith-bufferize -split-input-file | FileCheck %s
// RUN: bufopt %s '-arith-bufferize=alignment=16' -split-input-file | FileCheck %s --check-prefix=ALIGN
// RUN: bufopt %s '-arith-bufferize=alignment=64' -split-input-file > %t.b && mlir-opt-19 %s '-one-shot-bufferize=dialect-filter=arith,bufferization copy-before-write allow-unknown-ops unknown-type-conversion=identity-layout-map' -split-input-file > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -arith-bufferize -split-input-file | mlir-opt-19 -split-input-file > /dev/null

// CHECK: memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]>{{$}}
// ALIGN: memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> {alignment = 16 : i64}
// CHECK-LABEL: func.func @constant() -> tensor<3xf32>
// CHECK-NEXT: %[[G:.*]] = memref.get_global @__constant_3xf32 : memref<3xf32>
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[G]] : memref<3xf32>
// CHECK-NEXT: return %[[T]] : tensor<3xf32>
func.func @constant() -> tensor<3xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  return %c : tensor<3xf32>
}

// Two uses of one constant share the global.
// CHECK-LABEL: func.func @constant_twice(
// CHECK: memref.get_global @__constant_3xf32
// CHECK-NOT: memref.global
func.func @constant_twice() -> tensor<3xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  return %c : tensor<3xf32>
}

// CHECK-LABEL: func.func @select(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<?xf32>) -> tensor<?xf32>
// CHECK-DAG: %[[MB:.*]] = bufferization.to_memref %[[B]] : memref<?xf32>
// CHECK-DAG: %[[MA:.*]] = bufferization.to_memref %[[A]] : memref<?xf32>
// CHECK: %[[S:.*]] = arith.select %[[C]], %[[MA]], %[[MB]] : memref<?xf32>
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[S]] : memref<?xf32>
// CHECK-NEXT: return %[[T]]
func.func @select(%c: i1, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = arith.select %c, %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}

// CHECK-LABEL: func.func @index_cast(
// CHECK: %[[M:.*]] = bufferization.to_memref %{{.*}} : memref<2xindex>
// CHECK-NEXT: %[[R:.*]] = arith.index_cast %[[M]] : memref<2xindex> to memref<2xi32>
// CHECK-NEXT: bufferization.to_tensor %[[R]] : memref<2xi32>
func.func @index_cast(%t: tensor<2xindex>) -> tensor<2xi32> {
  %r = arith.index_cast %t : tensor<2xindex> to tensor<2xi32>
  return %r : tensor<2xi32>
}

// Ops of other dialects are left alone; a scalar arith op is untouched.
// CHECK-LABEL: func.func @others(
// CHECK-NEXT: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: tensor.insert
func.func @others(%t: tensor<4xf32>, %f: f32, %i: index) -> tensor<4xf32> {
  %g = arith.addf %f, %f : f32
  %r = tensor.insert %g into %t[%i] : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A bufferized value meeting a materialization left by an earlier pass:
// the to_memref(to_tensor(x)) pair folds to x.
// CHECK-LABEL: func.func @fold_pair(
// CHECK-SAME: %[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<4xf32>, %[[C:.*]]: i1) -> memref<4xf32>
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : memref<4xf32>
// CHECK-NEXT: return %[[S]] : memref<4xf32>
func.func @fold_pair(%a: memref<4xf32>, %b: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %ta = bufferization.to_tensor %a : memref<4xf32>
  %tb = bufferization.to_tensor %b : memref<4xf32>
  %r = arith.select %c, %ta, %tb : tensor<4xf32>
  %m = bufferization.to_memref %r : memref<4xf32>
  return %m : memref<4xf32>
}
