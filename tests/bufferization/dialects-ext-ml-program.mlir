// The ml_program globals' custom syntax: visibility (a written `public` is
// kept), `mutable`, an optional initial value of a narrower type, any
// global type, attribute dictionaries after the type; loads and stores by
// flat and nested symbol references, with the result named after the
// global. Printed, generic and re-read forms are byte-identical to
// mlir-opt-19's.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s | FileCheck %s
// RUN: bufopt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK: ml_program.global private mutable @state(dense<0> : tensor<4xi32>) : tensor<4xi32>
// GENERIC: "ml_program.global"() <{is_mutable, sym_name = "state", sym_visibility = "private", type = tensor<4xi32>, value = dense<0> : tensor<4xi32>}> : () -> ()
ml_program.global private mutable @state(dense<0> : tensor<4xi32>) : tensor<4xi32>
// CHECK: ml_program.global public @weights(dense<{{\[}}1.000000e+00, 2.000000e+00]> : tensor<2xf32>) : tensor<?xf32>
// GENERIC: sym_name = "weights", sym_visibility = "public", type = tensor<?xf32>
ml_program.global public @weights(dense<[1.0, 2.0]> : tensor<2xf32>) : tensor<?xf32>
// CHECK: ml_program.global nested mutable @scratch : tensor<8xf32> {tag = "s"}
ml_program.global nested mutable @scratch : tensor<8xf32> {tag = "s"}
// CHECK: ml_program.global private @answer(42 : i64) : i64
ml_program.global private @answer(42 : i64) : i64
// CHECK: ml_program.global private @half(5.000000e-01 : f32) : f32
ml_program.global private @half(0.5 : f32) : f32

module @inner {
  ml_program.global private mutable @nested_state(dense<1> : tensor<i8>) : tensor<i8>
}

// CHECK-LABEL: func.func @uses
func.func @uses(%t: tensor<4xi32>) -> (i64, tensor<?xf32>, tensor<i8>) {
  // CHECK: %state = ml_program.global_load @state : tensor<4xi32>
  %0 = ml_program.global_load @state : tensor<4xi32>
  // CHECK: %state_0 = ml_program.global_load @state : tensor<4xi32> {note}
  %1 = ml_program.global_load @state : tensor<4xi32> {note}
  // CHECK: %answer = ml_program.global_load_const @answer : i64
  %2 = ml_program.global_load_const @answer : i64
  // CHECK: %weights = ml_program.global_load_const @weights : tensor<?xf32>
  %3 = ml_program.global_load_const @weights : tensor<?xf32>
  // CHECK: %nested_state = ml_program.global_load @inner::@nested_state : tensor<i8>
  %4 = ml_program.global_load @inner::@nested_state : tensor<i8>
  // CHECK: ml_program.global_store @state = %arg0 : tensor<4xi32>
  ml_program.global_store @state = %t : tensor<4xi32>
  // CHECK: ml_program.global_store @state = %state_0 : tensor<4xi32> {note}
  // GENERIC: "ml_program.global_store"(%{{.*}}) <{global = @state}> {note} : (tensor<4xi32>) -> ()
  ml_program.global_store @state = %1 : tensor<4xi32> {note}
  return %2, %3, %4 : i64, tensor<?xf32>, tensor<i8>
}

// A global of an enclosing module is found from inside a nested one.
module @outer {
  ml_program.global private mutable @shared(dense<2> : tensor<i32>) : tensor<i32>
  module @deeper {
    // CHECK-LABEL: func.func @from_nested_module
    func.func @from_nested_module() -> tensor<i32> {
      // CHECK: %shared = ml_program.global_load @shared : tensor<i32>
      %0 = ml_program.global_load @shared : tensor<i32>
      ml_program.global_store @shared = %0 : tensor<i32>
      return %0 : tensor<i32>
    }
  }
}
