// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {z = {b = 2, a = 1}, y = {}, x = {"quoted key" = unit, plain}, w = {nested = {deep = [1]}}} : () -> ()
"test.op"() {c, b = true, a = "s"} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {w = {nested = {deep = [1]}}, x = {plain, "quoted key"}, y = {}, z = {a = 1 : i64, b = 2 : i64}} : () -> ()
// CHECK-NEXT:   "test.op"() {a = "s", b = true, c} : () -> ()
// CHECK-NEXT: }
