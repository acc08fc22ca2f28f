// Errors of `ub.poison`, with upstream's wording (this file also passes
// `mlir-opt-19 -verify-diagnostics`).
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @not_poison() -> i32 {
  // expected-error @below {{custom op 'ub.poison' invalid kind of attribute specified}}
  %0 = ub.poison <1 : i32> : i32
  return %0 : i32
}

// -----

func.func @operands(%a: i32) -> i32 {
  // expected-error @below {{'ub.poison' op requires zero operands}}
  %0 = "ub.poison"(%a) : (i32) -> i32
  return %0 : i32
}
