// The folder of affine.apply: constant operands evaluate the map, and a map
// whose result is a dim or a symbol folds to that operand.
// RUN: bufopt %s --canonicalize | FileCheck %s
// RUN: mlir-opt-19 %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @fold
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C14:.*]] = arith.constant 14 : index
// CHECK-DAG: %[[CM9:.*]] = arith.constant -9 : index
// CHECK-DAG: %[[CM2:.*]] = arith.constant -2 : index
// CHECK-NOT: affine.apply
// CHECK: return %[[C14]], %[[C3]], %[[CM9]], %[[N]], %[[CM2]]
func.func @fold(%n: index) -> (index, index, index, index, index) {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %a = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1 floordiv 2)>(%c3, %c5)
  %b = affine.apply affine_map<(d0)[s0] -> (s0)>(%n)[%c3]
  %c = affine.apply affine_map<(d0) -> (d0 mod 4 - 10)>(%c5)
  %d = affine.apply affine_map<(d0)[s0] -> (d0)>(%n)[%c5]
  %e = affine.apply affine_map<(d0) -> ((d0 - 9) ceildiv 2)>(%c5)
  return %a, %b, %c, %d, %e : index, index, index, index, index
}

// affine.min / affine.max fold when every result is constant, and a
// `()[s0] -> (s0)` map folds to its operand.
// CHECK-LABEL: func.func @min_max
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NOT: affine.min
// CHECK-NOT: affine.max
// CHECK: return %[[C8]], %[[N]], %[[C2]]
func.func @min_max(%n: index) -> (index, index, index) {
  %c4 = arith.constant 4 : index
  %b = affine.max affine_map<(d0, d1) -> (d0 * 2, d1)>(%c4, %c4)
  %c = affine.min affine_map<()[s0] -> (s0)>()[%n]
  %d = affine.min affine_map<(d0) -> (d0 floordiv 2, 3)>(%c4)
  return %b, %c, %d : index, index, index
}
