// func.func signatures and func.constant references, with upstream's
// wording and positions. The second RUN line checks the same expectations
// against mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @named_then_type(%x : i64,
                           i1) {
  // expected-error @-1 {{expected SSA identifier}}
  return
}

// -----

func.func @type_then_named(i1,
                           %x : i64) { // expected-error {{expected type instead of SSA identifier}}
  return
}

// -----

func.func @empty_body() {} // expected-error {{expected non-empty function body}}

// -----

// expected-error @+1 {{arguments may only have dialect attributes}}
func.func private @plain_arg_attr(i64 {plain = 1})

// -----

// expected-error @+1 {{results may only have dialect attributes}}
func.func private @plain_result_attr() -> (i64 {plain = 1})

// -----

func.func private @callee(i64)

func.func @constant_mismatch() {
  %f = func.constant @callee : (i1) -> () // expected-error {{reference to function with mismatched type}}
  return
}

// -----

func.func @constant_undefined() {
  %f = func.constant @nowhere : () -> () // expected-error {{reference to undefined function 'nowhere'}}
  return
}

// -----

func.func @constant_not_a_symbol() {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %f = func.constant "x" : () -> ()
  return
}

// -----

func.func @switch_without_case_value(%flag : i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    // expected-error @+1 {{expected integer value}}
    : ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_without_default(%flag : i32) {
  cf.switch %flag : i32, [
    // expected-error @+1 {{expected 'default'}}
    4: ^bb1
  ]
^bb1:
  return
}

// -----

// The nested op is verified before the loop's terminator (a region trait).
func.func @return_in_affine_for() {
  affine.for %i = 0 to 4 {
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}
