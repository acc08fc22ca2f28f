// must-infer-memory-space: an alloc_tensor without memory_space (or copy)
// and a tensor constant have no memory space to take.
// RUN: bufopt -one-shot-bufferize="copy-before-write must-infer-memory-space" -split-input-file -verify-diagnostics %s
// RUN: mlir-opt-19 -one-shot-bufferize="copy-before-write must-infer-memory-space" -split-input-file -verify-diagnostics %s
// RUN: bufopt -one-shot-bufferize="copy-before-write use-encoding-for-memory-space" -split-input-file %s | FileCheck %s

// CHECK-LABEL: func.func @alloc_no_space(
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<4xf32>
func.func @alloc_no_space(%i: index) -> f32 {
  // expected-error @below {{could not infer memory space}}
  // expected-error @below {{failed to bufferize op}}
  %a = bufferization.alloc_tensor() : tensor<4xf32>
  %m = bufferization.to_memref %a : memref<4xf32>
  %x = memref.load %m[%i] : memref<4xf32>
  return %x : f32
}

// -----

// A memory space given, or the copied tensor's: no error.
// CHECK-LABEL: func.func @alloc_space(
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1>
// CHECK: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1>
// CHECK: memref.copy %[[A]], %[[B]] : memref<4xf32, 1> to memref<4xf32, 1>
func.func @alloc_space(%i: index) -> f32 {
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %b = bufferization.alloc_tensor() copy(%a) : tensor<4xf32>
  %m = bufferization.to_memref %b : memref<4xf32, 1>
  %x = memref.load %m[%i] : memref<4xf32, 1>
  return %x : f32
}

// -----

// CHECK-LABEL: func.func @constant_no_space(
// CHECK: memref.get_global
func.func @constant_no_space(%i: index) -> f32 {
  // expected-error @below {{could not infer memory space}}
  // expected-error @below {{failed to bufferize op}}
  %a = arith.constant dense<1.0> : tensor<4xf32>
  %m = bufferization.to_memref %a : memref<4xf32>
  %x = memref.load %m[%i] : memref<4xf32>
  return %x : f32
}

// -----

// use-encoding-for-memory-space: the encoding is the memory space (not
// looked at under must-infer-memory-space).
// CHECK-LABEL: func.func @encoding(
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 7>
// CHECK: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 7>
// CHECK: memref.copy %[[A]], %[[B]]
// CHECK: memref.dealloc %[[B]] : memref<4xf32, 7>
func.func @encoding() {
  // expected-error @below {{could not infer memory space}}
  // expected-error @below {{failed to bufferize op}}
  %a = bufferization.alloc_tensor() : tensor<4xf32, 7 : i64>
  %b = bufferization.alloc_tensor() copy(%a) : tensor<4xf32, 7 : i64>
  bufferization.dealloc_tensor %b : tensor<4xf32, 7 : i64>
  return
}
