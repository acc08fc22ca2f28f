// index.constant, registered for the bufferization canonicalization tests:
// custom and generic syntax, result names and attribute dictionaries read
// and print as mlir-opt-19 does, and its value folds like any constant.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s | FileCheck %s
// RUN: bufopt --canonicalize %s | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func @consts
//       CHECK: %idx0 = index.constant 0
//       CHECK: %idx-42 = index.constant {tag} -42
//       CHECK: %idx9223372036854775807 = index.constant 9223372036854775807
// CANON-LABEL: func @consts
//       CANON: %[[T:.*]] = bufferization.alloc_tensor() : tensor<9xf32>
//       CANON: tensor.cast %[[T]] : tensor<9xf32> to tensor<?xf32>
func.func @consts() -> (index, index, index, tensor<?xf32>) {
  %a = index.constant 0
  %b = index.constant {tag} -42
  %c = "index.constant"() {value = 9223372036854775807 : index} : () -> index
  %n = index.constant 9
  %t = bufferization.alloc_tensor(%n) : tensor<?xf32>
  return %a, %b, %c, %t : index, index, index, tensor<?xf32>
}
