// Folders and canonicalization of tensor.pack, tensor.unpack and
// tensor.gather, as upstream's PackOp/UnPackOp::canonicalize, their folders
// and FoldTensorCastProducerOp; mlir-opt-19 prints the same.
// RUN: bufopt %s -split-input-file --canonicalize | FileCheck %s
// RUN: mlir-opt-19 %s -split-input-file --canonicalize | FileCheck %s

// unpack(pack(x)) with the same tiles (absent and identity outer
// permutations are equal) is x.
// CHECK-LABEL: func.func @unpack_of_pack
// CHECK-SAME: (%[[X:.*]]: tensor<16x32xf32>)
// CHECK-NEXT: return %[[X]]
func.func @unpack_of_pack(%x: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %e = tensor.empty() : tensor<2x4x8x8xf32>
  %p = tensor.pack %x outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<16x32xf32> -> tensor<2x4x8x8xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %u = tensor.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e2 : tensor<2x4x8x8xf32> -> tensor<16x32xf32>
  return %u : tensor<16x32xf32>
}

// -----

// pack(unpack(x)) with the same tiles and permutations is x.
// CHECK-LABEL: func.func @pack_of_unpack(
// CHECK-SAME: %[[X:.*]]: tensor<2x4x8x8xf32>
// CHECK-NEXT: return %[[X]]
func.func @pack_of_unpack(%x: tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32> {
  %e = tensor.empty() : tensor<32x16xf32>
  %u = tensor.unpack %x outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 8] into %e : tensor<2x4x8x8xf32> -> tensor<32x16xf32>
  %e2 = tensor.empty() : tensor<2x4x8x8xf32>
  %p = tensor.pack %u outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 8] into %e2 : tensor<32x16xf32> -> tensor<2x4x8x8xf32>
  return %p : tensor<2x4x8x8xf32>
}

// -----

// Different tiles: no fold.
// CHECK-LABEL: func.func @pack_of_unpack_other_tiles
// CHECK: %[[U:.*]] = tensor.unpack
// CHECK: %[[P:.*]] = tensor.pack %[[U]] inner_dims_pos = [0, 1] inner_tiles = [4, 16]
// CHECK: return %[[P]]
func.func @pack_of_unpack_other_tiles(%x: tensor<4x2x8x8xf32>) -> tensor<8x1x4x16xf32> {
  %e = tensor.empty() : tensor<32x16xf32>
  %u = tensor.unpack %x inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<4x2x8x8xf32> -> tensor<32x16xf32>
  %e2 = tensor.empty() : tensor<8x1x4x16xf32>
  %p = tensor.pack %u inner_dims_pos = [0, 1] inner_tiles = [4, 16] into %e2 : tensor<32x16xf32> -> tensor<8x1x4x16xf32>
  return %p : tensor<8x1x4x16xf32>
}

// -----

