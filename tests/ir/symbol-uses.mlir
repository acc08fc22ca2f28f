// --test-symbol-uses on nested symbol tables, references from inside
// nested tables and from distinct attributes, and an unused declaration
// that the pass erases; the remarks are mlir-opt-19's.
// RUN: bufopt %s -allow-unregistered-dialect -test-symbol-uses -verify-diagnostics -split-input-file | FileCheck %s

// CHECK-NOT: @unused
// expected-remark@below {{unused function successfully erased}}
module {
  // expected-remark@below {{symbol has 2 uses}}
  module @outer {
    // expected-remark@below {{symbol has 1 uses}}
    func.func nested @leaf()
  }
  // expected-remark@below {{symbol has no uses}}
  func.func private @unused()
  // expected-remark@below {{symbol has no uses}}
  // expected-remark@below {{symbol contains 2 nested references}}
  func.func @user() {
    // expected-remark@below {{found use of symbol : @outer::@leaf : "leaf"}}
    // expected-remark@below {{found use of symbol : @outer::@leaf : "outer"}}
    // expected-remark@below {{found use of symbol : @outer : "outer"}}
    "foo.op"() {a = [distinct[0]<@outer::@leaf>], b = {c = @outer}} : () -> ()
    return
  }
}
