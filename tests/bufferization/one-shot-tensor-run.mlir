// A program using every tensor op with a bufferization model (including
// collapses and reshapes that must copy a strided slice first, and one that
// collapses a unit column in place), bufferized by One-Shot Bufferize with
// and without the analysis: the tensor program and its bufferized forms
// compute the same results on the same inputs, and after the deallocation
// pipeline every buffer is freed once.
// RUN: bufopt-run --strict --print-results --arg 1.5 --arg -2.0 %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize --buffer-deallocation-pipeline %s | bufopt-run --strict --print-results --stats --arg 1.5 --arg -2.0 - 2>&1 | FileCheck %s --check-prefixes=CHECK,STATS
// RUN: bufopt -one-shot-bufferize="copy-before-write" --buffer-deallocation-pipeline %s | bufopt-run --strict --print-results --stats --arg 1.5 --arg -2.0 - 2>&1 | FileCheck %s --check-prefixes=CHECK,STATS
// RUN: bufopt -one-shot-bufferize %s | mlir-opt-19 --buffer-deallocation-pipeline -o %t.a
// RUN: bufopt-run --strict --seed 7 %s --compare %t.a | FileCheck %s --check-prefix=CMP
// RUN: bufopt -one-shot-bufferize="copy-before-write unknown-type-conversion=identity-layout-map" %s | mlir-opt-19 --buffer-deallocation-pipeline -o %t.b
// RUN: bufopt-run --strict --seed 11 %s --compare %t.b | FileCheck %s --check-prefix=CMP

// CHECK-NOT: {{error|warning}}
// CHECK: result #0: <6x2> [1.5, -2.0, -2.0, 1.5, -2.0, -2.0, -2.0, -2.0, 1.5, -2.0, -2.0, 1.5]
// CHECK: result #1: -2.0
// CHECK: result #2: <3x5> [-2.0, -2.0, -2.0, -2.0, -2.0, -2.0, 1.5, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, 1.5, -2.0]
// CHECK: result #3: <2x3> [0, 1, 2, 1, 2, 3]
// CHECK: result #4: 6
// CHECK: result #5: 2
// CHECK: result #6: <4> [1.5, -2.0, -2.0, 1.5]
// CHECK: result #7: <4> [1.5, -2.0, -2.0, -2.0]
// CHECK: result #8: <10> [1.5, -2.0, -2.0, -2.0, -2.0, 1.5, -2.0, -2.0, 1.5, -2.0]
// STATS: allocations: [[N:[0-9]+]]
// STATS: deallocations: [[N]]
// CMP: output: same
// CMP: results: same
// CMP: verdict: agree

func.func @main(%x: f32, %y: f32) -> (tensor<6x2xf32>, f32, tensor<?x?xf32>, tensor<2x3xindex>, index, index, tensor<4xf32>, tensor<4xf32>, tensor<10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = tensor.from_elements %x, %y, %y, %x : tensor<2x2xf32>
  %b = tensor.splat %y : tensor<4x2xf32>
  %b1 = tensor.insert %x into %b[%c2, %c1] : tensor<4x2xf32>
  %cat = tensor.concat dim(0) %a, %b1 : (tensor<2x2xf32>, tensor<4x2xf32>) -> tensor<6x2xf32>
  %s = tensor.extract_slice %cat[1, 0] [4, 2] [1, 1] : tensor<6x2xf32> to tensor<4x2xf32>
  %flat = tensor.collapse_shape %s [[0, 1]] : tensor<4x2xf32> into tensor<8xf32>
  %e = tensor.extract %flat[%c2] : tensor<8xf32>
  %exp = tensor.expand_shape %flat [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  %cast = tensor.cast %exp : tensor<2x4xf32> to tensor<?x?xf32>
  %p = tensor.pad %cast low[1, 0] high[0, %c1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %e : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %r = tensor.insert_slice %a into %cat[4, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<6x2xf32>
  %g = tensor.generate %c3 {
  ^bb0(%i: index, %j: index):
    %sum = arith.addi %i, %j : index
    tensor.yield %sum : index
  } : tensor<2x?xindex>
  %gs = tensor.cast %g : tensor<2x?xindex> to tensor<2x3xindex>
  %em = tensor.empty() : tensor<3x2xindex>
  %shape = tensor.from_elements %c3, %c2 : tensor<2xindex>
  %re = tensor.reshape %gs(%shape) : (tensor<2x3xindex>, tensor<2xindex>) -> tensor<3x2xindex>
  %d = tensor.dim %re, %c0 : tensor<3x2xindex>
  %rk = tensor.rank %p : tensor<?x?xf32>
  %sum = arith.addi %d, %c3 : index
  %out = tensor.splat %x : tensor<4xf32>
  %par = scf.forall (%i) in (%c2) shared_outs (%o = %out) -> tensor<4xf32> {
    %row = tensor.extract_slice %a[%i, 0] [1, 2] [1, 1] : tensor<2x2xf32> to tensor<2xf32>
    %off = arith.muli %i, %c2 : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row into %o[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
    }
  }
  // Rows 0 and 3: a strided slice does not collapse in place, nor reshape,
  // so both copy it first; a unit column collapses in place.
  %strided = tensor.extract_slice %cat[0, 0] [2, 2] [3, 1] : tensor<6x2xf32> to tensor<2x2xf32>
  %sflat = tensor.collapse_shape %strided [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %c4 = arith.constant 4 : index
  %four = tensor.from_elements %c4 : tensor<1xindex>
  %re2 = tensor.reshape %strided(%four) : (tensor<2x2xf32>, tensor<1xindex>) -> tensor<?xf32>
  %re2s = tensor.cast %re2 : tensor<?xf32> to tensor<4xf32>
  %col = tensor.extract_slice %cat[0, 1] [6, 1] [1, 1] : tensor<6x2xf32> to tensor<6x1xf32>
  %cflat = tensor.collapse_shape %col [[0, 1]] : tensor<6x1xf32> into tensor<6xf32>
  %both = tensor.concat dim(0) %re2s, %cflat : (tensor<4xf32>, tensor<6xf32>) -> tensor<10xf32>
  return %r, %e, %p, %gs, %sum, %rk, %par, %sflat, %both : tensor<6x2xf32>, f32, tensor<?x?xf32>, tensor<2x3xindex>, index, index, tensor<4xf32>, tensor<4xf32>, tensor<10xf32>
}
