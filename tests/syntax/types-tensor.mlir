// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = tensor<4x?xf32>, b = tensor<f32>, c = tensor<*xf32>, d = tensor<0xf32>, e = tensor<?x?x?xi8>} : () -> ()
"test.op"() {a = tensor<4x!foo.bar>, b = tensor<2xvector<4xf32>>, c = tensor<4xcomplex<f32>>, d = tensor<*xindex>} : () -> ()
"test.op"() {a = tensor<4xf32, #foo.enc>, b = tensor<4xf32, "enc">, c = tensor<?xi32, {x = 1}>, d = tensor<4xf32, 5 : i32>} : () -> ()
"test.op"() {a = tensor<0x4xf32>, b = tensor<4x0xf32>, c = tensor<1x2x3x4x5x6xf64>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = tensor<4x?xf32>, b = tensor<f32>, c = tensor<*xf32>, d = tensor<0xf32>, e = tensor<?x?x?xi8>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = tensor<4x!foo.bar>, b = tensor<2xvector<4xf32>>, c = tensor<4xcomplex<f32>>, d = tensor<*xindex>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = tensor<4xf32, #foo.enc>, b = tensor<4xf32, "enc">, c = tensor<?xi32, {x = 1 : i64}>, d = tensor<4xf32, 5 : i32>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = tensor<0x4xf32>, b = tensor<4x0xf32>, c = tensor<1x2x3x4x5x6xf64>} : () -> ()
// CHECK-NEXT: }
