// RUN: my-opt %s --canonicalize --split-input-file | FileCheck %s

// Scaling by one is the identity; the trace is kept for its effect.
// CHECK-LABEL: func.func @scale_by_one(
//  CHECK-SAME:     %[[X:.*]]: tensor<4xf32>
//   CHECK-NOT:   my.scale
//       CHECK:   my.trace
//       CHECK:   return %[[X]]
func.func @scale_by_one(%x: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %one = arith.constant 1.0 : f32
  %0 = my.scale %x by %one : tensor<4xf32>
  my.trace %f : f32
  return %0 : tensor<4xf32>
}

// -----

// Any other factor stays; an unused scale is dead (it is pure); an unused
// trace is not.
// CHECK-LABEL: func.func @scale_by_two(
//       CHECK:   %[[TWO:.*]] = arith.constant 2.0
//       CHECK:   %[[S:.*]] = my.scale %{{.*}} by %[[TWO]]
//   CHECK-NOT:   my.scale
//       CHECK:   my.trace %[[TWO]]
//       CHECK:   return %[[S]]
func.func @scale_by_two(%x: tensor<4xf32>) -> tensor<4xf32> {
  %two = arith.constant 2.0 : f32
  %0 = my.scale %x by %two : tensor<4xf32>
  %dead = my.scale %x by %two : tensor<4xf32>
  my.trace %two : f32
  return %0 : tensor<4xf32>
}
