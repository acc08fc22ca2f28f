// scf.if / scf.for / scf.execute_region canonicalization patterns and the
// scf.if folder, compared with mlir-opt-19 (custom and generic output).
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

func.func @if_const(%a: i32, %b: i32) -> (i32, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = scf.if %t -> i32 {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  %1 = scf.if %f -> i32 {
    scf.yield %a : i32
  } else {
    %m = arith.muli %a, %b : i32
    scf.yield %m : i32
  }
  scf.if %f {
    "test.foo"() : () -> ()
  }
  return %0, %1 : i32, i32
}

func.func @if_select(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32) {
  %0:3 = scf.if %c -> (i32, i32, i32) {
    %x = "test.make"() : () -> i32
    scf.yield %a, %x, %b : i32, i32, i32
  } else {
    scf.yield %b, %a, %b : i32, i32, i32
  }
  return %0#0, %0#1, %0#2 : i32, i32, i32
}

func.func @if_unused(%c: i1, %m: memref<4xi32>) -> i32 {
  %0:2 = scf.if %c -> (i32, i32) {
    %x = "test.make"() : () -> i32
    %y = "test.make"() : () -> i32
    scf.yield %x, %y : i32, i32
  } else {
    %x = "test.make2"() : () -> i32
    %y = "test.make2"() : () -> i32
    scf.yield %x, %y : i32, i32
  }
  return %0#1 : i32
}

func.func @if_empty_else(%c: i1) {
  scf.if %c {
    "test.foo"() : () -> ()
  } else {
  }
  return
}

func.func @if_cond_prop(%c: i1) {
  scf.if %c {
    "test.use"(%c) : (i1) -> ()
  } else {
    "test.use"(%c) : (i1) -> ()
  }
  return
}

func.func @if_yield_cond(%c: i1) -> (i1, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %0:2 = scf.if %c -> (i1, i1) {
    "test.foo"() : () -> ()
    scf.yield %t, %f : i1, i1
  } else {
    "test.bar"() : () -> ()
    scf.yield %f, %t : i1, i1
  }
  return %0#0, %0#1 : i1, i1
}

func.func @if_not(%c: i1) {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  scf.if %n {
    "test.foo"() : () -> ()
  } else {
    "test.bar"() : () -> ()
  }
  return
}

func.func @combine(%c: i1) -> (i32, i32) {
  %0 = scf.if %c -> i32 {
    %x = "test.a"() : () -> i32
    scf.yield %x : i32
  } else {
    %x = "test.b"() : () -> i32
    scf.yield %x : i32
  }
  %1 = scf.if %c -> i32 {
    %y = "test.c"(%0) : (i32) -> i32
    scf.yield %y : i32
  } else {
    %y = "test.d"(%0) : (i32) -> i32
    scf.yield %y : i32
  }
  return %0, %1 : i32, i32
}

func.func @nested(%a: i1, %b: i1) {
  scf.if %a {
    scf.if %b {
      "test.foo"() : () -> ()
    }
  }
  return
}

func.func @for_zero(%m: memref<4xf32>, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%acc = %init) -> f32 {
    %v = memref.load %m[%i] : memref<4xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %r : f32
}

func.func @for_one(%m: memref<4xf32>, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c4 iter_args(%acc = %init) -> f32 {
    %v = memref.load %m[%i] : memref<4xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %r : f32
}

func.func @for_iter_args(%m: memref<4xf32>, %a: f32, %b: f32, %n: index) -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %a) -> (f32, f32, f32) {
    %v = memref.load %m[%i] : memref<4xf32>
    %s = arith.addf %y, %v : f32
    scf.yield %x, %s, %a : f32, f32, f32
  }
  return %r#0, %r#1, %r#2 : f32, f32, f32
}

func.func @for_addi(%lb: index, %m: memref<8xf32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %ub = arith.addi %lb, %c2 : index
  scf.for %i = %lb to %ub step %c3 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

func.func @for_empty(%a: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%x = %n) -> index {
    scf.yield %c0 : index
  }
  %u = arith.index_cast %r : index to i32
  %f = arith.sitofp %u : i32 to f32
  return %f : f32
}

func.func @exec(%a: i32) -> i32 {
  %0 = scf.execute_region -> i32 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  %1 = scf.execute_region -> i32 {
    %c = "test.cond"() : () -> i1
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %0 : i32
  ^bb2:
    scf.yield %a : i32
  }
  return %1 : i32
}

// Expected output (mlir-opt-19 --canonicalize on this file):
// CHECK-LABEL: func.func @if_const(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: return %0, %1 : i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @if_select(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %2 = "test.make"() : () -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %1, %arg2 : i32, i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @if_unused(%arg0: i1, %arg1: memref<4xi32>) -> i32 {
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = "test.make"() : () -> i32
// CHECK-NEXT: %2 = "test.make"() : () -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = "test.make2"() : () -> i32
// CHECK-NEXT: %2 = "test.make2"() : () -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @if_empty_else(%arg0: i1) {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.foo"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @if_cond_prop(%arg0: i1) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @if_yield_cond(%arg0: i1) -> (i1, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.foo"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.bar"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0, %0 : i1, i1
// CHECK-NEXT: }
// CHECK-LABEL: func.func @if_not(%arg0: i1) {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.bar"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.foo"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @combine(%arg0: i1) -> (i32, i32) {
// CHECK-NEXT: %0:2 = scf.if %arg0 -> (i32, i32) {
// CHECK-NEXT: %1 = "test.a"() : () -> i32
// CHECK-NEXT: %2 = "test.c"(%1) : (i32) -> i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = "test.b"() : () -> i32
// CHECK-NEXT: %2 = "test.d"(%1) : (i32) -> i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @nested(%arg0: i1, %arg1: i1) {
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: "test.foo"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @for_zero(%arg0: memref<4xf32>, %arg1: f32) -> f32 {
// CHECK-NEXT: return %arg1 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @for_one(%arg0: memref<4xf32>, %arg1: f32) -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = memref.load %arg0[%c0] : memref<4xf32>
// CHECK-NEXT: %1 = arith.addf %arg1, %0 : f32
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @for_iter_args(%arg0: memref<4xf32>, %arg1: f32, %arg2: f32, %arg3: index) -> (f32, f32, f32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg4 = %c0 to %arg3 step %c1 iter_args(%arg5 = %arg2) -> (f32) {
// CHECK-NEXT: %1 = memref.load %arg0[%arg4] : memref<4xf32>
// CHECK-NEXT: %2 = arith.addf %arg5, %1 : f32
// CHECK-NEXT: scf.yield %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %arg1, %0, %arg1 : f32, f32, f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @for_addi(%arg0: index, %arg1: memref<8xf32>) {
// CHECK-NEXT: "test.use"(%arg0) : (index) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @for_empty(%arg0: f32, %arg1: index) -> f32 {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: return %cst : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @exec(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %1 = "test.cond"() : () -> i1
// CHECK-NEXT: %2 = arith.select %1, %0, %arg0 : i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
