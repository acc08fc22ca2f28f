// copy-before-write with scf.for iter_args and scf.while: mlir-opt-19 reads
// alias sets that do not exist in this mode (scf.for's conflict
// resolution casts the analysis-less state to the One-Shot state) and
// crashes or not depending on memory contents. Without analysis nothing
// is written in place, so the loop has nothing to resolve: bufopt copies
// before every write, and the program prints what the tensor program
// prints, with no memory error.
// RUN: bufopt-run --strict %s | FileCheck %s --check-prefix=TENSOR
// RUN: bufopt --one-shot-bufferize=copy-before-write %s | bufopt --buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s --check-prefix=TENSOR
// RUN: bufopt --one-shot-bufferize=copy-before-write %s | FileCheck %s

// TENSOR: 0
// TENSOR-NEXT: 3
// TENSOR-NEXT: 6
// TENSOR-NEXT: 4

// Every insert writes a copy of the iter_arg's buffer.
// CHECK-LABEL: func.func @main()
// CHECK: scf.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (memref<4xf32>) {
// CHECK:   %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK:   memref.copy %[[A]], %[[C]]
// CHECK:   memref.store %{{.*}}, %[[C]]
// CHECK:   scf.yield %[[C]] : memref<4xf32>
// CHECK: scf.while
// CHECK: scf.condition
// CHECK: } do {
// CHECK:   memref.alloc
// CHECK:   memref.copy
// CHECK:   memref.store

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %t) -> (tensor<4xf32>) {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %x = tensor.insert %f into %a[%i] : tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  %w:2 = scf.while (%b = %r, %j = %c0) : (tensor<4xf32>, index) -> (tensor<4xf32>, index) {
    %lt = arith.cmpi slt, %j, %c2 : index
    scf.condition(%lt) %b, %j : tensor<4xf32>, index
  } do {
  ^bb0(%b: tensor<4xf32>, %j: index):
    %k = arith.addi %j, %c2 : index
    %old = tensor.extract %b[%k] : tensor<4xf32>
    %new = arith.addf %old, %old : f32
    %y = tensor.insert %new into %b[%k] : tensor<4xf32>
    %j2 = arith.addi %j, %c1 : index
    scf.yield %y, %j2 : tensor<4xf32>, index
  }
  %c3 = arith.constant 3 : index
  %t0 = tensor.extract %t[%c0] : tensor<4xf32>
  %r3 = tensor.extract %r[%c3] : tensor<4xf32>
  %w3 = tensor.extract %w#0[%c3] : tensor<4xf32>
  %w2 = tensor.extract %w#0[%c2] : tensor<4xf32>
  vector.print %t0 : f32
  vector.print %r3 : f32
  vector.print %w3 : f32
  vector.print %w2 : f32
  return
}
