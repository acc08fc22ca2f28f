// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @mm(%n: index, %k: index) -> (index, index, index, index, index) {
  %c4 = arith.constant 4 : index
  %a = affine.min affine_map<(d0)[s0] -> (d0, s0 + 2, 16)>(%n)[%k]
  %b = affine.max affine_map<(d0, d1) -> (d0 * 2, d1)>(%c4, %c4)
  %c = affine.min affine_map<()[s0] -> (s0)>()[%k]
  %d = affine.max affine_map<(d0) -> (d0 floordiv 2, 3)>(%c4) {tag}
  %e = affine.min affine_map<(d0, d1) -> (d0, d1 + 1)>(%c4, %n)
  return %a, %b, %c, %d, %e : index, index, index, index, index
}
