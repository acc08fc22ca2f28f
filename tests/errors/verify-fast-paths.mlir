// The verifiers' fast paths (elementwise arith ops with one scalar type and
// no attributes, scf.yield compared in place) accept the common forms and
// leave every near miss to the full checks, with upstream's wording.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @signed_operands(%a: si32) {
  // expected-error @+1 {{'arith.xori' op operand #0 must be signless-integer-like, but got 'si32'}}
  %0 = "arith.xori"(%a, %a) : (si32, si32) -> si32
  return
}

// -----

func.func @float_in_int_op(%a: f32) {
  // expected-error @+1 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.muli"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @int_in_float_op(%a: i32) {
  // expected-error @+1 {{'arith.mulf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.mulf"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @result_differs(%a: i32) {
  // expected-error @+1 {{'arith.subi' op requires the same type for all operands and results}}
  %0 = "arith.subi"(%a, %a) : (i32, i32) -> i64
  return
}

// -----

func.func @unary_two_results(%a: f32) {
  // expected-error @+1 {{'arith.negf' op requires one result}}
  %0:2 = "arith.negf"(%a) : (f32) -> (f32, f32)
  return
}

// -----

func.func @index_and_vectors_pass(%i: index, %v: vector<4xi32>, %f: vector<2xf32>) -> (index, vector<4xi32>, vector<2xf32>) {
  %0 = arith.addi %i, %i : index
  %1 = arith.andi %v, %v : vector<4xi32>
  %2 = arith.addf %f, %f fastmath<fast> : vector<2xf32>
  return %0, %1, %2 : index, vector<4xi32>, vector<2xf32>
}

// -----

func.func @scalar_properties_pass(%a: i32, %x: f32) -> (i32, f32) {
  %0 = arith.addi %a, %a overflow<nsw, nuw> : i32
  %1 = arith.mulf %x, %x fastmath<nnan, contract> : f32
  %2 = arith.negf %1 fastmath<fast> : f32
  return %0, %2 : i32, f32
}

// -----

func.func @yields_pass(%c: i1, %a: i32, %n: index) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %0) -> (i32) {
    scf.yield %x : i32
  }
  %2 = scf.while (%x = %1) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %0, %1, %2 : i32, i32, i32
}
