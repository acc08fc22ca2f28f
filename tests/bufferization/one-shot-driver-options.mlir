// one-shot-bufferize's option checks (upstream's messages, at an unknown
// location) and its statistics (mlir-opt-19 is built without statistics;
// the counts are upstream's definitions: new ops with an Allocate effect,
// here the copy and the allocation that is freed; the unused alloc_tensor
// is erased).
// RUN: not bufopt -one-shot-bufferize="unknown-type-conversion=infer-layout-map" %s 2>&1 | FileCheck %s --check-prefix=INFER
// RUN: not mlir-opt-19 -one-shot-bufferize="unknown-type-conversion=infer-layout-map" %s 2>&1 | FileCheck %s --check-prefix=INFER
// RUN: not bufopt -one-shot-bufferize="copy-before-write test-analysis-only" %s 2>&1 | FileCheck %s --check-prefix=CBW
// RUN: not mlir-opt-19 -one-shot-bufferize="copy-before-write test-analysis-only" %s 2>&1 | FileCheck %s --check-prefix=CBW
// RUN: not bufopt -one-shot-bufferize="print-conflicts" %s 2>&1 | FileCheck %s --check-prefix=CONFLICTS
// RUN: not mlir-opt-19 -one-shot-bufferize="print-conflicts" %s 2>&1 | FileCheck %s --check-prefix=CONFLICTS
// RUN: not bufopt -one-shot-bufferize="dump-alias-sets" %s 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: not mlir-opt-19 -one-shot-bufferize="dump-alias-sets" %s 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: not bufopt -one-shot-bufferize="no-analysis-func-filter=f" %s 2>&1 | FileCheck %s --check-prefix=FILTER
// RUN: not mlir-opt-19 -one-shot-bufferize="no-analysis-func-filter=f" %s 2>&1 | FileCheck %s --check-prefix=FILTER
// RUN: not bufopt -one-shot-bufferize="must-infer-memory-space use-encoding-for-memory-space" %s 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: not bufopt -one-shot-bufferize="analysis-heuristic=sideways" %s 2>&1 | FileCheck %s --check-prefix=HEURISTIC
// RUN: bufopt -one-shot-bufferize="copy-before-write" -mlir-pass-statistics %s 2>&1 | FileCheck %s --check-prefix=STATS

// INFER: error: Invalid option: 'infer-layout-map' is not a valid value for 'unknown-type-conversion'
// CBW: error: Invalid option: 'copy-before-write' cannot be used with 'test-analysis-only'
// CONFLICTS: error: Invalid option: 'print-conflicts' requires 'test-analysis-only'
// ALIAS: error: Invalid option: 'dump-alias-sets' requires 'test-analysis-only'
// FILTER: error: Invalid option: 'no-analysis-func-filter' requires 'bufferize-function-boundaries'
// SPACE: error: only one of 'must-infer-memory-space' and 'use-encoding-for-memory-space' are allowed in OneShotBufferizePass
// HEURISTIC: analysis-heuristic

// STATS: OneShotBufferize
// STATS-NEXT: (S) 2 num-buffer-alloc
// STATS-NEXT: (S) 0 num-tensor-in-place
// STATS-NEXT: (S) 0 num-tensor-out-of-place
func.func @f(%m: memref<4xf32>, %i: index) -> f32 {
  %t = bufferization.to_tensor %m : memref<4xf32>
  %a = bufferization.alloc_tensor() copy(%t) : tensor<4xf32>
  %b = bufferization.alloc_tensor() : tensor<4xf32>
  %c = bufferization.alloc_tensor() : tensor<4xf32>
  bufferization.dealloc_tensor %b : tensor<4xf32>
  %mm = bufferization.to_memref %a : memref<4xf32>
  %x = memref.load %mm[%i] : memref<4xf32>
  return %x : f32
}
