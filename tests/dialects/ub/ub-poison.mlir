// `ub.poison` and the poison folds of arith and math: constant folders
// propagate a poison operand, materialized as `ub.poison` (equal poison
// constants are merged), and `select` takes the arm that is not poison.
// RUN: bufopt %s -split-input-file --canonicalize | FileCheck %s
// RUN: mlir-opt-19 %s -split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @propagate
// CHECK-SAME: (%[[A:.*]]: i16, %[[F:.*]]: f64)
// CHECK-DAG: %[[PI:.*]] = ub.poison : i16
// CHECK-DAG: %[[PF:.*]] = ub.poison : f64
// CHECK-DAG: %[[PE:.*]] = ub.poison : i32
// CHECK-DAG: %[[S:.*]] = arith.shli %[[PI]], %[[PI]] : i16
// CHECK: return %[[PI]], %[[PI]], %[[PF]], %[[PF]], %[[PE]], %[[S]], %[[A]]
func.func @propagate(%a: i16, %f: f64) -> (i16, i16, f64, f64, i32, i16, i16) {
  %p = ub.poison : i16
  %q = ub.poison <#ub.poison> : i16
  %pf = ub.poison : f64
  %0 = arith.muli %a, %p : i16
  %1 = arith.divui %q, %a : i16
  %2 = arith.mulf %f, %pf : f64
  %3 = math.sqrt %pf : f64
  %4 = arith.extui %p : i16 to i32
  // Shifts do not fold a poison operand (as upstream).
  %5 = arith.shli %p, %q : i16
  %c = arith.constant true
  %6 = arith.select %c, %a, %p : i16
  return %0, %1, %2, %3, %4, %5, %6 : i16, i16, f64, f64, i32, i16, i16
}

// -----

// CHECK-LABEL: func.func @select_arm
// CHECK-SAME: (%[[C:.*]]: i1, %[[V:.*]]: vector<4xf32>)
// CHECK: return %[[V]], %[[V]]
func.func @select_arm(%c: i1, %v: vector<4xf32>) -> (vector<4xf32>, vector<4xf32>) {
  %p = ub.poison : vector<4xf32>
  %0 = arith.select %c, %p, %v : vector<4xf32>
  %1 = arith.select %c, %v, %p : vector<4xf32>
  return %0, %1 : vector<4xf32>, vector<4xf32>
}
