// shape.const_witness (custom and generic syntax, `1` read as `true`, constant uniquing by
// cse and canonicalize) and shape.assuming's canonicalizations: results
// nobody uses are dropped, and under a constant witness the body is
// inlined (whatever the witness's value: upstream only checks that the
// witness is a constant). Identical to mlir-opt-19.
// RUN: bufopt --allow-unregistered-dialect %s > %t.b && mlir-opt-19 --allow-unregistered-dialect %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s | bufopt --allow-unregistered-dialect > %t.b && mlir-opt-19 --allow-unregistered-dialect %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --cse %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --cse %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @witnesses
//       CHECK:   %0 = shape.const_witness true
//       CHECK:   %1 = shape.const_witness false {note = 1 : i64}
//       GENERIC: "shape.const_witness"() <{passing = true}> : () -> !shape.witness
//       GENERIC: "shape.const_witness"() <{passing = false}> {note = 1 : i64} : () -> !shape.witness
// CANON-LABEL: func.func @witnesses
//  CANON-NEXT:   %[[T:.*]] = shape.const_witness true
//  CANON-NEXT:   %[[F:.*]] = shape.const_witness false
//  CANON-NEXT:   "test.use"(%[[T]], %[[F]], %[[T]])
func.func @witnesses() {
  %t = shape.const_witness true
  %f = shape.const_witness false {note = 1}
  %t2 = shape.const_witness 1
  "test.use"(%t, %f, %t2) : (!shape.witness, !shape.witness, !shape.witness) -> ()
  return
}

// CANON-LABEL: func.func @inline_under_constant
//   CANON-NOT:   shape.assuming
//       CANON:   %[[Y:.*]] = "test.y"() : () -> index
//       CANON:   "test.use"(%[[Y]])
//       CANON:   return %arg0
func.func @inline_under_constant(%a: tensor<2xf32>) -> tensor<2xf32> {
  %w = shape.const_witness false
  %w1 = shape.const_witness true
  %0 = shape.assuming %w -> (tensor<2xf32>) {
    shape.assuming_yield %a : tensor<2xf32>
  }
  %1:2 = shape.assuming %w1 -> (tensor<2xf32>, index) {
    %c = "test.y"() : () -> index
    shape.assuming_yield %0, %c : tensor<2xf32>, index
  }
  "test.use"(%1#1) : (index) -> ()
  return %1#0 : tensor<2xf32>
}

// CANON-LABEL: func.func @drop_unused_results
//       CANON:   %[[R:.*]]:2 = shape.assuming %arg1 -> (index, f32) {
//       CANON:     shape.assuming_yield %{{.*}}, %{{.*}} : index, f32
//       CANON:   "test.use"(%[[R]]#1)
//       CANON:   return %[[R]]#0
func.func @drop_unused_results(%a: tensor<2xf32>, %w: !shape.witness) -> index {
  %0:3 = shape.assuming %w -> (tensor<2xf32>, index, f32) {
    %c = "test.c"() : () -> index
    %f = "test.f"() : () -> f32
    shape.assuming_yield %a, %c, %f : tensor<2xf32>, index, f32
  }
  "test.use"(%0#2) : (f32) -> ()
  return %0#1 : index
}
