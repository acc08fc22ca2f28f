// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = f16, b = bf16, c = f32, d = f64, e = f80, f = f128, g = tf32} : () -> ()
"test.op"() {a = f8E5M2, b = f8E4M3, c = f8E4M3FN, d = f8E5M2FNUZ, e = f8E4M3FNUZ, f = f8E4M3B11FNUZ} : () -> ()
"test.op"() {none = none} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = f16, b = bf16, c = f32, d = f64, e = f80, f = f128, g = tf32} : () -> ()
// CHECK-NEXT:   "test.op"() {a = f8E5M2, b = f8E4M3, c = f8E4M3FN, d = f8E5M2FNUZ, e = f8E4M3FNUZ, f = f8E4M3B11FNUZ} : () -> ()
// CHECK-NEXT:   "test.op"() {none = none} : () -> ()
// CHECK-NEXT: }
