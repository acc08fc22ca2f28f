// Verifier and custom-parser errors of the arith dialect, with upstream's
// wording (this file also passes `mlir-opt-19 -verify-diagnostics`).
// RUN: bufopt %s -split-input-file -verify-diagnostics

func.func @operand_count(%a: i32) {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return
}

// -----

func.func @no_result(%a: i32) {
  // expected-error @+1 {{'arith.subi' op requires one result}}
  "arith.subi"(%a, %a) : (i32, i32) -> ()
  return
}

// -----

func.func @float_operands_to_int_op(%x: f32) {
  // expected-error @+1 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.muli"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @signed_integer(%a: si32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'si32'}}
  %0 = "arith.addi"(%a, %a) : (si32, si32) -> si32
  return
}

// -----

func.func @mismatched_types(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @int_operands_to_float_op(%a: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.addf"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @bad_fastmath_attr(%x: f32) {
  // expected-error @+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%x, %x) {fastmath = 1 : i32} : (f32, f32) -> f32
  return
}

// -----

func.func @unknown_predicate(%a: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi lt, %a, %a : i32
  return
}

// -----

func.func @unknown_predicate_string(%x: f32) {
  // expected-error @+1 {{custom op 'arith.cmpf' invalid predicate attribute specification: "lt"}}
  %0 = arith.cmpf "lt", %x, %x : f32
  return
}

// -----

func.func @cmpf_of_integers(%a: i32) {
  // expected-error @+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'}}
  %0 = arith.cmpf oeq, %a, %a : i32
  return
}

// -----

func.func @missing_predicate(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

func.func @predicate_out_of_range(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 10 : i64} : (i32, i32) -> i1
  return
}

// -----

func.func @cmp_result_shape(%v: vector<4xi32>) {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%v, %v) {predicate = 0 : i64} : (vector<4xi32>, vector<4xi32>) -> i1
  return
}

// -----

func.func @select_condition(%a: i32) {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @select_arms(%c: i1, %a: i32, %x: f32) {
  // expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %x) : (i1, i32, f32) -> i32
  return
}

// -----

func.func @select_mask_shape(%c: vector<2xi1>, %v: vector<4xi32>) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %v, %v : vector<2xi1>, vector<4xi32>
  return
}

// -----

func.func @select_mask_kind(%c: vector<4xi1>, %t: tensor<4xf32>) {
  // expected-error @+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.select %c, %t, %t : vector<4xi1>, tensor<4xf32>
  return
}

// -----

func.func @select_operand_count(%c: i1, %a: i32) {
  // expected-error @+1 {{custom op 'arith.select' expected 3 operands}}
  %0 = arith.select %c, %a : i32
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 1 : i64} : () -> i32
  return
}

// -----

func.func @constant_signed() {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 1 : si32
  return
}

// -----

func.func @constant_string() {
  // expected-error @+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = arith.constant "text"
  return
}

// -----

func.func @constant_untyped() {
  // expected-error @+1 {{custom op 'arith.constant' invalid kind of attribute specified}}
  %0 = arith.constant [1, 2]
  return
}

// -----

func.func @constant_scalable_dense() {
  // expected-error @+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[1, 2]> : vector<[2]xi32>
  return
}

// -----

func.func @narrowing_ext(%a: i32) {
  // expected-error @+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extsi %a : i32 to i16
  return
}

// -----

func.func @widening_trunc(%x: f32) {
  // expected-error @+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.truncf %x : f32 to f64
  return
}

// -----

func.func @index_cast_between_integers(%a: i32) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @bitcast_width(%a: i32) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f64
  return
}

// -----

func.func @cast_shape(%v: vector<4xi32>) {
  // expected-error @+1 {{'arith.sitofp' op requires the same shape for all operands and results}}
  %0 = arith.sitofp %v : vector<4xi32> to vector<2xf32>
  return
}

// -----

func.func @cast_tensor_dims(%t: tensor<4xf32>) {
  // expected-error @+1 {{'arith.truncf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.truncf %t : tensor<4xf32> to tensor<?xf16>
  return
}

// -----

func.func @cast_missing_to(%a: i32) {
  // expected-error @+1 {{custom op 'arith.extui' expected 'to'}}
  %0 = arith.extui %a : i32 i64
  return
}

// -----

func.func @bad_rounding_mode(%x: f32) {
  // expected-error @+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %0 = "arith.truncf"(%x) {roundingmode = 9 : i32} : (f32) -> f16
  return
}

// -----

func.func @scalar_result_of_vector(%v: vector<4xf32>) {
  // expected-error @+1 {{'arith.negf' op requires the same type for all operands and results}}
  %0 = "arith.negf"(%v) : (vector<4xf32>) -> f32
  return
}

// -----

func.func @extended_types(%a: i32) {
  // expected-error @+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}
