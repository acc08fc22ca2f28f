// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = array<i64>, b = array<i64: 1, -2>, c = array<i1: true, false>, d = array<i8: -1, 127>, e = array<f32: 1.0, 2.5>} : () -> ()
"test.op"() {a = array<f64: 0x7FF8000000000000, -0.0>, b = array<i32: 1, 2, 3>, c = array<i16: -32768>, d = array<ui8: 255, 0>, e = array<si8: -3>, f = array<f16: 1.0>} : () -> ()
"test.op"() {b = array<bf16: 0.5>, c = array<f32: 0x3F800000>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = array<i64>, b = array<i64: 1, -2>, c = array<i1: true, false>, d = array<i8: -1, 127>, e = array<f32: 1.000000e+00, 2.500000e+00>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = array<f64: 0x7FF8000000000000, -0.000000e+00>, b = array<i32: 1, 2, 3>, c = array<i16: -32768>, d = array<ui8: 255, 0>, e = array<si8: -3>, f = array<f16: 1.000000e+00>} : () -> ()
// CHECK-NEXT:   "test.op"() {b = array<bf16: 5.000000e-01>, c = array<f32: 1.000000e+00>} : () -> ()
// CHECK-NEXT: }
