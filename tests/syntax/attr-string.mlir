// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = "", b = "a\"b", c = "\n\t", d = "\00\ff", e = "x" : i32, f = "é", g = "back\\slash"} : () -> ()
"test.op"() {a = ["s" : i64, "t" : !foo.s], "quoted name" = "v", "x y" = unit, "0abc" = 1 : i8} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = "", b = "a\22b", c = "\0A\09", d = "\00\FF", e = "x" : i32, f = "\C3\A9", g = "back\\slash"} : () -> ()
// CHECK-NEXT:   "test.op"() {"0abc" = 1 : i8, a = ["s" : i64, "t" : !foo.s], "quoted name" = "v", "x y"} : () -> ()
// CHECK-NEXT: }
