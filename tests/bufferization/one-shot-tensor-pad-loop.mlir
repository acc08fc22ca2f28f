// A pad of a loop's iteration argument: the iteration argument is no
// valid affine symbol, so the size map keeps the dim of its buffer as a
// dimension. The loop yields a new allocation, so it needs
// allow-return-allocs-from-loops.
// RUN: bufopt -one-shot-bufferize="allow-return-allocs-from-loops" %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize="allow-return-allocs-from-loops" %s > %t.b && mlir-opt-19 -one-shot-bufferize="allow-return-allocs-from-loops" %s > %t.m && diff -u %t.m %t.b
// RUN: not bufopt -one-shot-bufferize %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not mlir-opt-19 -one-shot-bufferize %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: #[[$SIZE:.*]] = affine_map<(d0)[s0] -> (d0 + s0 + 1)>
// CHECK-LABEL: func.func @pad_in_loop(
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (memref<?xf32>)
// CHECK: affine.apply
// CHECK: %[[D:.*]] = memref.dim %[[ACC]], %{{.*}} : memref<?xf32>
// CHECK-NEXT: %[[S:.*]] = affine.apply #[[$SIZE]](%[[D]])[%[[I]]]
// CHECK-NEXT: %[[P:.*]] = memref.alloc(%[[S]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK: scf.yield %[[P]] : memref<?xf32>
// ERR: error: Yield operand #0 is not equivalent to the corresponding iter bbArg
func.func @pad_in_loop(%t: tensor<?xf32>, %n: index, %v: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<?xf32> {
    %p = tensor.pad %acc low[%i] high[1] {
    ^bb0(%k: index):
      tensor.yield %v : f32
    } : tensor<?xf32> to tensor<?xf32>
    scf.yield %p : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
