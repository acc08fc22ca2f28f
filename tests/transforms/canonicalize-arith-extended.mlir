// More arith patterns: addi of a product by a splat -1, extended
// arithmetic with an unused high part, mulf/divf of two negations; compared
// with mlir-opt-19.
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
func.func @negate_splat(%x: vector<4xi32>, %y: vector<4xi32>) -> vector<4xi32> {
  %m1 = arith.constant dense<-1> : vector<4xi32>
  %n = arith.muli %y, %m1 : vector<4xi32>
  %r = arith.addi %x, %n : vector<4xi32>
  return %r : vector<4xi32>
}

func.func @extended(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mulsi_extended %a, %b : i32
  %ul, %uh = arith.mului_extended %s, %l : i32
  return %s, %l, %ul, %h : i32, i32, i32, i32
}

func.func @neg_pairs(%a: f32, %b: f32, %c: f64) -> (f32, f32) {
  %na = arith.negf %a : f32
  %nb = arith.negf %b : f32
  %m = arith.mulf %na, %nb fastmath<fast> : f32
  %d = arith.divf %na, %nb : f32
  return %m, %d : f32, f32
}

// Expected output (mlir-opt-19 --canonicalize on this file):
// CHECK-LABEL: func.func @negate_splat(%arg0: vector<4xi32>, %arg1: vector<4xi32>) -> vector<4xi32> {
// CHECK-NEXT: %0 = arith.subi %arg0, %arg1 : vector<4xi32>
// CHECK-NEXT: return %0 : vector<4xi32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @extended(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32) {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.muli %0, %low : i32
// CHECK-NEXT: return %0, %low, %1, %high : i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @neg_pairs(%arg0: f32, %arg1: f32, %arg2: f64) -> (f32, f32) {
// CHECK-NEXT: %0 = arith.mulf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: %1 = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT: return %0, %1 : f32, f32
// CHECK-NEXT: }
