// Self-test of the lit runner: LLVM's mlir-opt is optional; without it this
// test is skipped (or fails under BUFOPT_REQUIRE_MLIR=1).
// REQUIRES: mlir-opt-19
// RUN: mlir-opt-19 %s | FileCheck %s

// CHECK: func.func @f()
func.func @f() {
  return
}
