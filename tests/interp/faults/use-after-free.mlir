// Reads and writes of a freed buffer (the write goes through a subview);
// the clean entry frees after the last use.
// RUN: not bufopt-run %s -e faulty_read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: not bufopt-run %s -e faulty_write 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: bufopt-run %s -e clean 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: {{error|warning}}

func.func @faulty_read() -> f32 {
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  memref.store %cst, %m[%c1] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  // READ: use-after-free.mlir:[[@LINE+1]]:8: error: use after free: read of a freed buffer
  %v = memref.load %m[%c1] : memref<4xf32>
  return %v : f32
}
// READ: use-after-free.mlir:[[@LINE-7]]:8: note: allocated here
// READ: use-after-free.mlir:[[@LINE-6]]:3: note: freed here

func.func @faulty_write() {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4x4xf32>
  %s = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  memref.dealloc %m : memref<4x4xf32>
  // WRITE: use-after-free.mlir:[[@LINE+1]]:3: error: use after free: write of a freed buffer
  memref.store %cst, %s[%c0, %c0] : memref<2x2xf32, strided<[4, 1], offset: 5>>
  return
}
// WRITE: use-after-free.mlir:[[@LINE-7]]:8: note: allocated here
// WRITE: use-after-free.mlir:[[@LINE-6]]:3: note: freed here

func.func @clean() -> f32 {
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  memref.store %cst, %m[%c1] : memref<4xf32>
  %v = memref.load %m[%c1] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return %v : f32
}
