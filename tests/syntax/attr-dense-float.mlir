// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = dense<1.0> : tensor<4xf32>, b = dense<[1.0, 2.5]> : tensor<2xf32>, c = dense<[[0.1, 0.2], [0.3, 0.4]]> : tensor<2x2xf64>} : () -> ()
"test.op"() {a = dense<[0x7FC00000, 1.0]> : tensor<2xf32>, b = dense<[1.0, -0.0]> : tensor<2xbf16>, c = dense<-2.5> : tensor<f16>, d = dense<[1.0, 1.0]> : tensor<2xf64>} : () -> ()
"test.op"() {a = dense<[1.0e10, 3.0e-10]> : vector<2xf32>, b = dense<0.5> : tensor<2x2xf8E4M3FN>, c = dense<[0x7FF0000000000000, 1.5]> : tensor<2xf64>} : () -> ()

// CHECK: module {
// CHECK-NEXT{LITERAL}:   "test.op"() {a = dense<1.000000e+00> : tensor<4xf32>, b = dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>, c = dense<[[1.000000e-01, 2.000000e-01], [3.000000e-01, 4.000000e-01]]> : tensor<2x2xf64>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = dense<[0x7FC00000, 1.000000e+00]> : tensor<2xf32>, b = dense<[1.000000e+00, -0.000000e+00]> : tensor<2xbf16>, c = dense<-2.500000e+00> : tensor<f16>, d = dense<1.000000e+00> : tensor<2xf64>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = dense<[1.000000e+10, 3.000000e-10]> : vector<2xf32>, b = dense<5.000000e-01> : tensor<2x2xf8E4M3FN>, c = dense<[0x7FF0000000000000, 1.500000e+00]> : tensor<2xf64>} : () -> ()
// CHECK-NEXT: }
