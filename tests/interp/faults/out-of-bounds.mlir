// An off-by-one loop bound writes past the end of a buffer; a read through
// a subview at a negative offset reads before its start. The clean entry
// stays in bounds.
// RUN: not bufopt-run %s -e faulty_write 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: not bufopt-run %s -e faulty_read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: bufopt-run %s -e clean 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: {{error|warning}}

func.func @faulty_write() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0 : i64
  %m = memref.alloc() : memref<2x3xi64>
  %flat = memref.collapse_shape %m [[0, 1]] : memref<2x3xi64> into memref<6xi64>
  scf.for %i = %c0 to %c6 step %c1 {
    %j = arith.addi %i, %c1 : index
    // WRITE: out-of-bounds.mlir:[[@LINE+1]]:5: error: out-of-bounds access: write at element 6 of a buffer of 6 elements
    memref.store %z, %flat[%j] : memref<6xi64>
  }
  memref.dealloc %m : memref<2x3xi64>
  return
}
// WRITE: out-of-bounds.mlir:[[@LINE-10]]:8: note: allocated here

func.func @faulty_read() -> i8 {
  %c0 = arith.constant 0 : index
  %neg = arith.constant -2 : index
  %m = memref.alloc() : memref<10xi8>
  %v = memref.subview %m[%neg] [4] [1] : memref<10xi8> to memref<4xi8, strided<[1], offset: ?>>
  // READ: out-of-bounds.mlir:[[@LINE+1]]:8: error: out-of-bounds access: read at element -2 of a buffer of 10 elements
  %x = memref.load %v[%c0] : memref<4xi8, strided<[1], offset: ?>>
  memref.dealloc %m : memref<10xi8>
  return %x : i8
}
// READ: out-of-bounds.mlir:[[@LINE-7]]:8: note: allocated here

func.func @clean() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0 : i64
  %m = memref.alloc() : memref<2x3xi64>
  %flat = memref.collapse_shape %m [[0, 1]] : memref<2x3xi64> into memref<6xi64>
  scf.for %i = %c0 to %c6 step %c1 {
    memref.store %z, %flat[%i] : memref<6xi64>
  }
  memref.dealloc %m : memref<2x3xi64>
  return
}
