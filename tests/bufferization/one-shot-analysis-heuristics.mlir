// One-Shot Analysis decisions under every heuristic (test-analysis-only,
// no function boundaries, so function arguments are not writable):
// stale reads of an older version, a slice read after an in-place write
// (bottom-up and top-down disagree), matching vs. other subsets, reads and
// writes in mutually exclusive branches (also inside a loop, where they
// conflict), a captured tensor written in a loop, element-wise generic ops
// (identity vs. reversed map), read-only buffers (constants, to_tensor
// without `writable`), privatization in scf.forall, and two writes into one
// tensor.empty (no definition, so only the second write stays in place).
// Every function takes a tensor argument so that the fuzzer's op list does
// not depend on the func.func model.
// RUN: bufopt %s -one-shot-bufferize="test-analysis-only analysis-heuristic=bottom-up" | FileCheck %s --check-prefixes=CHECK,BU
// RUN: mlir-opt-19 %s -one-shot-bufferize="test-analysis-only analysis-heuristic=bottom-up" | FileCheck %s --check-prefixes=CHECK,BU
// RUN: bufopt %s -one-shot-bufferize="test-analysis-only analysis-heuristic=top-down" | FileCheck %s --check-prefixes=CHECK,TD
// RUN: mlir-opt-19 %s -one-shot-bufferize="test-analysis-only analysis-heuristic=top-down" | FileCheck %s --check-prefixes=CHECK,TD
// RUN: bufopt %s -one-shot-bufferize="test-analysis-only analysis-heuristic=bottom-up-from-terminators" | FileCheck %s --check-prefixes=CHECK,BT
// RUN: mlir-opt-19 %s -one-shot-bufferize="test-analysis-only analysis-heuristic=bottom-up-from-terminators" | FileCheck %s --check-prefixes=CHECK,BT
// RUN: bufopt %s -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=23" | FileCheck %s --check-prefixes=CHECK,FZ
// RUN: mlir-opt-19 %s -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=23" | FileCheck %s --check-prefixes=CHECK,FZ

