// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Buffer copies: a self-copy, a copy of casts, an empty copy, allocas
// that are only written, and dead allocs.
func.func @copies(%a: memref<4xf32>, %b: memref<4xf32>, %e: memref<0xf32>) {
  memref.copy %a, %a : memref<4xf32> to memref<4xf32>
  %ca = memref.cast %a : memref<4xf32> to memref<?xf32>
  %cb = memref.cast %b : memref<4xf32> to memref<?xf32>
  memref.copy %ca, %cb : memref<?xf32> to memref<?xf32>
  %e2 = memref.alloc() : memref<0xf32>
  memref.copy %e, %e2 : memref<0xf32> to memref<0xf32>
  %dead = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %dead[%c0] : memref<16xf32>
  memref.dealloc %dead : memref<16xf32>
  %tmp = memref.alloca() : memref<2xf32>
  memref.store %one, %tmp[%c0] : memref<2xf32>
  return
}
