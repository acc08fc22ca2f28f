// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Two chained matmuls on tensors written with tensor.extract/insert in
// scf.for loops (destination passing through iter_args).
func.func @matmul(%A: tensor<4x8xf32>, %B: tensor<8x2xf32>, %init: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %init) -> tensor<4x2xf32> {
    %r1 = scf.for %j = %c0 to %c2 step %c1 iter_args(%o1 = %o) -> tensor<4x2xf32> {
      %z = tensor.extract %o1[%i, %j] : tensor<4x2xf32>
      %s = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %z) -> f32 {
        %a = tensor.extract %A[%i, %k] : tensor<4x8xf32>
        %b = tensor.extract %B[%k, %j] : tensor<8x2xf32>
        %m = arith.mulf %a, %b : f32
        %n = arith.addf %acc, %m : f32
        scf.yield %n : f32
      }
      %ins = tensor.insert %s into %o1[%i, %j] : tensor<4x2xf32>
      scf.yield %ins : tensor<4x2xf32>
    }
    scf.yield %r1 : tensor<4x2xf32>
  }
  return %r : tensor<4x2xf32>
}

func.func @chain(%A: tensor<4x8xf32>, %B: tensor<8x2xf32>, %D: tensor<2x2xf32>) -> tensor<4x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %init = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %e) -> tensor<4x2xf32> {
    %t2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%u = %t) -> tensor<4x2xf32> {
      %w = tensor.insert %zero into %u[%i, %j] : tensor<4x2xf32>
      scf.yield %w : tensor<4x2xf32>
    }
    scf.yield %t2 : tensor<4x2xf32>
  }
  %ab = call @matmul(%A, %B, %init) : (tensor<4x8xf32>, tensor<8x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  %d = tensor.dim %ab, %c1 : tensor<4x2xf32>
  %cast = tensor.cast %ab : tensor<4x2xf32> to tensor<?x?xf32>
  %back = tensor.cast %cast : tensor<?x?xf32> to tensor<4x2xf32>
  return %back : tensor<4x2xf32>
}
