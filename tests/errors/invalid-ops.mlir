// Malformed IR: each chunk must give the located error (and notes) mlir-opt-19 gives.
// RUN: bufopt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

func.func @f() {
// expected-error@+1 {{use of undeclared SSA value name}}
  %0 = "test.a"(%1) : (i32) -> i32
  return
}

// -----

func.func @f() {
// expected-note@+1 {{previously defined here}}
  %0 = "test.a"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = "test.a"() : () -> i32
  return
}

// -----

func.func @f() {
// expected-note@+1 {{prior use here}}
  %0 = "test.a"() : () -> i32
// expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
  "test.b"(%0) : (i64) -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{operand #0 does not dominate this use}}
  "test.b"(%x) : (i32) -> ()
// expected-note@+1 {{operand defined here (op in the same block)}}
  %x = "test.a"() : () -> i32
  return
}

// -----

func.func @f() {
// expected-error@+1 {{reference to an undefined block}}
  "test.br"()[^bb2] : () -> ()
^bb1:
  return
}

// -----

func.func @f() {
// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = "test.a"() : () -> i32
  return
}

// -----

func.func @f() {
// expected-error@+1 {{use of undeclared SSA value name}}
  "test.a"(%arg0) : (i32) -> ()
  return
}

// -----

func.func @f(%a: i32) -> i64 {
// expected-error@+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f}}
  return %a : i32
}

// -----

func.func @f() {
// expected-error@+1 {{expected '(' to start operand list}}
  "test.a" : () -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = "test.a"() : () -> (i32, i32)
  "test.b"(%0#2) : (i32) -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{expected 0 operand types but had 1}}
  "test.a"() : (i32) -> ()
  return
}

// -----

func.func @f() {
^bb0:
  return
// expected-error@+1 {{redefinition of block '^bb0'}}
^bb0:
  return
}

// -----

func.func @f() {
// expected-error@+1 {{duplicate key 'x' in dictionary attribute}}
  "test.a"() {x = 1, x = 2} : () -> ()
  return
}

// -----

func.func @f() {
  "test.a"() ({
    %1 = "test.b"() : () -> i32
  }) : () -> ()
// expected-error@+1 {{use of undeclared SSA value name}}
  "test.c"(%1) : (i32) -> ()
  return
}

// -----

func.func @f() {
  %0 = "test.a"() : () -> i32
// expected-error@+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @g() {
    "test.b"(%0) : (i32) -> ()
    return
  }
  return
}

// -----

func.func @f() {
// expected-error@+1 {{operand #0 does not dominate this use}}
  "test.a"(%0) : (i32) -> ()
// expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "test.b"() : () -> i32
  return
}

// -----

func.func @f() {
// expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "test.a"() : () -> ()
}

// -----

func.func @f() -> i32 {
// expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  return
}

// -----

func.func @f() {
// expected-error@+1 {{'func.call' op 'g' does not reference a valid function}}
  %0 = call @g() : () -> i32
  return
}

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @g(i32)

// -----

"test.a"() : () -> ()
// expected-note@+1 {{see existing symbol definition here}}
func.func @f() {
  "test.a"() : () -> ()
  return
}
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  return
}

// -----

func.func @f() {
// expected-error@+1 {{undefined symbol alias id 'foo'}}
  "test.a"() : () -> !foo
  return
}

// -----

func.func @f() {
// expected-error@+1 {{undefined symbol alias id 'unknown'}}
  "test.a"() {v = #unknown} : () -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{expected '"' in string literal}}
  "test.a"() {v = "unterminated} : () -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
  "test.a"() {v = dense<[1, 2]> : tensor<3xi32>} : () -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{expected non-function type}}
  "test.a"() : () -> tensor<4xfoo>
  return
}

// -----

func.func @f() {
// expected-error@+1 {{expected non-function type}}
  "test.a"() : () -> memref<4x?x>
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{expected ',' or ']'}}
  "test.a"() [^bb1(%a : i32)] : () -> ()
^bb1(%b: i32):
  return
}

