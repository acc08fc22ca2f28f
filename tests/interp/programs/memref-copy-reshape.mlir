// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// memref.copy between contiguous and strided buffers, collapse_shape,
// expand_shape, reinterpret_cast, transpose and memref.cast to a dynamic
// type.
func.func private @printMemrefI64(memref<*xi64>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %src = memref.alloc() : memref<12xi64>
  scf.for %i = %c0 to %c12 step %c1 {
    %v = arith.index_cast %i : index to i64
    %sq = arith.muli %v, %v : i64
    memref.store %sq, %src[%i] : memref<12xi64>
  }
  %e = memref.expand_shape %src [[0, 1]] output_shape [3, 4] : memref<12xi64> into memref<3x4xi64>
  %eu = memref.cast %e : memref<3x4xi64> to memref<*xi64>
  call @printMemrefI64(%eu) : (memref<*xi64>) -> ()
  %t = memref.transpose %e (i, j) -> (j, i) : memref<3x4xi64> to memref<4x3xi64, strided<[1, 4]>>
  %tu = memref.cast %t : memref<4x3xi64, strided<[1, 4]>> to memref<*xi64>
  call @printMemrefI64(%tu) : (memref<*xi64>) -> ()
  // Copy the strided transpose into a fresh contiguous buffer.
  %dst = memref.alloc() : memref<4x3xi64>
  memref.copy %t, %dst : memref<4x3xi64, strided<[1, 4]>> to memref<4x3xi64>
  %col = memref.collapse_shape %dst [[0, 1]] : memref<4x3xi64> into memref<12xi64>
  %cu = memref.cast %col : memref<12xi64> to memref<*xi64>
  call @printMemrefI64(%cu) : (memref<*xi64>) -> ()
  // A 2x2 window at offset 5 with strides [4, 1] over the source.
  %r = memref.reinterpret_cast %src to offset: [5], sizes: [2, 2], strides: [4, 1] : memref<12xi64> to memref<2x2xi64, strided<[4, 1], offset: 5>>
  %ru = memref.cast %r : memref<2x2xi64, strided<[4, 1], offset: 5>> to memref<*xi64>
  call @printMemrefI64(%ru) : (memref<*xi64>) -> ()
  // Copy a small buffer into a strided window of the source.
  %small = memref.alloc() : memref<2x2xi64>
  %m1 = arith.constant -1 : i64
  scf.for %i = %c0 to %c1 step %c1 {
    memref.store %m1, %small[%c0, %c0] : memref<2x2xi64>
    memref.store %m1, %small[%c0, %c1] : memref<2x2xi64>
    memref.store %m1, %small[%c1, %c0] : memref<2x2xi64>
    memref.store %m1, %small[%c1, %c1] : memref<2x2xi64>
  }
  memref.copy %small, %r : memref<2x2xi64> to memref<2x2xi64, strided<[4, 1], offset: 5>>
  %dyn = memref.cast %e : memref<3x4xi64> to memref<?x?xi64>
  %du = memref.cast %dyn : memref<?x?xi64> to memref<*xi64>
  call @printMemrefI64(%du) : (memref<*xi64>) -> ()
  memref.dealloc %small : memref<2x2xi64>
  memref.dealloc %dst : memref<4x3xi64>
  memref.dealloc %src : memref<12xi64>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   1,   4,   9], 
// CHECK-NEXT:  [16,   25,   36,   49], 
// CHECK-NEXT:  [64,   81,   100,   121]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 3] strides = [1, 4] data = 
// CHECK-NEXT: {{\[\[}}0,   16,   64], 
// CHECK-NEXT:  [1,   25,   81], 
// CHECK-NEXT:  [4,   36,   100], 
// CHECK-NEXT:  [9,   49,   121]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [12] strides = [1] data = 
// CHECK-NEXT: [0,  16,  64,  1,  25,  81,  4,  36,  100,  9,  49,  121]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 5 sizes = [2, 2] strides = [4, 1] data = 
// CHECK-NEXT: {{\[\[}}25,   36], 
// CHECK-NEXT:  [81,   100]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   1,   4,   9], 
// CHECK-NEXT:  [16,   -1,   -1,   49], 
// CHECK-NEXT:  [64,   -1,   -1,   121]]
