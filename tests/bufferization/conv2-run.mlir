// A program passing tensors to and from functions, converted by
// test-bufferize-func-conversion (results as out-parameters the callers
// allocate, tensor arguments as memrefs) and deallocated by the
// ownership-based pipeline: it computes the same results as its tensor
// form on the same generated input (--compare), and frees every buffer it
// allocates.
// RUN: bufopt-run --strict --print-results --arg 2.0 %s | FileCheck %s
// RUN: bufopt -test-bufferize-func-conversion -buffer-deallocation-pipeline %s -o %t.buf
// RUN: bufopt-run --strict --print-results --arg 2.0 --stats %t.buf 2>&1 | FileCheck %s --check-prefixes=CHECK,STATS
// RUN: bufopt-run --strict --seed 5 %s --compare %t.buf | FileCheck %s --check-prefix=CMP
// RUN: bufopt -test-bufferize-func-conversion %s | FileCheck %s --check-prefix=IR

// CHECK-NOT: {{error|warning}}
// (1 + 2 + 3 + 4.5) * 2 * 2 * 2.0 + 4.5 * 2 = 84 + 9
// CHECK: result #0: 93.0
// STATS: allocations: 2
// STATS: deallocations: 2
// CMP: output: same
// CMP: results: same
// CMP: verdict: agree

// IR-LABEL: func.func @double(
// IR-SAME: %{{.*}}: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>) {
// IR: memref.copy %{{.*}}, %[[OUT]]
// IR-LABEL: func.func @main(
// IR-SAME: %{{.*}}: f32) -> f32
// IR: %[[B0:.*]] = memref.alloc() : memref<4xf32>
// IR-NEXT: call @double(%{{.*}}, %[[B0]]) : (memref<4xf32>, memref<4xf32>) -> ()
// IR-NEXT: %[[D:.*]] = bufferization.to_tensor %[[B0]] : memref<4xf32>
// IR-NEXT: %[[B1:.*]] = memref.alloc() : memref<4xf32>
// IR-NEXT: call @double(%[[B0]], %[[B1]]) : (memref<4xf32>, memref<4xf32>) -> ()
// IR-NEXT: %{{.*}} = call @sum_scaled(%[[B1]], %{{.*}}) : (memref<4xf32>, f32) -> f32
// IR: tensor.extract %[[D]]

func.func @double(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @sum_scaled(%a: tensor<4xf32>, %k: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x0 = tensor.extract %a[%c0] : tensor<4xf32>
  %x1 = tensor.extract %a[%c1] : tensor<4xf32>
  %x2 = tensor.extract %a[%c2] : tensor<4xf32>
  %x3 = tensor.extract %a[%c3] : tensor<4xf32>
  %s0 = arith.addf %x0, %x1 : f32
  %s1 = arith.addf %s0, %x2 : f32
  %s2 = arith.addf %s1, %x3 : f32
  %r = arith.mulf %s2, %k : f32
  return %r : f32
}

func.func @main(%k: f32) -> f32 {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.5]> : tensor<4xf32>
  %d = call @double(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %e = call @double(%d) : (tensor<4xf32>) -> tensor<4xf32>
  %s = call @sum_scaled(%e, %k) : (tensor<4xf32>, f32) -> f32
  %c3 = arith.constant 3 : index
  %y = tensor.extract %d[%c3] : tensor<4xf32>
  %r = arith.addf %s, %y : f32
  return %r : f32
}
