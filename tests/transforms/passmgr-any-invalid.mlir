// An op-agnostic pipeline (`any(...)`) run on the top-level op itself
// (`--no-implicit-module`): the op must be registered, isolated from above,
// and one its passes can be scheduled on, with MLIR's errors at the op.
// `promote-buffers-to-stack` is a `func.func` pass; `one-shot-bufferize` a
// `builtin.module` pass. mlir-opt-19 gives the same verdicts.
// RUN: bufopt --no-implicit-module --allow-unregistered-dialect --pass-pipeline='any(promote-buffers-to-stack)' --verify-diagnostics --split-input-file %s | FileCheck %s
// RUN: bufopt --no-implicit-module --allow-unregistered-dialect --pass-pipeline='any(promote-buffers-to-stack)' --verify-diagnostics --split-input-file %s > %t.b
// RUN: mlir-opt-19 --no-implicit-module --allow-unregistered-dialect --pass-pipeline='any(promote-buffers-to-stack)' --verify-diagnostics --split-input-file %s > %t.m
// RUN: diff -u %t.m %t.b

// expected-error@below {{'memref.alloc' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'}}
%m = memref.alloc() : memref<4xf32>

// -----

// An op of an unregistered dialect, accepted by the parser under
// --allow-unregistered-dialect, is still unregistered for the pass manager.
// expected-error@below {{'mine.region_holder' op trying to schedule a pass on an unregistered operation}}
"mine.region_holder"() ({
  func.func @inner() {
    return
  }
}) : () -> ()

// -----

// Registered and isolated, but not the op the pass runs on.
// expected-error@below {{'builtin.module' op trying to schedule a pass on an unsupported operation}}
module {
  func.func @f() {
    return
  }
}

// -----

// A function is what the pass can run on: no error, and the function is
// printed on its own, without a module around it.
// CHECK-NOT:  module
// CHECK-LABEL: func.func @g() {
// CHECK-NEXT:    memref.alloca() : memref<4xf32>
// CHECK-NEXT:    return
func.func @g() {
  %m = memref.alloc() : memref<4xf32>
  return
}
