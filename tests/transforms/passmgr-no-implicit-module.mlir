// --no-implicit-module: the file's single op is the op the pass manager runs
// on. Pass flags go into a pass manager anchored on that op, and a pass
// anchored on another op is nested under it implicitly (finding nothing to
// run on when that op does not occur inside), as in mlir-opt-19.
// RUN: bufopt --no-implicit-module --promote-buffers-to-stack --split-input-file %s | FileCheck %s
// RUN: bufopt --no-implicit-module --promote-buffers-to-stack --split-input-file %s > %t.b && mlir-opt-19 --no-implicit-module --promote-buffers-to-stack --split-input-file %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --no-implicit-module --one-shot-bufferize --split-input-file %s | FileCheck %s --check-prefix=NESTED
// RUN: bufopt --no-implicit-module --canonicalize --verify-diagnostics %S/passmgr-no-implicit-module-const.mlir
// RUN: mlir-opt-19 --no-implicit-module --canonicalize --verify-diagnostics %S/passmgr-no-implicit-module-const.mlir

// The function pass runs on the top-level function itself.
// CHECK-NOT:   module
// CHECK-LABEL: func.func @top() {
// CHECK-NEXT:    memref.alloca() : memref<2xf32>
// One-Shot Bufferize runs on modules: nested under the function it finds
// none, so the tensor op stays.
// NESTED-NOT:   module
// NESTED-LABEL: func.func @top() {
// NESTED-NEXT:    memref.alloc() : memref<2xf32>
// NESTED-NEXT:    tensor.empty() : tensor<2xf32>
func.func @top() {
  %m = memref.alloc() : memref<2xf32>
  %t = tensor.empty() : tensor<2xf32>
  return
}

// -----

// A module written in the file is the top-level op as before.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func @inner() {
// CHECK-NEXT:      memref.alloca() : memref<3xf32>
module {
  func.func @inner() {
    %m = memref.alloc() : memref<3xf32>
    return
  }
}
