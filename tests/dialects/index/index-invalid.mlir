// Verifier and custom-parser errors of the index dialect, with upstream's
// wording (this file also passes `mlir-opt-19 -verify-diagnostics`).
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @cast_both_index(%a: index) {
  // expected-error @below {{'index.castu' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = index.castu %a : index to index
  return
}

// -----

func.func @cast_no_index(%a: i32) {
  // expected-error @below {{'index.casts' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = index.casts %a : i32 to i64
  return
}

// -----

func.func @cast_float(%a: f32) {
  // expected-error @below {{'index.casts' op operand #0 must be integer or index, but got 'f32'}}
  %0 = index.casts %a : f32 to index
  return
}

// -----

func.func @binary_not_index(%a: i64) {
  // expected-error @below {{'index.mul' op operand #0 must be index, but got 'i64'}}
  %0 = "index.mul"(%a, %a) : (i64, i64) -> index
  return
}

// -----

func.func @cmp_result(%a: index) {
  // expected-error @below {{'index.cmp' op result #0 must be 1-bit signless integer, but got 'i8'}}
  %0 = "index.cmp"(%a, %a) <{pred = #index<cmp_predicate eq>}> : (index, index) -> i8
  return
}

// -----

func.func @cmp_no_predicate(%a: index) {
  // expected-error @below {{'index.cmp' op requires attribute 'pred'}}
  %0 = "index.cmp"(%a, %a) : (index, index) -> i1
  return
}

// -----

func.func @constant_not_index() {
  // expected-error @below {{'index.constant' op attribute 'value' failed to satisfy constraint: index attribute}}
  %0 = "index.constant"() <{value = 3 : i64}> : () -> index
  return
}

// -----

func.func @sizeof_type() {
  // expected-error @below {{'index.sizeof' op result #0 must be index, but got 'i64'}}
  %0 = "index.sizeof"() : () -> i64
  return
}
