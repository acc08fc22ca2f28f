// `test-shape-function-report` beyond upstream's file: a library mapping
// an op's name, a `shape.function` attribute naming a function of the
// library, ops with no way to refine their shape, and result type inference
// (arith.addf, through SameOperandsAndResultType) winning over the mapping.
// mlir-opt-19 verifies the same remarks.
// RUN: bufopt %s --test-shape-function-report -verify-diagnostics -allow-unregistered-dialect

module attributes {shape.lib = @lib} {

// expected-remark@+1 {{no associated way to refine shape}}
func.func @f(%arg: tensor<2xf32>) -> tensor<2xf32> {
  // expected-remark@+1 {{implements InferType op interface}}
  %0 = "test.same_operand_result_type"(%arg) : (tensor<2xf32>) -> tensor<2xf32>
  // expected-remark@+1 {{associated shape function: mapped}}
  %1 = "foo.op"(%0) : (tensor<2xf32>) -> tensor<2xf32>
  // expected-remark@+1 {{associated shape function: named}}
  %2 = "foo.other"(%1) {shape.function = @lib::@named} : (tensor<2xf32>) -> tensor<2xf32>
  // expected-remark@+1 {{no associated way to refine shape}}
  %3 = "foo.none"(%2) : (tensor<2xf32>) -> tensor<2xf32>
  // expected-remark@+1 {{implements InferType op interface}}
  %4 = arith.addf %3, %3 : tensor<2xf32>
  return %4 : tensor<2xf32>
}

shape.function_library @lib {
  func @mapped(%arg: !shape.value_shape) -> !shape.shape {
    %0 = shape_of %arg : !shape.value_shape -> !shape.shape
    return %0 : !shape.shape
  }
  func @named(%arg: !shape.value_shape) -> !shape.shape {
    %0 = shape_of %arg : !shape.value_shape -> !shape.shape
    return %0 : !shape.shape
  }
} mapping {
  test.same_operand_result_type = @mapped,
  foo.op = @mapped
}

}
