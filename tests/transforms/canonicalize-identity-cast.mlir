// Casts whose operand and result types are equal fold away (the
// CastOpInterface trait folder), compared with mlir-opt-19.
// RUN: bufopt --canonicalize %s > %t.b && mlir-opt-19 --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @bitcast_same_type(
// CHECK-SAME: %[[X:.*]]: i32, %[[Y:.*]]: f32)
// CHECK-NEXT: return %[[X]], %[[Y]] : i32, f32
func.func @bitcast_same_type(%x: i32, %y: f32) -> (i32, f32) {
  %0 = arith.bitcast %x : i32 to i32
  %1 = arith.bitcast %y : f32 to f32
  return %0, %1 : i32, f32
}

// CHECK-LABEL: func.func @bitcast_other_type(
// CHECK: arith.bitcast
func.func @bitcast_other_type(%x: i32) -> f32 {
  %0 = arith.bitcast %x : i32 to f32
  return %0 : f32
}

// CHECK-LABEL: func.func @unrealized_same_type(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NEXT: return %[[X]] : i32
func.func @unrealized_same_type(%x: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %x : i32 to i32
  return %0 : i32
}

// CHECK-LABEL: func.func @unrealized_round_trip(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NEXT: return %[[X]] : i32
func.func @unrealized_round_trip(%x: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %x : i32 to f32
  %1 = builtin.unrealized_conversion_cast %0 : f32 to i32
  return %1 : i32
}

// CHECK-LABEL: func.func @unrealized_kept(
// CHECK: builtin.unrealized_conversion_cast
func.func @unrealized_kept(%x: i32) -> f32 {
  %0 = builtin.unrealized_conversion_cast %x : i32 to f32
  return %0 : f32
}
