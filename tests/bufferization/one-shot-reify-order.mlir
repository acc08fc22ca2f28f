// An out-of-place init that the op does not read is replaced by a fresh
// allocation whose dynamic sizes are reified from the op that defines the
// init. The reified sizes are built where the allocation goes, in
// upstream's order (a size for every operand dimension first, then the
// result extents), so even the dead `memref.dim`s are mlir-opt-19's.
// RUN: bufopt %s -split-input-file -one-shot-bufferize | FileCheck %s
// RUN: bufopt %s -split-input-file -one-shot-bufferize > %t.b && mlir-opt-19 %s -split-input-file -one-shot-bufferize > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -split-input-file -one-shot-bufferize=copy-before-write > %t.b && mlir-opt-19 %s -split-input-file -one-shot-bufferize=copy-before-write > %t.m && diff -u %t.m %t.b

// The loop is first seen on the init, so the extent is a fresh dim of the
// init (the flat list's dim stays dead), taken right before the fill.
// CHECK-LABEL: func.func @init_loop(
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xf32>
// CHECK: linalg.generic {{.*}} outs(%[[A]] : memref<?xf32>)
// CHECK: arith.constant 2.0
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: memref.dim %[[A]], %[[C0]]
// CHECK: %[[C0B:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = memref.dim %[[A]], %[[C0B]]
// CHECK: %[[B:.*]] = memref.alloc(%[[D]])
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[B]] : memref<?xf32>)
#id = affine_map<(d0) -> (d0)>
func.func @init_loop(%x: tensor<?xf32>, %v: f32) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%x : tensor<?xf32>) {
  ^bb0(%o: f32):
    %d = arith.addf %o, %o : f32
    linalg.yield %d : f32
  } -> tensor<?xf32>
  %c = arith.constant 2.0 : f32
  %1 = linalg.fill ins(%v : f32) outs(%0 : tensor<?xf32>) -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// The loops are first seen on the transposed input: the result extents
// are its dims, swapped.
// CHECK-LABEL: func.func @input_loop(
// CHECK: %[[A:.*]] = memref.alloc(
// CHECK: linalg.generic
// CHECK: %[[D0:.*]] = memref.dim %{{.*}} : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[D1:.*]] = memref.dim %{{.*}} : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK: memref.dim %[[A]]
// CHECK: memref.dim %[[A]]
// CHECK: %[[B:.*]] = memref.alloc(%[[D1]], %[[D0]])
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[B]] : memref<?x?xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @input_loop(%a: tensor<?x?xf32>, %x: tensor<?x?xf32>, %v: f32) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x?xf32>) outs(%x : tensor<?x?xf32>) {
  ^bb0(%i: f32, %o: f32):
    %d = arith.addf %i, %o : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  %1 = linalg.fill ins(%v : f32) outs(%0 : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// A `tensor.dim` of the init's `alloc_tensor` is not folded by
// `createOrFold` (that is a canonicalization pattern): the sizes are dims
// of the first allocation.
// CHECK-LABEL: func.func @empty_init(
// CHECK: %[[A:.*]] = memref.alloc(%arg0)
// CHECK: memref.dim %[[A]]
// CHECK: %[[D:.*]] = memref.dim %[[A]]
// CHECK: %[[B:.*]] = memref.alloc(%[[D]]) {{.*}} : memref<?x4xf32>
func.func @empty_init(%n: index, %v: f32, %w: f32) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %0 = linalg.fill ins(%v : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = linalg.fill ins(%w : f32) outs(%0 : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
}
