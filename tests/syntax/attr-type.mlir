// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = i32, b = tensor<4xf32>, c = memref<?xf32>, d = !foo.t, e = (i32) -> i32, f = [index, none], g = complex<f64>, h = vector<4xi1>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = i32, b = tensor<4xf32>, c = memref<?xf32>, d = !foo.t, e = (i32) -> i32, f = [index, none], g = complex<f64>, h = vector<4xi1>} : () -> ()
// CHECK-NEXT: }
