// One-Shot Module Analysis: a callee that writes its argument in place and
// returns it (result 0 equivalent to argument 0), one that only reads, and
// a caller whose call operands are therefore decided against what each
// callee does. The analysis annotations and the bufferized module are
// mlir-opt-19's; the bufferized module, deallocated, runs clean and prints
// what the tensor program prints.
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANA
// RUN: mlir-opt-19 %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANA
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: mlir-opt-19 %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: bufopt-run --strict %s | FileCheck %s --check-prefix=EXEC
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s --check-prefix=EXEC

// ANA-LABEL: func.func @bump(
// ANA-SAME: {bufferization.access = "read-write"}
// ANA: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// ANA: return {__equivalent_func_args__ = [0], __inplace_operands_attr__ = ["true"]}
// CHECK-LABEL: func.func @bump(
// CHECK-SAME: %[[A:.*]]: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: return %[[A]]
func.func @bump(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %y = arith.addf %x, %one : f32
  %r = tensor.insert %y into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}

// ANA-LABEL: func.func @first(
// ANA-SAME: {bufferization.access = "read"}
// CHECK-LABEL: func.func @first(
func.func @first(%t: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  return %x : f32
}

func.func private @printMemrefF32(tensor<*xf32>)

// The first two calls write in place: their operands are not read after
// them. The third call's operand %b is read afterwards (by @first and the
// print), so it gets a copy.
// ANA-LABEL: func.func @main(
// ANA: call @bump(%{{.*}}) {__inplace_operands_attr__ = ["true"]}
// ANA: call @bump(%{{.*}}) {__inplace_operands_attr__ = ["true"]}
// ANA: call @bump(%{{.*}}) {__inplace_operands_attr__ = ["false"]}
// ANA: call @first(%{{.*}}) {__inplace_operands_attr__ = ["true"]}
// CHECK-LABEL: func.func @main(
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: call @bump(%{{.*}})
// CHECK: call @bump(%{{.*}})
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy
// CHECK: call @bump(%{{.*}})
// CHECK: call @first(%{{.*}})
// EXEC: data =
// EXEC-NEXT: [2,  0,  0,  0]
// EXEC: data =
// EXEC-NEXT: [3,  0,  0,  0]
// EXEC-NOT: error
func.func @main() {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %a = call @bump(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %b = call @bump(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %c = call @bump(%b) : (tensor<4xf32>) -> tensor<4xf32>
  %x = call @first(%b) : (tensor<4xf32>) -> f32
  %bu = tensor.cast %b : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%bu) : (tensor<*xf32>) -> ()
  %cu = tensor.cast %c : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()
  return
}
