// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = loc("x.mlir":1:2), b = [loc(unknown), loc("n")], c = loc(callsite("f" at "g")), d = loc(fused<"m">["a":1:1])} : () -> () loc("ignored.mlir":1:1)

// CHECK: #loc = loc("x.mlir":1:2)
// CHECK-NEXT: #loc1 = loc(unknown)
// CHECK-NEXT: #loc2 = loc("n")
// CHECK-NEXT: #loc3 = loc("f")
// CHECK-NEXT: #loc4 = loc("g")
// CHECK-NEXT: #loc5 = loc("a":1:1)
// CHECK-NEXT: #loc6 = loc(callsite(#loc3 at #loc4))
// CHECK-NEXT: #loc7 = loc(fused<"m">[#loc5])
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.op"() {a = #loc, b = [#loc1, #loc2], c = #loc6, d = #loc7} : () -> ()
// CHECK-NEXT: }
