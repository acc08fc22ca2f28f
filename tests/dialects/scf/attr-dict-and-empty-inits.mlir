// scf.for prints its attribute dictionary after the body without the
// `attributes` keyword (and parses it that way); scf.while keeps the
// keyword, and an scf.while without operands prints no `()` list.
// Compared with mlir-opt-19, and the output must parse back with it.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b && mlir-opt-19 %t.b > /dev/null
// RUN: bufopt %s | FileCheck %s

// CHECK-LABEL: func.func @for_attrs
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %arg3) -> (i32) {
// CHECK: } {some_attr, tag = 3 : i64}
func.func @for_attrs(%lb: index, %ub: index, %s: index, %a: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%x = %a) -> (i32) {
    scf.yield %x : i32
  } {some_attr, tag = 3}
  return %r : i32
}

// CHECK-LABEL: func.func @while_forms
// CHECK: scf.while (%{{.*}} = %arg0) : (i32) -> i32 {
// CHECK: } attributes {foo}
// CHECK: scf.while : () -> i32 {
func.func @while_forms(%a: i32) -> (i32, i32) {
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  } attributes {foo}
  %1 = scf.while () : () -> i32 {
    %c = arith.constant true
    %v = arith.constant 1 : i32
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%y: i32):
    scf.yield
  }
  return %0, %1 : i32, i32
}
