// The complex verifiers and custom parsers reject malformed ops with
// upstream's messages.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @constant_three_parts() {
  // expected-error @+1 {{'complex.constant' op requires 'value' to be a complex constant, represented as array of two values}}
  %0 = complex.constant [1.0, 2.0, 3.0] : complex<f64>
  return
}

// -----

func.func @constant_part_types() {
  // expected-error @+1 {{requires attribute's element types ('f64', 'f32') to match the element type of the op's return type ('f32')}}
  %0 = complex.constant [1.0, 2.0 : f32] : complex<f32>
  return
}

// -----

func.func @constant_string_part() {
  // expected-error @+1 {{requires attribute's elements to be float or integer attributes}}
  %0 = complex.constant [1.0, "two"] : complex<f64>
  return
}

// -----

func.func @constant_not_complex() {
  // expected-error @+1 {{custom op 'complex.constant' invalid kind of type specified}}
  %0 = complex.constant [1.0, 2.0] : f64
  return
}

// -----

func.func @add_of_floats(%a: f32) {
  // expected-error @+1 {{custom op 'complex.add' invalid kind of type specified}}
  %0 = complex.add %a, %a : f32
  return
}

// -----

func.func @re_of_int_complex(%a: complex<i32>) {
  // expected-error @+1 {{custom op 'complex.re' 'complex' must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = complex.re %a : complex<i32>
  return
}

// -----

func.func @create_int_parts(%a: i32) {
  // expected-error @+1 {{custom op 'complex.create' 'complex' must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = complex.create %a, %a : complex<i32>
  return
}

// -----

func.func @eq_of_int_complex(%a: complex<i32>) {
  // expected-error @+1 {{'complex.eq' op operand #0 must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = complex.eq %a, %a : complex<i32>
  return
}

// -----

func.func @add_mixed_types(%a: complex<f32>, %b: complex<f64>) {
  // expected-error @+1 {{'complex.add' op requires the same type for all operands and results}}
  %0 = "complex.add"(%a, %b) : (complex<f32>, complex<f64>) -> complex<f32>
  return
}

// -----

func.func @abs_wrong_result(%a: complex<f32>) {
  // expected-error @+1 {{'complex.abs' op failed to verify that complex element type matches result type}}
  %0 = "complex.abs"(%a) : (complex<f32>) -> f64
  return
}

// -----

func.func @re_complex_result(%a: complex<f32>) {
  // expected-error @+1 {{'complex.re' op result #0 must be floating-point, but got 'complex<f32>'}}
  %0 = "complex.re"(%a) : (complex<f32>) -> complex<f32>
  return
}

// -----

func.func @create_mixed_parts(%a: f32, %b: f64) {
  // expected-error @+1 {{'complex.create' op failed to verify that all of {real, imaginary} have same type}}
  %0 = "complex.create"(%a, %b) : (f32, f64) -> complex<f32>
  return
}

// -----

func.func @create_wrong_parts(%a: f64) {
  // expected-error @+1 {{'complex.create' op failed to verify that complex element type matches real operand type}}
  %0 = "complex.create"(%a, %a) : (f64, f64) -> complex<f32>
  return
}

// -----

func.func @eq_mixed(%a: complex<f32>, %b: complex<f64>) {
  // expected-error @+1 {{'complex.eq' op failed to verify that all of {lhs, rhs} have same type}}
  %0 = "complex.eq"(%a, %b) : (complex<f32>, complex<f64>) -> i1
  return
}

// -----

func.func @bitcast_no_complex(%a: i64) {
  // expected-error @+1 {{'complex.bitcast' op requires that either input or output has a complex type}}
  %0 = complex.bitcast %a : i64 to f64
  return
}

// -----

func.func @bitcast_widths(%a: complex<f32>) {
  // expected-error @+1 {{'complex.bitcast' op casting bitwidths do not match}}
  %0 = complex.bitcast %a : complex<f32> to i32
  return
}

// -----

func.func @bitcast_of_tensor(%a: tensor<2xf32>) {
  // expected-error @+1 {{'complex.bitcast' op operand must be int/float/complex}}
  %0 = complex.bitcast %a : tensor<2xf32> to complex<f32>
  return
}

// -----

func.func @bitcast_to_index(%a: complex<f32>) {
  // expected-error @+1 {{'complex.bitcast' op result must be int/float/complex}}
  %0 = complex.bitcast %a : complex<f32> to index
  return
}
