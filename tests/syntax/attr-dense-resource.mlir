// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi8>} : () -> ()
"test.op"() {c = dense_resource<blob1> : tensor<2xi32>, d = dense_resource<__elided__> : tensor<4xf32>} : () -> ()

{-#
  dialect_resources: {
    builtin: {
      unused: "0x0400000001000000",
      blob1: "0x04000000010000000200000a",
      blob2: "0x0100000007"
    }
  }
#-}

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi8>} : () -> ()
// CHECK-NEXT:   "test.op"() {c = dense_resource<blob1> : tensor<2xi32>, d = dense_resource<__elided__> : tensor<4xf32>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob1: "0x04000000010000000200000A",
// CHECK-NEXT:       blob2: "0x0100000007"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
