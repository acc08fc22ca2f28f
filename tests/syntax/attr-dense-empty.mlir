// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = dense<> : tensor<0xi32>, b = dense<[]> : tensor<0xf32>, c = dense<[[], []]> : tensor<2x0xi8>, d = dense<> : tensor<0x4xf32>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = dense<> : tensor<0xi32>, b = dense<> : tensor<0xf32>, c = dense<> : tensor<2x0xi8>, d = dense<> : tensor<0x4xf32>} : () -> ()
// CHECK-NEXT: }
