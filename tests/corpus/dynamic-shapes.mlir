// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Dynamic shapes: dims of allocs and empties with constant and dynamic
// sizes, a static-size alloc written with dynamic operands.
func.func @dyn(%n: index, %t: tensor<?x4xf32>) -> (index, index, index, memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc(%n, %c8) : memref<?x?xf32>
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %d2 = tensor.dim %e, %c1 : tensor<?x4xf32>
  %d3 = tensor.dim %t, %c0 : tensor<?x4xf32>
  %sum = arith.addi %d0, %d1 : index
  %sum2 = arith.addi %sum, %d2 : index
  return %sum2, %d3, %d0, %a : index, index, index, memref<?x?xf32>
}

func.func @dyn_copy(%src: memref<?xf32>, %k: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %src, %c0 : memref<?xf32>
  %dst = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %src[%i] : memref<?xf32>
    memref.store %v, %dst[%i] : memref<?xf32>
  }
  %unused = memref.alloc(%k) : memref<?xf32>
  return %dst : memref<?xf32>
}
