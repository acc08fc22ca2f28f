// CFG loop info (`test-cfg-loop-info`) beyond upstream's file: a
// declaration, an irreducible cycle (no natural loop), a back edge from an
// unreachable block (ignored), and three loops nested in each other.
// Expected lines are mlir-opt-19's output.
// RUN: bufopt %s -pass-pipeline="builtin.module(any(test-cfg-loop-info))" -split-input-file 2>&1 >/dev/null | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:Testing : "decl"
// CHECK-NEXT:empty region
// CHECK-LABEL:Testing : "irreducible"
// CHECK-NEXT:Blocks : ^bb0, ^bb0, ^bb1, ^bb2, ^bb3
// CHECK-NEXT:no loops
// CHECK-LABEL:Testing : "unreachable_latch"
// CHECK-NEXT:Blocks : ^bb0, ^bb0, ^bb1, ^bb2, ^bb3
// CHECK-NEXT:Loop at depth 1 containing: ^bb1<header><latch><exiting>
// CHECK-LABEL:Testing : "triple"
// CHECK-NEXT:Blocks : ^bb0, ^bb0, ^bb1, ^bb2, ^bb3, ^bb4, ^bb5, ^bb6, ^bb7
// CHECK-NEXT:Loop at depth 1 containing: ^bb1<header>,^bb2,^bb3,^bb4,^bb5<latch>,^bb6<latch><exiting>
// CHECK-NEXT:    Loop at depth 2 containing: ^bb2<header>,^bb3,^bb4<latch><exiting>
// CHECK-NEXT:        Loop at depth 3 containing: ^bb3<header><latch><exiting>

func.func private @decl()

// -----

func.func @irreducible(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  cf.br ^bb1
^bb3:
  return
}

// -----

func.func @unreachable_latch(%c: i1) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
^bb3:
  cf.br ^bb1
}

// -----

func.func @triple(%c: i1) {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  cf.cond_br %c, ^bb3, ^bb4
^bb4:
  cf.cond_br %c, ^bb2, ^bb5
^bb5:
  cf.cond_br %c, ^bb1, ^bb6
^bb6:
  cf.cond_br %c, ^bb7, ^bb1
^bb7:
  return
}
