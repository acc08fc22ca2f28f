// The spec's BufferizeReturnOpConverter and BufferizeCallOpConverter
// examples (test-bufferize-func-conversion, the library converters of
// bufferization::func_conversion): with AppendToArgumentsList a tensor
// result becomes an out-parameter filled by a memref.copy at the return,
// and each caller allocates it; with KeepAsFunctionResult it stays a
// (memref) result. The output parses and verifies with mlir-opt-19.
// RUN: bufopt --allow-unregistered-dialect -test-bufferize-func-conversion %s | FileCheck %s --check-prefix=APPEND
// RUN: bufopt --allow-unregistered-dialect -test-bufferize-func-conversion=result-kind=append %s | FileCheck %s --check-prefix=APPEND
// RUN: bufopt --allow-unregistered-dialect -test-bufferize-func-conversion=result-kind=keep %s | FileCheck %s --check-prefix=KEEP
// RUN: bufopt --allow-unregistered-dialect -test-bufferize-func-conversion %s | mlir-opt-19 --allow-unregistered-dialect | FileCheck %s --check-prefix=APPEND
// RUN: bufopt --allow-unregistered-dialect -test-bufferize-func-conversion=result-kind=keep %s | mlir-opt-19 --allow-unregistered-dialect | FileCheck %s --check-prefix=KEEP

// APPEND-LABEL: func.func @on_tensors(
// APPEND-SAME: %[[A:.*]]: memref<5xf32>, %[[B:.*]]: i1, %[[OUT:.*]]: memref<5xf32>) -> i1 {
// APPEND-NEXT: memref.copy %[[A]], %[[OUT]] : memref<5xf32> to memref<5xf32>
// APPEND-NEXT: return %[[B]] : i1
// KEEP-LABEL: func.func @on_tensors(
// KEEP-SAME: %[[A:.*]]: memref<5xf32>, %[[B:.*]]: i1) -> (memref<5xf32>, i1) {
// KEEP-NEXT: return %[[A]], %[[B]] : memref<5xf32>, i1
func.func @on_tensors(%arg0: tensor<5xf32>, %arg1: i1) -> (tensor<5xf32>, i1) {
  return %arg0, %arg1 : tensor<5xf32>, i1
}

// APPEND-LABEL: func.func @callee(
// APPEND-SAME: %[[A:.*]]: memref<5xf32>, %[[OUT:.*]]: memref<5xf32>) {
// APPEND-NEXT: memref.copy %[[A]], %[[OUT]] : memref<5xf32> to memref<5xf32>
// APPEND-NEXT: return
// KEEP-LABEL: func.func @callee(
// KEEP-SAME: %[[A:.*]]: memref<5xf32>) -> memref<5xf32> {
// KEEP-NEXT: return %[[A]] : memref<5xf32>
func.func @callee(%arg0: tensor<5xf32>) -> (tensor<5xf32>) {
  return %arg0 : tensor<5xf32>
}

// APPEND-LABEL: func.func @caller(
// APPEND-SAME: %[[A:.*]]: memref<5xf32>, %[[OUT:.*]]: memref<5xf32>) {
// APPEND-NEXT: %[[BUF:.*]] = memref.alloc() : memref<5xf32>
// APPEND-NEXT: call @callee(%[[A]], %[[BUF]]) : (memref<5xf32>, memref<5xf32>) -> ()
// APPEND-NEXT: memref.copy %[[BUF]], %[[OUT]] : memref<5xf32> to memref<5xf32>
// APPEND-NEXT: return
// KEEP-LABEL: func.func @caller(
// KEEP-SAME: %[[A:.*]]: memref<5xf32>) -> memref<5xf32> {
// KEEP-NEXT: %[[R:.*]] = call @callee(%[[A]]) : (memref<5xf32>) -> memref<5xf32>
// KEEP-NEXT: return %[[R]] : memref<5xf32>
func.func @caller(%arg0: tensor<5xf32>) -> tensor<5xf32> {
  %x = call @callee(%arg0) : (tensor<5xf32>) -> tensor<5xf32>
  return %x : tensor<5xf32>
}

// Unranked tensors follow the same kind; a tensor computed in the body
// reaches the copy through a to_memref, and a memref result that was not
// converted is kept either way.
// APPEND-LABEL: func.func @mixed(
// APPEND-SAME: %[[U:.*]]: memref<*xf32>, %[[M:.*]]: memref<3xi8>, %[[OUT0:.*]]: memref<*xf32>, %[[OUT1:.*]]: memref<2xf32>) -> memref<3xi8> {
// APPEND-NEXT: %[[T:.*]] = "test.make"() : () -> tensor<2xf32>
// APPEND-NEXT: %[[TM:.*]] = bufferization.to_memref %[[T]] : memref<2xf32>
// APPEND-NEXT: memref.copy %[[U]], %[[OUT0]] : memref<*xf32> to memref<*xf32>
// APPEND-NEXT: memref.copy %[[TM]], %[[OUT1]] : memref<2xf32> to memref<2xf32>
// APPEND-NEXT: return %[[M]] : memref<3xi8>
// KEEP-LABEL: func.func @mixed(
// KEEP-SAME: %{{.*}}: memref<*xf32>, %{{.*}}: memref<3xi8>) -> (memref<*xf32>, memref<3xi8>, memref<2xf32>)
func.func @mixed(%u: tensor<*xf32>, %m: memref<3xi8>) -> (tensor<*xf32>, memref<3xi8>, tensor<2xf32>) {
  %t = "test.make"() : () -> tensor<2xf32>
  return %u, %m, %t : tensor<*xf32>, memref<3xi8>, tensor<2xf32>
}
