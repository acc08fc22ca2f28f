// Inferred memref.subview result types. Each op has a deliberately wrong
// result type; the verifier reports the type it infers (checked against
// mlir-opt-19 by the second RUN line). The last split holds rank-reducing
// subviews that must verify.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @identity_source(%m: memref<8x16x4xf32>, %i: index) {
  // expected-error @+1 {{expected result type to be 'memref<4x4x4xf32, strided<[64, 4, 1], offset: 8>>'}}
  %0 = memref.subview %m[0, 2, 0] [4, 4, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<1x2x3xf32>
  return
}

// -----

func.func @dynamic_offset(%m: memref<8x16x4xf32>, %i: index) {
  // expected-error @+1 {{expected result type to be 'memref<4x4x4xf32, strided<[64, 4, 1], offset: ?>>'}}
  %0 = memref.subview %m[0, %i, 0] [4, 4, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<1x2x3xf32>
  return
}

// -----

func.func @dynamic_stride_and_size(%m: memref<8x16x4xf32>, %i: index) {
  // expected-error @+1 {{expected result type to be 'memref<?x4x2xf32, strided<[?, 4, 2], offset: 2>>'}}
  %0 = memref.subview %m[0, 0, 2] [%i, 4, 2] [%i, 1, 2] : memref<8x16x4xf32> to memref<1x2x3xf32>
  return
}

// -----

func.func @dynamic_source(%m: memref<?x?xf32>, %i: index) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[?, 1], offset: ?>>'}}
  %0 = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<?x?xf32> to memref<1x3xf32>
  return
}

// -----

func.func @zero_offsets_dynamic_source(%m: memref<4x?xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[?, 1]>>'}}
  %0 = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x?xf32> to memref<1x3xf32>
  return
}

// -----

func.func @strided_source(%m: memref<8x8xf32, strided<[16, 2], offset: 3>>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[48, 2], offset: 23>>'}}
  %0 = memref.subview %m[1, 2] [2, 2] [3, 1] : memref<8x8xf32, strided<[16, 2], offset: 3>> to memref<1x3xf32>
  return
}

// -----

func.func @affine_source(%m: memref<8x8xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 + 5)>>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[?, 1], offset: ?>>'}}
  %0 = memref.subview %m[1, 2] [2, 2] [1, 1] : memref<8x8xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 + 5)>> to memref<1x3xf32>
  return
}

// -----

func.func @affine_static_source(%m: memref<8x8xf32, affine_map<(d0, d1) -> (d0 * 10 + d1 + 5)>>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[10, 1], offset: 17>>'}}
  %0 = memref.subview %m[1, 2] [2, 2] [1, 1] : memref<8x8xf32, affine_map<(d0, d1) -> (d0 * 10 + d1 + 5)>> to memref<1x3xf32>
  return
}

// -----

func.func @zero_stride_product(%m: memref<8x?xf32, strided<[?, ?], offset: ?>>) {
  // expected-error @+1 {{expected result type to be 'memref<0x2xf32, strided<[?, ?], offset: ?>>'}}
  %0 = memref.subview %m[0, 0] [0, 2] [1, 1] : memref<8x?xf32, strided<[?, ?], offset: ?>> to memref<1x3xf32>
  return
}

// -----

func.func @memory_space(%m: memref<8x8xi8, 3>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xi8, strided<[8, 1], offset: 18>, 3>'}}
  %0 = memref.subview %m[2, 2] [4, 4] [1, 1] : memref<8x8xi8, 3> to memref<1x2xi8, 3>
  return
}

// -----

func.func @rank_reducing(%m: memref<8x16x4xf32>, %s: memref<1x1x1xf32>, %t: memref<4x4xf32, strided<[?, 1], offset: ?>>, %i: index) {
  %0 = memref.subview %m[0, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
  %1 = memref.subview %m[3, 4, 2] [1, 6, 3] [1, 1, 1] : memref<8x16x4xf32> to memref<6x3xf32, strided<[4, 1], offset: 210>>
  %2 = memref.subview %m[%i, 0, 0] [1, 1, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<4xf32, strided<[1], offset: ?>>
  %3 = memref.subview %s[0, 0, 0] [1, 1, 1] [1, 1, 1] : memref<1x1x1xf32> to memref<1xf32>
  %4 = memref.subview %s[0, 0, 0] [1, 1, 1] [1, 1, 1] : memref<1x1x1xf32> to memref<f32>
  %5 = memref.subview %t[%i, 0] [1, 4] [1, 1] : memref<4x4xf32, strided<[?, 1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
  %6 = memref.subview %m[0, %i, 0] [8, 1, 4] [2, 1, 1] : memref<8x16x4xf32> to memref<8x4xf32, strided<[128, 1], offset: ?>>
  return
}
