// A vector.gather lane whose mask bit is set and whose offset leaves the
// buffer (or the tensor) is a located error under bufopt-run (the compiled
// program reads whatever lies there); the same offset on a masked-off lane
// is never accessed.
// RUN: not bufopt-run %s -e memref_oob 2>&1 | FileCheck %s --check-prefix=MEMREF
// RUN: not bufopt-run %s -e tensor_oob 2>&1 | FileCheck %s --check-prefix=TENSOR
// RUN: bufopt-run --strict %s -e masked_off 2>&1 | FileCheck %s --check-prefix=MASKED

// MEMREF: interp-vector-gather-fault.mlir:{{[0-9]+}}:8: error: out-of-bounds access: read at element 4 of a buffer of 4 elements
// MEMREF-NEXT: %g = vector.gather %m[%c0] [%idx]{{.*}}
func.func @memref_oob() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%m : memref<4xf32>)
  %idx = arith.constant dense<[1, 4]> : vector<2xindex>
  %mask = arith.constant dense<true> : vector<2xi1>
  %pt = arith.constant dense<0.0> : vector<2xf32>
  %g = vector.gather %m[%c0] [%idx], %mask, %pt : memref<4xf32>, vector<2xindex>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  vector.print %g : vector<2xf32>
  memref.dealloc %m : memref<4xf32>
  return
}

// TENSOR: interp-vector-gather-fault.mlir:{{[0-9]+}}:8: error: vector.gather reads out of bounds of the tensor
// TENSOR-NEXT: %g = vector.gather %t[%c1] [%idx]{{.*}}
func.func @tensor_oob() {
  %c1 = arith.constant 1 : index
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %idx = arith.constant dense<[-1, -2]> : vector<2xi32>
  %mask = arith.constant dense<true> : vector<2xi1>
  %pt = arith.constant dense<0.0> : vector<2xf32>
  %g = vector.gather %t[%c1] [%idx], %mask, %pt : tensor<4xf32>, vector<2xi32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  vector.print %g : vector<2xf32>
  return
}

// MASKED: ( 2, 9 )
func.func @masked_off() {
  %c1 = arith.constant 1 : index
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %idx = arith.constant dense<[0, -2]> : vector<2xi32>
  %mask = arith.constant dense<[true, false]> : vector<2xi1>
  %pt = arith.constant dense<9.0> : vector<2xf32>
  %g = vector.gather %t[%c1] [%idx], %mask, %pt : tensor<4xf32>, vector<2xi32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  vector.print %g : vector<2xf32>
  return
}
