// Custom and generic syntax of tensor.pack, tensor.unpack, tensor.gather and
// tensor.scatter: optional padding value and outer permutation, mixed
// static/dynamic tiles, the `unique` flag, and the properties of the generic
// form (only present optional attributes; operandSegmentSizes on pack only).
// RUN: bufopt %s -split-input-file | FileCheck %s
// RUN: bufopt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: bufopt %s -split-input-file --mlir-print-op-generic | bufopt -split-input-file | FileCheck %s
// RUN: mlir-opt-19 %s -split-input-file | FileCheck %s
// RUN: mlir-opt-19 %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @pack_forms
// CHECK: %[[P:.*]] = tensor.pack %{{.*}} inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %{{.*}} : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
// CHECK: tensor.pack %{{.*}} padding_value(%{{.*}} : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %{{.*}} {tag} : tensor<127x255xf32> -> tensor<8x16x8x32xf32>
// CHECK: tensor.pack %{{.*}} inner_dims_pos = [1] inner_tiles = [%{{.*}}] into %{{.*}} : tensor<128x256xf32> -> tensor<128x?x?xf32>
// CHECK: %[[U:.*]] = tensor.unpack %[[P]] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %{{.*}} : tensor<16x8x8x32xf32> -> tensor<128x256xf32>
// CHECK: return %[[U]]
// GENERIC-LABEL: sym_name = "pack_forms"
// GENERIC: "tensor.pack"(%{{.*}}, %{{.*}}) <{inner_dims_pos = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_inner_tiles = array<i64: 8, 32>}> : (tensor<128x256xf32>, tensor<16x8x8x32xf32>) -> tensor<16x8x8x32xf32>
// GENERIC: "tensor.pack"(%{{.*}}, %{{.*}}, %{{.*}}) <{inner_dims_pos = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>, outer_dims_perm = array<i64: 1, 0>, static_inner_tiles = array<i64: 8, 32>}> {tag} : (tensor<127x255xf32>, tensor<8x16x8x32xf32>, f32) -> tensor<8x16x8x32xf32>
// GENERIC: "tensor.pack"(%{{.*}}, %{{.*}}, %{{.*}}) <{inner_dims_pos = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1, 0, 1>, static_inner_tiles = array<i64: -9223372036854775808>}> : (tensor<128x256xf32>, tensor<128x?x?xf32>, index) -> tensor<128x?x?xf32>
// GENERIC: "tensor.unpack"(%{{.*}}, %{{.*}}) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, 32>}> : (tensor<16x8x8x32xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
func.func @pack_forms(%s: tensor<128x256xf32>, %d: tensor<16x8x8x32xf32>, %s2: tensor<127x255xf32>,
                      %d2: tensor<8x16x8x32xf32>, %pad: f32, %t: index, %d3: tensor<128x?x?xf32>) -> tensor<128x256xf32> {
  %0 = tensor.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  %1 = tensor.pack %s2 padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d2 {tag} : tensor<127x255xf32> -> tensor<8x16x8x32xf32>
  %2 = tensor.pack %s inner_dims_pos = [1] inner_tiles = [%t] into %d3 : tensor<128x256xf32> -> tensor<128x?x?xf32>
  %e = tensor.empty() : tensor<128x256xf32>
  %3 = tensor.unpack %0 inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %e : tensor<16x8x8x32xf32> -> tensor<128x256xf32>
  return %3 : tensor<128x256xf32>
}

// -----

// CHECK-LABEL: func.func @unpack_perm_dynamic
// CHECK: %[[U:.*]] = tensor.unpack %{{.*}} outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [%{{.*}}, 4] into %{{.*}} : tensor<?x?x?x4xf32> -> tensor<?x?xf32>
// GENERIC: "tensor.unpack"(%{{.*}}, %{{.*}}, %{{.*}}) <{inner_dims_pos = array<i64: 1, 0>, outer_dims_perm = array<i64: 1, 0>, static_inner_tiles = array<i64: -9223372036854775808, 4>}> : (tensor<?x?x?x4xf32>, tensor<?x?xf32>, index) -> tensor<?x?xf32>
func.func @unpack_perm_dynamic(%src: tensor<?x?x?x4xf32>, %dst: tensor<?x?xf32>, %t: index) -> tensor<?x?xf32> {
  %0 = tensor.unpack %src outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [%t, 4] into %dst : tensor<?x?x?x4xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @gather_scatter
// CHECK: %[[G:.*]] = tensor.gather %{{.*}}[%{{.*}}] gather_dims([0, 2]) unique : (tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<2x3x1x5x1xf32>
// CHECK: %[[R:.*]] = tensor.gather %{{.*}}[%{{.*}}] gather_dims([1]) {tag} : (tensor<4x5x6xf32>, tensor<7x1xi32>) -> tensor<7x4x6xf32>
// CHECK: %[[S:.*]] = tensor.scatter %[[G]] into %{{.*}}[%{{.*}}] scatter_dims([0, 2]) unique : (tensor<2x3x1x5x1xf32>, tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<4x5x6xf32>
// CHECK: return %[[S]], %[[R]]
// GENERIC: "tensor.gather"(%{{.*}}, %{{.*}}) <{gather_dims = array<i64: 0, 2>, unique}> : (tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<2x3x1x5x1xf32>
// GENERIC: "tensor.gather"(%{{.*}}, %{{.*}}) <{gather_dims = array<i64: 1>}> {tag} : (tensor<4x5x6xf32>, tensor<7x1xi32>) -> tensor<7x4x6xf32>
// GENERIC: "tensor.scatter"(%{{.*}}, %{{.*}}, %{{.*}}) <{scatter_dims = array<i64: 0, 2>, unique}> : (tensor<2x3x1x5x1xf32>, tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<4x5x6xf32>
func.func @gather_scatter(%s: tensor<4x5x6xf32>, %i: tensor<2x3x2xindex>, %j: tensor<7x1xi32>) -> (tensor<4x5x6xf32>, tensor<7x4x6xf32>) {
  %g = tensor.gather %s[%i] gather_dims([0, 2]) unique : (tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<2x3x1x5x1xf32>
  %r = tensor.gather %s[%j] gather_dims([1]) {tag} : (tensor<4x5x6xf32>, tensor<7x1xi32>) -> tensor<7x4x6xf32>
  %sc = tensor.scatter %g into %s[%i] scatter_dims([0, 2]) unique : (tensor<2x3x1x5x1xf32>, tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<4x5x6xf32>
  return %sc, %r : tensor<4x5x6xf32>, tensor<7x4x6xf32>
}

// -----

// An explicitly empty outer_dims_perm is kept and printed.
// CHECK-LABEL: func.func @empty_perm
// CHECK: tensor.pack %{{.*}} outer_dims_perm = [] inner_dims_pos = [0] inner_tiles = [8] into
// GENERIC: "tensor.pack"(%{{.*}}, %{{.*}}) <{inner_dims_pos = array<i64: 0>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, outer_dims_perm = array<i64>, static_inner_tiles = array<i64: 8>}>
func.func @empty_perm(%s: tensor<16xf32>, %d: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = tensor.pack %s outer_dims_perm = [] inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<16xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
