// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

!t = tensor<4xf32>
!u = !foo.bar<1>
!f = (!t) -> !u
"test.op"() {a = !t, b = !u, c = !f, d = tensor<2x!u>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = tensor<4xf32>, b = !foo.bar<1>, c = (tensor<4xf32>) -> !foo.bar<1>, d = tensor<2x!foo.bar<1>>} : () -> ()
// CHECK-NEXT: }
