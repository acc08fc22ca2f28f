// --test-print-callgraph in mlir-opt-19's format: one node per callable
// region (a declaration has none, so calls to it go to the unknown callee),
// each (target, kind) edge once per node in the order found, child edges to
// callables nested in a callable, and the SCCs LLVM's scc_iterator visits
// from the external caller node (callees first; in a cycle, the last visited
// node first).
// RUN: bufopt %s -test-print-callgraph -split-input-file -allow-unregistered-dialect 2>&1 >/dev/null | FileCheck %s --match-full-lines
// RUN: bufopt %s -test-print-callgraph -split-input-file -allow-unregistered-dialect 2>%t.b >/dev/null && mlir-opt-19 %s -test-print-callgraph -split-input-file -allow-unregistered-dialect 2>%t.m >/dev/null && diff -u %t.m %t.b

// CHECK-LABEL: Testing : "cycle"
// CHECK-NEXT: // {{-+}} CallGraph {{-+}}
// CHECK-NEXT: // - Node : 'func.func' - Region #0 : {function_type = () -> (), sym_name = "ping"}
// CHECK-NEXT: // -- Call-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = "pong"}
// CHECK-NEXT: //
// CHECK-NEXT: // - Node : 'func.func' - Region #0 : {function_type = () -> (), sym_name = "pong"}
// CHECK-NEXT: // -- Call-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = "ping"}
// CHECK-NEXT: // -- Call-Edge : <Unknown-Callee-Node>
// CHECK-NEXT: //
// CHECK-NEXT: // - Node : 'func.func' - Region #0 : {function_type = (i32) -> i32, sym_name = "main", sym_visibility = "private"}
// CHECK-NEXT: // -- Call-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = "pong"}
// CHECK-NEXT: //
// CHECK-NEXT: // -- SCCs --
// CHECK-NEXT: // - SCC : 
// CHECK-NEXT: // -- Node :<Unknown-Callee-Node>
// CHECK-EMPTY:
// CHECK-NEXT: // - SCC : 
// CHECK-NEXT: // -- Node :'func.func' - Region #0 : {function_type = () -> (), sym_name = "pong"}
// CHECK-NEXT: // -- Node :'func.func' - Region #0 : {function_type = () -> (), sym_name = "ping"}
// CHECK-EMPTY:
// CHECK-NEXT: // - SCC : 
// CHECK-NEXT: // -- Node :'func.func' - Region #0 : {function_type = (i32) -> i32, sym_name = "main", sym_visibility = "private"}
// CHECK-EMPTY:
// CHECK-NEXT: // - SCC : 
// CHECK-NEXT: // -- Node :<External-Caller-Node>
// CHECK-EMPTY:
// CHECK-NEXT: // {{-+}}
module attributes {test.name = "cycle"} {
  func.func private @decl()
  func.func @ping() {
    call @pong() : () -> ()
    call @pong() : () -> ()
    return
  }
  func.func @pong() {
    call @ping() : () -> ()
    call @decl() : () -> ()
    return
  }
  func.func private @main(%x: i32) -> i32 {
    call @pong() : () -> ()
    return %x : i32
  }
}

// -----

// A module without a test.name; a callable nested in a callable, called
// through its function value and calling its parent; a call outside any
// callable is not an edge.
// CHECK-LABEL: Testing : <<NULL ATTRIBUTE>>
// CHECK-NEXT: // {{-+}} CallGraph {{-+}}
// CHECK-NEXT: // - Node : 'func.func' - Region #0 : {function_type = () -> (), sym_name = "outer"}
// CHECK-NEXT: // -- Child-Edge : 'test.functional_region_op' - Region #0
// CHECK-NEXT: // -- Call-Edge : 'test.functional_region_op' - Region #0
// CHECK-NEXT: //
// CHECK-NEXT: // - Node : 'test.functional_region_op' - Region #0
// CHECK-NEXT: // -- Call-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = "outer"}
// CHECK-NEXT: //
// CHECK-NEXT: // -- SCCs --
// CHECK-NEXT: // - SCC : 
// CHECK-NEXT: // -- Node :'test.functional_region_op' - Region #0
// CHECK-NEXT: // -- Node :'func.func' - Region #0 : {function_type = () -> (), sym_name = "outer"}
module {
  func.func @outer() {
    %fn = "test.functional_region_op"() ({
      call @outer() : () -> ()
      "test.return"() : () -> ()
    }) : () -> (() -> ())
    call_indirect %fn() : () -> ()
    return
  }
  "test.conversion_call_op"() {callee = @outer} : () -> ()
}
