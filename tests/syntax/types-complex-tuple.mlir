// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = complex<f32>, b = complex<i32>, c = tuple<>, d = tuple<i32, f32>, e = tuple<tuple<i1>, tuple<>>} : () -> ()
"test.op"() {big = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>, small = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16>} : () -> ()

// CHECK: !tuple = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.op"() {a = complex<f32>, b = complex<i32>, c = tuple<>, d = tuple<i32, f32>, e = tuple<tuple<i1>, tuple<>>} : () -> ()
// CHECK-NEXT:   "test.op"() {big = !tuple, small = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16>} : () -> ()
// CHECK-NEXT: }
