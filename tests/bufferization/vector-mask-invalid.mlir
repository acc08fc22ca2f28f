// The verifier of vector.mask: its traits (one block, no arguments, a
// vector.yield terminator), its operand types, and the checks against the
// maskable op it masks (result count and types, the mask type the op
// expects, the passthru), with mlir-opt-19's messages.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @result_count(%m: vector<8xi1>) {
  // expected-error @+1 {{'vector.mask' op expects number of results to match mask region yielded values}}
  %0 = "vector.mask"(%m) ({
    "vector.yield"() : () -> ()
  }) : (vector<8xi1>) -> vector<8xf32>
  return
}

// -----

func.func @transfer_mask_type(%m: vector<4xi1>, %t: tensor<?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.mask' op expects a 'vector<8xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<8xf32> } : vector<4xi1> -> vector<8xf32>
  return
}

// -----

// The mask of a permuted 2-d write follows the permutation map.
func.func @permuted_mask_type(%m: vector<4x2xi1>, %t: tensor<?x?xf32>, %i: index, %v: vector<4x2xf32>) {
  // expected-error @+1 {{'vector.mask' op expects a 'vector<2x4xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.transfer_write %v, %t[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<4x2xf32>, tensor<?x?xf32> } : vector<4x2xi1> -> tensor<?x?xf32>
  return
}

// -----

func.func @reduction_mask_type(%m: vector<4xi1>, %a: vector<8xf32>) {
  // expected-error @+1 {{'vector.mask' op expects a 'vector<8xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.reduction <add>, %a : vector<8xf32> into f32 } : vector<4xi1> -> f32
  return
}

// -----

func.func @gather_mask_type(%m: vector<4xi1>, %t: tensor<?xf32>, %i: index, %iv: vector<8xindex>, %mm: vector<8xi1>, %pt: vector<8xf32>) {
  // expected-error @+1 {{'vector.mask' op expects a 'vector<8xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.gather %t[%i][%iv], %mm, %pt : tensor<?xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32> into vector<8xf32> } : vector<4xi1> -> vector<8xf32>
  return
}

// -----

func.func @passthru_type(%m: vector<8xi1>, %t: tensor<?xf32>, %i: index, %p: f32, %v: vector<8xi32>) {
  // expected-error @+1 {{'vector.mask' op expects passthru type to match result type}}
  %0 = "vector.mask"(%m, %v) ({
    %r = vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<8xf32>
    vector.yield %r : vector<8xf32>
  }) : (vector<8xi1>, vector<8xi32>) -> vector<8xf32>
  return
}

// -----

func.func @passthru_not_supported(%m: vector<8xi1>, %b: memref<?xf32>, %i: index, %v: vector<8xf32>) {
  // expected-error @+1 {{'vector.mask' op doesn't expect a passthru argument for this maskable operation}}
  "vector.mask"(%m, %v) ({
    vector.transfer_write %v, %b[%i] : vector<8xf32>, memref<?xf32>
    vector.yield
  }) : (vector<8xi1>, vector<8xf32>) -> ()
  return
}

// -----

// The passthru takes the result type.
// expected-note @+1 {{prior use here}}
func.func @passthru_parse(%m: vector<8xi1>, %t: tensor<?xf32>, %i: index, %v: vector<8xf32>) {
  %0 = vector.mask %m, %v { vector.transfer_write %v, %t[%i] : vector<8xf32>, tensor<?xf32> } : vector<8xi1> -> tensor<?xf32>
  // expected-error @-1 {{use of value '%v' expects different type than prior uses: 'tensor<?xf32>' vs 'vector<8xf32>'}}
  return
}

// -----

func.func @result_type(%m: vector<8xi1>, %t: tensor<?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.mask' op expects result type to match maskable operation result type}}
  %0 = "vector.mask"(%m) ({
    %r = vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<8xf32>
    vector.yield %r : vector<8xf32>
  }) : (vector<8xi1>) -> vector<8xi32>
  return
}

// -----

func.func @maskable_results(%m: vector<8xi1>, %b: memref<?xf32>, %i: index, %v: vector<8xf32>) {
  // expected-error @+1 {{'vector.mask' op expects number of results to match maskable operation number of results}}
  %0 = "vector.mask"(%m) ({
    vector.transfer_write %v, %b[%i] : vector<8xf32>, memref<?xf32>
    vector.yield %v : vector<8xf32>
  }) : (vector<8xi1>) -> (vector<8xf32>)
  return
}

// -----

func.func @two_ops(%m: vector<8xi1>, %a: vector<8xf32>) {
  // expected-error @+1 {{'vector.mask' op expects only one operation to mask}}
  %0 = "vector.mask"(%m) ({
    %x = arith.addf %a, %a : vector<8xf32>
    %y = arith.addf %x, %a : vector<8xf32>
    vector.yield %y : vector<8xf32>
  }) : (vector<8xi1>) -> vector<8xf32>
  return
}

// -----

func.func @no_yield(%m: vector<8xi1>) {
  // expected-error @+1 {{'vector.mask' op expects a terminator within the mask region}}
  "vector.mask"(%m) ({
    "func.return"() : () -> ()
  }) : (vector<8xi1>) -> ()
  return
}

// -----

func.func @mask_operand(%m: vector<8xi32>) {
  // expected-error @+1 {{'vector.mask' op operand #0 must be vector of 1-bit signless integer values, but got 'vector<8xi32>'}}
  "vector.mask"(%m) ({
    "vector.yield"() : () -> ()
  }) : (vector<8xi32>) -> ()
  return
}

// -----

func.func @region_args(%m: vector<8xi1>) {
  // expected-error @+1 {{'vector.mask' op region should have no arguments}}
  "vector.mask"(%m) ({
  ^bb0(%x: f32):
    "vector.yield"() : () -> ()
  }) : (vector<8xi1>) -> ()
  return
}

// -----

func.func @empty_region(%m: vector<8xi1>) {
  // expected-error @+1 {{'vector.mask' op region #0 ('maskRegion') failed to verify constraint: region with 1 blocks}}
  "vector.mask"(%m) ({
  }) : (vector<8xi1>) -> ()
  return
}

// -----

func.func @empty_block(%m: vector<8xi1>) {
  // expected-error @+1 {{'vector.mask' op expects a non-empty block}}
  "vector.mask"(%m) ({
  ^bb0:
  }) : (vector<8xi1>) -> ()
  return
}

// -----

func.func @two_blocks(%m: vector<8xi1>) {
  // expected-error @+1 {{'vector.mask' op expects region #0 to have 0 or 1 blocks}}
  "vector.mask"(%m) ({
    "vector.yield"() : () -> ()
  ^bb1:
    "vector.yield"() : () -> ()
  }) : (vector<8xi1>) -> ()
  return
}

// -----

func.func @too_many_operands(%m: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error @+1 {{'vector.mask' op operand group starting at #1 requires 0 or 1 element, but found 2}}
  "vector.mask"(%m, %v, %v) ({
    "vector.yield"() : () -> ()
  }) : (vector<8xi1>, vector<8xf32>, vector<8xf32>) -> ()
  return
}

// -----

func.func @no_operands() {
  // expected-error @+1 {{'vector.mask' op expected 1 or more operands, but found 0}}
  "vector.mask"() ({
    "vector.yield"() : () -> ()
  }) : () -> ()
  return
}
