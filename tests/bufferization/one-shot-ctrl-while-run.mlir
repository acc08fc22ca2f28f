// mlir-opt-19 defect (scf.while): what the `after` region yields becomes
// the `before` region's argument, which the `before` region writes in
// place. 19 copies only the scf.condition args, so when `after` yields an
// outside tensor (%u), the second iteration's insert writes into %u's
// buffer and the later reads of %u see 7. bufopt copies a yielded value
// that aliases an outside value (as scf.for does), and prints what the
// tensor program prints.
// RUN: bufopt-run --strict %s | FileCheck %s --check-prefix=TENSOR
// RUN: bufopt --one-shot-bufferize=allow-return-allocs-from-loops %s | bufopt --buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s --check-prefix=TENSOR
// RUN: bufopt --one-shot-bufferize=allow-return-allocs-from-loops %s | FileCheck %s
// RUN: mlir-opt-19 --one-shot-bufferize=allow-return-allocs-from-loops %s | mlir-opt-19 --buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s --check-prefix=UPSTREAM

// TENSOR: 1
// TENSOR-NEXT: 1
// TENSOR-NEXT: 1
// TENSOR-NEXT: 7
// UPSTREAM: 1
// UPSTREAM-NEXT: 7

// CHECK: memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: %[[U:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[U]] : memref<4xf32>)
// CHECK: scf.while
// CHECK: } do {
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[U]], %[[C]]
// CHECK: scf.yield %[[C]]

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %u = linalg.fill ins(%one : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = scf.while (%a = %t, %i = %c0) : (tensor<4xf32>, index) -> (tensor<4xf32>, index) {
    %x = tensor.insert %seven into %a[%i] : tensor<4xf32>
    %lt = arith.cmpi slt, %i, %c3 : index
    scf.condition(%lt) %x, %i : tensor<4xf32>, index
  } do {
  ^bb0(%b: tensor<4xf32>, %j: index):
    %j2 = arith.addi %j, %c1 : index
    scf.yield %u, %j2 : tensor<4xf32>, index
  }
  %u0 = tensor.extract %u[%c0] : tensor<4xf32>
  %u1 = tensor.extract %u[%c1] : tensor<4xf32>
  %r0 = tensor.extract %r#0[%c0] : tensor<4xf32>
  %r3 = tensor.extract %r#0[%c3] : tensor<4xf32>
  vector.print %u0 : f32
  vector.print %u1 : f32
  vector.print %r0 : f32
  vector.print %r3 : f32
  return
}
