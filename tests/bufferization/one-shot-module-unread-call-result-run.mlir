// A call result written out of place by an op that does not read it
// (linalg.fill, of static and of dynamic shape; the result is read afterwards, so the write
// needs a new buffer whose contents need not be copied). mlir-opt-19
// crashes here (a 19.1.7 defect): the new buffer's memory space is taken
// from the buffer type of the call result, which 19 reads from the callee's
// signature although the callee is not bufferized yet during tensor copy
// insertion (a stack dump in `AllocTensorOp::getBufferType`). bufopt
// computes the boundary type, allocates without copying, and writes there;
// the call result keeps the old contents. Shown by running the tensor
// program and the bufferized one on the same inputs.
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline -o %t.mlir
// RUN: bufopt-run --strict --stats --compare %s %t.mlir 2>&1 | FileCheck %s --check-prefix=EXEC
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANA

// EXEC: verdict: agree

// ANA-LABEL: func.func @fill_result(
//       ANA:   call @id({{.*}}) {__inplace_operands_attr__ = ["true"]}
//       ANA:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// ANA-LABEL: func.func @fill_dynamic_result(
//       ANA:   call @grow({{.*}}) {__inplace_operands_attr__ = ["true", "none"]}
//       ANA:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}

// CHECK-LABEL: func.func @fill_result(
//  CHECK-SAME:     %[[T:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[F:.*]]: f32)
//       CHECK:   %[[R:.*]] = call @id(%[[T]])
//       CHECK:   %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
//   CHECK-NOT:   memref.copy
//       CHECK:   linalg.fill ins(%[[F]] : f32) outs(%[[A]] : memref<4xf32>)
//       CHECK:   memref.load %[[R]]
//       CHECK:   return %[[A]]
// CHECK-LABEL: func.func @fill_dynamic_result(
//       CHECK:   %[[R:.*]] = call @grow(
//       CHECK:   %[[D:.*]] = memref.dim %[[R]]
//       CHECK:   %[[A:.*]] = memref.alloc(%[[D]]) {alignment = 64 : i64} : memref<?xf32>
//   CHECK-NOT:   memref.copy
//       CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<?xf32>)
//       CHECK:   memref.load %[[R]]
//       CHECK:   return %[[A]]

func.func @id(%t: tensor<4xf32>) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}

func.func @fill_result(%t: tensor<4xf32>, %f: f32) -> (tensor<4xf32>, f32) {
  %c1 = arith.constant 1 : index
  %r = call @id(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %w = linalg.fill ins(%f : f32) outs(%r : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %r[%c1] : tensor<4xf32>
  return %w, %x : tensor<4xf32>, f32
}

func.func @grow(%t: tensor<?xf32>, %f: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %u = tensor.insert %f into %t[%c0] : tensor<?xf32>
  return %u : tensor<?xf32>
}

func.func @fill_dynamic_result(%t: tensor<?xf32>, %f: f32) -> (tensor<?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %r = call @grow(%t, %f) : (tensor<?xf32>, f32) -> tensor<?xf32>
  %w = linalg.fill ins(%two : f32) outs(%r : tensor<?xf32>) -> tensor<?xf32>
  %x = tensor.extract %r[%c1] : tensor<?xf32>
  return %w, %x : tensor<?xf32>, f32
}

func.func @main(%t: tensor<4xf32>, %d: tensor<?xf32>, %f: f32) -> (tensor<4xf32>, f32, tensor<?xf32>, f32) {
  %a, %b = call @fill_result(%t, %f) : (tensor<4xf32>, f32) -> (tensor<4xf32>, f32)
  %c, %e = call @fill_dynamic_result(%d, %f) : (tensor<?xf32>, f32) -> (tensor<?xf32>, f32)
  return %a, %b, %c, %e : tensor<4xf32>, f32, tensor<?xf32>, f32
}
