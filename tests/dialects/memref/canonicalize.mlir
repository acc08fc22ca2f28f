// Folders and canonicalization patterns of the memref dialect: bufopt's
// --canonicalize output must equal mlir-opt-19's byte for byte.
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b

func.func @alloc_const(%n: index) -> (memref<?x?xf32>, memref<?xi8>) {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %0 = memref.alloc(%c4, %n) {alignment = 16 : i64, other} : memref<?x?xf32>
  %1 = memref.alloca(%c0) : memref<?xi8>
  return %0, %1 : memref<?x?xf32>, memref<?xi8>
}

func.func @dead(%v: f32, %i: index) {
  %0 = memref.alloc() : memref<4xf32>
  memref.store %v, %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}

func.func @copies(%a: memref<4xf32>, %b: memref<?xf32>, %e: memref<0xf32>) {
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.copy %c, %b : memref<?xf32> to memref<?xf32>
  memref.copy %a, %a : memref<4xf32> to memref<4xf32>
  memref.copy %e, %e : memref<0xf32> to memref<0xf32>
  return
}

func.func @subviews(%a: memref<16x16xf32>, %i: index) -> (memref<?x4xf32, strided<[?, 1], offset: ?>>, memref<3x4xf32, strided<[?, 1], offset: ?>>, memref<16x16xf32, strided<[16, 1]>>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = memref.subview %a[%c2, %i] [%c3, 4] [1, 1] : memref<16x16xf32> to memref<?x4xf32, strided<[16, 1], offset: ?>>
  %1 = memref.cast %0 : memref<?x4xf32, strided<[16, 1], offset: ?>> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  %c = memref.cast %a : memref<16x16xf32> to memref<?x?xf32>
  %2 = memref.subview %c[%i, %i] [3, 4] [1, 1] : memref<?x?xf32> to memref<3x4xf32, strided<[?, 1], offset: ?>>
  %3 = memref.subview %a[0, 0] [16, 16] [1, 1] : memref<16x16xf32> to memref<16x16xf32, strided<[16, 1]>>
  return %1, %2, %3 : memref<?x4xf32, strided<[?, 1], offset: ?>>, memref<3x4xf32, strided<[?, 1], offset: ?>>, memref<16x16xf32, strided<[16, 1]>>
}

func.func @views(%b: memref<2048xi8>, %n: index) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %0 = memref.view %b[%c0][%c8, %n] : memref<2048xi8> to memref<?x?xf32>
  return %0 : memref<?x?xf32>
}

func.func @scopes(%n: index) -> index {
  %0 = memref.alloca_scope -> (index) {
    memref.alloca_scope.return %n : index
  }
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xf32>
    "test.use"(%a) : (memref<4xf32>) -> ()
  }
  return %0 : index
}

func.func @metadata(%m: memref<4x?xf32, strided<[?, 1], offset: 2>>) -> (index, index, index, index, index) {
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %m : memref<4x?xf32, strided<[?, 1], offset: 2>> -> memref<f32>, index, index, index, index, index
  return %o, %s#0, %s#1, %t#0, %t#1 : index, index, index, index, index
}

func.func @dims(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = memref.alloc(%n) : memref<4x?xf32>
  %1 = memref.dim %0, %c1 : memref<4x?xf32>
  "test.use"(%0) : (memref<4x?xf32>) -> ()
  return %1 : index
}

