// Element access and metadata ops of the memref dialect round-tripped against
// mlir-opt-19: load, store, copy, dim, rank, assume_alignment and
// extract_aligned_pointer_as_index, on ranked, rank-0 and unranked memrefs.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @load_store(%m: memref<8x?xf32>, %z: memref<i32>, %v: memref<4xvector<2xf16>, 1>, %i: index, %j: index, %f: f32, %c: i32, %w: vector<2xf16>) -> f32 {
  %0 = memref.load %m[%i, %j] : memref<8x?xf32>
  %1 = memref.load %m[%i, %i] {nontemporal = true} : memref<8x?xf32>
  %2 = memref.load %m[%j, %i] {nontemporal = false} : memref<8x?xf32>
  %3 = memref.load %z[] : memref<i32>
  %4 = memref.load %v[%i] {other = "x"} : memref<4xvector<2xf16>, 1>
  memref.store %f, %m[%i, %j] : memref<8x?xf32>
  memref.store %0, %m[%j, %j] {nontemporal = true} : memref<8x?xf32>
  memref.store %c, %z[] {nontemporal = false} : memref<i32>
  memref.store %w, %v[%i] {a, b = 2 : i8} : memref<4xvector<2xf16>, 1>
  %5 = "memref.load"(%m, %i, %j) <{nontemporal = false}> : (memref<8x?xf32>, index, index) -> f32
  "memref.store"(%5, %m, %i, %j) <{nontemporal = true}> {x} : (f32, memref<8x?xf32>, index, index) -> ()
  return %1 : f32
}

func.func @load_strided(%m: memref<4x4xf32, strided<[8, 1], offset: ?>>, %a: memref<16xi64, affine_map<(d0) -> (d0 * 2)>>, %i: index) -> i64 {
  %0 = memref.load %m[%i, %i] : memref<4x4xf32, strided<[8, 1], offset: ?>>
  memref.store %0, %m[%i, %i] : memref<4x4xf32, strided<[8, 1], offset: ?>>
  %1 = memref.load %a[%i] : memref<16xi64, affine_map<(d0) -> (d0 * 2)>>
  return %1 : i64
}

func.func @copies(%a: memref<4x?xf32>, %b: memref<4x8xf32, strided<[16, 1]>>, %u: memref<*xf32>, %c: memref<4x8xf32, 2>) {
  memref.copy %a, %b : memref<4x?xf32> to memref<4x8xf32, strided<[16, 1]>>
  memref.copy %u, %a {copy_attr} : memref<*xf32> to memref<4x?xf32>
  memref.copy %b, %c : memref<4x8xf32, strided<[16, 1]>> to memref<4x8xf32, 2>
  memref.copy %u, %u : memref<*xf32> to memref<*xf32>
  return
}

func.func @dims(%m: memref<4x?x?xf32>, %u: memref<*xi8>, %z: memref<f32>, %i: index) -> (index, index) {
  %0 = memref.dim %m, %i : memref<4x?x?xf32>
  %1 = memref.dim {dim_attr} %u, %0 : memref<*xi8>
  %2 = memref.rank %m : memref<4x?x?xf32>
  %3 = memref.rank %u {rank_attr = 3 : index} : memref<*xi8>
  %4 = memref.rank %z : memref<f32>
  %5 = memref.dim %m, %2 : memref<4x?x?xf32>
  return %0, %3 : index, index
}

func.func @pointers(%m: memref<4x?xf32, strided<[?, 1], offset: ?>>, %u: memref<*xf32, 3>, %z: memref<i1>) -> index {
  memref.assume_alignment %m, 16 : memref<4x?xf32, strided<[?, 1], offset: ?>>
  memref.assume_alignment %z, 1 {hint} : memref<i1>
  %0 = memref.extract_aligned_pointer_as_index %m : memref<4x?xf32, strided<[?, 1], offset: ?>> -> index
  %1 = memref.extract_aligned_pointer_as_index %u : memref<*xf32, 3> -> index {ptr_attr}
  %2 = memref.extract_aligned_pointer_as_index %z : memref<i1> -> index
  return %1 : index
}
