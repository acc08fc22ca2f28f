// RUN: bufopt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=2 %s | FileCheck %s

"test.op"() {a = dense<[1, 2, 3]> : tensor<3xi32>, b = dense<[1, 2]> : tensor<2xi32>, c = dense<[true, false, true]> : tensor<3xi1>, d = dense<[1.0, 2.0, 3.0]> : tensor<3xf16>} : () -> ()
"test.op"() {a = dense<7> : tensor<9xi32>, b = dense<[(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)]> : tensor<3xcomplex<f32>>, c = dense<[1, 2, 3]> : tensor<3xindex>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = dense<"0x010000000200000003000000"> : tensor<3xi32>, b = dense<[1, 2]> : tensor<2xi32>, c = dense<"0x05"> : tensor<3xi1>, d = dense<"0x003C00400042"> : tensor<3xf16>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = dense<7> : tensor<9xi32>, b = dense<"0x0000803F0000004000004040000080400000A0400000C040"> : tensor<3xcomplex<f32>>, c = dense<"0x010000000000000002000000000000000300000000000000"> : tensor<3xindex>} : () -> ()
// CHECK-NEXT: }
