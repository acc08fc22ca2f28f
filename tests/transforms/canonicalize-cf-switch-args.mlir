// Block-argument elimination and block merging through cf.switch: its
// successor operands are edited through BranchOpMut (case_operand_segments
// follows), compared with mlir-opt-19.
// RUN: bufopt --canonicalize %s > %t.b && mlir-opt-19 --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive}))' --mlir-print-op-generic %s > %t.b && mlir-opt-19 --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive}))' --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --canonicalize %s | FileCheck %s --check-prefix=NORMAL
// RUN: bufopt --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive}))' %s | FileCheck %s --check-prefix=AGGR

// NORMAL-LABEL: func.func @dead_arg
// NORMAL:      cf.switch %arg0 : i32, [
// NORMAL-NEXT:   default: ^bb1(%arg1 : i32),
// NORMAL-NEXT:   1: ^bb2(%arg2 : i32),
// NORMAL-NEXT:   2: ^bb3
// NORMAL-NEXT: ]
// NORMAL:      ^bb2(%{{.*}}: i32):
// NORMAL:      ^bb3:
func.func @dead_arg(%f: i32, %x: i32, %y: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%x : i32),
    1: ^bb2(%y, %x : i32, i32),
    2: ^bb3(%x : i32)
  ]
^bb1(%a: i32):
  return %a : i32
^bb2(%b: i32, %unused: i32):
  return %b : i32
^bb3(%c: i32):
  return %y : i32
}

// AGGR-LABEL: func.func @merge
// AGGR:      cf.switch %arg0 : i32, [
// AGGR-NEXT:   default: ^bb1(%arg1 : i32),
// AGGR-NEXT:   1: ^bb1(%arg2 : i32),
// AGGR-NEXT:   2: ^bb2
// AGGR-NEXT: ]
// AGGR:      ^bb1([[V:%.*]]: i32):  // 2 preds: ^bb0, ^bb0
// AGGR-NEXT:   arith.addi [[V]], [[V]] : i32

func.func @merge(%f: i32, %x: i32, %y: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb3(%y : i32)
  ]
^bb1:
  %0 = arith.addi %x, %x : i32
  return %0 : i32
^bb2:
  %1 = arith.addi %y, %y : i32
  return %1 : i32
^bb3(%z: i32):
  return %z : i32
}


// AGGR-LABEL: func.func @redundant
// AGGR:       default: ^bb1(%arg1, %arg1 : i32, i32),
// AGGR-NEXT:  1: ^bb1(%arg2, %arg2 : i32, i32)
func.func @redundant(%f: i32, %x: i32, %y: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%x, %x : i32, i32),
    1: ^bb1(%y, %y : i32, i32)
  ]
^bb1(%a: i32, %b: i32):
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
