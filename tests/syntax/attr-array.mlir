// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = [], b = [1, 2], c = [1 : i32, 2.0 : f32, 3.0], d = [[1], [[]]], e = [unit], f = ["a", @sym], g = [i32, f32]} : () -> ()
"test.op"() {a = [true, false, 1 : i1], b = [{x = 1}, {}], c = [0x7FC00000 : f32, 0x7FF8000000000000 : f64]} : () -> ()

// CHECK: module {
// CHECK-NEXT{LITERAL}:   "test.op"() {a = [], b = [1, 2], c = [1 : i32, 2.000000e+00 : f32, 3.000000e+00], d = [[1], [[]]], e = [unit], f = ["a", @sym], g = [i32, f32]} : () -> ()
// CHECK-NEXT:   "test.op"() {a = [true, false, true], b = [{x = 1 : i64}, {}], c = [0x7FC00000 : f32, 0x7FF8000000000000 : f64]} : () -> ()
// CHECK-NEXT: }
