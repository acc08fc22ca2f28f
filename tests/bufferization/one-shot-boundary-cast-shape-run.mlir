// A callee takes `tensor<?xf32>` and returns it cast to `tensor<8xf32>`.
// After bufferizing a function, upstream folds returned `memref.cast`s
// into the signature. mlir-opt-19 also folds this one, which changes the
// shape: @set_second then returns `memref<?xf32, ...>` while its caller
// was bufferized for `memref<8xf32, ...>`, and the out-of-place write to
// the call result builds `memref.alloc() : memref<?xf32>` without a size
// ("'memref.alloc' op dimension operand count does not equal memref
// dynamic dimension count", a 19.1.7 defect). bufopt folds only casts that
// keep the shape, so the signature keeps `memref<8xf32, ...>`.
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: bufopt-run --print-results %s | FileCheck %s --check-prefix=RESULT
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline | bufopt-run --strict --print-results - | FileCheck %s --check-prefix=RESULT

// RESULT: result #0: <8> [3.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
// RESULT-NEXT: result #1: <8> [1.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]

// CHECK-LABEL: func.func private @set_second(
// CHECK-SAME: %[[D:.*]]: memref<?xf32, strided<[?], offset: ?>>
// CHECK-SAME: -> memref<8xf32, strided<[?], offset: ?>>
// CHECK: %[[C:.*]] = memref.cast %[[D]] : memref<?xf32, strided<[?], offset: ?>> to memref<8xf32, strided<[?], offset: ?>>
// CHECK: return %[[C]] : memref<8xf32, strided<[?], offset: ?>>
func.func private @set_second(%d: tensor<?xf32>, %f: f32) -> tensor<8xf32> {
  %c1 = arith.constant 1 : index
  %dc = tensor.cast %d : tensor<?xf32> to tensor<8xf32>
  %v = tensor.insert %f into %dc[%c1] : tensor<8xf32>
  return %v : tensor<8xf32>
}

// A layout-only cast is still folded: @main returns its allocation with
// the identity layout.
// CHECK-LABEL: func.func @main(
// CHECK-SAME: -> (memref<8xf32>, memref<8xf32, strided<[?], offset: ?>>)
// CHECK: %[[R:.*]] = call @set_second(
// CHECK-SAME: -> memref<8xf32, strided<[?], offset: ?>>
// CHECK: %[[A:.*]] = memref.alloc() {{.*}} : memref<8xf32>
// CHECK: memref.copy %[[R]], %[[A]]
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: return %[[A]], %[[R]] : memref<8xf32>, memref<8xf32, strided<[?], offset: ?>>
func.func @main() -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %d = tensor.cast %t : tensor<8xf32> to tensor<?xf32>
  %r = func.call @set_second(%d, %two) : (tensor<?xf32>, f32) -> tensor<8xf32>
  %w = tensor.insert %three into %r[%c0] : tensor<8xf32>
  return %w, %r : tensor<8xf32>, tensor<8xf32>
}
