// vector.mask's folder and canonicalization, as mlir-opt-19's: under an
// all-true mask (a dense true constant, or a constant_mask covering every
// dimension) the masked op moves out and replaces the mask; a mask that
// masks nothing is replaced by what it yields, or erased. Partial, mixed
// and unknown masks stay.
// RUN: bufopt %s -canonicalize | FileCheck %s
// RUN: bufopt %s -canonicalize > %t.b && mlir-opt-19 %s -canonicalize > %t.m && diff -u %t.m %t.b

// CHECK-LABEL: func.func @all_true(
// CHECK-NEXT: %[[W:.*]] = vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}] : vector<16xf32>, tensor<?xf32>
// CHECK-NEXT: return %[[W]]
// CHECK-LABEL: func.func @constant_mask_all(
// CHECK-NEXT: %[[R:.*]] = vector.transfer_read
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func @constant_mask_part(
// CHECK: vector.constant_mask [2, 8]
// CHECK: vector.mask
// CHECK-LABEL: func.func @mixed_const(
// CHECK: vector.mask
// CHECK-LABEL: func.func @all_true_reduction(
// CHECK-NEXT: %[[S:.*]] = vector.reduction <add>, %{{.*}} : vector<4xf32> into f32
// CHECK-NEXT: return %[[S]]
// CHECK-LABEL: func.func @empty(
// CHECK-SAME: %{{.*}}: vector<4xi1>, %[[V:.*]]: vector<4xf32>
// CHECK-NEXT: return %[[V]]
// CHECK-LABEL: func.func @dynamic(
// CHECK: vector.mask
func.func @all_true(%t: tensor<?xf32>, %v: vector<16xf32>, %i: index) -> tensor<?xf32> {
  %m = arith.constant dense<true> : vector<16xi1>
  %0 = vector.mask %m { vector.transfer_write %v, %t[%i] : vector<16xf32>, tensor<?xf32> } : vector<16xi1> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @constant_mask_all(%t: tensor<?xf32>, %i: index, %p: f32, %pt: vector<4x8xf32>, %u: tensor<?x?xf32>) -> vector<4x8xf32> {
  %m = vector.constant_mask [4, 8] : vector<4x8xi1>
  %0 = vector.mask %m, %pt { vector.transfer_read %u[%i, %i], %p : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
  return %0 : vector<4x8xf32>
}
func.func @constant_mask_part(%u: tensor<?x?xf32>, %i: index, %p: f32) -> vector<4x8xf32> {
  %m = vector.constant_mask [2, 8] : vector<4x8xi1>
  %0 = vector.mask %m { vector.transfer_read %u[%i, %i], %p : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
  return %0 : vector<4x8xf32>
}
func.func @mixed_const(%v: vector<4xf32>) -> f32 {
  %m = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<4xi1> -> f32
  return %0 : f32
}
func.func @all_true_reduction(%v: vector<4xf32>) -> f32 {
  %m = arith.constant dense<[true, true, true, true]> : vector<4xi1>
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<4xi1> -> f32
  return %0 : f32
}
func.func @empty(%m: vector<4xi1>, %v: vector<4xf32>) -> vector<4xf32> {
  %0 = vector.mask %m { vector.yield %v : vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.mask %m { } : vector<4xi1>
  return %0 : vector<4xf32>
}
func.func @dynamic(%m: vector<4xi1>, %v: vector<4xf32>) -> f32 {
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<4xi1> -> f32
  return %0 : f32
}
