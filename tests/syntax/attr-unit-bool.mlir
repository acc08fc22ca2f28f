// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a, b = unit, c = true, d = false, e = [unit, true], f = {u}} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a, b, c = true, d = false, e = [unit, true], f = {u}} : () -> ()
// CHECK-NEXT: }
