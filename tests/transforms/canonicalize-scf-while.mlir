// scf.while canonicalization patterns (RemoveLoopInvariantArgsFromBeforeBlock,
// RemoveLoopInvariantValueYielded, WhileConditionTruth, WhileCmpCond,
// WhileUnusedResult, WhileRemoveDuplicatedResults, WhileRemoveUnusedArgs,
// WhileOpAlignBeforeArgs), compared with mlir-opt-19.
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
func.func @truth(%n: i32, %m: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.while (%i = %c0, %unused = %n) : (i32, i32) -> (i32, i1) {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt) %i, %lt : i32, i1
  } do {
  ^bb0(%x: i32, %c: i1):
    "test.use"(%c) : (i1) -> ()
    %lt2 = arith.cmpi slt, %x, %n : i32
    %ge2 = arith.cmpi sge, %x, %n : i32
    "test.use2"(%lt2, %ge2) : (i1, i1) -> ()
    %one = arith.constant 1 : i32
    %next = arith.addi %x, %one : i32
    scf.yield %next, %n : i32, i32
  }
  return %r#0 : i32
}

func.func @dups(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %r:3 = scf.while (%i = %c0) : (i32) -> (i32, i32, i32) {
    %lt = "test.cond"(%i) : (i32) -> i1
    scf.condition(%lt) %i, %i, %n : i32, i32, i32
  } do {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %s = arith.addi %x, %y : i32
    scf.yield %s : i32
  }
  return %r#0, %r#1 : i32, i32
}

func.func @invariant_yield(%n: i32, %k: f32) -> (i32, f32) {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.while (%i = %c0) : (i32) -> (i32, f32) {
    %lt = "test.cond"(%i) : (i32) -> i1
    scf.condition(%lt) %i, %k : i32, f32
  } do {
  ^bb0(%x: i32, %f: f32):
    "test.use"(%f) : (f32) -> ()
    %y = "test.next"(%x) : (i32) -> i32
    scf.yield %y : i32
  }
  return %r#0, %r#1 : i32, f32
}

func.func @align(%a: i32, %b: f32) -> (f32, i32) {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, f32) -> (f32, i32) {
    %c = "test.cond"(%x, %y) : (i32, f32) -> i1
    scf.condition(%c) %y, %x : f32, i32
  } do {
  ^bb0(%p: f32, %q: i32):
    %q2 = "test.next"(%q) : (i32) -> i32
    %p2 = "test.nextf"(%p) : (f32) -> f32
    scf.yield %q2, %p2 : i32, f32
  }
  return %r#0, %r#1 : f32, i32
}

func.func @invariant_before(%a: i32, %b: i32) -> i32 {
  %r = scf.while (%x = %a, %inv = %b) : (i32, i32) -> i32 {
    %c = "test.cond"(%x, %inv) : (i32, i32) -> i1
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%p: i32):
    %n = "test.next"(%p) : (i32) -> i32
    scf.yield %n, %b : i32, i32
  }
  return %r : i32
}

// Expected output (mlir-opt-19 --canonicalize on this file):
// CHECK-LABEL: func.func @truth(%arg0: i32, %arg1: memref<?xi32>) -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %0 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg2, %arg0 : i32
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use2"(%true, %false) : (i1, i1) -> ()
// CHECK-NEXT: %1 = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dups(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = scf.while (%arg1 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %1 = "test.cond"(%arg1) : (i32) -> i1
// CHECK-NEXT: scf.condition(%1) %arg1 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT: %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %0 : i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @invariant_yield(%arg0: i32, %arg1: f32) -> (i32, f32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %1 = "test.cond"(%arg2) : (i32) -> i1
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: "test.use"(%arg1) : (f32) -> ()
// CHECK-NEXT: %1 = "test.next"(%arg2) : (i32) -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %arg1 : i32, f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @align(%arg0: i32, %arg1: f32) -> (f32, i32) {
// CHECK-NEXT: %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, f32) -> (i32, f32) {
// CHECK-NEXT: %1 = "test.cond"(%arg2, %arg3) : (i32, f32) -> i1
// CHECK-NEXT: scf.condition(%1) %arg2, %arg3 : i32, f32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: f32):
// CHECK-NEXT: %1 = "test.next"(%arg2) : (i32) -> i32
// CHECK-NEXT: %2 = "test.nextf"(%arg3) : (f32) -> f32
// CHECK-NEXT: scf.yield %1, %2 : i32, f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#1, %0#0 : f32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @invariant_before(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %1 = "test.cond"(%arg2, %arg1) : (i32, i32) -> i1
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %1 = "test.next"(%arg2) : (i32) -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
