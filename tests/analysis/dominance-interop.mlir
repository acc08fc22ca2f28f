// Dominance and post-dominance printed exactly as mlir-opt-19's test pass:
// diamonds, nested loops, early exits, regions in regions, multiple exits,
// the CFG shapes of the buffer-deallocation spec (critical and non-critical
// aliases, allocs in one arm, back edges), infinite loops (post-dominator
// roots chosen as LLVM chooses them), graph regions and recursion.
// RUN: bufopt %s --allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(test-print-dominance))" 2>&1 | FileCheck %s
// RUN: bufopt %s --allow-unregistered-dialect -split-input-file --test-print-dominance -o /dev/null 2> %t.ours
// RUN: mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading -split-input-file -pass-pipeline="builtin.module(func.func(test-print-dominance))" -o /dev/null 2>&1 | diff %t.ours -

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

// -----

// Critical vs non-critical aliases (the deallocation spec's nested
// branch): ^b5 joins two arms that both come from ^b2, so ^b2 dominates
// it; ^b6 joins ^b1 and ^b5 and is dominated only by the entry; ^b7 is
// dominated and post-dominated by ^b6.
// CHECK-LABEL: Testing : critical_aliases
// CHECK: --- DominanceInfo ---
// CHECK: Nearest(3, 4) = 2
// CHECK: Nearest(5, 1) = 0
// CHECK: --- PostDominanceInfo ---
// CHECK: Nearest(0, 2) = 6
// CHECK: Nearest(3, 4) = 5
// CHECK: --- Block Dominance relationship ---
// CHECK: dominates(2, 5) = true
// CHECK: dominates(2, 6) = false
// CHECK: dominates(6, 7) = true
// CHECK: --- Block PostDominance relationship ---
// CHECK: postdominates(5, 0) = false
// CHECK: postdominates(5, 2) = true
// CHECK: postdominates(6, 0) = true
func.func @critical_aliases(%c: i1, %m: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  cf.cond_br %c, ^b1, ^b2(%n : index)
^b1:
  cf.br ^b6(%m : memref<?xf32>)
^b2(%sz: index):
  %a = memref.alloc(%sz) : memref<?xf32>
  cf.cond_br %c, ^b3, ^b4
^b3:
  cf.br ^b5(%a : memref<?xf32>)
^b4:
  cf.br ^b5(%a : memref<?xf32>)
^b5(%p: memref<?xf32>):
  cf.br ^b6(%p : memref<?xf32>)
^b6(%q: memref<?xf32>):
  cf.br ^b7(%q : memref<?xf32>)
^b7(%r: memref<?xf32>):
  memref.copy %r, %out : memref<?xf32> to memref<?xf32>
  return
}

// -----

// An alloc in one arm of a diamond: the join post-dominates both arms and
// the entry, the arms dominate nothing but themselves.
// CHECK-LABEL: Testing : alloc_in_arm
// CHECK: postdominates(1, 0) = false
// CHECK: postdominates(3, 0) = true
func.func @alloc_in_arm(%c: i1, %x: memref<2xf32>) {
  %a0 = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^l, ^r
^l:
  %a1 = memref.alloc() : memref<2xf32>
  cf.br ^join(%a1 : memref<2xf32>)
^r:
  cf.br ^join(%a0 : memref<2xf32>)
^join(%j: memref<2xf32>):
  memref.copy %j, %x : memref<2xf32> to memref<2xf32>
  memref.dealloc %a0 : memref<2xf32>
  return
}

// -----

// Back edges: a loop whose header is the target of two latches, one of
// them inside a nested if-diamond, plus an exit from the middle. The
// header dominates every block of the loop; the exit block post-dominates
// everything.
// CHECK-LABEL: Testing : two_latches
// CHECK: dominates(1, 4) = true
// CHECK: dominates(2, 1) = false
// CHECK: postdominates(5, 1) = true
func.func @two_latches(%c: i1, %d: i1, %n: i32) {
  cf.br ^head(%n : i32)
^head(%i: i32):
  cf.cond_br %c, ^mid, ^exit
^mid:
  cf.cond_br %d, ^latch1, ^split
^split:
  cf.cond_br %c, ^latch2, ^latch1
^latch2:
  %j = arith.addi %i, %n : i32
  cf.br ^head(%j : i32)
^exit:
  return
^latch1:
  cf.br ^head(%i : i32)
}

