// View ops of the memref dialect round-tripped against mlir-opt-19: subview
// (static, dynamic, rank-reducing, on strided and affine layouts and memory
// spaces), reinterpret_cast, view, reshape and extract_strided_metadata.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

#layout = affine_map<(d0, d1, d2) -> (d0 * 64 + d1 * 4 + d2)>

func.func @subviews(%m: memref<8x16x4xf32>, %i: index, %j: index, %k: index) {
  %0 = memref.subview %m[0, 0, 0] [8, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<8x16x4xf32>
  %1 = memref.subview %m[%i, %j, %k] [2, 2, 2] [1, 1, 1] : memref<8x16x4xf32> to memref<2x2x2xf32, strided<[64, 4, 1], offset: ?>>
  %2 = memref.subview %m[0, 2, 0] [4, 4, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<4x4x4xf32, strided<[64, 4, 1], offset: 8>>
  %3 = memref.subview %m[0, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
  %4 = memref.subview %m[3, 4, 2] [1, 6, 3] [1, 1, 1] : memref<8x16x4xf32> to memref<6x3xf32, strided<[4, 1], offset: 210>>
  %5 = memref.subview %m[%i, 0, 0] [%j, %k, 1] [2, %i, 1] {sv_attr} : memref<8x16x4xf32> to memref<?x?xf32, strided<[128, ?], offset: ?>>
  %6 = memref.subview %m[0, 0, 0] [1, 1, 1] [1, 1, 1] : memref<8x16x4xf32> to memref<f32>
  %7 = memref.subview %m[1, 1, 1] [1, 1, 1] [1, 1, 1] : memref<8x16x4xf32> to memref<1xf32, strided<[1], offset: 69>>
  return
}

func.func @subview_layouts(%a: memref<?x?xf32>, %b: memref<8x16x4xf32, #layout>, %c: memref<8x8xi8, strided<[?, ?], offset: ?>, 1>, %d: memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>, %i: index) {
  %0 = memref.subview %a[%i, %i] [4, 4] [%i, %i] : memref<?x?xf32> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  %1 = memref.subview %b[0, 2, 0] [4, 4, 4] [1, 1, 1] : memref<8x16x4xf32, #layout> to memref<4x4x4xf32, strided<[64, 4, 1], offset: 8>>
  %2 = memref.subview %c[1, 2] [3, 1] [1, 1] : memref<8x8xi8, strided<[?, ?], offset: ?>, 1> to memref<3xi8, strided<[?], offset: ?>, 1>
  %3 = memref.subview %d[0, 1] [2, 2] [1, 1] : memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>> to memref<2x2xf32, strided<[?, 1], offset: 1>>
  %4 = memref.subview %a[0, 0] [0, 0] [1, 1] : memref<?x?xf32> to memref<0x0xf32, strided<[?, 1]>>
  return
}

func.func @reinterpret(%m: memref<?x?xf32>, %u: memref<*xf32>, %s: memref<f32>, %n: index, %o: index) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 10], strides: [1, %n] : memref<?x?xf32> to memref<?x10xf32, strided<[1, ?]>>
  %1 = memref.reinterpret_cast %u to offset: [%o], sizes: [%n, %n], strides: [%n, %n] : memref<*xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %2 = memref.reinterpret_cast %s to offset: [5], sizes: [], strides: [] {rc} : memref<f32> to memref<f32, strided<[], offset: 5>>
  %3 = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<?x?xf32> to memref<4x4xf32>
  %4 = memref.reinterpret_cast %m to offset: [%o], sizes: [8], strides: [2] : memref<?x?xf32> to memref<8xf32, affine_map<(d0)[s0] -> (d0 * 2 + s0)>>
  return
}

func.func @views(%b: memref<2048xi8>, %c: memref<64xi8, 3>, %o: index, %n: index) {
  %0 = memref.view %b[%o][] : memref<2048xi8> to memref<64x4xf32>
  %1 = memref.view %b[%o][%n, %n] : memref<2048xi8> to memref<?x4x?xf32>
  %2 = memref.view %c[%o][] {view_attr} : memref<64xi8, 3> to memref<2xi32, 3>
  %3 = memref.view %b[%n][] : memref<2048xi8> to memref<f64>
  return
}

func.func @reshapes(%m: memref<4x1xf32>, %u: memref<*xf32>, %s1: memref<1xi32>, %s2: memref<2xindex>, %sd: memref<?xi64>) {
  %0 = memref.reshape %m(%s1) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
  %1 = memref.reshape %m(%s2) : (memref<4x1xf32>, memref<2xindex>) -> memref<2x2xf32>
  %2 = memref.reshape %u(%s1) {r} : (memref<*xf32>, memref<1xi32>) -> memref<?xf32>
  %3 = memref.reshape %m(%sd) : (memref<4x1xf32>, memref<?xi64>) -> memref<*xf32>
  %4 = memref.reshape %u(%sd) : (memref<*xf32>, memref<?xi64>) -> memref<*xf32>
  return
}

func.func @metadata(%a: memref<10x?xf32>, %b: memref<f16, strided<[], offset: ?>, 2>, %c: memref<4x4x4xi8, strided<[32, 8, 1], offset: 3>>) -> index {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<10x?xf32> -> memref<f32>, index, index, index, index, index
  %b0, %b1 = memref.extract_strided_metadata %b : memref<f16, strided<[], offset: ?>, 2> -> memref<f16, 2>, index
  %c0:8 = memref.extract_strided_metadata %c : memref<4x4x4xi8, strided<[32, 8, 1], offset: 3>> -> memref<i8>, index, index, index, index, index, index, index {md}
  %0 = memref.reinterpret_cast %base to offset: [%offset], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, %strides#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %c0#7 : index
}
