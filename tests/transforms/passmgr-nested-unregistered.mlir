// A nested pipeline anchored on an unregistered op's name finds that op
// (the parser accepts it under --allow-unregistered-dialect) but cannot run
// a pass on it: MLIR's error at the op, as in mlir-opt-19. An `any(...)`
// pipeline skips the same op silently (second RUN line: no error; the
// function inside it is not directly nested in the module, so cse never
// reaches it).
// RUN: bufopt --allow-unregistered-dialect --pass-pipeline='builtin.module(mine.holder(cse))' --verify-diagnostics %s
// RUN: mlir-opt-19 --allow-unregistered-dialect --pass-pipeline='builtin.module(mine.holder(cse))' --verify-diagnostics %s
// RUN: bufopt --allow-unregistered-dialect --pass-pipeline='builtin.module(any(cse))' %s | FileCheck %s --check-prefix=ANY

// ANY:      "mine.holder"() ({
// ANY-NEXT:   func.func @f() -> (i32, i32) {
// ANY-NEXT:     arith.constant 0 : i32
// ANY-NEXT:     arith.constant 0 : i32
module {
  // expected-error@below {{'mine.holder' op trying to schedule a pass on an unregistered operation}}
  "mine.holder"() ({
    func.func @f() -> (i32, i32) {
      %a = arith.constant 0 : i32
      %b = arith.constant 0 : i32
      return %a, %b : i32, i32
    }
  }) : () -> ()
}
