// mlir-opt-19 defect (scf.while, a value yielded twice): the `after`
// region yields %p as both `before` arguments, so they share one buffer,
// and the `before` region's in-place insert into %a also changes %b: the
// program prints 7 where the tensor program prints 0. bufopt copies a
// yielded value that may alias an earlier yielded one.
// RUN: bufopt-run --strict %s | FileCheck %s --check-prefix=TENSOR
// RUN: bufopt --one-shot-bufferize=allow-return-allocs-from-loops %s | bufopt --buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s --check-prefix=TENSOR
// RUN: mlir-opt-19 --one-shot-bufferize=allow-return-allocs-from-loops %s | mlir-opt-19 --buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s --check-prefix=UPSTREAM
// RUN: bufopt --one-shot-bufferize=allow-return-allocs-from-loops %s | FileCheck %s

// TENSOR: 0
// UPSTREAM: 7

// CHECK: } do {
// CHECK: ^bb0(%[[P:.*]]: memref<4xf32>, %{{.*}}: memref<4xf32>, %{{.*}}: index):
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[P]], %[[C]]
// CHECK: scf.yield %[[P]], %[[C]], %{{.*}} : memref<4xf32>, memref<4xf32>, index

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %u = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r:3 = scf.while (%a = %t, %b = %u, %i = %c0) : (tensor<4xf32>, tensor<4xf32>, index) -> (tensor<4xf32>, tensor<4xf32>, index) {
    %x = tensor.insert %seven into %a[%i] : tensor<4xf32>
    %lt = arith.cmpi slt, %i, %c2 : index
    scf.condition(%lt) %x, %b, %i : tensor<4xf32>, tensor<4xf32>, index
  } do {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>, %j: index):
    %j2 = arith.addi %j, %c1 : index
    scf.yield %p, %p, %j2 : tensor<4xf32>, tensor<4xf32>, index
  }
  %b0 = tensor.extract %r#1[%c2] : tensor<4xf32>
  vector.print %b0 : f32
  return
}
