// RUN: bufopt --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 %s | FileCheck %s

"test.op"() {a = dense<[1, 2, 3]> : tensor<3xi32>, b = dense<[1, 2]> : tensor<2xi32>, c = dense<5> : tensor<100xi32>, d = dense<["a", "b", "c"]> : tensor<3x!foo.s>} : () -> ()
"test.op"() {e = array<i32: 1, 2, 3, 4>, f = [1, 2, 3, 4]} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = dense_resource<__elided__> : tensor<3xi32>, b = dense<[1, 2]> : tensor<2xi32>, c = dense<5> : tensor<100xi32>, d = dense_resource<__elided__> : tensor<3x!foo.s>} : () -> ()
// CHECK-NEXT:   "test.op"() {e = array<i32: 1, 2, 3, 4>, f = [1, 2, 3, 4]} : () -> ()
// CHECK-NEXT: }
