// The call graph with Tarjan SCCs (bottom-up) over func.func / func.call:
// mutual recursion, self recursion, calls to declarations (external).
// RUN: bufopt %s --test-print-callgraph-bottom-up 2>&1 >/dev/null | FileCheck %s

// CHECK: {{-+}} CallGraph ----
// CHECK-NEXT: - Node : <external>
// CHECK-NEXT: - Node : @leaf
// CHECK-NEXT: - Node : @even
// CHECK-NEXT: {{-+}} Call-Edge : @odd
// CHECK-NEXT: - Node : @odd
// CHECK-NEXT: {{-+}} Call-Edge : @even
// CHECK-NEXT: {{-+}} Call-Edge : @leaf
// CHECK-NEXT: - Node : @self
// CHECK-NEXT: {{-+}} Call-Edge : @self
// CHECK-NEXT: {{-+}} Call-Edge : <external>
// CHECK-NEXT: - Node : @ext
// CHECK-NEXT: - Node : @main
// CHECK-NEXT: {{-+}} Call-Edge : @odd
// CHECK-NEXT: {{-+}} Call-Edge : @self
// CHECK-NEXT: {{-+}} SCCs ----
// CHECK-NEXT: - SCC : <external>
// CHECK-NEXT: - SCC : @leaf
// CHECK-NEXT: - SCC : @even @odd (recursive)
// CHECK-NEXT: - SCC : @self (recursive)
// CHECK-NEXT: - SCC : @ext
// CHECK-NEXT: - SCC : @main
// CHECK-NEXT: {{-+}} BottomUp : @leaf @even @odd @self @ext @main
module {
  func.func @leaf(%x: i32) -> i32 {
    return %x : i32
  }
  func.func @even(%x: i32) -> i32 {
    %r = func.call @odd(%x) : (i32) -> i32
    return %r : i32
  }
  func.func @odd(%x: i32) -> i32 {
    %r = func.call @even(%x) : (i32) -> i32
    %l = func.call @leaf(%r) : (i32) -> i32
    return %l : i32
  }
  func.func @self(%x: i32) -> i32 {
    %r = func.call @self(%x) : (i32) -> i32
    %e = func.call @ext(%r) : (i32) -> i32
    return %e : i32
  }
  func.func private @ext(i32) -> i32
  func.func @main(%x: i32) -> i32 {
    %a = func.call @odd(%x) : (i32) -> i32
    %b = func.call @self(%a) : (i32) -> i32
    return %b : i32
  }
}
