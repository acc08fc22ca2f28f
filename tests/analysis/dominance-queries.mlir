// The benchmark workload of dominance (bufopt only): one query per operand
// defined by an op, counted. The counts are checked on a small function
// where they are known by hand.
// RUN: bufopt %s --allow-unregistered-dialect -pass-pipeline="builtin.module(func.func(test-dominance-queries))" -o /dev/null 2>&1 | FileCheck %s

// Straight-line: every definition dominates its users and is
// post-dominated by them.
// CHECK-LABEL: Testing : straight
// CHECK-NEXT: 3 operand queries: 3 dominated, 3 post-dominated; 0 idoms dominate
func.func @straight(%a: i32) -> i32 {
  %x = arith.addi %a, %a : i32
  %y = arith.muli %x, %x : i32
  return %y : i32
}

// A diamond: %x (entry) dominates its uses in both arms, but a use in one
// arm does not post-dominate it (only %y's use in its own block does). The three non-entry blocks each have an
// immediate dominator that dominates them.
// CHECK-LABEL: Testing : diamond
// CHECK-NEXT: 4 operand queries: 4 dominated, 1 post-dominated; 3 idoms dominate
func.func @diamond(%a: i32, %c: i1) -> i32 {
  %x = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %y = arith.muli %x, %x : i32
  cf.br ^bb3(%y : i32)
^bb2:
  cf.br ^bb3(%x : i32)
^bb3(%r: i32):
  return %r : i32
}
