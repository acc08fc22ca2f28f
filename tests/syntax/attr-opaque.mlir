// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = #foo.bar, b = #foo.bar<1> : i32, c = #foo<"x y">, d = #foo<bar>, e = #foo.bar<[1, {a}]>, f = [#foo.z : i64, #foo.w : f64]} : () -> ()
"test.op"() {a = #foo.bar<"str>">, b = #foo.a.b.c, c = #foo.bar<a -> b> : !foo.t, d = #foo<"1">} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = #foo.bar, b = #foo.bar<1> : i32, c = #foo<"x y">, d = #foo.bar, e = #foo.bar<[1, {a}]>, f = [#foo.z : i64, #foo.w : f64]} : () -> ()
// CHECK-NEXT:   "test.op"() {a = #foo.bar<"str>">, b = #foo.a.b.c, c = #foo.bar<a -> b> : !foo.t, d = #foo<"1">} : () -> ()
// CHECK-NEXT: }
