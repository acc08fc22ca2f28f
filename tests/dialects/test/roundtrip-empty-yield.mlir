// mlir-opt-19 prints an empty `test.region_if_yield` in a form its own
// parser rejects (FUZZ: custom form does not re-parse), so this file is not re-read.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s | FileCheck %s

// Empty variadic lists print as `test.region_if_yield  : `.
// CHECK-LABEL: func.func @empty_yields
// CHECK: test.region_if_yield  : {{$}}
func.func @empty_yields(%m: memref<2xf32>) {
  test.region_if %m : memref<2xf32> -> () then {
  ^bb0(%a: memref<2xf32>):
    "test.region_if_yield"() : () -> ()
  } else {
  ^bb0(%a: memref<2xf32>):
    "test.region_if_yield"() {a} : () -> ()
  } join {
    "test.region_if_yield"() : () -> ()
  }
  return
}

