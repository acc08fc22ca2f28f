// test.polyfor (region arguments without types, named from `arg_names`)
// and test.wrapping_region (a generic op wrapped in a region), in custom
// and generic form and after a round trip, as mlir-opt-19 prints them.
// RUN: bufopt %s -allow-unregistered-dialect > %t.custom
// RUN: mlir-opt-19 %s -allow-unregistered-dialect | diff %t.custom -
// RUN: bufopt %s -allow-unregistered-dialect | bufopt -allow-unregistered-dialect > %t.round
// RUN: mlir-opt-19 %s -allow-unregistered-dialect | mlir-opt-19 -allow-unregistered-dialect | diff %t.round -
// RUN: bufopt %s -allow-unregistered-dialect -mlir-print-op-generic -mlir-print-debuginfo > %t.generic
// RUN: mlir-opt-19 %s -allow-unregistered-dialect -mlir-print-op-generic -mlir-print-debuginfo | diff %t.generic -
// RUN: bufopt %s -allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func @loops
// CHECK: test.polyfor %x, %y {
// CHECK-NEXT: test.polyfor %z {
// CHECK-NEXT: "use"(%x, %y, %z)
// CHECK: test.polyfor %arg0 {
func.func @loops() {
  "test.polyfor"() ({
  ^bb0(%i: index, %j: index):
    "test.polyfor"() ({
    ^bb0(%k: index):
      "use"(%i, %j, %k) : (index, index, index) -> ()
    }) {arg_names = ["z"]} : () -> ()
    "end"() : () -> ()
  }) {arg_names = ["x", "y"]} : () -> ()
  test.polyfor %k {
    "use"(%k) : (index) -> ()
  }
  return
}

// CHECK-LABEL: func @wrap
// CHECK: %0:2 = test.wrapping_region wraps "some.op"(%arg0) : (i32) -> (i32, f32)
// CHECK: test.wrapping_region wraps "other.op"() ({
// CHECK-NEXT: "x"() : () -> ()
// CHECK-NEXT: }) : () -> ()
func.func @wrap(%a: i32) -> f32 {
  %r:2 = test.wrapping_region wraps "some.op"(%a) : (i32) -> (i32, f32) loc("L")
  test.wrapping_region wraps "other.op"() ({ "x"() : () -> () }) : () -> ()
  return %r#1 : f32
}
