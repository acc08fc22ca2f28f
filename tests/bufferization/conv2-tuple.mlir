// The spec's tuple examples ("Callbacks for Unpacking Types",
// BufferizeFuncOpConverter, the summarizing example) with
// test-bufferize-func-conversion=decompose-tuples: tuple arguments,
// results and operands expand into their elements, converted one by one;
// block arguments are packed back with test.make_tuple, values unpacked
// with test.get_tuple_element. The output verifies with mlir-opt-19.
// RUN: bufopt --allow-unregistered-dialect -test-bufferize-func-conversion=decompose-tuples=true %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect -test-bufferize-func-conversion=decompose-tuples=true %s | mlir-opt-19 --allow-unregistered-dialect | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect '-test-bufferize-func-conversion=decompose-tuples=true result-kind=keep' %s | FileCheck %s --check-prefix=KEEP
// RUN: bufopt --allow-unregistered-dialect -test-bufferize-func-conversion %s | FileCheck %s --check-prefix=NODEC

// CHECK-LABEL: func.func @func_on_tensors(
// CHECK-SAME: %[[A:.*]]: i1, %[[B:.*]]: f32, %[[O0:.*]]: memref<10xf32>, %[[O1:.*]]: memref<5xf32>) {
// CHECK-NEXT: %[[P:.*]] = "test.make_tuple"(%[[A]], %[[B]]) : (i1, f32) -> tuple<i1, f32>
// CHECK-NEXT: %[[S:.*]] = "test.source"(%[[P]]) : (tuple<i1, f32>) -> tuple<tensor<10xf32>, tensor<5xf32>>
// CHECK-NEXT: %[[E0:.*]] = "test.get_tuple_element"(%[[S]]) <{index = 0 : i32}> : (tuple<tensor<10xf32>, tensor<5xf32>>) -> tensor<10xf32>
// CHECK-NEXT: %[[M0:.*]] = bufferization.to_memref %[[E0]] : memref<10xf32>
// CHECK-NEXT: %[[E1:.*]] = "test.get_tuple_element"(%[[S]]) <{index = 1 : i32}> : (tuple<tensor<10xf32>, tensor<5xf32>>) -> tensor<5xf32>
// CHECK-NEXT: %[[M1:.*]] = bufferization.to_memref %[[E1]] : memref<5xf32>
// CHECK-NEXT: %[[Q:.*]] = "test.make_tuple"(%[[M0]], %[[M1]]) : (memref<10xf32>, memref<5xf32>) -> tuple<memref<10xf32>, memref<5xf32>>
// CHECK-NEXT: %[[F0:.*]] = "test.get_tuple_element"(%[[Q]]) <{index = 0 : i32}>
// CHECK-NEXT: %[[F1:.*]] = "test.get_tuple_element"(%[[Q]]) <{index = 1 : i32}>
// CHECK-NEXT: memref.copy %[[F0]], %[[O0]] : memref<10xf32> to memref<10xf32>
// CHECK-NEXT: memref.copy %[[F1]], %[[O1]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return
// KEEP-LABEL: func.func @func_on_tensors(
// KEEP-SAME: %{{.*}}: i1, %{{.*}}: f32) -> (memref<10xf32>, memref<5xf32>) {
// NODEC-LABEL: func.func @func_on_tensors(
// NODEC-SAME: %{{.*}}: tuple<i1, f32>) -> tuple<tensor<10xf32>, tensor<5xf32>> {
func.func @func_on_tensors(%arg0: tuple<i1,f32>) -> (tuple<tensor<10xf32>, tensor<5xf32>>) {
  %0 = "test.source"(%arg0) : (tuple<i1,f32>) -> tuple<tensor<10xf32>, tensor<5xf32>>
  return %0 : tuple<tensor<10xf32>, tensor<5xf32>>
}

// The memref<10xf32> result was not converted: it stays a result.
// CHECK-LABEL: func.func @on_tensors(
// CHECK-SAME: %{{.*}}: i1, %{{.*}}: f32, %[[OUT:.*]]: memref<5xf32>) -> memref<10xf32> {
// CHECK: %[[G0:.*]] = "test.get_tuple_element"(%[[T:.*]]) <{index = 0 : i32}> : (tuple<memref<10xf32>, memref<5xf32>>) -> memref<10xf32>
// CHECK-NEXT: %[[G1:.*]] = "test.get_tuple_element"(%[[T]]) <{index = 1 : i32}> : (tuple<memref<10xf32>, memref<5xf32>>) -> memref<5xf32>
// CHECK-NEXT: memref.copy %[[G1]], %[[OUT]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return %[[G0]] : memref<10xf32>
// KEEP-LABEL: func.func @on_tensors(
// KEEP-SAME: %{{.*}}: i1, %{{.*}}: f32) -> (memref<10xf32>, memref<5xf32>) {
func.func @on_tensors(%arg1: tuple<i1,f32>) -> (tuple<memref<10xf32>, tensor<5xf32>>) {
  %0 = "test.source"(%arg1) : (tuple<i1,f32>) -> tuple<memref<10xf32>, tensor<5xf32>>
  return %0 : tuple<memref<10xf32>, tensor<5xf32>>
}

