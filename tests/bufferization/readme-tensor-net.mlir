// The README's main job on examples/tensor-net.mlir: One-Shot Bufferize
// across function boundaries, the deallocation pipeline, then both forms
// under the memory checker on the same inputs (same results, every buffer
// freed once). The bufferized module is also mlir-opt-19's.
// RUN: bufopt --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline %S/../../examples/tensor-net.mlir -o %t.mlir
// RUN: bufopt-run --strict --stats --compare %S/../../examples/tensor-net.mlir %t.mlir 2>&1 | FileCheck %s --check-prefix=EXEC
// RUN: bufopt --one-shot-bufferize=bufferize-function-boundaries %S/../../examples/tensor-net.mlir > %t.b && mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries %S/../../examples/tensor-net.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt --one-shot-bufferize=bufferize-function-boundaries %S/../../examples/tensor-net.mlir | FileCheck %s

// The layer writes its result into a fresh buffer and returns it; the
// matmul and the ReLU work in place on it.
// CHECK-LABEL: func.func @dense(
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK: linalg.fill {{.*}} outs(%[[A]]
// CHECK: linalg.matmul {{.*}} outs(%[[A]]
// CHECK: linalg.generic {{.*}} outs(%[[A]]
// CHECK: return %[[A]]
// The loop accumulates in place in one buffer: no copy in the module.
// CHECK-LABEL: func.func @main(
// CHECK-NOT: memref.copy
// CHECK: scf.for
// CHECK: memref.store
// EXEC: verdict: agree
