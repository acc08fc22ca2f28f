// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = !foo.bar, b = !foo.bar<1, "x">, c = !foo<"q r">, d = !foo<bar>, e = !foo.bar<(a)[b]{c}<d>>} : () -> ()
"test.op"() {a = !foo.a.b, b = !foo.bar<"a>b">, c = !foo.bar<a -> b>, d = !foo<"">, e = !foo<bar<1>>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = !foo.bar, b = !foo.bar<1, "x">, c = !foo<"q r">, d = !foo.bar, e = !foo.bar<(a)[b]{c}<d>>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = !foo.a.b, b = !foo.bar<"a>b">, c = !foo.bar<a -> b>, d = !foo<"">, e = !foo.bar<1>} : () -> ()
// CHECK-NEXT: }
