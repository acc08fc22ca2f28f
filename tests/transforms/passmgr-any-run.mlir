// `any(...)` runs a pass on the top-level op when it can be scheduled there,
// and, nested, on each directly nested op that is registered, isolated from
// above and accepted by every pass of the nest; other ops are skipped
// silently. Output identical to mlir-opt-19.
// RUN: bufopt --pass-pipeline='builtin.module(any(promote-buffers-to-stack))' %s --split-input-file | FileCheck %s --check-prefix=NESTED
// RUN: bufopt --pass-pipeline='builtin.module(any(promote-buffers-to-stack))' %s --split-input-file > %t.b && mlir-opt-19 --pass-pipeline='builtin.module(any(promote-buffers-to-stack))' %s --split-input-file > %t.m && diff -u %t.m %t.b

// A file of one function gets its implicit module, whose function the
// nested pipeline runs on.
// NESTED-LABEL: module
// NESTED:       func.func @top
// NESTED-NEXT:    memref.alloca() : memref<4xf32>
func.func @top() {
  %m = memref.alloc() : memref<4xf32>
  return
}

// -----

// Nested: the function is promoted; the module-level constant (not
// isolated) is skipped rather than rejected.
// NESTED-LABEL: module
// NESTED-NEXT:    func.func @inner
// NESTED-NEXT:      memref.alloca() : memref<8xf32>
// NESTED:         arith.constant 1 : i32
module {
  func.func @inner() {
    %m = memref.alloc() : memref<8xf32>
    return
  }
  %c = arith.constant 1 : i32
}
