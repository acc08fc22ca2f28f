// Undefined relayouts and gathers are reported at the op: a tensor.pack
// whose destination has a partial tile but no padding_value (a dynamic tile
// hides it from the verifier), and tensor.gather / tensor.scatter with a
// coordinate past the indexed dimension.
// RUN: not bufopt-run %s -e pack_partial 2>&1 | FileCheck %s --check-prefix=PACK
// RUN: not bufopt-run %s -e gather_oob 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: not bufopt-run %s -e scatter_oob 2>&1 | FileCheck %s --check-prefix=SCATTER

// PACK: error: tensor.pack reads past the source without a padding_value
func.func @pack_partial() -> tensor<2x4xf32> {
  %c1 = arith.constant 1 : index
  %s = arith.constant dense<1.0> : tensor<6xf32>
  %d = tensor.empty() : tensor<2x4xf32>
  %dd = tensor.cast %d : tensor<2x4xf32> to tensor<2x?xf32>
  %t = tensor.dim %dd, %c1 : tensor<2x?xf32>
  %p = tensor.pack %s inner_dims_pos = [0] inner_tiles = [%t] into %dd : tensor<6xf32> -> tensor<2x?xf32>
  %r = tensor.cast %p : tensor<2x?xf32> to tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// GATHER: error: coordinate 5 out of bounds in dimension 0
func.func @gather_oob() -> tensor<2x3xf32> {
  %s = arith.constant dense<1.0> : tensor<4x3xf32>
  %i = arith.constant dense<[[1], [5]]> : tensor<2x1xindex>
  %g = tensor.gather %s[%i] gather_dims([0]) : (tensor<4x3xf32>, tensor<2x1xindex>) -> tensor<2x3xf32>
  return %g : tensor<2x3xf32>
}

// SCATTER: error: coordinate -1 out of bounds in dimension 1
func.func @scatter_oob() -> tensor<4x3xf32> {
  %v = arith.constant dense<2.0> : tensor<2x4xf32>
  %d = arith.constant dense<0.0> : tensor<4x3xf32>
  %i = arith.constant dense<[[0], [-1]]> : tensor<2x1xi32>
  %s = tensor.scatter %v into %d[%i] scatter_dims([1]) unique : (tensor<2x4xf32>, tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<4x3xf32>
  return %s : tensor<4x3xf32>
}
