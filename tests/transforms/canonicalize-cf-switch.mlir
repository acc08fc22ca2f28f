// cf.switch canonicalization patterns (only a default, cases matching the
// default, constant flag, pass-through destinations, switches on the flag of
// the predecessor switch), compared with mlir-opt-19.
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
func.func @only_default(%f: i32, %a: f32) -> f32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : f32)
  ]
^bb1(%x: f32):
  return %x : f32
}

func.func @const_flag(%a: f32, %b: f32) -> f32 {
  %c7 = arith.constant 7 : i32
  cf.switch %c7 : i32, [
    default: ^bb1(%a : f32),
    3: ^bb2,
    7: ^bb3(%b : f32)
  ]
^bb1(%x: f32):
  return %x : f32
^bb2:
  "test.two"() : () -> ()
  return %a : f32
^bb3(%y: f32):
  "test.three"(%y) : (f32) -> ()
  return %y : f32
}

func.func @drop_and_pass(%f: i8, %a: f32, %b: f32) -> f32 {
  cf.switch %f : i8, [
    default: ^bb1(%a : f32),
    1: ^bb1(%a : f32),
    2: ^bb1(%b : f32),
    -1: ^pass
  ]
^pass:
  cf.br ^bb2(%b : f32)
^bb1(%x: f32):
  "test.one"(%x) : (f32) -> ()
  return %x : f32
^bb2(%y: f32):
  "test.two"(%y) : (f32) -> ()
  return %y : f32
}

func.func @same_flag(%f: i32) {
  cf.switch %f : i32, [
    default: ^def,
    1: ^one,
    2: ^two
  ]
^one:
  "test.one"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb_a,
    1: ^bb_b
  ]
^def:
  "test.def"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb_a,
    2: ^bb_b,
    5: ^bb_c
  ]
^two:
  return
^bb_a:
  "test.a"() : () -> ()
  return
^bb_b:
  "test.b"() : () -> ()
  return
^bb_c:
  "test.c"() : () -> ()
  return
}

// Expected output (mlir-opt-19 --canonicalize on this file):
// CHECK-LABEL: func.func @only_default(%arg0: i32, %arg1: f32) -> f32 {
// CHECK-NEXT: return %arg1 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @const_flag(%arg0: f32, %arg1: f32) -> f32 {
// CHECK-NEXT: "test.three"(%arg1) : (f32) -> ()
// CHECK-NEXT: return %arg1 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @drop_and_pass(%arg0: i8, %arg1: f32, %arg2: f32) -> f32 {
// CHECK-NEXT: cf.switch %arg0 : i8, [
// CHECK-NEXT: default: ^bb1(%arg1 : f32),
// CHECK-NEXT: 2: ^bb1(%arg2 : f32),
// CHECK-NEXT: 255: ^bb2(%arg2 : f32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: f32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: "test.one"(%0) : (f32) -> ()
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: ^bb2(%1: f32):  // pred: ^bb0
// CHECK-NEXT: "test.two"(%1) : (f32) -> ()
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @same_flag(%arg0: i32) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2,
// CHECK-NEXT: 1: ^bb1,
// CHECK-NEXT: 2: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.one"() : () -> ()
// CHECK-NEXT: "test.b"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "test.def"() : () -> ()
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb4,
// CHECK-NEXT: 5: ^bb5
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb3:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: ^bb4:  // pred: ^bb2
// CHECK-NEXT: "test.a"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb5:  // pred: ^bb2
// CHECK-NEXT: "test.c"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
