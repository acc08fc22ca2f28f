// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Subviews with constant operands that fold into the static form, a
// trivial subview and a subview of a cast.
func.func @subviews(%m: memref<16x16xf32>, %i: index) -> (memref<?x?xf32, strided<[16, 1], offset: ?>>, memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %sv = memref.subview %m[%i, %c2] [%c4, %c4] [1, 1] : memref<16x16xf32> to memref<?x?xf32, strided<[16, 1], offset: ?>>
  %full = memref.subview %m[0, 0] [16, 16] [1, 1] : memref<16x16xf32> to memref<16x16xf32>
  return %sv, %full : memref<?x?xf32, strided<[16, 1], offset: ?>>, memref<16x16xf32>
}

func.func @subview_of_cast(%m: memref<8x8xf32>, %i: index) -> f32 {
  %cast = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>
  %sv = memref.subview %cast[%i, 0] [2, 2] [1, 1] : memref<?x?xf32> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  %c0 = arith.constant 0 : index
  %v = memref.load %sv[%c0, %c0] : memref<2x2xf32, strided<[?, 1], offset: ?>>
  return %v : f32
}
