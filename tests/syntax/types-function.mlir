// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = () -> (), b = (i32) -> i32, c = (i32, f32) -> (i32, f32), d = () -> (() -> ()), e = ((i32) -> i32) -> ((f32) -> f32)} : () -> ()
"test.op"() {a = (tensor<4xf32>) -> (memref<4xf32>), b = (i32) -> (i32)} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = () -> (), b = (i32) -> i32, c = (i32, f32) -> (i32, f32), d = () -> (() -> ()), e = ((i32) -> i32) -> ((f32) -> f32)} : () -> ()
// CHECK-NEXT:   "test.op"() {a = (tensor<4xf32>) -> memref<4xf32>, b = (i32) -> i32} : () -> ()
// CHECK-NEXT: }