func.func @folds(%a: memref<4x8xf32>, %g: memref<8xi32, 1>, %e: memref<?x4xf32>, %n: index, %i: index, %v: f32) -> (f32, index, index, memref<8xi32>, memref<?x4xf32>, memref<4x8xf32>, memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c = memref.cast %a : memref<4x8xf32> to memref<?x?xf32>
  %cc = memref.cast %c : memref<?x?xf32> to memref<4x?xf32>
  %l = memref.load %cc[%i, %i] : memref<4x?xf32>
  memref.store %v, %c[%i, %i] : memref<?x?xf32>
  %d = memref.dim %c, %c0 : memref<?x?xf32>
  %r = memref.rank %c : memref<?x?xf32>
  %m1 = memref.memory_space_cast %g : memref<8xi32, 1> to memref<8xi32, 2>
  %m2 = memref.memory_space_cast %m1 : memref<8xi32, 2> to memref<8xi32>
  %col = memref.collapse_shape %e [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  %exp = memref.expand_shape %col [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  %s0 = memref.subview %a[0, 0] [4, 8] [1, 1] : memref<4x8xf32> to memref<4x8xf32>
  %rc = memref.reinterpret_cast %c to offset: [0], sizes: [32], strides: [1] : memref<?x?xf32> to memref<32xf32>
  memref.dealloc %cc : memref<4x?xf32>
  return %l, %d, %r, %m2, %exp, %s0, %rc : f32, index, index, memref<8xi32>, memref<?x4xf32>, memref<4x8xf32>, memref<32xf32>
}

func.func @dim_of_reshape(%u: memref<*xf32>, %s: memref<?xi32>, %t: memref<?xindex>, %i: index) -> (index, index) {
  %c1 = arith.constant 1 : index
  %0 = memref.reshape %u(%s) : (memref<*xf32>, memref<?xi32>) -> memref<*xf32>
  %1 = memref.dim %0, %c1 : memref<*xf32>
  %2 = memref.reshape %u(%t) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  %3 = memref.dim %2, %i : memref<*xf32>
  return %1, %3 : index, index
}

func.func @metadata_roundtrip(%m: memref<4x?xf32, strided<[?, 1], offset: ?>>, %n: memref<8x2xf32>) -> (memref<4x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>) {
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %m : memref<4x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  %0 = memref.reinterpret_cast %b to offset: [%o], sizes: [4, %s#1], strides: [%t#0, 1] : memref<f32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  %b2, %o2, %s2:2, %t2:2 = memref.extract_strided_metadata %n : memref<8x2xf32> -> memref<f32>, index, index, index, index, index
  %1 = memref.reinterpret_cast %b2 to offset: [%o2], sizes: [%s2#0, %s2#1], strides: [%t2#0, %t2#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0, %1 : memref<4x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>
}

func.func @reshape_chains(%a: memref<2x3x4x5xf32>, %b: memref<?x?xf32>, %c: memref<6x5xf32>, %n: index, %k: index) -> (memref<120xf32>, memref<?x2x?x3xf32>, memref<6x20xf32>, memref<30xf32>) {
  %0 = memref.collapse_shape %a [[0, 1], [2, 3]] : memref<2x3x4x5xf32> into memref<6x20xf32>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<6x20xf32> into memref<120xf32>
  %2 = memref.expand_shape %b [[0, 1], [2]] output_shape [%n, 2, %k] : memref<?x?xf32> into memref<?x2x?xf32>
  %3 = memref.expand_shape %2 [[0], [1], [2, 3]] output_shape [%n, 2, %k, 3] : memref<?x2x?xf32> into memref<?x2x?x3xf32>
  %4 = memref.expand_shape %c [[0, 1], [2]] output_shape [2, 3, 5] : memref<6x5xf32> into memref<2x3x5xf32>
  %5 = memref.collapse_shape %4 [[0, 1, 2]] : memref<2x3x5xf32> into memref<30xf32>
  return %1, %3, %0, %5 : memref<120xf32>, memref<?x2x?x3xf32>, memref<6x20xf32>, memref<30xf32>
}

func.func @collapse_of_cast(%a: memref<4x8x1xf32>) -> memref<?x8xf32> {
  %0 = memref.cast %a : memref<4x8x1xf32> to memref<?x?x?xf32>
  %1 = memref.collapse_shape %0 [[0], [1, 2]] : memref<?x?x?xf32> into memref<?x?xf32>
  %2 = memref.cast %1 : memref<?x?xf32> to memref<?x8xf32>
  return %2 : memref<?x8xf32>
}

func.func @transposes(%a: memref<2x3x4xf32>) -> (memref<2x3x4xf32>, memref<4x2x3xf32, strided<[1, 12, 4]>>) {
  %0 = memref.transpose %a (d0, d1, d2) -> (d0, d1, d2) : memref<2x3x4xf32> to memref<2x3x4xf32>
  %1 = memref.transpose %a (d0, d1, d2) -> (d1, d2, d0) : memref<2x3x4xf32> to memref<3x4x2xf32, strided<[4, 1, 12]>>
  %2 = memref.transpose %1 (d0, d1, d2) -> (d1, d2, d0) : memref<3x4x2xf32, strided<[4, 1, 12]>> to memref<4x2x3xf32, strided<[1, 12, 4]>>
  return %0, %2 : memref<2x3x4xf32>, memref<4x2x3xf32, strided<[1, 12, 4]>>
}

func.func @identity_casts(%a: memref<4xf32>, %g: memref<4xf32, 1>, %v: f32, %i: index) -> (memref<4xf32>, memref<4xf32, 1>, f32) {
  %0 = memref.cast %a : memref<4xf32> to memref<4xf32>
  %1 = memref.memory_space_cast %g : memref<4xf32, 1> to memref<4xf32, 1>
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  %2 = memref.atomic_rmw addf %v, %c[%i] : (f32, memref<?xf32>) -> f32
  memref.prefetch %c[%i], read, locality<1>, data : memref<?xf32>
  return %0, %1, %2 : memref<4xf32>, memref<4xf32, 1>, f32
}

func.func @negative_stride(%a: memref<8xf32>) -> memref<?xf32, strided<[?], offset: ?>> {
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %cm1 = arith.constant -1 : index
  %0 = memref.subview %a[%c7] [%c8] [%cm1] : memref<8xf32> to memref<?xf32, strided<[?], offset: ?>>
  return %0 : memref<?xf32, strided<[?], offset: ?>>
}
