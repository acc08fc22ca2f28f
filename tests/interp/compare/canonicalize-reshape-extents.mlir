// A collapse then an expand with new extents for two dynamic dims is not
// an inverse pair: the result has the expand's extents. Canonicalization
// keeps both ops (bufopt used to fold the pair to its source, which kept
// the old extents: 4x4 instead of 2x8). The canonicalized program computes
// what the original computes.
// RUN: bufopt %s --canonicalize -o %t.mlir
// RUN: bufopt-run --strict --compare %s %t.mlir --print-results | FileCheck %s
// CHECK: verdict: agree
func.func @main(%x: tensor<?x?xf32>) -> (index, index, tensor<?x?xf32>) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %flat = tensor.collapse_shape %x [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %r = tensor.expand_shape %flat [[0, 1]] output_shape [%c2, %c8] : tensor<?xf32> into tensor<?x?xf32>
  %d0 = tensor.dim %r, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x?xf32>
  return %d0, %d1, %r : index, index, tensor<?x?xf32>
}
