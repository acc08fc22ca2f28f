// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>, b = dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f64>>} : () -> ()
"test.op"() {a = dense<(1, -2)> : tensor<complex<i32>>, b = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i8>>, c = dense<[(1, 1), (1, 1)]> : tensor<2xcomplex<i16>>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = dense<(1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>, b = dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,-4.000000e+00)]> : tensor<2xcomplex<f64>>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = dense<(1,-2)> : tensor<complex<i32>>, b = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i8>>, c = dense<(1,1)> : tensor<2xcomplex<i16>>} : () -> ()
// CHECK-NEXT: }
