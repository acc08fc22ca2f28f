// A known mlir-opt-19 defect: with copy-before-write, an scf.for with a
// tensor iter_arg makes scf.for's conflict resolution ask the One-Shot
// analysis state for alias sets that a copy-before-write run does not have
// (undefined behaviour: with bufferize-function-boundaries, mlir-opt-19
// segfaults on this file; without, it happens to print what bufopt prints).
// bufopt bufferizes it (the for's yield is copied unless it is provably a
// fresh buffer), and the result is shown right by execution:
// the tensor program and the bufferized one print the same values, with
// no leak or double free after the deallocation pipeline.
// RUN: bufopt-run --strict %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries copy-before-write" --buffer-deallocation-pipeline %s | bufopt-run --strict - | FileCheck %s
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries copy-before-write function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s | bufopt-run --strict - | FileCheck %s
// RUN: bufopt -one-shot-bufferize="copy-before-write" --buffer-deallocation-pipeline %s | bufopt-run --strict - | FileCheck %s
// RUN: bufopt -one-shot-bufferize="copy-before-write" %s > %t.b && mlir-opt-19 -one-shot-bufferize="copy-before-write" %s > %t.m && diff -u %t.m %t.b

// CHECK-NOT: {{error|warning}}
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [1,  2,  3,  0]
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [0,  1,  2,  0]

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %a = arith.constant dense<[0.0, 1.0, 2.0, 0.0]> : tensor<4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %a) -> tensor<4xf32> {
    %v = tensor.extract %acc[%i] : tensor<4xf32>
    %w = arith.addf %v, %one : f32
    %acc2 = tensor.insert %w into %acc[%i] : tensor<4xf32>
    scf.yield %acc2 : tensor<4xf32>
  }
  %m = bufferization.to_memref %r read_only : memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %ma = bufferization.to_memref %a read_only : memref<4xf32>
  %ua = memref.cast %ma : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  return
}
