// arith.constant takes a sparse elements attribute (an ElementsAttr, as
// upstream), and tensor.extract at constant indices folds through it: the
// stored value when an index row matches, otherwise zero. Compared with
// mlir-opt-19.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --canonicalize %s > %t.b && mlir-opt-19 --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @extract_sparse
// CHECK-DAG: %[[M2:.*]] = arith.constant -2.000000e+00 : f16
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-DAG: %[[S:.*]] = arith.constant sparse<{{\[}}[0, 0], [1, 1]], [-5.000000e+00, -2.000000e+00]> : tensor<4x4xf16>
// CHECK-DAG: %[[I:.*]] = arith.constant 7 : i32
// CHECK: return %[[M2]], %[[Z]], %[[I]], %[[S]]
func.func @extract_sparse() -> (f16, f16, i32, tensor<4x4xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = arith.constant sparse<[[0, 0], [1, 1]],  [-5.0, -2.0]> : tensor<4x4xf16>
  %a = tensor.extract %s[%c1, %c1] : tensor<4x4xf16>
  %b = tensor.extract %s[%c0, %c1] : tensor<4x4xf16>
  %i = arith.constant sparse<[[2]], [7]> : tensor<3xi32>
  %c = tensor.extract %i[%c2] : tensor<3xi32>
  return %a, %b, %c, %s : f16, f16, i32, tensor<4x4xf16>
}
