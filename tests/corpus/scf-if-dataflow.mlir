// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// scf.if used as a select over tensors and scalars, nested ifs on the same
// condition, and consecutive ifs that combine.
func.func @choose(%c: i1, %d: i1, %a: tensor<8xf32>, %b: tensor<8xf32>, %x: f32) -> (tensor<8xf32>, f32, f32) {
  %r = scf.if %c -> tensor<8xf32> {
    scf.yield %a : tensor<8xf32>
  } else {
    scf.yield %b : tensor<8xf32>
  }
  %c0 = arith.constant 0 : index
  %v = scf.if %c -> f32 {
    %e = tensor.extract %a[%c0] : tensor<8xf32>
    scf.yield %e : f32
  } else {
    scf.yield %x : f32
  }
  %w = scf.if %c -> f32 {
    %m = arith.mulf %v, %x : f32
    scf.yield %m : f32
  } else {
    scf.yield %v : f32
  }
  scf.if %c {
    scf.if %d {
      %e = tensor.extract %b[%c0] : tensor<8xf32>
      "test.sink"(%e) : (f32) -> ()
    }
  }
  return %r, %v, %w : tensor<8xf32>, f32, f32
}
