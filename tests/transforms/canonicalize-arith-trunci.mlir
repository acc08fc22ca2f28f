// arith.trunci patterns (of extensions, of a high-half shift, of a
// high-half product) and mulsi_extended by one; compared with mlir-opt-19.
// RUN: bufopt --canonicalize %s > %t.b && mlir-opt-19 --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @trunc_extui
// CHECK-NEXT: arith.extui %arg0 : i1 to i2
// CHECK-NEXT: arith.extui %arg1 : vector<4xi1> to vector<4xi2>
// CHECK-NOT: trunci
// CHECK-LABEL: func.func @trunc_extsi
// CHECK-NEXT: arith.extsi %arg0 : i8 to i16
// CHECK-NEXT: arith.trunci %arg0 : i8 to i4
// CHECK-NEXT: return %0, %arg0, %1
// CHECK-LABEL: func.func @trunc_shrsi
// CHECK: arith.shrui %arg0, %c32_i64 : i64
// CHECK: arith.shrsi %arg0, %c31_i64 : i64
// CHECK: arith.shrui %arg1, %cst : vector<2xi64>
// CHECK-LABEL: func.func @mul_high
// CHECK: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK: %low_0, %high_1 = arith.mului_extended %arg0, %arg1 : i32
// CHECK: arith.shrui %2, %c16_i64 : i64
// CHECK: return %high, %high_1, %4
// CHECK-LABEL: func.func @mulsi_one
// CHECK: %0 = arith.cmpi slt, %arg0, %c0_i32 : i32
// CHECK-NEXT: %1 = arith.extsi %0 : i1 to i32
// CHECK: arith.cmpi slt, %arg1, %cst : vector<3xi8>
// CHECK: %low, %high = arith.mulsi_extended %arg2, %true : i1
// CHECK: return %arg0, %1, %arg1, %3, %low, %high
func.func @trunc_extui(%a: i1, %v: vector<4xi1>) -> (i2, vector<4xi2>) {
  %0 = arith.extui %a : i1 to i8
  %1 = arith.trunci %0 : i8 to i2
  %2 = arith.extui %v : vector<4xi1> to vector<4xi8>
  %3 = arith.trunci %2 : vector<4xi8> to vector<4xi2>
  return %1, %3 : i2, vector<4xi2>
}
func.func @trunc_extsi(%a: i8) -> (i16, i8, i4) {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.trunci %0 : i32 to i16
  %2 = arith.trunci %0 : i32 to i8
  %3 = arith.trunci %0 : i32 to i4
  return %1, %2, %3 : i16, i8, i4
}
func.func @trunc_shrsi(%a: i64, %v: vector<2xi64>) -> (i32, i32, vector<2xi32>) {
  %c32 = arith.constant 32 : i64
  %c31 = arith.constant 31 : i64
  %0 = arith.shrsi %a, %c32 : i64
  %1 = arith.trunci %0 : i64 to i32
  %2 = arith.shrsi %a, %c31 : i64
  %3 = arith.trunci %2 : i64 to i32
  %cv = arith.constant dense<32> : vector<2xi64>
  %4 = arith.shrsi %v, %cv : vector<2xi64>
  %5 = arith.trunci %4 : vector<2xi64> to vector<2xi32>
  return %1, %3, %5 : i32, i32, vector<2xi32>
}
func.func @mul_high(%x: i32, %y: i32) -> (i32, i32, i32) {
  %c32 = arith.constant 32 : i64
  %xs = arith.extsi %x : i32 to i64
  %ys = arith.extsi %y : i32 to i64
  %m = arith.muli %xs, %ys : i64
  %h = arith.shrui %m, %c32 : i64
  %t = arith.trunci %h : i64 to i32
  %xu = arith.extui %x : i32 to i64
  %yu = arith.extui %y : i32 to i64
  %mu = arith.muli %xu, %yu : i64
  %hu = arith.shrui %mu, %c32 : i64
  %tu = arith.trunci %hu : i64 to i32
  %c16 = arith.constant 16 : i64
  %hb = arith.shrui %mu, %c16 : i64
  %tb = arith.trunci %hb : i64 to i32
  return %t, %tu, %tb : i32, i32, i32
}
func.func @mulsi_one(%x: i32, %v: vector<3xi8>, %b: i1) -> (i32, i32, vector<3xi8>, vector<3xi8>, i1, i1) {
  %c1 = arith.constant 1 : i32
  %lo, %hi = arith.mulsi_extended %x, %c1 : i32
  %cv = arith.constant dense<1> : vector<3xi8>
  %lv, %hv = arith.mulsi_extended %v, %cv : vector<3xi8>
  %t = arith.constant true
  %lb, %hb = arith.mulsi_extended %b, %t : i1
  return %lo, %hi, %lv, %hv, %lb, %hb : i32, i32, vector<3xi8>, vector<3xi8>, i1, i1
}
