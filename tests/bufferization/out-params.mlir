// buffer-results-to-out-params: memref results become trailing arguments
// allocated by the caller; the later-upstream options hoist-dynamic-allocs
// modify-public-functions=false (out-params-hoist.mlir has the hoisting
// options); the errors. The default output is mlir-opt-19's (second RUN
// line).
// RUN: bufopt -buffer-results-to-out-params -split-input-file -verify-diagnostics -allow-unregistered-dialect %s | FileCheck %s
// RUN: mlir-opt-19 -buffer-results-to-out-params -split-input-file -verify-diagnostics -allow-unregistered-dialect %s | FileCheck %s
// RUN: bufopt -p 'builtin.module(buffer-results-to-out-params{modify-public-functions=false})' -split-input-file -verify-diagnostics -allow-unregistered-dialect %s | FileCheck %s --check-prefix=PRIV

// A result attribute moves to the new argument; non-memref results stay.
// CHECK-LABEL: func.func private @two(
// CHECK-SAME: %{{.*}}: index, %[[OUT:.*]]: memref<4xf32> {test.attr}) -> index {
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: memref.copy %[[A]], %[[OUT]]
// CHECK: return %{{.*}} : index
// PRIV-LABEL: func.func private @two(
// PRIV-SAME: %[[OUT:.*]]: memref<4xf32> {test.attr}) -> index
func.func private @two(%n: index) -> (memref<4xf32> {test.attr}, index) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %n : memref<4xf32>, index
}

// A public caller: its own (index) result stays.
// CHECK-LABEL: func.func @caller(
// CHECK: %[[P:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[R:.*]] = call @two(%{{.*}}, %[[P]]) : (index, memref<4xf32>) -> index
// CHECK: "test.use"(%[[P]], %[[R]])
// PRIV-LABEL: func.func @caller(
// PRIV: call @two(%{{.*}}, %{{.*}}) : (index, memref<4xf32>) -> index
func.func @caller(%n: index) {
  %m, %i = call @two(%n) : (index) -> (memref<4xf32>, index)
  "test.use"(%m, %i) : (memref<4xf32>, index) -> ()
  return
}

// A public function is left alone with modify-public-functions=false.
// CHECK-LABEL: func.func @public_result(
// CHECK-SAME: %{{.*}}: memref<2xf32>) {
// PRIV-LABEL: func.func @public_result() -> memref<2xf32> {
func.func @public_result() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}

// -----

// A dynamically shaped result is an error at the call.
func.func private @dyn(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}

func.func @use_dyn(%n: index) {
  // expected-error @+1 {{cannot create out param for dynamically shaped result}}
  %m = call @dyn(%n) : (index) -> memref<?xf32>
  "test.use"(%m) : (memref<?xf32>) -> ()
  return
}

// -----

// A layout other than identity or fully dynamic cannot be an out param.
// expected-error @+1 {{cannot create out param for result with unsupported layout}}
func.func private @strided(%m: memref<8xf32>) -> memref<4xf32, strided<[2]>> {
  %s = memref.subview %m[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  return %s : memref<4xf32, strided<[2]>>
}
