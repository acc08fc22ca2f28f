// print-conflicts: the read-after-write conflict that puts a write out of
// place (C_n: its definition, the conflicting write, the read) and the
// read-only buffer that does (W_n). Upstream numbers the markers with
// process-wide counters, so each appears once here.
// RUN: bufopt %s -one-shot-bufferize="test-analysis-only print-conflicts" | FileCheck %s
// RUN: mlir-opt-19 %s -one-shot-bufferize="test-analysis-only print-conflicts" | FileCheck %s

func.func @stale_read(%d: tensor<1xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %0 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %1 = tensor.insert %f into %0[%c0] : tensor<8xf32>
  %x = tensor.extract %0[%c0] : tensor<8xf32>
  return %1, %x : tensor<8xf32>, f32
}
func.func @constant_write(%d: tensor<1xf32>, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<0.0> : tensor<4xf32>
  %0 = tensor.insert %f into %cst[%c0] : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @stale_read(
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK: %inserted = tensor.insert %arg1 into %1[%c0] {"C_0[DEF: result 0]", __inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK: %inserted_0 = tensor.insert %arg1 into %inserted[%c0] {"C_0[CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "false", "none"]}
// CHECK: %extracted = tensor.extract %inserted[%c0] {"C_0[READ: 0]", __inplace_operands_attr__ = ["true", "none"]}
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %inserted_0, %extracted
// CHECK-LABEL: func.func @constant_write(
// CHECK: %cst = arith.constant {"W_0[NOT-WRITABLE: result 0]"} dense<0.000000e+00> : tensor<4xf32>
// CHECK: %inserted = tensor.insert %arg1 into %cst[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]}
