// A nested pipeline anchored on an op name runs on every op of that name
// directly inside the op it is nested in; such an op that is not registered
// or not isolated from above is an error at that op, as in mlir-opt-19.
// RUN: bufopt --allow-unregistered-dialect --pass-pipeline='builtin.module(arith.constant(cse))' --verify-diagnostics --split-input-file %s
// RUN: mlir-opt-19 --allow-unregistered-dialect --pass-pipeline='builtin.module(arith.constant(cse))' --verify-diagnostics --split-input-file %s

module {
  func.func @f() -> i32 {
    %c = arith.constant 0 : i32
    return %c : i32
  }
  // expected-error@below {{'arith.constant' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'}}
  %c = arith.constant 1 : i32
}

// -----

// No op of the anchor's name: nothing runs, no error.
module {
  func.func @g() {
    return
  }
}
