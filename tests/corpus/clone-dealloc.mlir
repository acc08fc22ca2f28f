// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// A clone whose source (or itself) is deallocated right after use.
func.func @clone_dealloc(%m: memref<?xf32>) -> memref<?xf32> {
  %c = bufferization.clone %m : memref<?xf32> to memref<?xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %c[%c0] : memref<?xf32>
  memref.dealloc %c : memref<?xf32>
  %a = memref.alloc() : memref<4xf32>
  %a2 = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %r = memref.cast %a2 : memref<4xf32> to memref<?xf32>
  return %r : memref<?xf32>
}

