// The README's One-Shot command on examples/tensor-program.mlir: the tensor
// program and its bufferized form (after the deallocation pipeline) print
// the same values with no memory error; the analysis' in-place decisions
// and the bufferized program are mlir-opt-19's.
// RUN: bufopt-run --strict %S/../../examples/tensor-program.mlir | FileCheck %s
// RUN: bufopt --one-shot-bufferize --buffer-deallocation-pipeline %S/../../examples/tensor-program.mlir | bufopt-run --strict - | FileCheck %s
// RUN: bufopt --one-shot-bufferize="test-analysis-only" %S/../../examples/tensor-program.mlir > %t.b && mlir-opt-19 --one-shot-bufferize="test-analysis-only" %S/../../examples/tensor-program.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt --one-shot-bufferize %S/../../examples/tensor-program.mlir > %t.b && mlir-opt-19 --one-shot-bufferize %S/../../examples/tensor-program.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt --one-shot-bufferize %S/../../examples/tensor-program.mlir | FileCheck %s --check-prefix=IR

// CHECK-NOT: {{error|warning}}
// CHECK: sizes = [8] strides = [1] data =
// CHECK-NEXT: [4,  5,  6,  7,  24,  25,  26,  27]
// CHECK: sizes = [8] strides = [1] data =
// CHECK-NEXT: [0,  1,  2,  3,  4,  5,  6,  7]

// The loop fills one buffer in place; the slice is copied out of it.
// IR: memref.global "private" constant @__constant_8xf32
// IR-LABEL: func.func @main()
// IR: %[[ALLOC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// IR: scf.for {{.*}} iter_args(%[[ARG:.*]] = %[[ALLOC]]) -> (memref<8xf32>)
// IR: memref.store %{{.*}}, %[[ARG]]
// IR: linalg.generic
// IR: memref.subview
// IR: memref.copy
// IR-NOT: bufferization.
