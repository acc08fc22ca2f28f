// The call graph finds calls through the CallOp interface alone: the test
// dialect's own call op (test.conversion_call_op, a `callee` symbol
// reference) makes edges like func.call, including through a nested
// reference into an inner symbol table; a callee that does not resolve, an
// indirect call and a call to a declaration go to the external node.
// RUN: bufopt %s --test-print-callgraph-bottom-up 2>&1 >/dev/null | FileCheck %s

// CHECK: {{-+}} CallGraph ----
// CHECK-NEXT: - Node : <external>
// CHECK-NEXT: - Node : @leaf
// CHECK-NEXT: - Node : @ext
// CHECK-NEXT: - Node : @g
// CHECK-NEXT: - Node : @user
// CHECK-NEXT: {{-+}} Call-Edge : @leaf
// CHECK-NEXT: {{-+}} Call-Edge : @user
// CHECK-NEXT: {{-+}} Call-Edge : @g
// CHECK-NEXT: {{-+}} Call-Edge : <external>
// CHECK-NEXT: {{-+}} Call-Edge : <external>
// CHECK-NEXT: {{-+}} Call-Edge : <external>
// CHECK-NEXT: {{-+}} SCCs ----
// CHECK-NEXT: - SCC : <external>
// CHECK-NEXT: - SCC : @leaf
// CHECK-NEXT: - SCC : @ext
// CHECK-NEXT: - SCC : @g
// CHECK-NEXT: - SCC : @user (recursive)
// CHECK-NEXT: {{-+}} BottomUp : @leaf @ext @g @user
module {
  func.func @leaf(%x: i32) -> i32 {
    return %x : i32
  }
  func.func private @ext(i32) -> i32
  module @inner {
    func.func @g() {
      return
    }
  }
  func.func @user(%x: i32) -> i32 {
    %a = "test.conversion_call_op"(%x) {callee = @leaf} : (i32) -> i32
    %b = "test.conversion_call_op"(%a) {callee = @user} : (i32) -> i32
    "test.conversion_call_op"() {callee = @inner::@g} : () -> ()
    %c = "test.conversion_call_op"(%b) {callee = @missing} : (i32) -> i32
    %d = "test.conversion_call_op"(%c) {callee = @ext} : (i32) -> i32
    %f = func.constant @leaf : (i32) -> i32
    %e = func.call_indirect %f(%d) : (i32) -> i32
    return %e : i32
  }
}
