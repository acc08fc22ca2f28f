// vector.gather executed: each lane whose mask bit is set loads the element
// at the base indices plus its index-vector entry, a linear offset that may
// run past the end of the row into the next (and be negative: i32 offsets
// are signed); masked-off lanes take the pass-through value and access
// nothing (the offset 100 would be out of bounds). From a memref with 1-d
// and 2-d index vectors, and from a tensor (bufferized by the lowering).
// The expected output is mlir-cpu-runner-19's after mlir-opt-19's lowering
// (second RUN line); the third runs bufopt's own One-Shot Bufferize first
// (the gather then reads the constant's buffer).
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// RUN: MLIR_OPT=mlir-opt-19 MLIR_CPU_RUNNER=mlir-cpu-runner-19 %S/../../../scripts/lower-and-run.sh %s | FileCheck %s --match-full-lines
// RUN: bufopt --one-shot-bufferize=bufferize-function-boundaries %s | bufopt-run --strict - | FileCheck %s --match-full-lines

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %init = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %m = memref.alloc() : memref<3x4xf32>
  %im = bufferization.to_memref %init read_only : memref<3x4xf32>
  memref.copy %im, %m : memref<3x4xf32> to memref<3x4xf32>
  %idx = arith.constant dense<[0, 3, -1, 5, 100, 2]> : vector<6xi32>
  %mask = arith.constant dense<[true, true, true, true, false, true]> : vector<6xi1>
  %pt = arith.constant dense<-7.0> : vector<6xf32>
  %g = vector.gather %m[%c1, %c1] [%idx], %mask, %pt : memref<3x4xf32>, vector<6xi32>, vector<6xi1>, vector<6xf32> into vector<6xf32>
  vector.print %g : vector<6xf32>
  %idx2 = arith.constant dense<[[0, 1], [4, 8]]> : vector<2x2xindex>
  %mask2 = arith.constant dense<[[true, false], [true, true]]> : vector<2x2xi1>
  %pt2 = arith.constant dense<-1.0> : vector<2x2xf32>
  %g2 = vector.gather %m[%c0, %c2] [%idx2], %mask2, %pt2 : memref<3x4xf32>, vector<2x2xindex>, vector<2x2xi1>, vector<2x2xf32> into vector<2x2xf32>
  vector.print %g2 : vector<2x2xf32>
  %idx3 = arith.constant dense<[0, 3, -1, -8, 100, 2]> : vector<6xi32>
  %g3 = vector.gather %init[%c2, %c0] [%idx3], %mask, %pt : tensor<3x4xf32>, vector<6xi32>, vector<6xi1>, vector<6xf32> into vector<6xf32>
  vector.print %g3 : vector<6xf32>
  memref.dealloc %m : memref<3x4xf32>
  return
}

// CHECK: ( 11, 20, 10, 22, -7, 13 )
// CHECK-NEXT: ( ( 2, -1 ), ( 12, 22 ) )
// CHECK-NEXT: ( 20, 23, 13, 0, -7, 22 )
