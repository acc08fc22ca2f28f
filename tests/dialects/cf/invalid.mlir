// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @arity(%a: i32) {
  // expected-error@+1 {{branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%x: i32):
  return
}

// -----

func.func @types(%a: i64) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i64)
^bb1(%x: i32):
  return
}

// -----

func.func @cond(%c: i1) {
  // expected-error@+1 {{reference to an undefined block}}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
}

// -----

func.func @not_last(%c: i1) {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb1
  return
^bb1:
  return
}
