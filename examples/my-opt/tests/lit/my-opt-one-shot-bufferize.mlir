// One-Shot Bufferize on programs using the user's op `my.scale`, whose
// `BufferizableOp` model (src/bufferize.rs) says: the tensor operand is read
// and, in place, written; the result is the operand's buffer. The analysis
// decides in place or not from that; the bufferized code is upstream ops
// only, so mlir-opt-19 reads and verifies it as it is (no
// --allow-unregistered-dialect, no generic form needed).
// RUN: my-opt %s --one-shot-bufferize=test-analysis-only --split-input-file | FileCheck %s --check-prefix=ANALYSIS
// RUN: my-opt %s --one-shot-bufferize="test-analysis-only print-conflicts" --split-input-file | FileCheck %s --check-prefix=CONFLICT
// RUN: my-opt %s --one-shot-bufferize --split-input-file | FileCheck %s
// RUN: my-opt %s --one-shot-bufferize --split-input-file | mlir-opt-19 --split-input-file --verify-each
// RUN: my-opt %s --one-shot-bufferize=bufferize-function-boundaries --split-input-file | mlir-opt-19 --split-input-file --verify-each

// Nothing reads the filled tensor after the scale: it is scaled in its own
// buffer.
// ANALYSIS-LABEL: func.func @in_place
//       ANALYSIS:   my.scale {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
// CHECK-LABEL: func.func @in_place(
//  CHECK-SAME:     %[[F:.*]]: f32)
//       CHECK:   %[[A:.*]] = memref.alloc() {{.*}} : memref<4xf32>
//       CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32>)
//   CHECK-NOT:   memref.copy
//       CHECK:   linalg.map ins(%[[A]] : memref<4xf32>) outs(%[[A]] : memref<4xf32>)
//  CHECK-NEXT:     (%[[IN:.*]]: f32) {
//  CHECK-NEXT:       %[[P:.*]] = arith.mulf %[[IN]], %[[F]] : f32
//  CHECK-NEXT:       linalg.yield %[[P]] : f32
//       CHECK:   %[[T:.*]] = bufferization.to_tensor %[[A]]
//       CHECK:   return %[[T]]
func.func @in_place(%f: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %x = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = my.scale %x by %f : tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// The old value of %x is read after the scale (by tensor.extract): writing
// in place would clobber it, so the scale works on a copy.
// ANALYSIS-LABEL: func.func @read_after
//       ANALYSIS:   my.scale {{.*}} {__inplace_operands_attr__ = ["false", "none"]}
//       ANALYSIS:   tensor.extract {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
// print-conflicts marks the pair that made the decision: the fill defines
// the value, the scale would write it, the extract reads it after.
// CONFLICT-LABEL: func.func @read_after
//       CONFLICT:   linalg.fill {"C_0[DEF: result 0]"
//       CONFLICT:   my.scale {{.*}} {"C_0[CONFL-WRITE: 0]", __inplace_operands_attr__ = ["false", "none"]}
//       CONFLICT:   tensor.extract {{.*}} {"C_0[READ: 0]"
// CHECK-LABEL: func.func @read_after(
//       CHECK:   %[[A:.*]] = memref.alloc() {{.*}} : memref<4xf32>
//       CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32>)
//       CHECK:   %[[B:.*]] = memref.alloc() {{.*}} : memref<4xf32>
//       CHECK:   memref.copy %[[A]], %[[B]]
//       CHECK:   linalg.map ins(%[[B]] : memref<4xf32>) outs(%[[B]] : memref<4xf32>)
//       CHECK:   memref.load %[[A]]
func.func @read_after(%f: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %x = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = my.scale %x by %f : tensor<4xf32>
  %old = tensor.extract %x[%c0] : tensor<4xf32>
  return %s, %old : tensor<4xf32>, f32
}

// -----

// A constant's buffer is not writable: the scale gets a copy.
// ANALYSIS-LABEL: func.func @constant_input
//       ANALYSIS:   my.scale {{.*}} {__inplace_operands_attr__ = ["false", "none"]}
// CHECK-LABEL: func.func @constant_input(
//       CHECK:   %[[G:.*]] = memref.get_global
//       CHECK:   %[[B:.*]] = memref.alloc() {{.*}} : memref<2xf32>
//       CHECK:   memref.copy %[[G]], %[[B]]
//       CHECK:   linalg.map ins(%[[B]] : memref<2xf32>) outs(%[[B]] : memref<2xf32>)
func.func @constant_input(%f: f32) -> tensor<2xf32> {
  %x = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s = my.scale %x by %f : tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

// A chain: each scale consumes the previous result only, so all of them
// work in the first buffer, and the dynamic shape comes along.
// ANALYSIS-LABEL: func.func @chain
//       ANALYSIS:   my.scale {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
//       ANALYSIS:   my.scale {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
// CHECK-LABEL: func.func @chain(
//       CHECK:   %[[A:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.map ins(%[[A]] : memref<?xf32>) outs(%[[A]] : memref<?xf32>)
//   CHECK-NOT:   memref.alloc
//       CHECK:   linalg.map ins(%[[A]] : memref<?xf32>) outs(%[[A]] : memref<?xf32>)
func.func @chain(%n: index, %f: f32, %g: f32) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %one = arith.constant 1.0 : f32
  %x = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %s = my.scale %x by %f : tensor<?xf32>
  %t = my.scale %s by %g : tensor<?xf32>
  return %t : tensor<?xf32>
}
