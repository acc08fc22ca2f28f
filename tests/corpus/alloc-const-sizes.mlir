// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Allocations whose dynamic sizes are constants, used through casts.
func.func @allocs(%n: index) -> (memref<?x?xf32>, memref<?xf32>) {
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc(%c4, %n) : memref<?x?xf32>
  %b = memref.alloc(%c16) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %d = memref.dim %a, %c0 : memref<?x?xf32>
  %s = memref.alloca(%d) : memref<?xf32>
  %z = arith.constant 0.0 : f32
  memref.store %z, %s[%c0] : memref<?xf32>
  %v = memref.load %s[%c0] : memref<?xf32>
  memref.store %v, %b[%c0] : memref<?xf32>
  return %a, %b : memref<?x?xf32>, memref<?xf32>
}
