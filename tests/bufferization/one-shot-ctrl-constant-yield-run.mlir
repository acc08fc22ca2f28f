// mlir-opt-19 defect (a loop yielding a constant): with
// allow-return-allocs-from-loops, the loop result is the buffer of the
// constant it yields (a constant global), and the insert into the result
// goes in place: 19's program writes into the constant global. bufopt
// copies a yielded buffer that is read-only, so the program prints what
// the tensor program prints.
// RUN: bufopt-run --strict %s | FileCheck %s --check-prefix=TENSOR
// RUN: bufopt --one-shot-bufferize=allow-return-allocs-from-loops %s | bufopt --buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s --check-prefix=TENSOR
// RUN: bufopt --one-shot-bufferize=allow-return-allocs-from-loops %s | FileCheck %s
// RUN: mlir-opt-19 --one-shot-bufferize=allow-return-allocs-from-loops %s | mlir-opt-19 --buffer-deallocation-pipeline | not bufopt-run --strict - 2>&1 | FileCheck %s --check-prefix=UPSTREAM

// TENSOR: 1
// TENSOR-NEXT: 1
// TENSOR-NEXT: 7
// UPSTREAM: error: write into constant global

// CHECK: scf.for
// CHECK: %[[G:.*]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[G]], %[[C]]
// CHECK: scf.yield %[[C]]

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %e) -> (tensor<4xf32>) {
    %k = arith.constant dense<1.0> : tensor<4xf32>
    %k0 = tensor.extract %k[%c0] : tensor<4xf32>
    vector.print %k0 : f32
    scf.yield %k : tensor<4xf32>
  }
  %w = tensor.insert %seven into %r[%c0] : tensor<4xf32>
  %y = tensor.extract %w[%c0] : tensor<4xf32>
  vector.print %y : f32
  return
}
