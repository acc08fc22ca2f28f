// Verifier and parser errors of the affine subset, with upstream's wording.
// The second RUN line checks the same expectations against mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @apply_results(%i: index) {
  // expected-error @+1 {{'affine.apply' op mapping must produce one value}}
  %0 = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> index
  return
}

// -----

func.func @apply_count(%i: index) {
  // expected-error @+1 {{dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i)
  return
}

// -----

func.func @for_symbol_not_valid(%n: index) {
  affine.for %i = 0 to 8 {
    // expected-error @+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = %i to 8 {
    }
  }
  return
}

// -----

func.func @for_minmax(%n: index) {
  // expected-error @+1 {{upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to affine_map<()[s0] -> (s0, 4)>()[%n] {
  }
  return
}

// -----

func.func @load_rank(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %0 = affine.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @load_not_affine(%m: memref<4xf32>, %i: index) {
  affine.for %k = 0 to 4 {
    %v = "test.make_index"() : () -> index
    // expected-error @+1 {{'affine.load' op index must be a valid dimension or symbol identifier}}
    %0 = affine.load %m[%v] : memref<4xf32>
  }
  return
}

// -----

func.func @store_type(%m: memref<4xf32>, %i: index, %x: i32) {
  // expected-error @+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%x, %m, %i) <{map = affine_map<(d0) -> (d0)>}> : (i32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @non_affine(%m: memref<4xf32>, %i: index, %j: index) {
  // expected-error @+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
  %0 = affine.load %m[%i * %j] : memref<4xf32>
  return
}

// -----

func.func @if_count(%i: index) {
  // expected-error @+1 {{'affine.if' op operand count and condition integer set dimension and symbol count must match}}
  "affine.if"(%i) ({
    "affine.yield"() : () -> ()
  }, {
  }) {condition = affine_set<(d0, d1) : (d0 - d1 >= 0)>} : (index) -> ()
  return
}

// -----

func.func @yield_count(%x: f32) {
  %r = affine.for %i = 0 to 4 iter_args(%a = %x) -> (f32) {
    // expected-error @+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

func.func @parallel_reduction_type(%m: memref<4xf32>) {
  // expected-error @+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %r = affine.parallel (%i) = (0) to (4) reduce ("addi") -> (f32) {
    %v = affine.load %m[%i] : memref<4xf32>
    affine.yield %v : f32
  }
  return
}

// -----

func.func @parallel_reduction_count(%m: memref<4xf32>) {
  // expected-error @+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %r = affine.parallel (%i) = (0) to (4) -> (f32) {
    %v = affine.load %m[%i] : memref<4xf32>
    affine.yield %v : f32
  }
  return
}

// -----

func.func @min_count(%i: index) {
  // expected-error @+1 {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.min affine_map<(d0, d1) -> (d0, d1)>(%i)
  return
}
