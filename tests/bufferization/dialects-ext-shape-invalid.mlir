// shape.const_witness parser and verifier errors, with mlir-opt-19's
// wording.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @not_bool() {
  // expected-error @below {{custom op 'shape.const_witness' invalid kind of attribute specified}}
  %0 = shape.const_witness "yes"
  return
}

// -----

func.func @not_i1() {
  // expected-error @below {{integer constant out of range for attribute}}
  %0 = shape.const_witness 2
  return
}

// -----

func.func @wrong_result() {
  // expected-error @below {{'shape.const_witness' op result #0 must be , but got 'index'}}
  %0 = "shape.const_witness"() <{passing = true}> : () -> index
  return
}

// -----

func.func @no_passing() {
  // expected-error @below {{'shape.const_witness' op requires attribute 'passing'}}
  %0 = "shape.const_witness"() : () -> !shape.witness
  return
}
