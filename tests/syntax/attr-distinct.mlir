// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect %s | bufopt --allow-unregistered-dialect | FileCheck %s

// Distinct attributes: the same id names the same attribute in a file; the
// printer renumbers them from 0 in print order, after the alias definitions.
// Only those referencing a non-unit attribute get a `#distinct` alias.

// CHECK: #distinct = distinct[0]<"first">
// CHECK: #distinct1 = distinct[1]<[1, 2]>
// CHECK: module {
// CHECK:   "test.a"() {x = distinct[2]<>, y = #distinct, z = #distinct1} : () -> ()
// CHECK:   "test.b"() {x = #distinct, y = distinct[3]<>} : () -> ()
// CHECK:   "test.c"() {nested = [#distinct1, {k = #distinct}]} : () -> ()
// CHECK: }

"test.a"() {x = distinct[7]<>, y = distinct[3]<"first">, z = distinct[12]<[1, 2]>} : () -> ()
"test.b"() {x = distinct[3]<"first">, y = distinct[99]<>} : () -> ()
"test.c"() {nested = [distinct[12]<[1, 2]>, {k = distinct[3]<"first">}]} : () -> ()
