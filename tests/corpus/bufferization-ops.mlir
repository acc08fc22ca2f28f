// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Bufferization boundary ops: to_tensor(to_memref(x)) round trips, an
// unused clone, and dim of to_memref.
func.func @roundtrip(%t: tensor<4xf32>) -> tensor<4xf32> {
  %m = bufferization.to_memref %t : memref<4xf32>
  %t2 = bufferization.to_tensor %m : memref<4xf32>
  return %t2 : tensor<4xf32>
}

func.func @unused_clone(%m: memref<?xf32>) {
  %c = bufferization.clone %m : memref<?xf32> to memref<?xf32>
  return
}

func.func @dim_of_to_memref(%t: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %m = bufferization.to_memref %t : memref<?xf32>
  %d = memref.dim %m, %c0 : memref<?xf32>
  return %d : index
}
