// RUN: my-opt %s | FileCheck %s
// RUN: my-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: my-opt %s | my-opt | FileCheck %s

// CHECK-LABEL: func.func @round_trip(
//  CHECK-SAME:     %[[X:.*]]: tensor<4xf32>, %[[F:.*]]: f32)
//       CHECK:   %[[S:.*]] = my.scale %[[X]] by %[[F]] {tag} : tensor<4xf32>
//       CHECK:   my.trace %[[F]] : f32
//       CHECK:   return %[[S]]
// GENERIC: %{{.*}} = "my.scale"(%{{.*}}, %{{.*}}) {tag} : (tensor<4xf32>, f32) -> tensor<4xf32>
// GENERIC: "my.trace"(%{{.*}}) : (f32) -> ()
func.func @round_trip(%x: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %0 = my.scale %x by %f {tag} : tensor<4xf32>
  my.trace %f : f32
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @memref_and_names(
//       CHECK:   %scaled = my.scale %{{.*}} by %{{.*}} : memref<?xf64>
func.func @memref_and_names(%m: memref<?xf64>, %f: f64) -> memref<?xf64> {
  %0 = my.scale %m by %f : memref<?xf64>
  return %0 : memref<?xf64>
}