#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (7 - d0)>
func.func @stale_read(%dummy: tensor<1xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %0 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %1 = tensor.insert %f into %0[%c0] : tensor<8xf32>
  %x = tensor.extract %0[%c0] : tensor<8xf32>
  return %1, %x : tensor<8xf32>, f32
}
func.func @slice_then_write(%dummy: tensor<1xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = tensor.extract_slice %t[2][4][1] : tensor<8xf32> to tensor<4xf32>
  %w = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %r = tensor.extract %s[%c0] : tensor<4xf32>
  return %w, %r : tensor<8xf32>, f32
}
func.func @matching_subset(%dummy: tensor<1xf32>, %f: f32, %g: f32) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = tensor.extract_slice %t[4][4][1] : tensor<8xf32> to tensor<4xf32>
  %u = linalg.fill ins(%g : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %u into %t[4][4][1] : tensor<4xf32> into tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @other_subset(%dummy: tensor<1xf32>, %f: f32, %g: f32) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = tensor.extract_slice %t[4][4][1] : tensor<8xf32> to tensor<4xf32>
  %u = linalg.fill ins(%g : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %u into %t[0][4][1] : tensor<4xf32> into tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @branches(%dummy: tensor<1xf32>, %f: f32, %c: i1) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r:2 = scf.if %c -> (tensor<8xf32>, f32) {
    %x = tensor.extract %t[%c0] : tensor<8xf32>
    scf.yield %t, %x : tensor<8xf32>, f32
  } else {
    %w = tensor.insert %f into %t[%c0] : tensor<8xf32>
    scf.yield %w, %f : tensor<8xf32>, f32
  }
  return %r#0, %r#1 : tensor<8xf32>, f32
}
func.func @branches_in_loop(%dummy: tensor<1xf32>, %f: f32, %c: i1, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %acc = tensor.empty() : tensor<8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %acc) -> (tensor<8xf32>) {
    %y = scf.if %c -> (tensor<8xf32>) {
      %x = tensor.extract %t[%c0] : tensor<8xf32>
      %a2 = tensor.insert %x into %a[%i] : tensor<8xf32>
      scf.yield %a2 : tensor<8xf32>
    } else {
      %w = tensor.insert %f into %t[%c0] : tensor<8xf32>
      %x = tensor.extract %w[%c0] : tensor<8xf32>
      %a2 = tensor.insert %x into %a[%i] : tensor<8xf32>
      scf.yield %a2 : tensor<8xf32>
    }
    scf.yield %y : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
func.func @captured_in_loop(%dummy: tensor<1xf32>, %f: f32, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<8xf32>) {
    %w = tensor.insert %f into %t[%i] : tensor<8xf32>
    %x = tensor.extract %w[%c0] : tensor<8xf32>
    %a2 = tensor.insert %x into %a[%i] : tensor<8xf32>
    scf.yield %a2 : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
func.func @elementwise(%dummy: tensor<1xf32>, %f: f32) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%a : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %b = linalg.fill ins(%f : f32) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  %q = linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]} ins(%b : tensor<8xf32>) outs(%b : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r, %q : tensor<8xf32>, tensor<8xf32>
}
func.func @read_only(%dummy: tensor<1xf32>, %f: f32, %m: memref<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<1.0> : tensor<8xf32>
  %0 = tensor.insert %f into %cst[%c0] : tensor<8xf32>
  %t = bufferization.to_tensor %m restrict : memref<8xf32>
  %1 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %w = bufferization.to_tensor %m restrict writable : memref<8xf32>
  %2 = tensor.insert %f into %w[%c0] : tensor<8xf32>
  return %0, %1, %2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
func.func @forall_privatize(%dummy: tensor<1xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %x = tensor.extract %t[%c0] : tensor<8xf32>
  %o = tensor.empty() : tensor<8xf32>
  %r = scf.forall (%i) in (8) shared_outs(%s = %o) -> (tensor<8xf32>) {
    %u = linalg.fill ins(%f : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
    %v = tensor.extract %u[%i] : tensor<8xf32>
    %one = tensor.from_elements %v : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %one into %s[%i][1][1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r, %x : tensor<8xf32>, f32
}
func.func @two_inserts_into_empty(%dummy: tensor<1xf32>, %f: f32) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<8xf32>
  %a = tensor.insert %f into %e[%c0] : tensor<8xf32>
  %b = tensor.insert %f into %e[%c1] : tensor<8xf32>
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}

// CHECK-LABEL: func.func @stale_read(
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: %inserted = tensor.insert %arg1 into %1[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: %inserted_0 = tensor.insert %arg1 into %inserted[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %extracted = tensor.extract %inserted[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %inserted_0, %extracted : tensor<8xf32>, f32
// CHECK-LABEL: func.func @slice_then_write(
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// BU: %extracted_slice = tensor.extract_slice %1[2] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<4xf32>
// TD: %extracted_slice = tensor.extract_slice %1[2] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<8xf32> to tensor<4xf32>
// BT: %extracted_slice = tensor.extract_slice %1[2] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<4xf32>
// FZ: %extracted_slice = tensor.extract_slice %1[2] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<4xf32>
// BU: %inserted = tensor.insert %arg1 into %1[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// TD: %inserted = tensor.insert %arg1 into %1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// BT: %inserted = tensor.insert %arg1 into %1[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// FZ: %inserted = tensor.insert %arg1 into %1[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: %extracted = tensor.extract %extracted_slice[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<4xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %inserted, %extracted : tensor<8xf32>, f32
// CHECK-LABEL: func.func @matching_subset(
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: %extracted_slice = tensor.extract_slice %1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<8xf32> to tensor<4xf32>
// CHECK: %2 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// CHECK: %inserted_slice = tensor.insert_slice %2 into %1[4] [4] [1] {__inplace_operands_attr__ = ["true", "true"]} : tensor<4xf32> into tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true"]} %inserted_slice : tensor<8xf32>
// CHECK-LABEL: func.func @other_subset(
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// BU: %extracted_slice = tensor.extract_slice %1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<4xf32>
// TD: %extracted_slice = tensor.extract_slice %1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<8xf32> to tensor<4xf32>
// BT: %extracted_slice = tensor.extract_slice %1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<4xf32>
// FZ: %extracted_slice = tensor.extract_slice %1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<4xf32>
// BU: %2 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// TD: %2 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// BT: %2 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FZ: %2 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// CHECK: %inserted_slice = tensor.insert_slice %2 into %1[0] [4] [1] {__inplace_operands_attr__ = ["true", "true"]} : tensor<4xf32> into tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true"]} %inserted_slice : tensor<8xf32>
// CHECK-LABEL: func.func @branches(
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: %extracted = tensor.extract %1[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true", "none"]} %1, %extracted : tensor<8xf32>, f32
// CHECK: %inserted = tensor.insert %arg1 into %1[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true", "none"]} %inserted, %arg1 : tensor<8xf32>, f32
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %2#0, %2#1 : tensor<8xf32>, f32
// CHECK-LABEL: func.func @branches_in_loop(
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: %extracted = tensor.extract %1[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: %inserted = tensor.insert %extracted into %arg5[%arg4] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %inserted : tensor<8xf32>
// CHECK: %inserted = tensor.insert %arg1 into %1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %extracted = tensor.extract %inserted[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: %inserted_0 = tensor.insert %extracted into %arg5[%arg4] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %inserted_0 : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %4 : tensor<8xf32>
// CHECK: } {__inplace_operands_attr__ = ["none", "none", "none", "true"]}
// CHECK: return {__inplace_operands_attr__ = ["true"]} %3 : tensor<8xf32>
// CHECK-LABEL: func.func @captured_in_loop(
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: %inserted = tensor.insert %arg1 into %1[%arg3] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %extracted = tensor.extract %inserted[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: %inserted_0 = tensor.insert %extracted into %arg4[%arg3] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %inserted_0 : tensor<8xf32>
// CHECK: } {__inplace_operands_attr__ = ["none", "none", "none", "false"]}
// CHECK: return {__inplace_operands_attr__ = ["true"]} %2 : tensor<8xf32>
// CHECK-LABEL: func.func @elementwise(
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<8xf32>) outs(%1 : tensor<8xf32>) attrs =  {__inplace_operands_attr__ = ["true", "true"]} {
// CHECK: %4 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg1 : f32) outs(%3 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: %5 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel"]} ins(%4 : tensor<8xf32>) outs(%4 : tensor<8xf32>) attrs =  {__inplace_operands_attr__ = ["true", "false"]} {
// CHECK: return {__inplace_operands_attr__ = ["true", "true"]} %2, %5 : tensor<8xf32>, tensor<8xf32>
// CHECK-LABEL: func.func @read_only(
// CHECK: %inserted = tensor.insert %arg1 into %cst[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %inserted_0 = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %inserted_1 = tensor.insert %arg1 into %1[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "true", "true"]} %inserted, %inserted_0, %inserted_1 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
// CHECK-LABEL: func.func @forall_privatize(
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg1 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: %extracted = tensor.extract %1[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: %4 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg1 : f32) outs(%1 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: %extracted_0 = tensor.extract %4[%arg2] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: tensor.parallel_insert_slice %from_elements into %arg3[%arg2] [1] [1] {__inplace_operands_attr__ = ["true", "true", "none"]} : tensor<1xf32> into tensor<8xf32>
// CHECK: } {__inplace_operands_attr__ = ["true"]}
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %3, %extracted : tensor<8xf32>, f32
// CHECK-LABEL: func.func @two_inserts_into_empty(
// BU: %inserted = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// TD: %inserted = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// BT: %inserted = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// FZ: %inserted = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// BU: %inserted_0 = tensor.insert %arg1 into %0[%c1] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// TD: %inserted_0 = tensor.insert %arg1 into %0[%c1] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// BT: %inserted_0 = tensor.insert %arg1 into %0[%c1] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// FZ: %inserted_0 = tensor.insert %arg1 into %0[%c1] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "true"]} %inserted, %inserted_0 : tensor<8xf32>, tensor<8xf32>
