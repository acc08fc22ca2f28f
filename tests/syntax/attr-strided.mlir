// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = strided<[1]>, b = strided<[?, 1], offset: ?>, c = strided<[4, 1], offset: 0>, d = strided<[], offset: 3>, e = strided<[-1, 2]>, f = strided<[]>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = strided<[1]>, b = strided<[?, 1], offset: ?>, c = strided<[4, 1]>, d = strided<[], offset: 3>, e = strided<[-1, 2]>, f = strided<[]>} : () -> ()
// CHECK-NEXT: }
