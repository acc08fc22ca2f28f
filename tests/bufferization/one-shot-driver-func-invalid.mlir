// bufferize-function-boundaries errors, with and without the module
// analysis (copy-before-write), as mlir-opt-19 reports them.
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries copy-before-write" -split-input-file -verify-diagnostics %s
// RUN: mlir-opt-19 -one-shot-bufferize="bufferize-function-boundaries copy-before-write" -split-input-file -verify-diagnostics %s
// RUN: bufopt -one-shot-bufferize="bufferize-function-boundaries" -split-input-file -verify-diagnostics %s
// RUN: mlir-opt-19 -one-shot-bufferize="bufferize-function-boundaries" -split-input-file -verify-diagnostics %s

// expected-error @below {{cannot bufferize bodiless function that returns a tensor}}
// expected-error @below {{failed to bufferize op}}
func.func private @ext() -> tensor<4xf32>

// -----

// expected-error @below {{cannot bufferize a FuncOp with tensors and without a unique ReturnOp}}
func.func @two_returns(%c: i1, %t: tensor<4xf32>) -> tensor<4xf32> {
  cf.cond_br %c, ^a, ^b
^a:
  return %t : tensor<4xf32>
^b:
  return %t : tensor<4xf32>
}

// A call cycle is no error for bufopt (LLVM 20 accepts it, 19 rejects it):
// see one-shot-module-cycles.mlir.
