// index.constant's verifier, with mlir-opt-19's wording.
// RUN: bufopt %s -split-input-file -verify-diagnostics

func.func @not_index_attr() -> index {
  // expected-error @+1 {{'index.constant' op attribute 'value' failed to satisfy constraint: index attribute}}
  %c = "index.constant"() {value = 5 : i32} : () -> index
  return %c : index
}

// -----

func.func @not_index_result() -> i32 {
  // expected-error @+1 {{'index.constant' op result #0 must be index, but got 'i32'}}
  %c = "index.constant"() {value = 5 : index} : () -> i32
  return %c : i32
}

// -----

func.func @no_value() -> index {
  // expected-error @+1 {{'index.constant' op requires attribute 'value'}}
  %c = "index.constant"() : () -> index
  return %c : index
}
