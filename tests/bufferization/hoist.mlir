// buffer-hoisting (HOIST) and buffer-loop-hoisting (LOOP) on allocations in
// nested regions, loops (sequential, parallel, unstructured) and ops
// without control-flow interfaces, with and without dynamic sizes.
// hoist-vs-mlir-opt.mlir checks the output is mlir-opt-19's, byte for byte.
// RUN: bufopt -buffer-hoisting -split-input-file -allow-unregistered-dialect %s | FileCheck %s --check-prefixes=CHECK,HOIST
// RUN: bufopt -buffer-loop-hoisting -split-input-file -allow-unregistered-dialect %s | FileCheck %s --check-prefixes=CHECK,LOOP

// CHECK-LABEL: func.func @size_in_entry
// HOIST-NEXT: %[[M:.*]] = arith.muli
// HOIST-NEXT: memref.alloc(%[[M]]) : memref<?xf32>
// HOIST-NEXT: scf.if
// LOOP-NEXT: arith.muli
// LOOP-NEXT: scf.if
// LOOP-NEXT: memref.alloc(

// A buffer yielded by an scf.if, its size computed in the entry block:
// buffer-hoisting moves it to the common dominator of its aliases, the
// entry block, after the size; buffer-loop-hoisting leaves it (no loop).
func.func @size_in_entry(%c: i1, %n: index, %o: memref<?xf32>) {
  %m = arith.muli %n, %n : index
  %r = scf.if %c -> memref<?xf32> {
    %a = memref.alloc(%m) : memref<?xf32>
    scf.yield %a : memref<?xf32>
  } else {
    scf.yield %o : memref<?xf32>
  }
  "test.read_buffer"(%r) : (memref<?xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @size_in_region
// CHECK-NEXT: scf.if
// CHECK-NEXT: %[[M:.*]] = arith.muli
// CHECK-NEXT: memref.alloc(%[[M]])
// CHECK-NEXT: scf.yield

// The same with the size computed inside the scf.if: the alloc stays
// after it.
func.func @size_in_region(%c: i1, %n: index, %o: memref<?xf32>) {
  %r = scf.if %c -> memref<?xf32> {
    %m = arith.muli %n, %n : index
    %a = memref.alloc(%m) : memref<?xf32>
    scf.yield %a : memref<?xf32>
  } else {
    scf.yield %o : memref<?xf32>
  }
  "test.read_buffer"(%r) : (memref<?xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @nested_regions
// HOIST-NEXT: %[[A:.*]] = memref.alloc() : memref<4xi8>
// HOIST-NEXT: scf.execute_region
// HOIST-NEXT: scf.if
// HOIST-NEXT: %[[B:.*]] = memref.alloc() : memref<4xi8>
// HOIST-NEXT: test.copy(%[[B]], %[[A]])
// LOOP-NEXT: scf.execute_region
// LOOP-NEXT: scf.if
// LOOP-NEXT: memref.alloc()
// LOOP-NEXT: memref.alloc()

// Yielded through an scf.execute_region and an scf.if: buffer-hoisting
// takes the alloc out of both; a buffer used only in its own block stays.
func.func @nested_regions(%c: i1, %o: memref<4xi8>) {
  %r = scf.execute_region -> memref<4xi8> {
    %i = scf.if %c -> memref<4xi8> {
      %a = memref.alloc() : memref<4xi8>
      %b = memref.alloc() : memref<4xi8>
      test.copy(%b, %a) : (memref<4xi8>, memref<4xi8>)
      scf.yield %a : memref<4xi8>
    } else {
      scf.yield %o : memref<4xi8>
    }
    scf.yield %i : memref<4xi8>
  }
  "test.read_buffer"(%r) : (memref<4xi8>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @unknown_region
// CHECK-NEXT: scf.for
// CHECK-NEXT: "test.unknown_region_op"
// CHECK-NEXT: memref.alloc()

// An op with a region but no control-flow interface is left by neither
// pass, so neither takes the alloc out of the loop around it.
func.func @unknown_region(%lb: index, %ub: index, %s: index) {
  scf.for %i = %lb to %ub step %s {
    "test.unknown_region_op"() ({
      %a = memref.alloc() : memref<4xi8>
      "test.read_buffer"(%a) : (memref<4xi8>) -> ()
      "test.unknown_terminator"() : () -> ()
    }) : () -> ()
  }
  return
}

// -----

// CHECK-LABEL: func.func @loop_nest
// HOIST-NEXT: scf.for
// HOIST-NEXT: %[[M:.*]] = arith.addi
// HOIST-NEXT: scf.for
// HOIST-NEXT: scf.for
// HOIST-NEXT: memref.alloc(%[[M]])
// HOIST-NEXT: memref.alloc()
// LOOP-NEXT: memref.alloc() : memref<2xf32>
// LOOP-NEXT: scf.for
// LOOP-NEXT: %[[M:.*]] = arith.addi
// LOOP-NEXT: memref.alloc(%[[M]]) : memref<?xf32>
// LOOP-NEXT: scf.for
// LOOP-NEXT: scf.for
// LOOP-NEXT: "test.read_buffer"

// Three nested scf.for: buffer-hoisting keeps the alloc in the innermost
// body; buffer-loop-hoisting moves it out of the loops up to the block
// defining its size (the body of the outer loop).
func.func @loop_nest(%lb: index, %ub: index, %s: index) {
  scf.for %i = %lb to %ub step %s {
    %m = arith.addi %i, %ub : index
    scf.for %j = %lb to %ub step %s {
      scf.for %k = %lb to %ub step %s {
        %a = memref.alloc(%m) : memref<?xf32>
        %b = memref.alloc() : memref<2xf32>
        "test.read_buffer"(%a) : (memref<?xf32>) -> ()
        "test.read_buffer"(%b) : (memref<2xf32>) -> ()
      }
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @yielded
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.alloc()
// CHECK-NEXT: test.copy

// A buffer yielded by the loop (its alias, the iter_arg, is used at the
// loop's level) stays in the loop.
func.func @yielded(%lb: index, %ub: index, %s: index, %init: memref<2xf32>) -> memref<2xf32> {
  %r = scf.for %i = %lb to %ub step %s iter_args(%it = %init) -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    test.copy(%it, %a) : (memref<2xf32>, memref<2xf32>)
    scf.yield %a : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----

// CHECK-LABEL: func.func @while_parallel
// HOIST-NEXT: scf.while
// HOIST-NEXT: memref.alloca()
// HOIST: } do {
// HOIST-NEXT: memref.alloc()
// LOOP-NEXT: memref.alloc() : memref<2xf32>
// LOOP-NEXT: memref.alloca() : memref<2xf32>
// LOOP-NEXT: scf.while
// LOOP-NEXT: "test.read_buffer"
// LOOP: } do {
// LOOP-NEXT: "test.read_buffer"
// CHECK: scf.parallel
// CHECK-NEXT: memref.alloc()
// CHECK: scf.forall
// CHECK-NEXT: memref.alloc()

// scf.while is a loop (LoopLike); scf.parallel and scf.forall have
// parallel regions and are not left; allocas leave sequential loops.
func.func @while_parallel(%lb: index, %ub: index, %s: index, %c: i1) {
  scf.while : () -> () {
    %a = memref.alloca() : memref<2xf32>
    "test.read_buffer"(%a) : (memref<2xf32>) -> ()
    scf.condition(%c)
  } do {
    %b = memref.alloc() : memref<2xf32>
    "test.read_buffer"(%b) : (memref<2xf32>) -> ()
    scf.yield
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    %p = memref.alloc() : memref<2xf32>
    "test.read_buffer"(%p) : (memref<2xf32>) -> ()
    scf.reduce
  }
  scf.forall (%i) in (%ub) {
    %q = memref.alloc() : memref<2xf32>
    "test.read_buffer"(%q) : (memref<2xf32>) -> ()
  }
  return
}

// -----

// CHECK-LABEL: func.func @cfg_loop
// CHECK: ^bb1(%{{.*}}: index, %[[BUF:.*]]: memref<2xf32>):
// CHECK-NEXT: arith.cmpi
// HOIST-NEXT: %[[A:.*]] = memref.alloc()
// CHECK-NEXT: cf.cond_br
// CHECK-NEXT: ^bb2:
// LOOP-NEXT: %[[A:.*]] = memref.alloc()
// CHECK-NEXT: test.copy(%[[BUF]], %[[A]])

// A CFG loop whose body passes its buffer back to the header:
// buffer-hoisting moves the alloc to the common dominator of its aliases,
// the header, before the header's terminator (the header receives the
// buffer as an argument, so the buffer is not live into it);
// buffer-loop-hoisting only leaves region ops, so it stays.
func.func @cfg_loop(%n: index, %init: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %init : index, memref<2xf32>)
^head(%i: index, %buf: memref<2xf32>):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^body, ^exit
^body:
  %a = memref.alloc() : memref<2xf32>
  test.copy(%buf, %a) : (memref<2xf32>, memref<2xf32>)
  %next = arith.addi %i, %c1 : index
  cf.br ^head(%next, %a : index, memref<2xf32>)
^exit:
  "test.read_buffer"(%buf) : (memref<2xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @region_if
// CHECK-NEXT: test.region_if
// CHECK-NEXT: ^bb0
// CHECK-NEXT: memref.alloc()

// test.region_if is a RegionBranch op without a loop: a buffer used only
// in the then region stays there for both passes.
func.func @region_if(%arg0: memref<2xf32>) {
  %0 = test.region_if %arg0: memref<2xf32> -> memref<2xf32> then {
  ^bb0(%x: memref<2xf32>):
    %a = memref.alloc() : memref<2xf32>
    "test.read_buffer"(%a) : (memref<2xf32>) -> ()
    test.region_if_yield %x : memref<2xf32>
  } else {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  } join {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  }
  return
}
