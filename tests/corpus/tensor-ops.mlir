// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Tensor construction and access: from_elements, generate, extract of
// constants, insert/extract round trips, casts and dims.
func.func @build(%a: f32, %b: f32, %n: index) -> (f32, tensor<?xf32>, index) {
  %t = tensor.from_elements %a, %b : tensor<2xf32>
  %c1 = arith.constant 1 : index
  %e = tensor.extract %t[%c1] : tensor<2xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %f = arith.index_cast %i : index to i32
    %v = arith.sitofp %f : i32 to f32
    tensor.yield %v : f32
  } : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %g, %c0 : tensor<?xf32>
  %cst = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %x = tensor.extract %cst[%c1] : tensor<3xf32>
  %s = arith.addf %e, %x : f32
  return %s, %g, %d : f32, tensor<?xf32>, index
}

func.func @casts(%t: tensor<?x?xf32>) -> tensor<4x?xf32> {
  %a = tensor.cast %t : tensor<?x?xf32> to tensor<4x?xf32>
  %b = tensor.cast %a : tensor<4x?xf32> to tensor<?x?xf32>
  %c = tensor.cast %b : tensor<?x?xf32> to tensor<4x?xf32>
  return %c : tensor<4x?xf32>
}
