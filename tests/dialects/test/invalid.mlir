// RUN: bufopt %s -split-input-file -verify-diagnostics

func.func @yield_arity(%m: memref<2xf32>) {
  test.region_buffer_based in(%m: memref<2xf32>) out(%m: memref<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'test.region_yield' op requires a single operand}}
    "test.region_yield"(%a, %b) : (f32, f32) -> ()
  }
  return
}

// -----

func.func @not_a_memref(%t: tensor<2xf32>, %m: memref<2xf32>) {
  // expected-error @+1 {{'test.buffer_based' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<2xf32>'}}
  "test.buffer_based"(%t, %m) : (tensor<2xf32>, memref<2xf32>) -> ()
  return
}

// -----

func.func @edge_mismatch(%m: memref<2xf32>) {
  // expected-error @+1 {{'test.region_if' op  region control flow edge from Region #0 to Region #2: source has 0 operands, but target successor needs 1}}
  %r = test.region_if %m : memref<2xf32> -> memref<2xf32> then {
  ^bb0(%a: memref<2xf32>):
    "test.region_if_yield"() : () -> ()
  } else {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  } join {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  }
  return
}

// -----

func.func @call_without_callee(%x: i32) {
  // expected-error @+1 {{'test.conversion_call_op' op requires attribute 'callee'}}
  "test.conversion_call_op"(%x) : (i32) -> ()
  return
}

// -----

func.func @call_with_string_callee(%x: i32) {
  // expected-error @+1 {{'test.conversion_call_op' op attribute 'callee' failed to satisfy constraint: symbol reference attribute}}
  "test.conversion_call_op"(%x) {callee = "f"} : (i32) -> ()
  return
}
