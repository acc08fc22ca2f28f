// Verifier and parser errors of the vector subset, with upstream's wording.
// The second RUN line checks the same expectations against mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @read_indices(%m: memref<4x4xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires 2 indices}}
  %v = vector.transfer_read %m[%i], %p : memref<4x4xf32>, vector<4xf32>
  return
}

// -----

func.func @read_padding(%m: memref<4xf32>, %i: index, %p: i32) {
  // expected-error @+1 {{'vector.transfer_read' op requires formal padding and source of the same elemental type}}
  %v = "vector.transfer_read"(%m, %i, %p) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index, i32) -> vector<4xf32>
  return
}

// -----

func.func @read_broadcast_oob(%m: memref<4xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires broadcast dimensions to be in-bounds}}
  %v = vector.transfer_read %m[%i], %p {permutation_map = affine_map<(d0) -> (0, d0)>} : memref<4xf32>, vector<2x4xf32>
  return
}

// -----

func.func @read_in_bounds_rank(%m: memref<4xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0) -> (d0)> vs inBounds of size: 2}}
  %v = vector.transfer_read %m[%i], %p {in_bounds = [true, true]} : memref<4xf32>, vector<4xf32>
  return
}

// -----

func.func @read_not_permutation(%m: memref<4x4xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)}}
  %v = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : memref<4x4xf32>, vector<4x4xf32>
  return
}

// -----

func.func @write_broadcast(%m: memref<4xf32>, %i: index, %v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.transfer_write' op should not have broadcast dimensions}}
  vector.transfer_write %v, %m[%i] {permutation_map = affine_map<(d0) -> (0, d0)>, in_bounds = [true, false]} : vector<2x4xf32>, memref<4xf32>
  return
}

// -----

func.func @read_types(%m: memref<4xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{requires two types}}
  %v = vector.transfer_read %m[%i], %p : memref<4xf32>
  return
}

// -----

func.func @broadcast_dims(%v: vector<3xf32>) {
  // expected-error @+1 {{'vector.broadcast' op dimension mismatch (3 vs. 4)}}
  %b = vector.broadcast %v : vector<3xf32> to vector<2x4xf32>
  return
}

// -----

func.func @broadcast_rank(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %b = vector.broadcast %v : vector<2x4xf32> to vector<4xf32>
  return
}

// -----

func.func @extract_pos(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension}}
  %e = vector.extract %v[1, 4] : f32 from vector<2x4xf32>
  return
}

// -----

func.func @extract_rank(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %e = vector.extract %v[1, 1, 1] : f32 from vector<2x4xf32>
  return
}

// -----

func.func @insert_rank(%v: vector<2x4xf32>, %x: f32) {
  // expected-error @+1 {{'vector.insert' op expected position attribute rank to match the dest vector rank}}
  %e = vector.insert %x, %v[1] : f32 into vector<2x4xf32>
  return
}

// -----

func.func @splat_type(%x: f32) {
  // expected-error @+1 {{'vector.splat' op failed to verify that operand type matches element type of result}}
  %s = "vector.splat"(%x) : (f32) -> vector<4xi32>
  return
}

// -----

func.func @constant_mask_zero() {
  // expected-error @+1 {{'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %m = vector.constant_mask [0, 2] : vector<4x3xi1>
  return
}

// -----

func.func @create_mask_count(%i: index) {
  // expected-error @+1 {{'vector.create_mask' op must specify an operand for each result vector dimension}}
  %m = vector.create_mask %i : vector<4x3xi1>
  return
}

// -----

func.func @print_string_and_value(%x: f32) {
  // expected-error @+1 {{'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings}}
  "vector.print"(%x) <{punctuation = #vector.punctuation<newline>, stringLiteral = "x"}> : (f32) -> ()
  return
}

// -----

func.func @load_stride(%m: memref<4x4xf32, strided<[1, 4]>>, %i: index) {
  // expected-error @+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %v = vector.load %m[%i, %i] : memref<4x4xf32, strided<[1, 4]>>, vector<4xf32>
  return
}

// -----

func.func @store_elem(%m: memref<4xf32>, %i: index, %v: vector<4xi32>) {
  // expected-error @+1 {{'vector.store' op base and valueToStore element type should match}}
  vector.store %v, %m[%i] : memref<4xf32>, vector<4xi32>
  return
}

// -----

func.func @reduction_kind(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %r = vector.reduction <xor>, %v : vector<4xf32> into f32
  return
}

// -----

func.func @reduction_rank(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %r = vector.reduction <add>, %v : vector<2x4xf32> into f32
  return
}