// -----

func.func @f() {
// expected-error@+1 {{expected '}' in attribute dictionary}}
  "test.a"() {v = 1 : i32 : i32} : () -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{expected non-function type}}
  "test.a"() : () -> i0x
  return
}

// -----

func.func @f() {
// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
  "test.a"() {v = dense<[[1], [2, 3]]> : tensor<2x2xi32>} : () -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{expected '"' in string literal}}
  "test.a"() {v = "abc
  return
}

// -----

func.func @f() {
// expected-error@+1 {{expected '>' in tensor type}}
  "test.a"() : () -> tensor<?xi32
  return
}

// -----

func.func @f() {
  %0 = "test.a"() : () -> i32
// expected-error@+1 {{reference to invalid result number}}
  "test.b"(%0#1) : (i32) -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{undefined symbol alias id 'map'}}
  "test.a"() {v = #map} : () -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{undefined symbol alias id 'unknown_alias'}}
  "test.a"() : () -> !unknown_alias
  return
}

// -----

func.func @f() {
// expected-error@+1 {{use of undeclared identifier}}
  "test.a"() {v = affine_map<(d0) -> (d1)>} : () -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{expected integer elements, but parsed floating-point}}
  "test.a"() {v = dense<1.5> : tensor<2xi32>} : () -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{integer constant out of range for attribute}}
  "test.a"() {v = 300 : i8} : () -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{vector types must have positive constant sizes}}
  "test.a"() : () -> vector<0xf32>
  return
}

// -----

// expected-error@+2 {{region entry argument '%a' is already in use}}
// expected-note@+1 {{previously referenced here}}
func.func @f(%a: i32, %a: i32) {
  return
}

// -----

func.func @f() {
// expected-error@+1 {{expected the number of strides to match the rank}}
  "test.a"() : () -> memref<4xf32, strided<[1, 2]>>
  return
}

// -----

// expected-error@+1 {{cannot name an operation with no results}}
%0 = "test.no_results"() : () -> ()

// -----

func.func @f() {
  // An unprefixed name is looked up in the enclosing op's default dialect.
  // expected-error@+1 {{custom op 'alloc' is unknown (tried 'func.alloc' as well)}}
  %0 = alloc() : memref<2xf32>
  return
}

// -----

// expected-error@+1 {{custom op 'alloc' is unknown (tried 'builtin.alloc' as well)}}
%0 = alloc() : memref<2xf32>

// -----

func.func @f() {
  scf.execute_region {
    // scf ops have no default dialect.
    // expected-error@+2 {{Dialect `' not found for custom op 'alloc'  (tried '.alloc' as well)}}
    // expected-note@+1 {{Registered dialects:}}
    %0 = alloc() : memref<2xf32>
    scf.yield
  }
  return
}

// -----

func.func @f() {
  // expected-error@+2 {{use of undeclared SSA value name}}
  // expected-error@+2 {{use of undeclared SSA value name}}
  "test.use"(%undefined_first) : (i32) -> ()
  "test.use"(%undefined_second) : (i32) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op requires one region}}
  "scf.execute_region"() : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.while' op expected 2 regions}}
  "scf.while"() : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.call_indirect' op expected 1 or more operands, but found 0}}
  "func.call_indirect"() : () -> ()
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'func.call_indirect' op operand #0 must be function type, but got 'index'}}
  "func.call_indirect"(%a) : (index) -> ()
  return
}

// -----

func.func @f(%a: index) {
  %f = "func.constant"() {value = @f} : () -> ((index) -> ())
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  "func.call_indirect"(%f) : ((index) -> ()) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.constant' op requires one result}}
  "func.constant"() {value = @f} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.constant' op attribute 'value' failed to satisfy constraint: flat symbol reference attribute}}
  %x = "func.constant"() {value = 3} : () -> i32
  return
}
