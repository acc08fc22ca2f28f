// The IR visitor test passes on unstructured control flow, loops with
// back edges, nested regions and erasures, compared byte for byte with
// mlir-opt-19; the text goes to stdout before the module.
// RUN: bufopt %s -allow-unregistered-dialect -split-input-file -test-ir-visitors > %t.ours
// RUN: mlir-opt-19 %s -allow-unregistered-dialect -split-input-file -test-ir-visitors | diff %t.ours -
// RUN: bufopt %s -allow-unregistered-dialect -split-input-file -test-generic-ir-visitors > %t.generic
// RUN: mlir-opt-19 %s -allow-unregistered-dialect -split-input-file -test-generic-ir-visitors | diff %t.generic -
// RUN: bufopt %s -allow-unregistered-dialect -split-input-file -test-ir-visitors | FileCheck %s

// CHECK-LABEL: Op pre-order visits
// CHECK-NEXT: Visiting op 'builtin.module'
// CHECK-NEXT: Visiting op 'func.func'
// CHECK-NEXT: Visiting op 'a'
// Blocks in depth-first order over successors (forward) and in CFG
// post-order (reverse), each followed by the blocks nested in its ops.
// CHECK-LABEL: Block forward dominance post-order visits
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'func.func'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'b'
// CHECK-NEXT: Visiting block ^bb1 from region 0 from operation 'func.func'
// CHECK-NEXT: Visiting block ^bb2 from region 0 from operation 'func.func'
// CHECK-NEXT: Visiting block ^bb3 from region 0 from operation 'func.func'
// CHECK-LABEL: Block reverse dominance post-order visits
// CHECK-NEXT: Visiting block ^bb2 from region 0 from operation 'func.func'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'b'
// CHECK-NEXT: Visiting block ^bb1 from region 0 from operation 'func.func'
// CHECK-NEXT: Visiting block ^bb3 from region 0 from operation 'func.func'
// CHECK-NEXT: Visiting block ^bb0 from region 0 from operation 'func.func'
// CHECK-LABEL: Block pre-order erasures (skip)
// CHECK: Cannot erase block ^bb1 from region 0 from operation 'func.func', still has uses
// CHECK: module {
// CHECK-NEXT: func.func @cfg
func.func @cfg(%c: i1) {
  "a"() : () -> ()
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  "b"() ({
    "inner"() : () -> ()
  }) : () -> ()
  cf.br ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  return
}

// -----

// CHECK-LABEL: Op pre-order visits
// CHECK: Visiting op 'outer'
// CHECK: Op post-order erasures (no skip)
// CHECK-NEXT: Erasing op 'def'
// CHECK-NEXT: Erasing op 'use'
// CHECK-NEXT: Erasing op 'other'
// CHECK-NEXT: Erasing op 'outer'
func.func @nested() {
  "outer"() ({
    %0 = "def"() : () -> i32
    "use"(%0) : (i32) -> ()
  }, {
  ^bb0(%a: i32):
    "other"(%a) : (i32) -> ()
  }) {walk_blocks, walk_regions} : () -> ()
  return
}
