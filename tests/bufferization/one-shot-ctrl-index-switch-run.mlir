// mlir-opt-19 defect (scf.index_switch): its scf.yield is not taken to
// alias the switch result, so a write into the result is not seen as a
// write into the tensor a case yields. Here the switch passes %t through,
// the insert into the result goes in place over %t's buffer, and the later
// read of %t sees 7 instead of 0. bufopt's yield aliases the result (as
// under scf.if): the insert is out of place and the program prints what
// the tensor program prints.
// RUN: bufopt-run --strict %s | FileCheck %s --check-prefix=TENSOR
// RUN: bufopt --one-shot-bufferize %s | bufopt --buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s --check-prefix=TENSOR
// RUN: bufopt --one-shot-bufferize %s | FileCheck %s
// RUN: mlir-opt-19 --one-shot-bufferize %s | mlir-opt-19 --buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s --check-prefix=UPSTREAM
// RUN: bufopt --one-shot-bufferize="test-analysis-only" %s | FileCheck %s --check-prefix=ANALYSIS

// TENSOR: 0
// TENSOR-NEXT: 7
// UPSTREAM: 7
// UPSTREAM-NEXT: 7

// CHECK: %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : memref<4xf32>)
// CHECK: %[[R:.*]] = scf.index_switch
// CHECK: %[[W:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[R]], %[[W]]
// CHECK: memref.store %{{.*}}, %[[W]]
// CHECK: memref.load %[[T]]

// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}

func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.index_switch %c0 -> tensor<4xf32>
  case 0 {
    scf.yield %t : tensor<4xf32>
  }
  default {
    scf.yield %t : tensor<4xf32>
  }
  %w = tensor.insert %seven into %r[%c0] : tensor<4xf32>
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  %y = tensor.extract %w[%c0] : tensor<4xf32>
  vector.print %x : f32
  vector.print %y : f32
  return
}
