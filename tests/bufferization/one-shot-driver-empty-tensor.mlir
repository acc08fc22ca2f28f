// empty-tensor-to-alloc-tensor: every tensor.empty becomes an alloc_tensor
// with the same sizes, under the greedy driver (dead ops and the folded
// scf.if go, as with mlir-opt-19, whose output this is byte for byte).
// RUN: bufopt --empty-tensor-to-alloc-tensor %s | FileCheck %s
// RUN: bufopt --empty-tensor-to-alloc-tensor %s > %t.b && mlir-opt-19 --empty-tensor-to-alloc-tensor %s > %t.m && diff -u %t.m %t.b

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[N:.*]]: index, %{{.*}}: index)
// CHECK-NEXT: %[[A:.*]] = bufferization.alloc_tensor(%[[N]]) : tensor<?x4xf32>
// CHECK-NEXT: %[[B:.*]] = bufferization.alloc_tensor() : tensor<2xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @f(%n: index, %m: index) -> (tensor<?x4xf32>, tensor<2xf32>) {
  %c1 = arith.constant 1 : index
  %cond = arith.constant true
  %a = tensor.empty(%n) : tensor<?x4xf32>
  %b = tensor.empty() : tensor<2xf32>
  %d = tensor.empty(%m) : tensor<?xf32>
  %c = scf.if %cond -> tensor<2xf32> {
    scf.yield %b : tensor<2xf32>
  } else {
    scf.yield %b : tensor<2xf32>
  }
  return %a, %b : tensor<?x4xf32>, tensor<2xf32>
}
