// bufferize-function-boundaries in copy-before-write mode: signatures
// (the three boundary layout policies),
// returns (with the returned casts folded under infer-layout-map), calls
// (operands cast to the callee's types), external functions, and
// bufferization.writable dropped afterwards. The output is
// mlir-opt-19's, byte for byte; the program runs, before and after (with
// the deallocation pipeline), with the same output and no memory error.
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s > %t.b && mlir-opt-19 -one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries copy-before-write function-boundary-type-conversion=identity-layout-map" %s > %t.b && mlir-opt-19 -one-shot-bufferize="bufferize-function-boundaries copy-before-write function-boundary-type-conversion=identity-layout-map" %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries copy-before-write function-boundary-type-conversion=fully-dynamic-layout-map" %s > %t.b && mlir-opt-19 -one-shot-bufferize="bufferize-function-boundaries copy-before-write function-boundary-type-conversion=fully-dynamic-layout-map" %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt-run --strict %s | FileCheck %s --check-prefix=EXEC
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries copy-before-write function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %s | bufopt-run --strict - | FileCheck %s --check-prefix=EXEC
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries copy-before-write" --buffer-deallocation-pipeline %s | bufopt-run --strict - | FileCheck %s --check-prefix=EXEC

// EXEC-NOT: {{error|warning}}
// EXEC: sizes = [4] strides = [1] data =
// EXEC-NEXT: [1,  2,  2,  0]
// EXEC: sizes = [4] strides = [1] data =
// EXEC-NEXT: [1,  4,  4,  0]
// EXEC: sizes = [4] strides = [1] data =
// EXEC-NEXT: [0,  1,  2,  0]

// CHECK: memref.global "private" constant @__constant_4xf32
// CHECK-LABEL: func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF32(memref<*xf32>)

// The returned buffer's cast is folded: the result type is the buffer's.
// CHECK-LABEL: func.func @bump(
// CHECK-SAME: %[[T:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[I:.*]]: index) -> memref<4xf32> {
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[T]], %[[A]]
// CHECK: memref.store %{{.*}}, %[[A]][%[[I]]]
// CHECK: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[A]], %[[B]]
// CHECK: memref.store %{{.*}}, %[[B]][%{{.*}}]
// CHECK: memref.cast %[[B]] : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK: return %[[B]] : memref<4xf32>
func.func @bump(%t: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %v = tensor.extract %t[%i] : tensor<4xf32>
  %w = arith.addf %v, %one : f32
  %t1 = tensor.insert %w into %t[%i] : tensor<4xf32>
  %j = arith.addi %i, %c1 : index
  %x = tensor.extract %t1[%j] : tensor<4xf32>
  %y = arith.addf %x, %one : f32
  %t2 = tensor.insert %y into %t1[%j] : tensor<4xf32>
  return %t2 : tensor<4xf32>
}

// A buffer_layout argument keeps its layout; writable = false is dropped.
// CHECK-LABEL: func.func @show(
// CHECK-SAME: %{{.*}}: memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NOT: bufferization.
func.func @show(%t: tensor<4xf32> {bufferization.writable = false}) {
  %m = bufferization.to_memref %t read_only : memref<4xf32, strided<[?], offset: ?>>
  %u = memref.cast %m : memref<4xf32, strided<[?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @main() {
// CHECK: %[[G:.*]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK: %[[C:.*]] = memref.cast %{{.*}} : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK: %[[B:.*]] = call @bump(%[[C]], %{{.*}}) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32>
// The call writes its operand (no module analysis): it gets a copy.
// CHECK: %[[CP:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[B]], %[[CP]]
// CHECK: %[[S:.*]] = memref.cast %[[CP]] : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK: call @show(%[[S]]) : (memref<4xf32, strided<[?], offset: ?>>) -> ()
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant dense<[0.0, 1.0, 2.0, 0.0]> : tensor<4xf32>
  %b = call @bump(%a, %c0) : (tensor<4xf32>, index) -> tensor<4xf32>
  call @show(%b) : (tensor<4xf32>) -> ()
  %d = call @bump(%b, %c1) : (tensor<4xf32>, index) -> tensor<4xf32>
  %e = call @bump(%d, %c1) : (tensor<4xf32>, index) -> tensor<4xf32>
  call @show(%e) : (tensor<4xf32>) -> ()
  call @show(%a) : (tensor<4xf32>) -> ()
  return
}
