// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = dense<"x"> : tensor<2x!foo.str>, b = dense<["a", "b"]> : tensor<2x!foo.str>, c = dense<["q", "q"]> : tensor<2x!foo.str>, d = dense<"0xZZ"> : tensor<!foo.str>} : () -> ()
"test.op"() {a = dense<[["a\n", ""], ["\"", "z"]]> : tensor<2x2x!foo.str>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = dense<"x"> : tensor<2x!foo.str>, b = dense<["a", "b"]> : tensor<2x!foo.str>, c = dense<"q"> : tensor<2x!foo.str>, d = dense<"0xZZ"> : tensor<!foo.str>} : () -> ()
// CHECK-NEXT{LITERAL}:   "test.op"() {a = dense<[["a\0A", ""], ["\22", "z"]]> : tensor<2x2x!foo.str>} : () -> ()
// CHECK-NEXT: }
