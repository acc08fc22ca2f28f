// Verifier errors of the math dialect, with upstream's wording (this file
// also passes `mlir-opt-19 -verify-diagnostics`).
// RUN: bufopt %s -split-input-file -verify-diagnostics

func.func @exp_of_integer(%a: i32) {
  // expected-error @+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.exp"(%a) : (i32) -> i32
  return
}

// -----

func.func @absi_of_float(%x: f32) {
  // expected-error @+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.absi"(%x) : (f32) -> f32
  return
}

// -----

func.func @fma_operands(%x: f32) {
  // expected-error @+1 {{'math.fma' op expected 3 operands, but found 2}}
  %0 = "math.fma"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @powf_types(%x: f32, %d: f64) {
  // expected-error @+1 {{'math.powf' op requires the same type for all operands and results}}
  %0 = "math.powf"(%x, %d) : (f32, f64) -> f32
  return
}

// -----

func.func @fpowi_result(%x: f32, %a: i32) {
  // expected-error @+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
  %0 = "math.fpowi"(%x, %a) : (f32, i32) -> f64
  return
}

// -----

func.func @fpowi_shape(%v: vector<4xf32>, %a: i32) {
  // expected-error @+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = math.fpowi %v, %a : vector<4xf32>, i32
  return
}

// -----

func.func @ctlz_of_index_vector_mix(%v: vector<4xi8>) {
  // expected-error @+1 {{'math.ctlz' op requires the same type for all operands and results}}
  %0 = "math.ctlz"(%v) : (vector<4xi8>) -> vector<4xi16>
  return
}

// -----

func.func @bad_fastmath(%x: f32) {
  // expected-error @+1 {{'math.sin' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "math.sin"(%x) {fastmath = #arith.overflow<nsw>} : (f32) -> f32
  return
}
