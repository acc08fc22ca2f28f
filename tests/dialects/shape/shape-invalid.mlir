// Verifier errors of the shape dialect, with upstream's wording (this file
// also passes `mlir-opt-19 -verify-diagnostics`).
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @add_error_result(%a: !shape.size, %b: index) {
  // expected-error @+1 {{'shape.add' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them}}
  %0 = shape.add %a, %b : !shape.size, index -> index
  return
}

// -----

func.func @operand_kind(%a: f32, %b: index) {
  // expected-error @+1 {{'shape.mul' op operand #0 must be size or index, but got 'f32'}}
  %0 = "shape.mul"(%a, %b) : (f32, index) -> index
  return
}

// -----

func.func @concat_to_tensor(%a: !shape.shape, %b: tensor<?xindex>) {
  // expected-error @+1 {{'shape.broadcast' op if at least one of the operands can hold error values then the result must be of type `shape` to propagate them}}
  %0 = shape.broadcast %a, %b : !shape.shape, tensor<?xindex> -> tensor<?xindex>
  return
}

// -----

func.func @max_mixed(%a: !shape.size, %b: !shape.shape) {
  // expected-error @+2 {{'shape.max' op failed to infer returned types}}
  // expected-error @+1 {{'shape.max' op inferred type(s) '!shape.size' are incompatible with return type(s) of operation '!shape.shape'}}
  %0 = shape.max %a, %b : !shape.size, !shape.shape -> !shape.shape
  return
}

// -----

func.func @const_shape_length() {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{'shape.const_shape' op inferred type(s) 'tensor<1xindex>' are incompatible with return type(s) of operation 'tensor<3xindex>'}}
  %0 = shape.const_shape [5] : tensor<3xindex>
  return
}

// -----

func.func @meet_size_and_shape(%a: !shape.size, %b: tensor<?xindex>) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{requires all sizes or shapes}}
  %0 = shape.meet %a, %b : !shape.size, tensor<?xindex> -> !shape.size
  return
}

// -----

func.func @assuming_all_empty() {
  // expected-error @+1 {{'shape.assuming_all' op no operands specified}}
  %0 = "shape.assuming_all"() : () -> !shape.witness
  return
}

// -----

func.func @cstr_one(%a: tensor<?xindex>) {
  // expected-error @+1 {{'shape.cstr_broadcastable' op required at least 2 input shapes}}
  %0 = shape.cstr_broadcastable %a : tensor<?xindex>
  return
}

// -----

func.func @reduce_args(%s: tensor<?xindex>, %init: index) {
  // expected-error @+1 {{'shape.reduce' op ReduceOp body is expected to have 3 arguments}}
  %0 = shape.reduce(%s, %init) : tensor<?xindex> -> index {
  ^bb0(%i: index, %e: index):
    shape.yield %e : index
  }
  return
}

// -----

func.func @reduce_extent(%s: !shape.shape, %init: index) {
  // expected-error @+1 {{argument 1 of ReduceOp body is expected to be of SizeType if the ReduceOp operates on a ShapeType}}
  %0 = shape.reduce(%s, %init) : !shape.shape -> index {
  ^bb0(%i: index, %e: index, %acc: index):
    shape.yield %acc : index
  }
  return
}

// -----

func.func @yield_count(%s: tensor<?xindex>, %init: index) {
  %0 = shape.reduce(%s, %init) : tensor<?xindex> -> index {
  ^bb0(%i: index, %e: index, %acc: index):
    // expected-error @+1 {{'shape.yield' op number of operands does not match number of results of its parent}}
    shape.yield %acc, %e : index, index
  }
  return
}

// -----

func.func @yield_parent(%a: index) {
  // expected-error @+1 {{'shape.yield' op expects parent op to be one of 'shape.reduce, shape.function_library'}}
  shape.yield %a : index
}

// -----

func.func @shape_of_rank(%t: tensor<2x3xf32>) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{'shape.shape_of' op inferred type(s) 'tensor<2xindex>' are incompatible with return type(s) of operation 'tensor<4xindex>'}}
  %0 = shape.shape_of %t : tensor<2x3xf32> -> tensor<4xindex>
  return
}
