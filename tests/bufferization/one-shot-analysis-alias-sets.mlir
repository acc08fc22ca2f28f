// dump-alias-sets: the members of each alias set in upstream's order (the
// order of the unions: the set of an operand's aliasing value first, then
// the operand's set), for results and block arguments, bottom-up and
// top-down.
// RUN: bufopt %s -one-shot-bufferize="test-analysis-only dump-alias-sets analysis-heuristic=bottom-up" | FileCheck %s --check-prefixes=CHECK,BU
// RUN: mlir-opt-19 %s -one-shot-bufferize="test-analysis-only dump-alias-sets analysis-heuristic=bottom-up" | FileCheck %s --check-prefixes=CHECK,BU
// RUN: bufopt %s -one-shot-bufferize="test-analysis-only dump-alias-sets analysis-heuristic=top-down" | FileCheck %s --check-prefixes=CHECK,TD
// RUN: mlir-opt-19 %s -one-shot-bufferize="test-analysis-only dump-alias-sets analysis-heuristic=top-down" | FileCheck %s --check-prefixes=CHECK,TD

func.func @select_and_slices(%d: tensor<1xf32>, %f: f32, %c: i1) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %0 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %1 = tensor.extract_slice %0[0][4][1] : tensor<8xf32> to tensor<4xf32>
  %2 = tensor.insert %f into %1[%c0] : tensor<4xf32>
  %3 = tensor.insert_slice %2 into %0[0][4][1] : tensor<4xf32> into tensor<8xf32>
  %4 = arith.select %c, %3, %0 : tensor<8xf32>
  return %4 : tensor<8xf32>
}
func.func @if_and_loop(%d: tensor<1xf32>, %f: f32, %c: i1, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<8xf32>) {
    %y = scf.if %c -> (tensor<8xf32>) {
      %w = tensor.insert %f into %a[%i] : tensor<8xf32>
      scf.yield %w : tensor<8xf32>
    } else {
      scf.yield %a : tensor<8xf32>
    }
    scf.yield %y : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @select_and_slices(
// BU: %0 = tensor.empty() {__opresult_alias_set_attr__ = {{\[\[}}"%2", "%inserted_slice", "%inserted", "%1", "%0"{{\]\]}}} : tensor<8xf32>
// TD: %0 = tensor.empty() {__opresult_alias_set_attr__ = {{\[\[}}"%2", "%inserted_slice", "%extracted_slice", "%inserted", "%1", "%0"{{\]\]}}} : tensor<8xf32>
// BU: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"], __opresult_alias_set_attr__ = {{\[\[}}"%2", "%inserted_slice", "%inserted", "%1", "%0"{{\]\]}}} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// TD: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"], __opresult_alias_set_attr__ = {{\[\[}}"%2", "%inserted_slice", "%extracted_slice", "%inserted", "%1", "%0"{{\]\]}}} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// BU: %inserted = tensor.insert %arg1 into %1[%c0] {__inplace_operands_attr__ = ["none", "true", "none"], __opresult_alias_set_attr__ = {{\[\[}}"%2", "%inserted_slice", "%inserted", "%1", "%0"{{\]\]}}} : tensor<8xf32>
// TD: %inserted = tensor.insert %arg1 into %1[%c0] {__inplace_operands_attr__ = ["none", "true", "none"], __opresult_alias_set_attr__ = {{\[\[}}"%2", "%inserted_slice", "%extracted_slice", "%inserted", "%1", "%0"{{\]\]}}} : tensor<8xf32>
// BU: %extracted_slice = tensor.extract_slice %inserted[0] [4] [1] {__inplace_operands_attr__ = ["false"], __opresult_alias_set_attr__ = {{\[\[}}"%inserted_0", "%extracted_slice"{{\]\]}}} : tensor<8xf32> to tensor<4xf32>
// TD: %extracted_slice = tensor.extract_slice %inserted[0] [4] [1] {__inplace_operands_attr__ = ["true"], __opresult_alias_set_attr__ = {{\[\[}}"%2", "%inserted_slice", "%extracted_slice", "%inserted", "%1", "%0"{{\]\]}}} : tensor<8xf32> to tensor<4xf32>
// BU: %inserted_0 = tensor.insert %arg1 into %extracted_slice[%c0] {__inplace_operands_attr__ = ["none", "true", "none"], __opresult_alias_set_attr__ = {{\[\[}}"%inserted_0", "%extracted_slice"{{\]\]}}} : tensor<4xf32>
// TD: %inserted_0 = tensor.insert %arg1 into %extracted_slice[%c0] {__inplace_operands_attr__ = ["none", "false", "none"], __opresult_alias_set_attr__ = {{\[\[}}"%inserted_0"{{\]\]}}} : tensor<4xf32>
// BU: %inserted_slice = tensor.insert_slice %inserted_0 into %inserted[0] [4] [1] {__inplace_operands_attr__ = ["true", "false"], __opresult_alias_set_attr__ = {{\[\[}}"%2", "%inserted_slice", "%inserted", "%1", "%0"{{\]\]}}} : tensor<4xf32> into tensor<8xf32>
// TD: %inserted_slice = tensor.insert_slice %inserted_0 into %inserted[0] [4] [1] {__inplace_operands_attr__ = ["true", "false"], __opresult_alias_set_attr__ = {{\[\[}}"%2", "%inserted_slice", "%extracted_slice", "%inserted", "%1", "%0"{{\]\]}}} : tensor<4xf32> into tensor<8xf32>
// BU: %2 = arith.select %arg2, %inserted_slice, %inserted {__inplace_operands_attr__ = ["none", "true", "true"], __opresult_alias_set_attr__ = {{\[\[}}"%2", "%inserted_slice", "%inserted", "%1", "%0"{{\]\]}}} : tensor<8xf32>
// TD: %2 = arith.select %arg2, %inserted_slice, %inserted {__inplace_operands_attr__ = ["none", "true", "true"], __opresult_alias_set_attr__ = {{\[\[}}"%2", "%inserted_slice", "%extracted_slice", "%inserted", "%1", "%0"{{\]\]}}} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true"]} %2 : tensor<8xf32>
// CHECK-LABEL: func.func @if_and_loop(
// CHECK: %0 = tensor.empty() {__opresult_alias_set_attr__ = {{\[\[}}"%2", "%1", "%0"{{\]\]}}} : tensor<8xf32>
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"], __opresult_alias_set_attr__ = {{\[\[}}"%2", "%1", "%0"{{\]\]}}} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: %inserted = tensor.insert %arg1 into %arg5[%arg4] {__inplace_operands_attr__ = ["none", "true", "none"], __opresult_alias_set_attr__ = {{\[\[}}"%3", "%inserted", "%arg5"{{\]\]}}} : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %inserted : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %arg5 : tensor<8xf32>
// CHECK: } {__opresult_alias_set_attr__ = {{\[\[}}"%3", "%inserted", "%arg5"{{\]\]}}}
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %3 : tensor<8xf32>
// CHECK: } {__bbarg_alias_set_attr__ = {{\[\[}}{{\[\[}}"%3", "%inserted", "%arg5"{{\]\]}}{{\]\]}}, __inplace_operands_attr__ = ["none", "none", "none", "true"], __opresult_alias_set_attr__ = {{\[\[}}"%2", "%1", "%0"{{\]\]}}}
// CHECK: return {__inplace_operands_attr__ = ["true"]} %2 : tensor<8xf32>
