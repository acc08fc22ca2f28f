// What the verifier still rejects around unregistered ops' regions, unnamed
// modules and isolation from above, with mlir-opt-19's wording.
// RUN: bufopt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// A multi-block region of an unregistered op has SSA dominance.
func.func @f() {
  "test.unreg"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    %0 = "test.use"(%1) : (i32) -> i32
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    // expected-note@+1 {{operand defined here (op in the same region)}}
    %1 = "test.def"() : () -> i32
    "test.term"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Outside the unregistered op, dominance still holds: a value defined after
// the op is not available in its region.
func.func @f() {
  "test.unreg"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    %0 = "test.use"(%1) : (i32) -> i32
  }) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %1 = "test.def"() : () -> i32
  return
}

// -----

// A registered op's single block keeps SSA dominance.
func.func @f(%c: i1) {
  scf.if %c {
    // expected-error@+1 {{operand #0 does not dominate this use}}
    %0 = "test.use"(%1) : (i32) -> i32
    // expected-note@+1 {{operand defined here (op in the same block)}}
    %1 = "test.def"() : () -> i32
  }
  return
}

// -----

// A named module is a symbol: its parent must be a symbol table.
func.func @f() {
  // expected-error@+1 {{'builtin.module' op symbol's parent must have the SymbolTable trait}}
  builtin.module @m {
  }
  return
}

// -----

// Unnamed modules are accepted in a function, but what they hold is
// verified as usual.
func.func @f() {
  builtin.module {
    func.func @g() {
      // expected-error@+1 {{'builtin.module' op symbol's parent must have the SymbolTable trait}}
      builtin.module @m {
      }
      return
    }
  }
  return
}

// -----

// Isolation holds for every op nested in an isolated op, not only for the
// ops directly in its region.
func.func @f(%arg0: i32) {
  // expected-note@+1 {{required by region isolation constraints}}
  builtin.module {
    "u.region"() ({
      // expected-error@+1 {{'u.op' op using value defined outside the region}}
      "u.op"(%arg0) : (i32) -> ()
    }) : () -> ()
  }
  return
}
