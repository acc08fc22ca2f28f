// arith canonicalization patterns (ArithCanonicalization.td and SelectToExtUI),
// compared with mlir-opt-19 (custom and generic output).
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

func.func @addi_chain(%x: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %x, %c1 overflow<nsw> : i32
  %b = arith.addi %a, %c2 overflow<nsw> : i32
  %s = arith.subi %x, %c1 : i32
  %d = arith.addi %s, %c2 : i32
  %s2 = arith.subi %c1, %x : i32
  %e = arith.addi %s2, %c2 : i32
  return %b, %d, %e : i32, i32, i32
}

func.func @subi_chain(%x: index) -> (index, index, index, index, index, index, index) {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %a = arith.addi %x, %c3 : index
  %r0 = arith.subi %a, %c5 : index
  %r1 = arith.subi %c5, %a : index
  %s = arith.subi %x, %c3 : index
  %r2 = arith.subi %s, %c5 : index
  %t = arith.subi %c3, %x : index
  %r3 = arith.subi %t, %c5 : index
  %r4 = arith.subi %c5, %s : index
  %r5 = arith.subi %c5, %t : index
  %y = "test.v"() : () -> index
  %u = arith.subi %x, %y : index
  %r6 = arith.subi %u, %x : index
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : index, index, index, index, index, index, index
}

func.func @mul(%x: i64, %y: i64) -> (i64, i64, i64) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %m1 = arith.constant -1 : i64
  %a = arith.muli %x, %c3 : i64
  %b = arith.muli %a, %c4 : i64
  %n = arith.muli %y, %m1 : i64
  %c = arith.addi %x, %n : i64
  %d = arith.addi %n, %x : i64
  return %b, %c, %d : i64, i64, i64
}

func.func @cmp_select(%a: i32, %b: i32, %c: i1, %p: i8, %q: i8) -> (i1, i1, i32, i32, i1, i32, i32, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %lt = arith.cmpi slt, %a, %b : i32
  %nlt = arith.xori %lt, %t : i1
  %e1 = arith.extsi %p : i8 to i32
  %e2 = arith.extsi %q : i8 to i32
  %eq = arith.cmpi eq, %e1, %e2 : i32
  %nc = arith.xori %c, %t : i1
  %s0 = arith.select %nc, %a, %b : i32
  %s1 = arith.select %c, %a, %b : i32
  %s2 = arith.select %c, %s1, %b : i32
  %sn = arith.select %c, %f, %t : i1
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %z0 = arith.select %c, %c1, %c0 : i32
  %z1 = arith.select %c, %c0, %c1 : i32
  %same = arith.cmpi sle, %a, %a : i32
  return %nlt, %eq, %s0, %s2, %sn, %z0, %z1, %same : i1, i1, i32, i32, i1, i32, i32, i1
}

func.func @casts(%x: i32, %i: index, %y: i16, %f: f32) -> (i32, index, index, f32, i64, i32, i32) {
  %a = arith.index_cast %x : i32 to index
  %b = arith.index_cast %a : index to i32
  %e = arith.extsi %y : i16 to i32
  %c = arith.index_cast %e : i32 to index
  %u = arith.extui %y : i16 to i32
  %d = arith.index_castui %u : i32 to index
  %g = arith.bitcast %f : f32 to i32
  %h = arith.bitcast %g : i32 to f32
  %k = arith.extui %y : i16 to i32
  %l = arith.extsi %k : i32 to i64
  %y2 = "test.v"() : () -> i16
  %u2 = arith.extui %y2 : i16 to i32
  %and = arith.andi %u, %u2 : i32
  %e3 = arith.extsi %y2 : i16 to i32
  %or = arith.ori %e, %e3 : i32
  return %b, %c, %d, %h, %l, %and, %or : i32, index, index, f32, i64, i32, i32
}

// Expected output (mlir-opt-19 --canonicalize on this file):
// CHECK-LABEL: func.func @addi_chain(%arg0: i32) -> (i32, i32, i32) {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c3_i32 overflow<nsw> : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT: %2 = arith.subi %c3_i32, %arg0 : i32
// CHECK-NEXT: return %0, %1, %2 : i32, i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @subi_chain(%arg0: index) -> (index, index, index, index, index, index, index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c-2 = arith.constant -2 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c-2 : index
// CHECK-NEXT: %1 = arith.subi %c2, %arg0 : index
// CHECK-NEXT: %2 = arith.subi %arg0, %c8 : index
// CHECK-NEXT: %3 = arith.subi %c-2, %arg0 : index
// CHECK-NEXT: %4 = arith.subi %c8, %arg0 : index
// CHECK-NEXT: %5 = arith.addi %arg0, %c2 : index
// CHECK-NEXT: %6 = "test.v"() : () -> index
// CHECK-NEXT: %7 = arith.subi %c0, %6 : index
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %7 : index, index, index, index, index, index, index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @mul(%arg0: i64, %arg1: i64) -> (i64, i64, i64) {
// CHECK-NEXT: %c12_i64 = arith.constant 12 : i64
// CHECK-NEXT: %0 = arith.muli %arg0, %c12_i64 : i64
// CHECK-NEXT: %1 = arith.subi %arg0, %arg1 : i64
// CHECK-NEXT: %2 = arith.subi %arg0, %arg1 : i64
// CHECK-NEXT: return %0, %1, %2 : i64, i64, i64
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cmp_select(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i8, %arg4: i8) -> (i1, i1, i32, i32, i1, i32, i32, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.cmpi eq, %arg3, %arg4 : i8
// CHECK-NEXT: %2 = arith.select %arg2, %arg1, %arg0 : i32
// CHECK-NEXT: %3 = arith.select %arg2, %arg0, %arg1 : i32
// CHECK-NEXT: %4 = arith.xori %arg2, %true : i1
// CHECK-NEXT: %5 = arith.extui %arg2 : i1 to i32
// CHECK-NEXT: %6 = arith.xori %arg2, %true : i1
// CHECK-NEXT: %7 = arith.extui %6 : i1 to i32
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %7, %true : i1, i1, i32, i32, i1, i32, i32, i1
// CHECK-NEXT: }
// CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: index, %arg2: i16, %arg3: f32) -> (i32, index, index, f32, i64, i32, i32) {
// CHECK-NEXT: %0 = arith.index_cast %arg2 : i16 to index
// CHECK-NEXT: %1 = arith.index_castui %arg2 : i16 to index
// CHECK-NEXT: %2 = arith.extui %arg2 : i16 to i64
// CHECK-NEXT: %3 = "test.v"() : () -> i16
// CHECK-NEXT: %4 = arith.andi %arg2, %3 : i16
// CHECK-NEXT: %5 = arith.extui %4 : i16 to i32
// CHECK-NEXT: %6 = arith.ori %arg2, %3 : i16
// CHECK-NEXT: %7 = arith.extsi %6 : i16 to i32
// CHECK-NEXT: return %arg0, %0, %1, %arg3, %2, %5, %7 : i32, index, index, f32, i64, i32, i32
// CHECK-NEXT: }
