// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = dense<1> : tensor<4xi32>, b = dense<[1, 2, 3]> : tensor<3xi32>, c = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>, d = dense<7> : tensor<i8>} : () -> ()
"test.op"() {a = dense<[true, false]> : tensor<2xi1>, b = dense<true> : tensor<3xi1>, c = dense<[1, 0]> : tensor<2xi1>, d = dense<[-1, 2]> : tensor<2xindex>} : () -> ()
"test.op"() {a = dense<[255, 0]> : tensor<2xui8>, b = dense<[-128, 127]> : tensor<2xsi8>, c = dense<[255, 128]> : tensor<2xi8>, d = dense<[5, 5, 5]> : tensor<3xi16>} : () -> ()
"test.op"() {a = dense<[1, 2]> : vector<2xi32>, b = dense<3> : memref<2x2xi32>, c = dense<[[[1]], [[2]]]> : tensor<2x1x1xi32>, d = dense<0x10> : tensor<2xi32>} : () -> ()
"test.op"() {a = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi4>, b = dense<-1> : tensor<1xi64>, c = dense<[1]> : tensor<1xi32>, d = dense<170141183460469231731687303715884105727> : tensor<2xi128>} : () -> ()

// CHECK: module {
// CHECK-NEXT{LITERAL}:   "test.op"() {a = dense<1> : tensor<4xi32>, b = dense<[1, 2, 3]> : tensor<3xi32>, c = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>, d = dense<7> : tensor<i8>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = dense<[true, false]> : tensor<2xi1>, b = dense<true> : tensor<3xi1>, c = dense<[true, false]> : tensor<2xi1>, d = dense<[-1, 2]> : tensor<2xindex>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = dense<[255, 0]> : tensor<2xui8>, b = dense<[-128, 127]> : tensor<2xsi8>, c = dense<[-1, -128]> : tensor<2xi8>, d = dense<5> : tensor<3xi16>} : () -> ()
// CHECK-NEXT{LITERAL}:   "test.op"() {a = dense<[1, 2]> : vector<2xi32>, b = dense<3> : memref<2x2xi32>, c = dense<[[[1]], [[2]]]> : tensor<2x1x1xi32>, d = dense<16> : tensor<2xi32>} : () -> ()
// CHECK-NEXT{LITERAL}:   "test.op"() {a = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi4>, b = dense<-1> : tensor<1xi64>, c = dense<1> : tensor<1xi32>, d = dense<170141183460469231731687303715884105727> : tensor<2xi128>} : () -> ()
// CHECK-NEXT: }
