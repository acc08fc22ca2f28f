// cf.br / cf.cond_br / cf.assert canonicalization patterns, compared with
// mlir-opt-19 (custom and generic output).
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

func.func @const_cond(%a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  "test.foo"(%x) : (i32) -> ()
  cf.br ^bb3(%x : i32)
^bb2(%y: i32):
  "test.bar"(%y) : (i32) -> ()
  cf.br ^bb3(%y : i32)
^bb3(%z: i32):
  return %z : i32
}

func.func @same_dest(%c: i1, %a: i32, %b: i32) -> i32 {
  "test.foo"() : () -> ()
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return %x : i32
}

func.func @same_dest_same_ops(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  return %x : i32
}

func.func @pass_through(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb4(%b : i32)
^bb3(%x: i32):
  "test.foo"(%x) : (i32) -> ()
  cf.br ^bb5(%x : i32)
^bb4(%y: i32):
  "test.bar"(%y) : (i32) -> ()
  cf.br ^bb5(%y : i32)
^bb5(%z: i32):
  return %z : i32
}

func.func @truth(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.use"(%c) : (i1) -> ()
  cf.br ^bb3
^bb2:
  "test.use"(%c) : (i1) -> ()
  cf.br ^bb3
^bb3:
  return
}

func.func @same_cond(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.x"() : () -> ()
  cf.cond_br %c, ^bb3, ^bb4
^bb2:
  "test.y"() : () -> ()
  cf.br ^bb4
^bb3:
  "test.z"() : () -> ()
  return
^bb4:
  return
}

func.func @loop(%n: index, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^hdr(%c0 : index)
^hdr(%i: index):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %f = arith.constant 1.0 : f32
  memref.store %f, %m[%i] : memref<?xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^hdr(%next : index)
^exit:
  return
}

func.func @asserts(%c: i1) {
  %t = arith.constant true
  cf.assert %t, "never"
  cf.assert %c, "maybe"
  return
}

// Expected output (mlir-opt-19 --canonicalize on this file):
// CHECK-LABEL: func.func @const_cond(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: "test.foo"(%arg0) : (i32) -> ()
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @same_dest(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: "test.foo"() : () -> ()
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @same_dest_same_ops(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @pass_through(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: "test.foo"(%0) : (i32) -> ()
// CHECK-NEXT: cf.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT: "test.bar"(%1) : (i32) -> ()
// CHECK-NEXT: cf.br ^bb3(%1 : i32)
// CHECK-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @truth(%arg0: i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @same_cond(%arg0: i1) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.x"() : () -> ()
// CHECK-NEXT: "test.z"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.y"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @loop(%arg0: index, %arg1: memref<?xf32>) {
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: cf.br ^bb1(%c0 : index)
// CHECK-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %1 = arith.cmpi slt, %0, %arg0 : index
// CHECK-NEXT: cf.cond_br %1, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: memref.store %cst, %arg1[%0] : memref<?xf32>
// CHECK-NEXT: %2 = arith.addi %0, %c1 : index
// CHECK-NEXT: cf.br ^bb1(%2 : index)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @asserts(%arg0: i1) {
// CHECK-NEXT: cf.assert %arg0, "maybe"
// CHECK-NEXT: return
// CHECK-NEXT: }
