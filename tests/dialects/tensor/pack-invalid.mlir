// Verifier errors of tensor.pack, tensor.unpack, tensor.gather and
// tensor.scatter, with upstream's wording. The second RUN line checks the
// same expectations against mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @gather_empty_dims(%s: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims must be non-empty}}
  %0 = tensor.gather %s[%i] gather_dims([]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x4x5xf32>
  return
}

// -----

func.func @gather_not_increasing(%s: tensor<4x5x6xf32>, %i: tensor<3x2xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims values must be strictly increasing}}
  %0 = tensor.gather %s[%i] gather_dims([2, 0]) : (tensor<4x5x6xf32>, tensor<3x2xindex>) -> tensor<3x1x5x1xf32>
  return
}

// -----

func.func @gather_out_of_rank(%s: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims value must be smaller than source rank}}
  %0 = tensor.gather %s[%i] gather_dims([2]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x4x5xf32>
  return
}

// -----

func.func @gather_result_type(%s: tensor<4x5x6xf32>, %i: tensor<3x1xindex>) {
  // expected-error @+1 {{'tensor.gather' op result type mismatch: expected 'tensor<3x4x1x6xf32>' or its rank-reduced variant 'tensor<3x4x6xf32>' (got: 'tensor<3x4x5x6xf32>')}}
  %0 = tensor.gather %s[%i] gather_dims([1]) : (tensor<4x5x6xf32>, tensor<3x1xindex>) -> tensor<3x4x5x6xf32>
  return
}

// -----

func.func @gather_float_indices(%s: tensor<4x5xf32>, %i: tensor<3x1xf32>) {
  // expected-error @+1 {{'tensor.gather' op operand #1 must be ranked tensor of signless integer or index values, but got 'tensor<3x1xf32>'}}
  %0 = tensor.gather %s[%i] gather_dims([1]) : (tensor<4x5xf32>, tensor<3x1xf32>) -> tensor<3x4x1xf32>
  return
}

// -----