// The summarizing example.
// CHECK-LABEL: func.func @callee(
// CHECK-SAME: %[[A:.*]]: memref<5xf32>, %[[B:.*]]: i1, %[[OUT:.*]]: memref<5xf32>) -> i1 {
// CHECK-NEXT: %[[P:.*]] = "test.make_tuple"(%[[A]], %[[B]]) : (memref<5xf32>, i1) -> tuple<memref<5xf32>, i1>
// CHECK-NEXT: %[[E0:.*]] = "test.get_tuple_element"(%[[P]]) <{index = 0 : i32}> : (tuple<memref<5xf32>, i1>) -> memref<5xf32>
// CHECK-NEXT: %[[E1:.*]] = "test.get_tuple_element"(%[[P]]) <{index = 1 : i32}> : (tuple<memref<5xf32>, i1>) -> i1
// CHECK-NEXT: memref.copy %[[E0]], %[[OUT]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return %[[E1]] : i1
// KEEP-LABEL: func.func @callee(
// KEEP-SAME: %{{.*}}: memref<5xf32>, %{{.*}}: i1) -> (memref<5xf32>, i1) {
func.func @callee(%arg0: tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1> {
  return %arg0 : tuple<tensor<5xf32>,i1>
}

// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[A:.*]]: memref<5xf32>, %[[B:.*]]: i1, %[[OUT:.*]]: memref<5xf32>) -> i1 {
// CHECK-NEXT: %[[P:.*]] = "test.make_tuple"(%[[A]], %[[B]]) : (memref<5xf32>, i1) -> tuple<memref<5xf32>, i1>
// CHECK-NEXT: %[[E0:.*]] = "test.get_tuple_element"(%[[P]]) <{index = 0 : i32}> : (tuple<memref<5xf32>, i1>) -> memref<5xf32>
// CHECK-NEXT: %[[E1:.*]] = "test.get_tuple_element"(%[[P]]) <{index = 1 : i32}> : (tuple<memref<5xf32>, i1>) -> i1
// CHECK-NEXT: %[[BUF:.*]] = memref.alloc() : memref<5xf32>
// CHECK-NEXT: %[[R:.*]] = call @callee(%[[E0]], %[[E1]], %[[BUF]]) : (memref<5xf32>, i1, memref<5xf32>) -> i1
// CHECK-NEXT: %[[Q:.*]] = "test.make_tuple"(%[[BUF]], %[[R]]) : (memref<5xf32>, i1) -> tuple<memref<5xf32>, i1>
// CHECK-NEXT: %[[G0:.*]] = "test.get_tuple_element"(%[[Q]]) <{index = 0 : i32}> : (tuple<memref<5xf32>, i1>) -> memref<5xf32>
// CHECK-NEXT: %[[G1:.*]] = "test.get_tuple_element"(%[[Q]]) <{index = 1 : i32}> : (tuple<memref<5xf32>, i1>) -> i1
// CHECK-NEXT: memref.copy %[[G0]], %[[OUT]] : memref<5xf32> to memref<5xf32>
// CHECK-NEXT: return %[[G1]] : i1
// KEEP-LABEL: func.func @caller(
// KEEP: %[[R:.*]]:2 = call @callee(%{{.*}}, %{{.*}}) : (memref<5xf32>, i1) -> (memref<5xf32>, i1)
// KEEP-NEXT: "test.make_tuple"(%[[R]]#0, %[[R]]#1)
func.func @caller(%arg0: tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1> {
  %x = call @callee(%arg0) : (tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1>
  return %x : tuple<tensor<5xf32>,i1>
}

// Nested tuples flatten recursively and are packed back in their shape;
// ops left unconverted get the original tuple type back.
// CHECK-LABEL: func.func @nested(
// CHECK-SAME: %[[A:.*]]: i1, %[[B:.*]]: memref<2xi8>, %[[C:.*]]: f32) -> (i1, f32)
// CHECK-NEXT: %[[IN:.*]] = "test.make_tuple"(%[[B]], %[[C]]) : (memref<2xi8>, f32) -> tuple<memref<2xi8>, f32>
// CHECK-NEXT: %[[OUT:.*]] = "test.make_tuple"(%[[A]], %[[IN]]) : (i1, tuple<memref<2xi8>, f32>) -> tuple<i1, tuple<memref<2xi8>, f32>>
// CHECK: %[[T:.*]] = bufferization.to_tensor %{{.*}} : memref<2xi8>
// CHECK: %[[IN2:.*]] = "test.make_tuple"(%[[T]], %{{.*}}) : (tensor<2xi8>, f32) -> tuple<tensor<2xi8>, f32>
// CHECK-NEXT: %[[ORIG:.*]] = "test.make_tuple"(%{{.*}}, %[[IN2]]) : (i1, tuple<tensor<2xi8>, f32>) -> tuple<i1, tuple<tensor<2xi8>, f32>>
// CHECK-NEXT: %[[U:.*]] = "test.use"(%[[ORIG]])
// CHECK-NEXT: %[[V:.*]] = "test.use2"(%[[ORIG]])
// CHECK-NEXT: return %[[U]], %[[V]] : i1, f32
func.func @nested(%arg0: tuple<i1, tuple<tensor<2xi8>, f32>>) -> (i1, f32) {
  %0 = "test.use"(%arg0) : (tuple<i1, tuple<tensor<2xi8>, f32>>) -> i1
  %1 = "test.use2"(%arg0) : (tuple<i1, tuple<tensor<2xi8>, f32>>) -> f32
  return %0, %1 : i1, f32
}
