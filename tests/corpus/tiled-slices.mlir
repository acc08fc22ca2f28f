// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// A tiled element-wise add: extract_slice / insert_slice in a loop nest,
// with static tile sizes that make some slices full-size.
func.func @tiled_add(%a: tensor<16x32xf32>, %b: tensor<16x32xf32>, %out: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%o = %out) -> tensor<16x32xf32> {
    %r2 = scf.for %j = %c0 to %c32 step %c8 iter_args(%o2 = %o) -> tensor<16x32xf32> {
      %ta = tensor.extract_slice %a[%i, %j] [4, 8] [1, 1] : tensor<16x32xf32> to tensor<4x8xf32>
      %tb = tensor.extract_slice %b[%i, %j] [4, 8] [1, 1] : tensor<16x32xf32> to tensor<4x8xf32>
      %to = tensor.extract_slice %o2[%i, %j] [4, 8] [1, 1] : tensor<16x32xf32> to tensor<4x8xf32>
      %tac = tensor.cast %ta : tensor<4x8xf32> to tensor<4x8xf32>
      %res = scf.for %ii = %c0 to %c4 step %c1 iter_args(%t = %to) -> tensor<4x8xf32> {
        %res2 = scf.for %jj = %c0 to %c8 step %c1 iter_args(%t2 = %t) -> tensor<4x8xf32> {
          %x = tensor.extract %tac[%ii, %jj] : tensor<4x8xf32>
          %y = tensor.extract %tb[%ii, %jj] : tensor<4x8xf32>
          %s = arith.addf %x, %y : f32
          %ins = tensor.insert %s into %t2[%ii, %jj] : tensor<4x8xf32>
          scf.yield %ins : tensor<4x8xf32>
        }
        scf.yield %res2 : tensor<4x8xf32>
      }
      %upd = tensor.insert_slice %res into %o2[%i, %j] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x32xf32>
      scf.yield %upd : tensor<16x32xf32>
    }
    scf.yield %r2 : tensor<16x32xf32>
  }
  %full = tensor.extract_slice %r[0, 0] [16, 32] [1, 1] : tensor<16x32xf32> to tensor<16x32xf32>
  return %full : tensor<16x32xf32>
}