// Full tiles: the padding value is dropped.
// CHECK-LABEL: func.func @padding_not_needed
// CHECK-NEXT: %[[P:.*]] = tensor.pack %{{.*}} inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %{{.*}} : tensor<32x16xf32> -> tensor<4x2x8x8xf32>
// CHECK-NEXT: return %[[P]]
func.func @padding_not_needed(%x: tensor<32x16xf32>, %d: tensor<4x2x8x8xf32>, %f: f32) -> tensor<4x2x8x8xf32> {
  %p = tensor.pack %x padding_value(%f : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<32x16xf32> -> tensor<4x2x8x8xf32>
  return %p : tensor<4x2x8x8xf32>
}

// -----

// A partial tile keeps it.
// CHECK-LABEL: func.func @padding_needed
// CHECK-NEXT: tensor.pack %{{.*}} padding_value(%{{.*}} : f32) inner_dims_pos
func.func @padding_needed(%x: tensor<30x16xf32>, %d: tensor<4x2x8x8xf32>, %f: f32) -> tensor<4x2x8x8xf32> {
  %p = tensor.pack %x padding_value(%f : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<30x16xf32> -> tensor<4x2x8x8xf32>
  return %p : tensor<4x2x8x8xf32>
}

// -----

// Splat constants: pack folds when the padding value is the splat value,
// unpack and gather always.
// CHECK-LABEL: func.func @splat_folds
// CHECK-DAG: %[[G:.*]] = arith.constant dense<1.000000e+00> : tensor<2x16xf32>
// CHECK-DAG: %[[U:.*]] = arith.constant dense<7> : tensor<30x16xi32>
// CHECK-DAG: %[[P:.*]] = arith.constant dense<1.000000e+00> : tensor<4x2x8x8xf32>
// CHECK: %[[Q:.*]] = tensor.pack %{{.*}} padding_value(%{{.*}} : f32)
// CHECK: return %[[P]], %[[Q]], %[[U]], %[[G]]
func.func @splat_folds() -> (tensor<4x2x8x8xf32>, tensor<4x2x8x8xf32>, tensor<30x16xi32>, tensor<2x16xf32>) {
  %c = arith.constant dense<1.0> : tensor<30x16xf32>
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %d = tensor.empty() : tensor<4x2x8x8xf32>
  %p = tensor.pack %c padding_value(%one : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<30x16xf32> -> tensor<4x2x8x8xf32>
  %q = tensor.pack %c padding_value(%two : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<30x16xf32> -> tensor<4x2x8x8xf32>
  %ci = arith.constant dense<7> : tensor<4x2x8x8xi32>
  %e = tensor.empty() : tensor<30x16xi32>
  %u = tensor.unpack %ci inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<4x2x8x8xi32> -> tensor<30x16xi32>
  %idx = arith.constant dense<[[1], [3]]> : tensor<2x1xindex>
  %g = tensor.gather %c[%idx] gather_dims([0]) : (tensor<30x16xf32>, tensor<2x1xindex>) -> tensor<2x16xf32>
  return %p, %q, %u, %g : tensor<4x2x8x8xf32>, tensor<4x2x8x8xf32>, tensor<30x16xi32>, tensor<2x16xf32>
}

// -----

// Casts that lose static information fold into the pack; a cast restores
// the result type.
// CHECK-LABEL: func.func @cast_producer
// CHECK-SAME: (%[[X:.*]]: tensor<32x16xf32>, %[[D:.*]]: tensor<4x2x8x8xf32>)
// CHECK-NEXT: %[[P:.*]] = tensor.pack %[[X]] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %[[D]] : tensor<32x16xf32> -> tensor<4x2x8x8xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[P]] : tensor<4x2x8x8xf32> to tensor<?x?x8x8xf32>
// CHECK-NEXT: return %[[C]]
func.func @cast_producer(%x: tensor<32x16xf32>, %d: tensor<4x2x8x8xf32>) -> tensor<?x?x8x8xf32> {
  %cx = tensor.cast %x : tensor<32x16xf32> to tensor<?x?xf32>
  %cd = tensor.cast %d : tensor<4x2x8x8xf32> to tensor<?x?x8x8xf32>
  %p = tensor.pack %cx inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %cd : tensor<?x?xf32> -> tensor<?x?x8x8xf32>
  return %p : tensor<?x?x8x8xf32>
}

// -----

// An untiled dimension static on one side becomes static on both.
// CHECK-LABEL: func.func @infer_static(
// CHECK-NEXT: %[[C:.*]] = tensor.cast %{{.*}} : tensor<?x16xf32> to tensor<10x16xf32>
// CHECK-NEXT: tensor.pack %[[C]] inner_dims_pos = [1] inner_tiles = [8] into %{{.*}} : tensor<10x16xf32> -> tensor<10x2x8xf32>
func.func @infer_static(%x: tensor<?x16xf32>, %d: tensor<10x2x8xf32>) -> tensor<10x2x8xf32> {
  %p = tensor.pack %x inner_dims_pos = [1] inner_tiles = [8] into %d : tensor<?x16xf32> -> tensor<10x2x8xf32>
  return %p : tensor<10x2x8xf32>
}

// -----

// CHECK-LABEL: func.func @infer_static_unpack
// CHECK-NEXT: %[[C:.*]] = tensor.cast %{{.*}} : tensor<2x?x8xf32> to tensor<2x5x8xf32>
// CHECK-NEXT: tensor.unpack %[[C]] outer_dims_perm = [0, 1] inner_dims_pos = [0] inner_tiles = [8] into %{{.*}} : tensor<2x5x8xf32> -> tensor<16x5xf32>
func.func @infer_static_unpack(%x: tensor<2x?x8xf32>, %d: tensor<16x5xf32>) -> tensor<16x5xf32> {
  %u = tensor.unpack %x outer_dims_perm = [0, 1] inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<2x?x8xf32> -> tensor<16x5xf32>
  return %u : tensor<16x5xf32>
}

// -----

// The destination of an unpack produced by a destination-style op is
// replaced by that op's init (the fill then dies).
// CHECK-LABEL: func.func @unpack_dest_of_fill
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<16x16xf32>
// CHECK-NEXT: %[[U:.*]] = tensor.unpack %{{.*}} into %[[E]]
// CHECK-NEXT: return %[[U]]
func.func @unpack_dest_of_fill(%x: tensor<2x2x8x8xf32>, %f: f32) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x16xf32>
  %fill = linalg.fill ins(%f : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %u = tensor.unpack %x inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %fill : tensor<2x2x8x8xf32> -> tensor<16x16xf32>
  return %u : tensor<16x16xf32>
}

// -----

// The same SSA tile value matches itself.
// CHECK-LABEL: func.func @dynamic_tile_same_value
// CHECK-SAME: (%[[X:[a-z0-9]*]]: tensor<?x?xf32>
// CHECK-NEXT: return %[[X]]
func.func @dynamic_tile_same_value(%x: tensor<?x?xf32>, %t: index, %d: tensor<?x?x?x8xf32>) -> tensor<?x?xf32> {
  %p = tensor.pack %x inner_dims_pos = [0, 1] inner_tiles = [%t, 8] into %d : tensor<?x?xf32> -> tensor<?x?x?x8xf32>
  %u = tensor.unpack %p inner_dims_pos = [0, 1] inner_tiles = [%t, 8] into %x : tensor<?x?x?x8xf32> -> tensor<?x?xf32>
  return %u : tensor<?x?xf32>
}
