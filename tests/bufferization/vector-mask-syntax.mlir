// vector.mask and vector.yield: mlir-opt-19's custom form (the masked op
// inline, the implicit vector.yield, the optional passthru, the result
// types after `->`), the generic form, and the custom form read back from
// the generic one, all byte-identical to mlir-opt-19's.
// RUN: bufopt %s | FileCheck %s
// RUN: bufopt %s | bufopt | FileCheck %s
// RUN: bufopt --mlir-print-op-generic %s | bufopt | FileCheck %s
// RUN: bufopt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

// CHECK-LABEL: func.func @forms(
// CHECK-SAME: %[[T:.*]]: tensor<?xf32>, %[[V:.*]]: vector<16xf32>, %[[I:.*]]: index, %[[M:.*]]: vector<16xi1>, %[[P:.*]]: f32, %[[B:.*]]: memref<?xf32>
// CHECK: %[[W:.*]] = vector.mask %[[M]] { vector.transfer_write %[[V]], %[[T]][%[[I]]] : vector<16xf32>, tensor<?xf32> } : vector<16xi1> -> tensor<?xf32>
// CHECK: %[[R:.*]] = vector.mask %[[M]], %[[V]] { vector.transfer_read %[[T]][%[[I]]], %[[P]] : tensor<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
// CHECK: vector.mask %[[M]] { vector.transfer_write %[[R]], %[[B]][%[[I]]] : vector<16xf32>, memref<?xf32> } : vector<16xi1>
// CHECK: %{{.*}} = vector.mask %[[M]] { vector.reduction <add>, %[[V]] : vector<16xf32> into f32 } {tag} : vector<16xi1> -> f32
// CHECK: %{{.*}} = vector.mask %[[M]] { vector.yield %[[V]] : vector<16xf32> } : vector<16xi1> -> vector<16xf32>
// CHECK: vector.mask %[[M]] { vector.yield } : vector<16xi1>
// CHECK: %{{.*}} = vector.mask %[[M]] { vector.transfer_read %[[T]][%[[I]]], %[[P]] : tensor<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
// CHECK: return %[[W]], %[[R]] : tensor<?xf32>, vector<16xf32>

// GENERIC-LABEL: "func.func"
// GENERIC: %{{.*}} = "vector.mask"(%{{.*}}) ({
// GENERIC-NEXT: %[[X:.*]] = "vector.transfer_write"
// GENERIC-NEXT: "vector.yield"(%[[X]]) : (tensor<?xf32>) -> ()
// GENERIC-NEXT: }) : (vector<16xi1>) -> tensor<?xf32>
// GENERIC: "vector.mask"(%{{.*}}, %{{.*}}) ({
// GENERIC: }) : (vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// GENERIC: "vector.mask"(%{{.*}}) ({
// GENERIC-NEXT: "vector.transfer_write"
// GENERIC-NEXT: "vector.yield"() : () -> ()
// GENERIC: }) {tag} : (vector<16xi1>) -> f32
// GENERIC: "vector.mask"(%{{.*}}) ({
// GENERIC-NEXT: "vector.yield"(%{{.*}}) : (vector<16xf32>) -> ()
// GENERIC: "vector.mask"(%{{.*}}) ({
// GENERIC-NEXT: "vector.yield"() : () -> ()
// GENERIC-NEXT: }) : (vector<16xi1>) -> ()
func.func @forms(%t: tensor<?xf32>, %v: vector<16xf32>, %i: index, %m: vector<16xi1>, %p: f32, %b: memref<?xf32>) -> (tensor<?xf32>, vector<16xf32>) {
  %w = vector.mask %m { vector.transfer_write %v, %t[%i] : vector<16xf32>, tensor<?xf32> } : vector<16xi1> -> tensor<?xf32>
  %r = vector.mask %m, %v { vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  vector.mask %m { vector.transfer_write %r, %b[%i] : vector<16xf32>, memref<?xf32> } : vector<16xi1>
  %s = vector.mask %m { vector.reduction <add>, %v : vector<16xf32> into f32 } {tag} : vector<16xi1> -> f32
  // An explicit terminator, and an empty mask.
  %y = vector.mask %m { vector.yield %v : vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  vector.mask %m { } : vector<16xi1>
  // With the single masked op and an explicit yield of something else, the
  // yield is replaced by one of the masked op's results (as upstream).
  %e = vector.mask %m {
    %x = vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<16xf32>
    vector.yield %v : vector<16xf32>
  } : vector<16xi1> -> vector<16xf32>
  return %w, %r : tensor<?xf32>, vector<16xf32>
}
