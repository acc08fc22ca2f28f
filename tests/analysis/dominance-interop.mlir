// Dominance and post-dominance printed exactly as mlir-opt-19's test pass:
// diamonds, nested loops, early exits, regions in regions, multiple exits.
// RUN: bufopt %s --allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(test-print-dominance))" 2>&1 | FileCheck %s
// RUN: bufopt %s --allow-unregistered-dialect -split-input-file --test-print-dominance > %t.ours 2>&1
// RUN: mlir-opt-19 %s --allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(test-print-dominance))" 2>&1 | diff %t.ours -

// CHECK-LABEL: Testing : diamond
// CHECK: --- DominanceInfo ---
// CHECK: Nearest(1, 2) = 0
// CHECK: --- PostDominanceInfo ---
// CHECK: Nearest(1, 2) = 3
// CHECK: --- Block Dominance relationship ---
// CHECK: dominates(0, 3) = true
// CHECK: dominates(1, 3) = false
// CHECK: --- Block PostDominance relationship ---
// CHECK: postdominates(1, 0) = false
// CHECK: postdominates(3, 0) = true
func.func @diamond(%c: i1) {
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.return"() : () -> ()
}

// -----

// Nested CFG loops: the inner header dominates the inner latch; the outer
// exit post-dominates everything.
// CHECK-LABEL: Testing : nested_loops
// CHECK: --- Block Dominance relationship ---
// CHECK: dominates(1, 4) = true
// CHECK: dominates(2, 3) = true
// CHECK: dominates(3, 2) = false
// CHECK: --- Block PostDominance relationship ---
// CHECK: postdominates(2, 3) = true
// CHECK: postdominates(5, 0) = true
func.func @nested_loops(%c: i1) {
  "test.br"()[^outer] : () -> ()
^outer:
  "test.br"()[^inner] : () -> ()
^inner:
  "test.cond_br"(%c)[^inner_latch, ^outer_latch] : (i1) -> ()
^inner_latch:
  "test.br"()[^inner] : () -> ()
^outer_latch:
  "test.cond_br"(%c)[^outer, ^exit] : (i1) -> ()
^exit:
  "test.return"() : () -> ()
}

// -----

// A loop with an early exit: two exit blocks, so only the virtual exit
// post-dominates the loop header and its body.
// CHECK-LABEL: Testing : early_exit
// CHECK: --- DominanceInfo ---
// CHECK: Nearest(3, 4) = 1
// CHECK: --- PostDominanceInfo ---
// CHECK: Nearest(3, 4) = <no dom>
func.func @early_exit(%c: i1) {
  "test.br"()[^header] : () -> ()
^header:
  "test.cond_br"(%c)[^body, ^exit] : (i1) -> ()
^body:
  "test.cond_br"(%c)[^header, ^early] : (i1) -> ()
^early:
  "test.return"() : () -> ()
^exit:
  "test.return"() : () -> ()
}

// -----

// Regions in regions: an enclosing block dominates and post-dominates the
// blocks nested under it; blocks of sibling regions share no dominator tree.
// CHECK-LABEL: Testing : regions_in_regions
// CHECK: --- DominanceInfo ---
// CHECK: Nearest(2, 3) = 4
// CHECK: --- Block Dominance relationship ---
// CHECK: dominates(5, 2) = false
// CHECK: dominates(6, 2) = true
// CHECK: --- Block PostDominance relationship ---
// CHECK: postdominates(6, 3) = true
// CHECK: postdominates(7, 0) = true
func.func @regions_in_regions(%c: i1) {
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "test.region"() ({
    "test.cond_br"(%c)[^a, ^b] : (i1) -> ()
  ^a:
    "test.region"() ({
      "test.op"() : () -> ()
    }, {
      "test.op"() : () -> ()
    }) : () -> ()
    "test.br"()[^b] : () -> ()
  ^b:
    "test.yield"() : () -> ()
  }) : () -> ()
  "test.br"()[^bb2] : () -> ()
^bb2:
  "test.return"() : () -> ()
}

// -----

// A switch-like block with three successors and a self loop.
// CHECK-LABEL: Testing : switch_self_loop
func.func @switch_self_loop(%c: i1) {
  "test.switch"(%c)[^a, ^b, ^c] : (i1) -> ()
^a:
  "test.cond_br"(%c)[^a, ^c] : (i1) -> ()
^b:
  "test.br"()[^c] : () -> ()
^c:
  "test.return"() : () -> ()
}
