// Dead code analysis prunes branches on constants through the branch
// interfaces: a cf.switch on a constant flag takes its matching case only,
// a cf.cond_br on a constant takes one edge, and an scf.if on a constant
// enters one region. Output as mlir-opt-19's.
// RUN: bufopt %s -test-dead-code-analysis 2>&1 >/dev/null | FileCheck %s
// RUN: bufopt %s -test-dead-code-analysis -o /dev/null 2> %t.ours
// RUN: mlir-opt-19 %s -test-dead-code-analysis -o /dev/null 2>&1 | diff %t.ours -

// CHECK-LABEL: switch:
// CHECK-NEXT:  region #0
// CHECK-NEXT:   ^bb0 = live
// CHECK-NEXT:   ^bb1 = dead
// CHECK-NEXT:    from ^bb0 = dead
// CHECK-NEXT:   ^bb2 = live
// CHECK-NEXT:    from ^bb0 = live
// CHECK-NEXT:   ^bb3 = dead
// CHECK-NEXT:    from ^bb0 = dead
func.func @switch_const() attributes {tag = "switch"} {
  %c = arith.constant 42 : i32
  cf.switch %c : i32, [
    default: ^bb1,
    42: ^bb2,
    7: ^bb3
  ]
^bb1:
  return
^bb2:
  return
^bb3:
  return
}

// CHECK-LABEL: loop:
// CHECK-NEXT:  region #0
// CHECK-NEXT:   ^bb0 = live
// CHECK-NEXT:   ^bb1 = live
// CHECK-NEXT:    from ^bb1 = live
// CHECK-NEXT:    from ^bb0 = live
// CHECK-NEXT:   ^bb2 = dead
// CHECK-NEXT:    from ^bb1 = dead
func.func @loop_forever() attributes {tag = "loop"} {
  %true = arith.constant true
  cf.br ^bb1
^bb1:
  cf.cond_br %true, ^bb1, ^bb2
^bb2:
  return
}

// CHECK-LABEL: then_only:
// CHECK-NEXT:  region #0
// CHECK-NEXT:   ^bb0 = live
// CHECK-NEXT: region_preds: (all) predecessors:
// CHECK-NEXT:   scf.if %true -> (i32) {
// CHECK:       region #1
// CHECK-NEXT:   ^bb0 = dead
// CHECK:      op_preds: (all) predecessors:
// CHECK-NEXT:   scf.yield %c1_i32 : i32
func.func @if_const() -> i32 {
  %true = arith.constant true
  %r = scf.if %true -> (i32) {
    %c1 = arith.constant 1 : i32
    scf.yield %c1 : i32
  } else {
    %c2 = arith.constant 2 : i32
    scf.yield %c2 : i32
  } {tag = "then_only"}
  return %r : i32
}
