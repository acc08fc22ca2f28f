// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = i1, b = i8, c = i32, d = i64, e = i128, f = i0, g = si8, h = ui16, i = i1000, j = i16777215, k = index, l = si1, m = ui64} : () -> ()
"test.op"() {t = i007} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = i1, b = i8, c = i32, d = i64, e = i128, f = i0, g = si8, h = ui16, i = i1000, j = i16777215, k = index, l = si1, m = ui64} : () -> ()
// CHECK-NEXT:   "test.op"() {t = i7} : () -> ()
// CHECK-NEXT: }
