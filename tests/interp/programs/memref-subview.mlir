// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Strided views: static and dynamic memref.subview (with strides > 1 and
// rank reduction), printed through unranked casts, and writes through a
// view visible in the base buffer.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %m = memref.alloc() : memref<6x6xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %k = arith.muli %i, %c6 : index
      %l = arith.addi %k, %j : index
      %li = arith.index_cast %l : index to i64
      %f = arith.sitofp %li : i64 to f32
      memref.store %f, %m[%i, %j] : memref<6x6xf32>
    }
  }
  %a = memref.subview %m[1, 2] [3, 2] [1, 1] : memref<6x6xf32> to memref<3x2xf32, strided<[6, 1], offset: 8>>
  %au = memref.cast %a : memref<3x2xf32, strided<[6, 1], offset: 8>> to memref<*xf32>
  call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  %b = memref.subview %m[0, 1] [3, 3] [2, 2] : memref<6x6xf32> to memref<3x3xf32, strided<[12, 2], offset: 1>>
  %bu = memref.cast %b : memref<3x3xf32, strided<[12, 2], offset: 1>> to memref<*xf32>
  call @printMemrefF32(%bu) : (memref<*xf32>) -> ()
  // A column, rank-reduced to 1-d.
  %col = memref.subview %m[0, 5] [6, 1] [1, 1] : memref<6x6xf32> to memref<6xf32, strided<[6], offset: 5>>
  %cu = memref.cast %col : memref<6xf32, strided<[6], offset: 5>> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  // Dynamic offsets and sizes; a subview of a subview.
  %d = memref.subview %m[%c1, %c1] [%c2, %c2] [%c1, %c2] : memref<6x6xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %du = memref.cast %d : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%du) : (memref<*xf32>) -> ()
  %e = memref.subview %b[1, 1] [2, 2] [1, 1] : memref<3x3xf32, strided<[12, 2], offset: 1>> to memref<2x2xf32, strided<[12, 2], offset: 15>>
  %minus = arith.constant -1.0 : f32
  memref.store %minus, %e[%c1, %c0] : memref<2x2xf32, strided<[12, 2], offset: 15>>
  %eu = memref.cast %e : memref<2x2xf32, strided<[12, 2], offset: 15>> to memref<*xf32>
  call @printMemrefF32(%eu) : (memref<*xf32>) -> ()
  %mu = memref.cast %m : memref<6x6xf32> to memref<*xf32>
  call @printMemrefF32(%mu) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<6x6xf32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 8 sizes = [3, 2] strides = [6, 1] data = 
// CHECK-NEXT: {{\[\[}}8,   9], 
// CHECK-NEXT:  [14,   15], 
// CHECK-NEXT:  [20,   21]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 1 sizes = [3, 3] strides = [12, 2] data = 
// CHECK-NEXT: {{\[\[}}1,   3,   5], 
// CHECK-NEXT:  [13,   15,   17], 
// CHECK-NEXT:  [25,   27,   29]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 5 sizes = [6] strides = [6] data = 
// CHECK-NEXT: [5,  11,  17,  23,  29,  35]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 7 sizes = [2, 2] strides = [6, 2] data = 
// CHECK-NEXT: {{\[\[}}7,   9], 
// CHECK-NEXT:  [13,   15]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 15 sizes = [2, 2] strides = [12, 2] data = 
// CHECK-NEXT: {{\[\[}}15,   17], 
// CHECK-NEXT:  [-1,   29]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [6, 6] strides = [6, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   1,   2,   3,   4,   5], 
// CHECK-NEXT:  [6,   7,   8,   9,   10,   11], 
// CHECK-NEXT:  [12,   13,   14,   15,   16,   17], 
// CHECK-NEXT:  [18,   19,   20,   21,   22,   23], 
// CHECK-NEXT:  [24,   25,   26,   -1,   28,   29], 
// CHECK-NEXT:  [30,   31,   32,   33,   34,   35]]
