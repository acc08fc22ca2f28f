// The ml_program globals' verifiers and parser errors, with mlir-opt-19's
// wording: an immutable global needs a value, the visibility keyword is
// required, a symbol user needs a global (in the nearest symbol table or,
// for load and store, an enclosing one; for load_const only the nearest),
// of its type, mutable for a store and immutable for load_const.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

// expected-error @below {{'ml_program.global' op immutable global must have an initial value}}
ml_program.global private @no_value : tensor<4xf32>

// -----

// expected-error @below {{custom op 'ml_program.global' expected 'public', 'private', or 'nested'}}
ml_program.global @g(dense<0> : tensor<i64>) : tensor<i64>

// -----

// expected-error @below {{'ml_program.global' op visibility expected to be one of ["public", "private", "nested"], but got "hidden"}}
"ml_program.global"() <{sym_name = "g", sym_visibility = "hidden", type = i32, value = 1 : i32}> : () -> ()

// -----

func.func @missing_attr() {
  // expected-error @below {{'ml_program.global_load' op requires attribute 'global'}}
  %0 = "ml_program.global_load"() : () -> tensor<i64>
  return
}

// -----

func.func @not_a_symbol() {
  // expected-error @below {{custom op 'ml_program.global_load' invalid kind of attribute specified}}
  %0 = ml_program.global_load "g" : tensor<i64>
  return
}

// -----

ml_program.global private mutable @g(dense<0> : tensor<i64>) : tensor<i64>
func.func @undefined() {
  // expected-error @below {{'ml_program.global_load' op undefined global: @h}}
  %0 = ml_program.global_load @h : tensor<i64>
  return
}

// -----

// A symbol that is not a global does not count.
func.func @not_a_global(%t: tensor<i64>) {
  // expected-error @below {{'ml_program.global_store' op undefined global: @not_a_global}}
  ml_program.global_store @not_a_global = %t : tensor<i64>
  return
}

// -----

ml_program.global private mutable @g(dense<0> : tensor<i64>) : tensor<i64>
func.func @load_type() {
  // expected-error @below {{'ml_program.global_load' op cannot load from global typed 'tensor<i64>' as 'tensor<i32>'}}
  %0 = ml_program.global_load @g : tensor<i32>
  return
}

// -----

ml_program.global private @c(dense<0> : tensor<i64>) : tensor<i64>
func.func @store_immutable(%a: tensor<i64>) {
  // expected-error @below {{'ml_program.global_store' op cannot store to an immutable global @c}}
  ml_program.global_store @c = %a : tensor<i64>
  return
}

// -----

ml_program.global private mutable @g(dense<0> : tensor<i64>) : tensor<i64>
func.func @store_type(%a: tensor<2xi64>) {
  // expected-error @below {{'ml_program.global_store' op cannot store to a global typed 'tensor<i64>' from 'tensor<2xi64>'}}
  ml_program.global_store @g = %a : tensor<2xi64>
  return
}

// -----

ml_program.global private mutable @g(dense<0> : tensor<i64>) : tensor<i64>
func.func @load_const_mutable() {
  // expected-error @below {{'ml_program.global_load_const' op cannot load as const from mutable global @g}}
  %0 = ml_program.global_load_const @g : tensor<i64>
  return
}

// -----

ml_program.global private @c(dense<0> : tensor<i64>) : tensor<i64>
func.func @load_const_type() {
  // expected-error @below {{'ml_program.global_load_const' op cannot load from global typed 'tensor<i64>' as 'tensor<?xi64>'}}
  %0 = ml_program.global_load_const @c : tensor<?xi64>
  return
}

// -----

// load_const looks only in the nearest symbol table; load looks outward.
ml_program.global private @c(dense<0> : tensor<i64>) : tensor<i64>
module {
  func.func @outward() {
    %0 = ml_program.global_load @c : tensor<i64>
    // expected-error @below {{'ml_program.global_load_const' op undefined global: @c}}
    %1 = ml_program.global_load_const @c : tensor<i64>
    return
  }
}
