// Constant offsets, sizes and strides of tensor.extract_slice and
// tensor.insert_slice become static (with rank-reduced types and casts),
// compared with mlir-opt-19 (custom and generic output).
// RUN: bufopt --canonicalize %s > %t.b && mlir-opt-19 --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --canonicalize --mlir-print-op-generic %s > %t.b && mlir-opt-19 --canonicalize --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @reduce(
// CHECK: %[[S:.*]] = tensor.extract_slice %{{.*}}[%{{.*}}, 0] [1, 8] [1, 1] : tensor<16x32xf32> to tensor<8xf32>
// CHECK: tensor.cast %[[S]] : tensor<8xf32> to tensor<?xf32>
// CHECK-LABEL: func.func @neg(
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0] [2, 2] [2, 1] : tensor<16x32xf32> to tensor<2x2xf32>
// CHECK-LABEL: func.func @ins(
// CHECK: %[[C:.*]] = tensor.cast %{{.*}} : tensor<?xf32> to tensor<4xf32>
// CHECK: tensor.insert_slice %[[C]] into %{{.*}}[%{{.*}}, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<16x32xf32>
// The slices become static, then the insert of the extract folds away.
// CHECK-LABEL: func.func @in_loop(
// CHECK-SAME: %[[D:[^:]*]]: tensor<16xf32>
// CHECK-NEXT: return %[[D]]
func.func @reduce(%a: tensor<16x32xf32>, %i: index) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %0 = tensor.extract_slice %a[%i, 0] [1, %c8] [1, 1] : tensor<16x32xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @neg(%a: tensor<16x32xf32>) -> tensor<?x?xf32> {
  %m = arith.constant -1 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.extract_slice %a[%m, 0] [%c2, %c2] [%c2, 1] : tensor<16x32xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @ins(%t: tensor<?xf32>, %d: tensor<16x32xf32>, %i: index) -> tensor<16x32xf32> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = tensor.insert_slice %t into %d[%i, 0] [1, %c4] [1, 1] : tensor<?xf32> into tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}
func.func @in_loop(%d: tensor<16xf32>, %t: tensor<?xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %iv = %c0 to %c16 step %c4 iter_args(%acc = %d) -> tensor<16xf32> {
    %s = tensor.extract_slice %acc[%iv] [%c4] [1] : tensor<16xf32> to tensor<?xf32>
    %n = tensor.insert_slice %s into %acc[%iv] [%c4] [1] : tensor<?xf32> into tensor<16xf32>
    scf.yield %n : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}
