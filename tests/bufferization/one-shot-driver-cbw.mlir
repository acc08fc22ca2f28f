// One-Shot Bufferize in copy-before-write mode on the models of the
// bufferization and arith ops: the output is mlir-opt-19's, byte for byte.
// RUN: bufopt -one-shot-bufferize="copy-before-write" -split-input-file %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize="copy-before-write" -split-input-file %s > %t.b && mlir-opt-19 -one-shot-bufferize="copy-before-write" -split-input-file %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -one-shot-bufferize="copy-before-write buffer-alignment=0 unknown-type-conversion=identity-layout-map" -split-input-file %s | FileCheck %s --check-prefix=NOALIGN

// CHECK: memref.global "private" constant @__constant_2xi32_0 : memref<2xi32> = dense<[3, 4]> {alignment = 64 : i64}
// CHECK: memref.global "private" constant @__constant_2xi32 : memref<2xi32> = dense<[1, 2]> {alignment = 64 : i64}
// CHECK-LABEL: func.func @constants(
// CHECK: %[[A:.*]] = memref.get_global @__constant_2xi32 : memref<2xi32>
// CHECK: %[[B:.*]] = memref.get_global @__constant_2xi32 : memref<2xi32>
// CHECK: %[[C:.*]] = memref.get_global @__constant_2xi32_0 : memref<2xi32>
// CHECK: arith.select %{{.*}}, %[[A]], %[[C]] : memref<2xi32>
// CHECK: memref.load %[[B]]
// NOALIGN: memref.global "private" constant @__constant_2xi32_0 : memref<2xi32> = dense<[3, 4]>
// NOALIGN-NOT: alignment
// NOALIGN-LABEL: func.func @constants(
// NOALIGN-LABEL: func.func @alloc_copy(
// NOALIGN: memref.alloc(%{{.*}}) : memref<?xindex>
func.func @constants(%c: i1, %i: index) -> (i32, i32) {
  %a = arith.constant dense<[1, 2]> : tensor<2xi32>
  %b = arith.constant dense<[1, 2]> : tensor<2xi32>
  %d = arith.constant dense<[3, 4]> : tensor<2xi32>
  %s = arith.select %c, %a, %d : tensor<2xi32>
  %m = bufferization.to_memref %s : memref<2xi32>
  %x = memref.load %m[%i] : memref<2xi32>
  %mb = bufferization.to_memref %b read_only : memref<2xi32>
  %y = memref.load %mb[%i] : memref<2xi32>
  return %x, %y : i32, i32
}

// -----

// A global of that name exists already: the new one gets a suffix.
// CHECK: memref.global "private" constant @__constant_3xf32_1 : memref<3xf32> = dense<1.000000e+00> {alignment = 64 : i64}
// CHECK: memref.global "private" @__constant_3xf32 : memref<3xf32> = dense<0.000000e+00>
// CHECK: memref.global "private" @__constant_3xf32_0 : memref<3xf32> = dense<0.000000e+00>
// CHECK-LABEL: func.func @name_taken(
// CHECK: memref.get_global @__constant_3xf32_1 : memref<3xf32>
memref.global "private" @__constant_3xf32 : memref<3xf32> = dense<0.0>
memref.global "private" @__constant_3xf32_0 : memref<3xf32> = dense<0.0>
func.func @name_taken(%i: index) -> f32 {
  %a = arith.constant dense<1.0> : tensor<3xf32>
  %m = bufferization.to_memref %a read_only : memref<3xf32>
  %x = memref.load %m[%i] : memref<3xf32>
  return %x : f32
}

// -----

// alloc_tensor: dynamic sizes, copy (sized by memref.dim of the copied
// buffer), memory space; index_cast keeps the layout; dealloc_tensor.
// CHECK-LABEL: func.func @alloc_copy(
// CHECK-SAME: %[[M:.*]]: memref<?xindex>, %[[N:.*]]: index)
// CHECK: %[[D:.*]] = memref.dim %[[M]], %{{.*}} : memref<?xindex>
// CHECK: %[[CP:.*]] = memref.alloc(%[[D]]) {alignment = 64 : i64} : memref<?xindex>
// CHECK: memref.copy %[[M]], %[[CP]] : memref<?xindex> to memref<?xindex>
// CHECK: %[[E:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<?xi32, 3>
// CHECK: %[[IC:.*]] = arith.index_cast %[[CP]] : memref<?xindex> to memref<?xi32>
// CHECK-NOT: memref.alloc
// CHECK: memref.dealloc %[[E]] : memref<?xi32, 3>
// CHECK: return %[[IC]]
func.func @alloc_copy(%m: memref<?xindex>, %n: index) -> (memref<?xi32>) {
  %t = bufferization.to_tensor %m : memref<?xindex>
  %a = bufferization.alloc_tensor() copy(%t) : tensor<?xindex>
  %e = bufferization.alloc_tensor(%n) {memory_space = 3 : i64} : tensor<?xi32>
  %ic = arith.index_cast %a : tensor<?xindex> to tensor<?xi32>
  %r = bufferization.to_memref %ic : memref<?xi32>
  %u = bufferization.alloc_tensor(%n) : tensor<?xf32>
  bufferization.dealloc_tensor %e : tensor<?xi32>
  return %r : memref<?xi32>
}

