// A program whose functions pass tensors across calls, through scf.if and
// around an scf.for, bufferized by the dialect-conversion passes
// (func-bufferize, scf-bufferize, finalizing-bufferize). The tensor form
// and the bufferized form print the same values; the bufferized form is
// what mlir-opt-19 produces and runs with no leak or double free.
// RUN: bufopt-run --strict %s | FileCheck %s
// RUN: bufopt -func-bufferize -scf-bufferize -finalizing-bufferize %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s --check-prefixes=CHECK,STATS
// RUN: bufopt -func-bufferize -scf-bufferize -finalizing-bufferize %s | FileCheck %s --check-prefix=IR
// RUN: mlir-opt-19 -func-bufferize -scf-bufferize -finalizing-bufferize %s | FileCheck %s --check-prefix=IR

// CHECK-NOT: {{error|warning}}
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [3,  3,  3,  1.5]
// STATS: allocations: 2
// STATS: deallocations: 2

// IR-LABEL: func.func @pick(
// IR-SAME: %{{.*}}: i1, %[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<4xf32>) -> memref<4xf32>
// IR: scf.if %{{.*}} -> (memref<4xf32>)
// IR-NEXT: scf.yield %[[A]] : memref<4xf32>
// IR: scf.yield %[[B]] : memref<4xf32>
// IR-LABEL: func.func @loop(
// IR: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (memref<4xf32>)
// IR-NEXT: memref.load %[[ACC]]
// IR-NOT: bufferization.
// IR-LABEL: func.func @main(
// IR-NOT: bufferization.
// IR: call @pick(%{{.*}}) : (i1, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
// IR: call @loop(%{{.*}}) : (memref<4xf32>, index) -> memref<4xf32>

func.func private @printMemrefF32(memref<*xf32>)

func.func @pick(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.if %c -> (tensor<4xf32>) {
    scf.yield %a : tensor<4xf32>
  } else {
    scf.yield %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @loop(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<4xf32> {
    %m = bufferization.to_memref %acc : memref<4xf32>
    %v = memref.load %m[%i] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %m[%i] : memref<4xf32>
    %t2 = bufferization.to_tensor %m : memref<4xf32>
    scf.yield %t2 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %f1 = arith.constant 1.5 : f32
  %f2 = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %f1, %a[%i] : memref<4xf32>
    memref.store %f2, %b[%i] : memref<4xf32>
  }
  %ta = bufferization.to_tensor %a : memref<4xf32>
  %tb = bufferization.to_tensor %b : memref<4xf32>
  %true = arith.constant true
  %p = call @pick(%true, %ta, %tb) : (i1, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q = call @loop(%p, %c3) : (tensor<4xf32>, index) -> tensor<4xf32>
  %m = bufferization.to_memref %q : memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
