// Tuple decomposition executed: tuples of a tensor and a scalar cross two
// calls and the function boundaries, and are decomposed by the func, call
// and return converters (test-bufferize-func-conversion=decompose-tuples):
// every tuple argument, result and call operand becomes its elements, the
// tensors become memrefs, the tensor results out-parameters the callers
// allocate. bufopt-run has no tuples, so the converted program is run once
// the get_tuple_element(make_tuple) pairs the conversion leaves are folded
// (fold-tuple-pairs): it has no tuple left. The tensor ops in the bodies
// are bufferized by the partial passes, and the deallocation pipeline
// frees every buffer.
// @main: (x, k) = ([1.5, 2, 3, 4], 0.5); @step scales x by k and adds 1 to
// k, twice: x * 0.5 * 1.5 = [1.125, 1.5, 2.25, 3], k = 2.5; the sum of x
// plus k is 10.375.
// RUN: bufopt --allow-unregistered-dialect %s -test-bufferize-func-conversion=decompose-tuples=true | FileCheck %s --check-prefix=DEC
// RUN: bufopt --allow-unregistered-dialect %s '-test-bufferize-func-conversion=decompose-tuples=true fold-tuple-pairs=true' -arith-bufferize -tensor-bufferize -linalg-bufferize -finalizing-bufferize -buffer-deallocation-pipeline -o %t.buf
// RUN: bufopt-run --strict --print-results --stats %t.buf 2>&1 | FileCheck %s
// RUN: FileCheck %s --input-file %t.buf --check-prefix=RUNNABLE
// RUN: mlir-opt-19 --verify-each %t.buf > /dev/null

// CHECK-NOT: error
// CHECK: result #0: 10.375
// CHECK: allocations: [[N:[0-9]+]]
// CHECK: deallocations: [[N]]

// RUNNABLE-NOT: tuple
// RUNNABLE-LABEL: func.func @step(
// RUNNABLE-SAME: %{{.*}}: memref<4xf32>, %{{.*}}: f32, %[[OUT:.*]]: memref<4xf32>) -> f32
// RUNNABLE: memref.copy %{{.*}}, %[[OUT]] : memref<4xf32> to memref<4xf32>
// RUNNABLE-LABEL: func.func @main(
// RUNNABLE-SAME: ) -> f32
// RUNNABLE: call @step(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<4xf32>, f32, memref<4xf32>) -> f32
// RUNNABLE: call @step(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<4xf32>, f32, memref<4xf32>) -> f32

// DEC-LABEL: func.func @step(
// DEC-SAME: %[[X:.*]]: memref<4xf32>, %[[K:.*]]: f32, %{{.*}}: memref<4xf32>) -> f32
// DEC-NEXT: %[[P:.*]] = "test.make_tuple"(%[[X]], %[[K]]) : (memref<4xf32>, f32) -> tuple<memref<4xf32>, f32>
// DEC-LABEL: func.func @main(
// DEC: %[[E0:.*]] = "test.get_tuple_element"(%{{.*}}) <{index = 0 : i32}> : (tuple<tensor<4xf32>, f32>) -> tensor<4xf32>
// DEC-NEXT: %[[M0:.*]] = bufferization.to_memref %[[E0]] : memref<4xf32>
// DEC-NEXT: %[[E1:.*]] = "test.get_tuple_element"(%{{.*}}) <{index = 1 : i32}> : (tuple<tensor<4xf32>, f32>) -> f32
// DEC-NEXT: %[[Q:.*]] = "test.make_tuple"(%[[M0]], %[[E1]]) : (memref<4xf32>, f32) -> tuple<memref<4xf32>, f32>
// DEC-NEXT: %[[A0:.*]] = "test.get_tuple_element"(%[[Q]]) <{index = 0 : i32}>
// DEC-NEXT: %[[A1:.*]] = "test.get_tuple_element"(%[[Q]]) <{index = 1 : i32}>
// DEC-NEXT: %[[B:.*]] = memref.alloc() : memref<4xf32>
// DEC-NEXT: %[[R:.*]] = call @step(%[[A0]], %[[A1]], %[[B]]) : (memref<4xf32>, f32, memref<4xf32>) -> f32

#map = affine_map<(d0) -> (d0)>

func.func @step(%p: tuple<tensor<4xf32>, f32>) -> tuple<tensor<4xf32>, f32> {
  %x = "test.get_tuple_element"(%p) <{index = 0 : i32}> : (tuple<tensor<4xf32>, f32>) -> tensor<4xf32>
  %k = "test.get_tuple_element"(%p) <{index = 1 : i32}> : (tuple<tensor<4xf32>, f32>) -> f32
  %e = tensor.empty() : tensor<4xf32>
  %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %k : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %k1 = arith.addf %k, %one : f32
  %r = "test.make_tuple"(%y, %k1) : (tensor<4xf32>, f32) -> tuple<tensor<4xf32>, f32>
  return %r : tuple<tensor<4xf32>, f32>
}

func.func @main() -> f32 {
  %x = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %k = arith.constant 0.5 : f32
  %p = "test.make_tuple"(%x, %k) : (tensor<4xf32>, f32) -> tuple<tensor<4xf32>, f32>
  %q = call @step(%p) : (tuple<tensor<4xf32>, f32>) -> tuple<tensor<4xf32>, f32>
  %r = call @step(%q) : (tuple<tensor<4xf32>, f32>) -> tuple<tensor<4xf32>, f32>
  %y = "test.get_tuple_element"(%r) <{index = 0 : i32}> : (tuple<tensor<4xf32>, f32>) -> tensor<4xf32>
  %k2 = "test.get_tuple_element"(%r) <{index = 1 : i32}> : (tuple<tensor<4xf32>, f32>) -> f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %y0 = tensor.extract %y[%c0] : tensor<4xf32>
  %y1 = tensor.extract %y[%c1] : tensor<4xf32>
  %y2 = tensor.extract %y[%c2] : tensor<4xf32>
  %y3 = tensor.extract %y[%c3] : tensor<4xf32>
  %s0 = arith.addf %y0, %y1 : f32
  %s1 = arith.addf %s0, %y2 : f32
  %s2 = arith.addf %s1, %y3 : f32
  %s = arith.addf %s2, %k2 : f32
  return %s : f32
}