// -----

// materialize_in_destination into a tensor (copy-before-write gives the
// written destination a new buffer, not a copy: it is not read) and into a
// writable memref.
// CHECK-LABEL: func.func @materialize(
// CHECK-SAME: %[[S:.*]]: memref<4xf32>, %[[D:.*]]: memref<4xf32>, %[[O:.*]]: memref<4xf32>)
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[S]], %[[A]]
// CHECK-NEXT: memref.copy %[[S]], %[[O]]
// CHECK-NEXT: return %[[A]]
func.func @materialize(%s: memref<4xf32>, %d: memref<4xf32>, %o: memref<4xf32>) -> memref<4xf32> {
  %st = bufferization.to_tensor %s : memref<4xf32>
  %dt = bufferization.to_tensor %d restrict writable : memref<4xf32>
  %r = bufferization.materialize_in_destination %st in %dt : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %st in restrict writable %o : (tensor<4xf32>, memref<4xf32>) -> ()
  %rm = bufferization.to_memref %r : memref<4xf32>
  return %rm : memref<4xf32>
}

// -----

// select between buffers of different layouts: both cast to the fully
// dynamic layout.
// CHECK-LABEL: func.func @select_layouts(
// CHECK: memref.cast %{{.*}} : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK: arith.select %{{.*}} : memref<4xf32, strided<[?], offset: ?>>
func.func @select_layouts(%c: i1, %m: memref<4xf32, strided<[?], offset: ?>>, %i: index) -> f32 {
  %a = arith.constant dense<2.0> : tensor<4xf32>
  %b = bufferization.to_tensor %m : memref<4xf32, strided<[?], offset: ?>>
  %s = arith.select %c, %a, %b : tensor<4xf32>
  %sm = bufferization.to_memref %s read_only : memref<4xf32, strided<[?], offset: ?>>
  %x = memref.load %sm[%i] : memref<4xf32, strided<[?], offset: ?>>
  return %x : f32
}

// -----

// to_memref(to_tensor(x)) folds: to x when the types match, through a
// memref.cast when the cast cannot fail, else into a new buffer (with the
// options' alignment) and a copy.
// CHECK-LABEL: func.func @fold_pairs(
// CHECK-SAME: %[[M:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[S:.*]]: memref<4xf32>, %[[I:.*]]: index)
// CHECK: %[[D:.*]] = memref.dim %[[M]], %{{.*}}
// CHECK: %[[A:.*]] = memref.alloc(%[[D]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK: memref.copy %[[M]], %[[A]]
// CHECK: memref.load %[[A]][%[[I]]] : memref<?xf32>
// CHECK: %[[C:.*]] = memref.cast %[[S]] : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK: memref.load %[[C]][%[[I]]]
// CHECK: memref.cast %[[S]] : memref<4xf32> to memref<*xf32>
// NOALIGN-LABEL: func.func @fold_pairs(
// NOALIGN: memref.alloc(%{{.*}}) : memref<?xf32>
func.func @fold_pairs(%m: memref<?xf32, strided<[?], offset: ?>>, %s: memref<4xf32>, %i: index) -> (f32, f32, f32) {
  %t = bufferization.to_tensor %m : memref<?xf32, strided<[?], offset: ?>>
  %a = bufferization.to_memref %t : memref<?xf32>
  %x = memref.load %a[%i] : memref<?xf32>
  %t2 = bufferization.to_tensor %s : memref<4xf32>
  %b = bufferization.to_memref %t2 : memref<4xf32, strided<[?], offset: ?>>
  %y = memref.load %b[%i] : memref<4xf32, strided<[?], offset: ?>>
  %t3 = tensor.cast %t2 : tensor<4xf32> to tensor<*xf32>
  %c = bufferization.to_memref %t3 : memref<*xf32>
  %cc = memref.cast %c : memref<*xf32> to memref<4xf32>
  %z = memref.load %cc[%i] : memref<4xf32>
  return %x, %y, %z : f32, f32, f32
}