func.func @scatter_not_unique(%v: tensor<3x4x1xf32>, %d: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error @+1 {{'tensor.scatter' op requires 'unique' attribute to be set}}
  %0 = tensor.scatter %v into %d[%i] scatter_dims([1]) : (tensor<3x4x1xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x5xf32>
  return
}

// -----

func.func @scatter_source_type(%v: tensor<3x5xf32>, %d: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error @+1 {{'tensor.scatter' op source type mismatch: expected 'tensor<3x4x1xf32>' or its rank-reduced variant 'tensor<3x4xf32>' (got: 'tensor<3x5xf32>')}}
  %0 = tensor.scatter %v into %d[%i] scatter_dims([1]) unique : (tensor<3x5xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x5xf32>
  return
}

// -----

func.func @scatter_dims_overflow(%v: tensor<3x1x1xf32>, %d: tensor<4x5xf32>, %i: tensor<3x3xindex>) {
  // expected-error @+1 {{'tensor.scatter' op scatter_dims overflow dest rank}}
  %0 = tensor.scatter %v into %d[%i] scatter_dims([0, 1, 2]) unique : (tensor<3x1x1xf32>, tensor<4x5xf32>, tensor<3x3xindex>) -> tensor<4x5xf32>
  return
}

// -----

func.func @pack_zero_tile(%s: tensor<16x16xf32>, %d: tensor<16x4x1x4xf32>) {
  // expected-error @+1 {{invalid zero tile factor}}
  %0 = tensor.pack %s inner_dims_pos = [0, 1] inner_tiles = [0, 4] into %d : tensor<16x16xf32> -> tensor<16x4x1x4xf32>
  return
}

// -----

func.func @pack_zero_constant_tile(%s: tensor<16x16xf32>, %d: tensor<16x4x?x4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{invalid zero tile factor}}
  %0 = tensor.pack %s inner_dims_pos = [0, 1] inner_tiles = [%c0, 4] into %d : tensor<16x16xf32> -> tensor<16x4x?x4xf32>
  return
}

// -----

func.func @pack_duplicate_inner(%s: tensor<16x16xf32>, %d: tensor<4x4x4x4xf32>) {
  // expected-error @+1 {{invalid inner_dims_pos vector}}
  %0 = tensor.pack %s inner_dims_pos = [0, 0] inner_tiles = [4, 4] into %d : tensor<16x16xf32> -> tensor<4x4x4x4xf32>
  return
}

// -----

func.func @unpack_bad_perm(%s: tensor<4x4x4x4xf32>, %d: tensor<16x16xf32>) {
  // expected-error @+1 {{invalid outer_dims_perm vector}}
  %0 = tensor.unpack %s outer_dims_perm = [2, 0] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<4x4x4x4xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @pack_short_perm(%s: tensor<16x16x16xf32>, %d: tensor<4x16x16x4xf32>) {
  // expected-error @+1 {{outer_dims_perm must be a permutation or empty}}
  %0 = tensor.pack %s outer_dims_perm = [0, 1] inner_dims_pos = [0] inner_tiles = [4] into %d : tensor<16x16x16xf32> -> tensor<4x16x16x4xf32>
  return
}

// -----

func.func @pack_tile_count(%s: tensor<16x16xf32>, %d: tensor<4x16x4xf32>) {
  // expected-error @+1 {{tiling factors must equal the number of dimensions to tile}}
  %0 = tensor.pack %s inner_dims_pos = [0, 1] inner_tiles = [4] into %d : tensor<16x16xf32> -> tensor<4x16x4xf32>
  return
}

// -----

func.func @pack_rank(%s: tensor<16x16xf32>, %d: tensor<4x16x4x1xf32>) {
  // expected-error @+1 {{packed rank must equal unpacked rank + tiling factors}}
  %0 = tensor.pack %s inner_dims_pos = [0] inner_tiles = [4] into %d : tensor<16x16xf32> -> tensor<4x16x4x1xf32>
  return
}

// -----

func.func @pack_too_small(%s: tensor<16x16xf32>, %d: tensor<2x16x4xf32>) {
  // expected-error @+1 {{the shape of output is not large enough to hold the packed data. Expected at least 'tensor<4x16x4xf32>', got 'tensor<2x16x4xf32>'}}
  %0 = tensor.pack %s inner_dims_pos = [0] inner_tiles = [4] into %d : tensor<16x16xf32> -> tensor<2x16x4xf32>
  return
}

// -----

func.func @unpack_tile_shape(%s: tensor<4x16x8xf32>, %d: tensor<16x16xf32>) {
  // expected-error @+1 {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = tensor.unpack %s inner_dims_pos = [0] inner_tiles = [4] into %d : tensor<4x16x8xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @pack_dynamic_tile_static_dim(%s: tensor<16x16xf32>, %d: tensor<4x16x4xf32>, %t: index) {
  // expected-error @+1 {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = tensor.pack %s inner_dims_pos = [0] inner_tiles = [%t] into %d : tensor<16x16xf32> -> tensor<4x16x4xf32>
  return
}

// -----

func.func @pack_needs_padding(%s: tensor<15x16xf32>, %d: tensor<4x16x4xf32>) {
  // expected-error @+1 {{'tensor.pack' op invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set}}
  %0 = tensor.pack %s inner_dims_pos = [0] inner_tiles = [4] into %d : tensor<15x16xf32> -> tensor<4x16x4xf32>
  return
}

// -----

func.func @pack_padding_type(%s: tensor<15x16xf32>, %d: tensor<4x16x4xf32>, %p: f16) {
  // expected-error @+1 {{'tensor.pack' op expected padding_value has 'f32' but got: 'f16'}}
  %0 = tensor.pack %s padding_value(%p : f16) inner_dims_pos = [0] inner_tiles = [4] into %d : tensor<15x16xf32> -> tensor<4x16x4xf32>
  return
}

// -----

func.func @pack_result_type(%s: tensor<16x16xf32>, %d: tensor<4x16x4xf32>) {
  // expected-error @+1 {{'tensor.pack' op failed to verify that result type matches type of dest}}
  %0 = "tensor.pack"(%s, %d) <{inner_dims_pos = array<i64: 0>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_inner_tiles = array<i64: 4>}> : (tensor<16x16xf32>, tensor<4x16x4xf32>) -> tensor<4x16x?xf32>
  return
}

// -----

func.func @pack_missing_attr(%s: tensor<16x16xf32>, %d: tensor<4x16x4xf32>) {
  // expected-error @+1 {{'tensor.pack' op requires attribute 'static_inner_tiles'}}
  %0 = "tensor.pack"(%s, %d) <{inner_dims_pos = array<i64: 0>, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (tensor<16x16xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
  return
}
