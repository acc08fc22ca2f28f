// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Slices whose sizes are constant SSA values, as tiling emits them.
func.func @slice(%a: tensor<16x32xf32>, %i: index, %j: index) -> tensor<4x8xf32> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %ta = tensor.extract_slice %a[%i, %j] [%c4, %c8] [1, 1] : tensor<16x32xf32> to tensor<?x?xf32>
  %tac = tensor.cast %ta : tensor<?x?xf32> to tensor<4x8xf32>
  return %tac : tensor<4x8xf32>
}

func.func @insert(%t: tensor<?x?xf32>, %d: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = tensor.insert_slice %t into %d[%c0, %c0] [%c4, %c4] [1, 1] : tensor<?x?xf32> into tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}
