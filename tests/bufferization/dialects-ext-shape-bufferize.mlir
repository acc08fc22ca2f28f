// One-Shot Bufferize through shape.assuming: the op is recreated with the
// yield's buffer types, its tensor results become to_tensor of the new
// results, non-tensor results pass through; the yield forwards buffers in
// place. The analysis sees a result as equivalent to the yielded value
// (the write into the result of an assuming yielding a function argument
// goes in place with function boundaries, out of place into a loaded
// constant). Identical to mlir-opt-19 with the analysis, copy-before-write
// and function boundaries.
// RUN: bufopt %s -one-shot-bufferize -split-input-file > %t.b && mlir-opt-19 %s -one-shot-bufferize -split-input-file > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -one-shot-bufferize=copy-before-write -split-input-file > %t.b && mlir-opt-19 %s -one-shot-bufferize=copy-before-write -split-input-file > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -one-shot-bufferize=bufferize-function-boundaries -split-input-file > %t.b && mlir-opt-19 %s -one-shot-bufferize=bufferize-function-boundaries -split-input-file > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -one-shot-bufferize=bufferize-function-boundaries -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @write_through(
//  CHECK-SAME:     %[[A:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[W:.*]]: !shape.witness, %[[F:.*]]: f32, %[[I:.*]]: index)
//       CHECK:   %[[R:.*]]:2 = shape.assuming %[[W]] -> (memref<4xf32, strided<[?], offset: ?>>, index) {
//       CHECK:     shape.assuming_yield %[[A]], %{{.*}} : memref<4xf32, strided<[?], offset: ?>>, index
//       CHECK:   }
//   CHECK-NOT:   memref.alloc
//       CHECK:   memref.store %[[F]], %[[R]]#0[%[[I]]]
//       CHECK:   return %[[R]]#0, %[[R]]#1
func.func @write_through(%a: tensor<4xf32>, %w: !shape.witness, %f: f32, %i: index) -> (tensor<4xf32>, index) {
  %0:2 = shape.assuming %w -> (tensor<4xf32>, index) {
    %c = arith.constant 3 : index
    shape.assuming_yield %a, %c : tensor<4xf32>, index
  }
  %1 = tensor.insert %f into %0#0[%i] : tensor<4xf32>
  return %1, %0#1 : tensor<4xf32>, index
}

// -----

// CHECK-LABEL: func.func @constant_inside(
//       CHECK:   %[[R:.*]] = shape.assuming %{{.*}} -> (memref<2xf32>) {
//       CHECK:     %[[G:.*]] = memref.get_global @__constant_2xf32 : memref<2xf32>
//       CHECK:     shape.assuming_yield %[[G]] : memref<2xf32>
//       CHECK:   %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
//       CHECK:   memref.copy %[[R]], %[[C]]
//       CHECK:   memref.store %{{.*}}, %[[C]]
func.func @constant_inside(%f: f32) -> tensor<2xf32> {
  %w = shape.const_witness true
  %c0 = arith.constant 0 : index
  %0 = shape.assuming %w -> (tensor<2xf32>) {
    %cst = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
    shape.assuming_yield %cst : tensor<2xf32>
  }
  %1 = tensor.insert %f into %0[%c0] : tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// An assuming without tensors is left alone; one nested in another is
// bufferized from the inside out.
// CHECK-LABEL: func.func @nested(
//       CHECK:   shape.assuming %{{.*}} -> (memref<3xi32, strided<[?], offset: ?>>) {
//       CHECK:     shape.assuming %{{.*}} -> (memref<3xi32, strided<[?], offset: ?>>) {
//       CHECK:   shape.assuming %{{.*}} -> (index) {
func.func @nested(%t: tensor<3xi32>, %w: !shape.witness, %n: index) -> (tensor<3xi32>, index) {
  %0 = shape.assuming %w -> (tensor<3xi32>) {
    %1 = shape.assuming %w -> (tensor<3xi32>) {
      shape.assuming_yield %t : tensor<3xi32>
    }
    shape.assuming_yield %1 : tensor<3xi32>
  }
  %2 = shape.assuming %w -> (index) {
    shape.assuming_yield %n : index
  }
  return %0, %2 : tensor<3xi32>, index
}
