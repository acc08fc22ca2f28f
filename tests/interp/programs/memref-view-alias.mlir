// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Views of one i8 buffer with different element types alias like compiled
// code: floats written through an f32 view are read back as their bits
// through an i32 view and as bytes through the i8 buffer; i16 stores show
// up in an overlapping i64 view; a reinterpret_cast of the f32 view sees
// the same memory with other strides.
func.func private @printMemrefI16(memref<*xi16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(memref<*xi64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %raw = memref.alloc() : memref<32xi8>
  %zero = arith.constant 0 : i8
  linalg.fill ins(%zero : i8) outs(%raw : memref<32xi8>)
  %f = memref.view %raw[%c0][] : memref<32xi8> to memref<4xf32>
  %i = memref.view %raw[%c0][] : memref<32xi8> to memref<4xi32>
  %one = arith.constant 1.0 : f32
  %mhalf = arith.constant -0.5 : f32
  %big = arith.constant 3.0e+38 : f32
  memref.store %one, %f[%c0] : memref<4xf32>
  memref.store %mhalf, %f[%c1] : memref<4xf32>
  memref.store %big, %f[%c3] : memref<4xf32>
  %k = arith.constant 7 : i32
  memref.store %k, %i[%c2] : memref<4xi32>
  %ui = memref.cast %i : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
  %uf = memref.cast %f : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  // The upper 16 bytes: four i16 stores, read back as two i64.
  %h = memref.view %raw[%c16][] : memref<32xi8> to memref<8xi16>
  %l = memref.view %raw[%c16][%c2] : memref<32xi8> to memref<?xi64>
  %v1 = arith.constant 258 : i16
  %v2 = arith.constant -1 : i16
  memref.store %v1, %h[%c0] : memref<8xi16>
  memref.store %v2, %h[%c3] : memref<8xi16>
  %nine = arith.constant 9 : i64
  memref.store %nine, %l[%c1] : memref<?xi64>
  %ul = memref.cast %l : memref<?xi64> to memref<*xi64>
  call @printMemrefI64(%ul) : (memref<*xi64>) -> ()
  %uh = memref.cast %h : memref<8xi16> to memref<*xi16>
  call @printMemrefI16(%uh) : (memref<*xi16>) -> ()
  // The bytes, sign-extended to i32 for printing.
  %wide = memref.alloc() : memref<32xi32>
  linalg.copy ins(%raw : memref<32xi8>) outs(%wide : memref<32xi32>)
  %uw = memref.cast %wide : memref<32xi32> to memref<*xi32>
  call @printMemrefI32(%uw) : (memref<*xi32>) -> ()
  memref.dealloc %wide : memref<32xi32>
  // The f32 view reinterpreted as 2x2 with a column-major layout.
  %r = memref.reinterpret_cast %f to offset: [0], sizes: [2, 2], strides: [1, 2] : memref<4xf32> to memref<2x2xf32, strided<[1, 2]>>
  %two = arith.constant 2.0 : f32
  memref.store %two, %r[%c1, %c0] : memref<2x2xf32, strided<[1, 2]>>
  %ur = memref.cast %r : memref<2x2xf32, strided<[1, 2]>> to memref<*xf32>
  call @printMemrefF32(%ur) : (memref<*xf32>) -> ()
  call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
  memref.dealloc %raw : memref<32xi8>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [1065353216,  -1090519040,  7,  2137108966]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [1,  -0.5,  9.80909e-45,  3e+38]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [2] strides = [1] data = 
// CHECK-NEXT: [-281474976710398,  9]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [8] strides = [1] data = 
// CHECK-NEXT: [258,  0,  0,  -1,  9,  0,  0,  0]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [32] strides = [1] data = 
// CHECK-NEXT: [0,  0,  -128,  63,  0,  0,  0,  -65,  7,  0,  0,  0,  -26,  -79,  97,  127,  2,  1,  0,  0,  0,  0,  -1,  -1,  9,  0,  0,  0,  0,  0,  0,  0]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 2] strides = [1, 2] data = 
// CHECK-NEXT: {{\[\[}}1,   9.80909e-45], 
// CHECK-NEXT:  [2,   3e+38]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [1065353216,  1073741824,  7,  2137108966]
