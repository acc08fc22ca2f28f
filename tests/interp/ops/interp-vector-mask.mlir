// vector.mask executed: the transfer it masks takes its mask (a masked
// write leaves the masked-off elements alone; a masked read gives the
// passthru's lane there, or the padding without a passthru). The tensor
// program, its One-Shot bufferization by bufopt and by mlir-opt-19 (the
// mask's body in place on the buffer) all print the same, with no memory
// error. A masked vector.reduction runs too (only its active lanes are
// combined: named3-vector-mask-reduction-gather.mlir covers every kind).
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// RUN: bufopt --one-shot-bufferize %s | bufopt-run --strict - | FileCheck %s --match-full-lines
// RUN: mlir-opt-19 --one-shot-bufferize %s | bufopt-run --strict - | FileCheck %s --match-full-lines
// RUN: bufopt-run --strict %s -e masked_reduction | FileCheck %s --check-prefix=REDUCTION --match-full-lines

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = arith.constant -1.0 : f32
  %one = arith.constant 1.0 : f32
  %e = bufferization.alloc_tensor() : tensor<6xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %m = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %v = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : vector<4xf32>
  %pt = arith.constant dense<[7.0, 8.0, 9.0, 0.5]> : vector<4xf32>
  %w = vector.mask %m { vector.transfer_write %v, %t[%c1] : vector<4xf32>, tensor<6xf32> } : vector<4xi1> -> tensor<6xf32>
  %r = vector.transfer_read %w[%c0], %p : tensor<6xf32>, vector<6xf32>
  vector.print %r : vector<6xf32>
  %r2 = vector.mask %m, %pt { vector.transfer_read %w[%c1], %p : tensor<6xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.print %r2 : vector<4xf32>
  %r3 = vector.mask %m { vector.transfer_read %w[%c1], %p : tensor<6xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.print %r3 : vector<4xf32>
  bufferization.dealloc_tensor %w : tensor<6xf32>
  return
}

// REDUCTION: 1
func.func @masked_reduction() {
  %m = arith.constant dense<[true, false]> : vector<2xi1>
  %v = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %s = vector.mask %m { vector.reduction <add>, %v : vector<2xf32> into f32 } : vector<2xi1> -> f32
  vector.print %s : f32
  return
}

// CHECK: ( 1, 10, 1, 30, 40, 1 )
// CHECK-NEXT: ( 10, 8, 30, 40 )
// CHECK-NEXT: ( 10, -1, 30, 40 )
