// Region control flow: region-branch successors and forwarded values,
// repetitive regions, can-reach between tagged ops, and back edges / loops
// of multi-block CFGs (natural and irreducible).
// RUN: bufopt %s --allow-unregistered-dialect -split-input-file --test-print-region-flow 2>&1 >/dev/null | FileCheck %s

// CHECK-LABEL: Testing : structured
// CHECK: RegionBranch 'scf.for' in bb0
// CHECK-NEXT: entry -> region #0 (1 values), parent (1 values)
// CHECK-NEXT: region #0 -> region #0 (1 values), parent (1 values)
// CHECK-NEXT: region #0 repetitive: true
// CHECK: RegionBranch 'scf.if' in bb1
// CHECK: region #0 repetitive: false
// CHECK: reach(in_loop, in_loop) = true
// CHECK: reach(in_if, in_loop) = true
// CHECK: reach(after, in_loop) = false
// CHECK: reach(after, after) = false
// CHECK: repetitive region around in_if: region #0 of 'scf.for' in bb0
func.func @structured(%lb: index, %ub: index, %s: index, %c: i1, %x: i32) {
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) {
    "test.op"() {tag = "in_loop"} : () -> ()
    scf.if %c {
      "test.op"() {tag = "in_if"} : () -> ()
    }
    scf.yield %a : i32
  }
  "test.op"() {tag = "after"} : () -> ()
  return
}

// -----

// A CFG loop with an early exit and an unreachable block.
// CHECK-LABEL: Testing : cfg_loop
// CHECK: CFG of region #0 of 'func.func'
// CHECK-NEXT: back edge bb2 -> bb1 (natural)
// CHECK-NEXT: loop blocks: bb1 bb2
// CHECK-NEXT: reachable blocks: 4
// CHECK: reach(before, body) = true
// CHECK: reach(body, before) = false
// CHECK: reach(body, body) = true
// CHECK: reach(exit, body) = false
// CHECK: reach(dead, exit) = true
// CHECK: reach(dead, dead) = false
func.func @cfg_loop(%c: i1) {
  "test.op"() {tag = "before"} : () -> ()
  "test.br"()[^header] : () -> ()
^header:
  "test.cond_br"(%c)[^body, ^exit] : (i1) -> ()
^body:
  "test.op"() {tag = "body"} : () -> ()
  "test.cond_br"(%c)[^header, ^exit] : (i1) -> ()
^exit:
  "test.op"() {tag = "exit"} : () -> ()
  "test.return"() : () -> ()
^dead:
  "test.op"() {tag = "dead"} : () -> ()
  "test.br"()[^exit] : () -> ()
}

// -----

// Nested loops: two natural back edges.
// CHECK-LABEL: Testing : nested
// CHECK: back edge bb3 -> bb2 (natural)
// CHECK-NEXT: back edge bb4 -> bb1 (natural)
// CHECK-NEXT: loop blocks: bb1 bb2 bb3 bb4
func.func @nested(%c: i1) {
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

// An irreducible loop: two entries into the cycle bb1 <-> bb2.
// CHECK-LABEL: Testing : irreducible
// CHECK: back edge bb2 -> bb1 (irreducible)
// CHECK-NEXT: loop blocks: bb1 bb2
func.func @irreducible(%c: i1) {
  "test.cond_br"(%c)[^a, ^b] : (i1) -> ()
^a:
  "test.cond_br"(%c)[^b, ^exit] : (i1) -> ()
^b:
  "test.cond_br"(%c)[^a, ^exit] : (i1) -> ()
^exit:
  "test.return"() : () -> ()
}
