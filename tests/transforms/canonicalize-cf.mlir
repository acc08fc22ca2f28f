// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b

// A loop-carried block argument that only feeds its own update is dead:
// the argument, its update and the forwarded operands (with the
// `operandSegmentSizes` of `cf.cond_br`) go.
// CHECK-LABEL: func.func @dead_loop_arg
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    cf.br ^bb1(%[[C0]] : i32)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: i32):
// CHECK-NEXT:    %[[N:.*]] = arith.addi %[[I]], %arg0 : i32
// CHECK-NEXT:    %[[C:.*]] = "foo.cond"(%[[N]])
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1(%[[N]] : i32), ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return %[[I]] : i32
func.func @dead_loop_arg(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%c0, %c1 : i32, i32)
^bb1(%i: i32, %dead: i32):
  %next = arith.addi %i, %n : i32
  %d2 = arith.muli %dead, %n : i32
  %cond = "foo.cond"(%next) : (i32) -> i1
  cf.cond_br %cond, ^bb1(%next, %d2 : i32, i32), ^bb2
^bb2:
  return %i : i32
}

// An argument used by a live op stays.
// CHECK-LABEL: func.func @live_loop_arg
// CHECK:       ^bb1(%{{.*}}: i32, %{{.*}}: i32):
func.func @live_loop_arg(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%c0, %c1 : i32, i32)
^bb1(%i: i32, %live: i32):
  %next = arith.addi %i, %n : i32
  %d2 = arith.muli %live, %n : i32
  "foo.sink"(%d2) : (i32) -> ()
  %cond = "foo.cond"(%next) : (i32) -> i1
  cf.cond_br %cond, ^bb1(%next, %d2 : i32, i32), ^bb2
^bb2:
  return %i : i32
}
