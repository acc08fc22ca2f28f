// A slice of a call result is overwritten (not read) out of place while
// the call result itself stays live. Tensor copy insertion asks for the
// buffer type of the call result before the callee is bufferized.
// mlir-opt-19 then takes the callee's tensor result type for a memref
// type and crashes (a known 19.1.7 defect: "a crash when a call result is
// written out of place without being read"). bufopt answers with the
// function-boundary type, as LLVM 20 does, and the program runs.
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: bufopt-run --print-results %s | FileCheck %s --check-prefix=RESULT
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline | bufopt-run --strict --print-results - | FileCheck %s --check-prefix=RESULT

// RESULT: result #0: <4> [9.0, 9.0, 9.0, 9.0]
// RESULT-NEXT: result #1: <8> [5.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]

// CHECK-LABEL: func.func private @set_first(
// CHECK-SAME: %[[T:.*]]: memref<8xf32, strided<[?], offset: ?>>
// CHECK: memref.store %{{.*}}, %[[T]]
// CHECK: return %[[T]]
func.func private @set_first(%t: tensor<8xf32>, %f: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %v = tensor.insert %f into %t[%c0] : tensor<8xf32>
  return %v : tensor<8xf32>
}

// The fill goes to a fresh buffer: the call result is returned unchanged.
// CHECK-LABEL: func.func @main(
// CHECK: %[[R:.*]] = call @set_first(
// CHECK: %[[A:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4xf32>)
// CHECK: return %[[A]], %[[R]]
func.func @main() -> (tensor<4xf32>, tensor<8xf32>) {
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %nine = arith.constant 9.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = func.call @set_first(%t, %five) : (tensor<8xf32>, f32) -> tensor<8xf32>
  %s = tensor.extract_slice %r[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %w = linalg.fill ins(%nine : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  return %w, %r : tensor<4xf32>, tensor<8xf32>
}