// -----

// An infinite loop next to a returning path: the loop blocks reach no
// exit, so they hang off the virtual exit of the post-dominator tree.
// CHECK-LABEL: Testing : spin
// CHECK: postdominates(2, 1) = true
func.func @spin(%c: i1) {
  cf.cond_br %c, ^loop, ^out
^loop:
  cf.br ^loop2
^loop2:
  cf.br ^loop
^out:
  return
}

// -----

// Several infinite loops: one that can fall into a second, an inner cycle
// inside an outer one, and a self loop; none reaches the return.
// CHECK-LABEL: Testing : spins
func.func @spins(%c: i1, %d: i1) {
  cf.cond_br %c, ^a, ^out
^a:
  cf.cond_br %d, ^b, ^e
^b:
  cf.cond_br %c, ^c, ^a
^c:
  cf.cond_br %d, ^b, ^c
^e:
  cf.cond_br %c, ^f, ^e
^f:
  cf.br ^g
^g:
  cf.cond_br %d, ^f, ^h
^h:
  cf.br ^h
^out:
  return
}

// -----

// Regions in regions with structured ops: an scf.for holding an scf.if
// holding an scf.execute_region with its own CFG. Blocks of nested regions
// are dominated by the blocks that hold their ops.
// CHECK-LABEL: Testing : region_nest
// CHECK: --- Block Dominance relationship ---
func.func @region_nest(%lb: index, %ub: index, %s: index, %c: i1) {
  scf.for %i = %lb to %ub step %s {
    scf.if %c {
      %v = scf.execute_region -> index {
        cf.cond_br %c, ^x, ^y
      ^x:
        scf.yield %i : index
      ^y:
        cf.br ^x
      }
      "test.use"(%v) : (index) -> ()
    } else {
      "test.use"(%i) : (index) -> ()
    }
  }
  return
}

// -----

// A graph region (an unregistered op's single block) inside one arm of a
// CFG, holding another graph region: each single block is dominated by the
// blocks that hold its op and dominates nothing outside.
// CHECK-LABEL: Testing : graph_regions
// CHECK: --- Block Dominance relationship ---
// CHECK: dominates(0, 1) = true
// CHECK: dominates(1, 4) = false
// CHECK: dominates(2, 0) = false
func.func @graph_regions(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  "test.graph"() ({
    %x = "test.op"() : () -> i32
    "test.graph"() ({
      %y = "test.op"(%x) : (i32) -> i32
    }) : () -> ()
  }) : () -> ()
  cf.br ^b
^b:
  return
}

// -----

// Recursion: mutually recursive functions; each function is analysed on
// its own, calls do not add CFG edges. (mlir-opt-19 runs with threading
// off above: with two functions in one split its threads interleave their
// stderr lines.)
// CHECK-LABEL: Testing : even
// CHECK-LABEL: Testing : odd
func.func @even(%n: i32) -> i1 {
  %z = arith.constant 0 : i32
  %is0 = arith.cmpi eq, %n, %z : i32
  cf.cond_br %is0, ^yes, ^rec
^yes:
  %t = arith.constant true
  return %t : i1
^rec:
  %one = arith.constant 1 : i32
  %m = arith.subi %n, %one : i32
  %r = func.call @odd(%m) : (i32) -> i1
  return %r : i1
}
func.func @odd(%n: i32) -> i1 {
  %z = arith.constant 0 : i32
  %is0 = arith.cmpi eq, %n, %z : i32
  cf.cond_br %is0, ^no, ^rec
^no:
  %f = arith.constant false
  return %f : i1
^rec:
  %one = arith.constant 1 : i32
  %m = arith.subi %n, %one : i32
  %r = func.call @even(%m) : (i32) -> i1
  return %r : i1
}
