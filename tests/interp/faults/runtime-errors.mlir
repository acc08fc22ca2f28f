// Runtime errors that are not memory faults: a failing cf.assert, integer
// division by zero, a call of an unknown external function. The clean entry
// passes the assertion and divides by a non-zero value.
// RUN: not bufopt-run %s -e failing_assert 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: not bufopt-run %s -e div_by_zero --arg 0 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not bufopt-run %s -e external 2>&1 | FileCheck %s --check-prefix=EXT
// RUN: bufopt-run %s -e div_by_zero --arg 3 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: bufopt-run %s -e clean 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: {{error|warning}}

func.func @failing_assert() {
  %f = arith.constant false
  // ASSERT: runtime-errors.mlir:[[@LINE+1]]:3: error: assertion failed: expected a positive size
  cf.assert %f, "expected a positive size"
  return
}

func.func @div_by_zero(%d: i32) -> i32 {
  %c = arith.constant 12 : i32
  // DIV: runtime-errors.mlir:[[@LINE+1]]:8: error: undefined behaviour: 'arith.divsi' has no defined result for these operands
  %q = arith.divsi %c, %d : i32
  return %q : i32
}

func.func private @mystery(i32)

func.func @external() {
  %c = arith.constant 12 : i32
  // EXT: runtime-errors.mlir:[[@LINE+1]]:3: error: call to external function @mystery that is not a runner utility
  call @mystery(%c) : (i32) -> ()
  return
}

func.func @clean() {
  %t = arith.constant true
  cf.assert %t, "never fails"
  return
}
