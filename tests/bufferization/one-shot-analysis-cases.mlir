// The small cases of the One-Shot Analysis design study (one split per
// case file), without function boundaries, under every heuristic and three
// fuzzer seeds: old-version reads, cross pairs through extract_slice,
// captured tensors in loops, mutually exclusive branches, subsets (walk
// order through arith.select), frozen equivalence, element-wise access,
// read-only buffers, empty definitions, parallel regions, alias-set member
// order, wide zones. Every function takes a tensor argument so that the
// fuzzer's op list does not depend on the func.func model.
// RUN: bufopt %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=bottom-up" | FileCheck %s --check-prefixes=CHECK,BU
// RUN: mlir-opt-19 %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=bottom-up" | FileCheck %s --check-prefixes=CHECK,BU
// RUN: bufopt %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=top-down" | FileCheck %s --check-prefixes=CHECK,TD
// RUN: mlir-opt-19 %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=top-down" | FileCheck %s --check-prefixes=CHECK,TD
// RUN: bufopt %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=bottom-up-from-terminators" | FileCheck %s --check-prefixes=CHECK,BT
// RUN: mlir-opt-19 %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=bottom-up-from-terminators" | FileCheck %s --check-prefixes=CHECK,BT
// RUN: bufopt %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=23" | FileCheck %s --check-prefixes=CHECK,FA
// RUN: mlir-opt-19 %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=23" | FileCheck %s --check-prefixes=CHECK,FA
// RUN: bufopt %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=59" | FileCheck %s --check-prefixes=CHECK,FB
// RUN: mlir-opt-19 %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=59" | FileCheck %s --check-prefixes=CHECK,FB
// RUN: bufopt %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=91" | FileCheck %s --check-prefixes=CHECK,FC
// RUN: mlir-opt-19 %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=91" | FileCheck %s --check-prefixes=CHECK,FC

func.func @old_read(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %1 = tensor.insert %f into %0[%c0] : tensor<8xf32>
  %e = tensor.extract %0[%c0] : tensor<8xf32>
  return %1, %e : tensor<8xf32>, f32
}
func.func @cross_pair(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %0 = tensor.extract_slice %t[0][4][1] : tensor<8xf32> to tensor<4xf32>
  %1 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %2 = tensor.extract %0[%c0] : tensor<4xf32>
  return %1, %2 : tensor<8xf32>, f32
}

// -----

func.func @loop_captured(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %f: f32, %n: index) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r, %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t, %acc = %f) -> (tensor<8xf32>, f32) {
    %x = tensor.insert %f into %t[%i] : tensor<8xf32>
    %e = tensor.extract %x[%c0] : tensor<8xf32>
    scf.yield %a, %e : tensor<8xf32>, f32
  }
  return %r, %s : tensor<8xf32>, f32
}
func.func @if_mutex(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %f: f32, %c: i1) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r, %v = scf.if %c -> (tensor<8xf32>, f32) {
    %e = tensor.extract %t[%c0] : tensor<8xf32>
    scf.yield %t, %e : tensor<8xf32>, f32
  } else {
    %x = tensor.insert %f into %t[%c0] : tensor<8xf32>
    scf.yield %x, %f : tensor<8xf32>, f32
  }
  return %r, %v : tensor<8xf32>, f32
}
func.func @if_mutex_in_loop(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %f: f32, %c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f) -> (f32) {
    %v = scf.if %c -> (f32) {
      %e = tensor.extract %t[%c0] : tensor<8xf32>
      scf.yield %e : f32
    } else {
      %x = tensor.insert %f into %t[%c0] : tensor<8xf32>
      %e2 = tensor.extract %x[%c1] : tensor<8xf32>
      scf.yield %e2 : f32
    }
    scf.yield %v : f32
  }
  return %s : f32
}

// -----

#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (7 - d0)>
func.func @ew_same(%dummy: tensor<1xf32>, %a: tensor<8xf32>, %f: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %b = tensor.insert %f into %a[%c0] : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%b : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @ew_rev(%dummy: tensor<1xf32>, %a: tensor<8xf32>, %f: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %b = tensor.insert %f into %a[%c0] : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%b : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @nonwritable(%dummy: tensor<1xf32>, %f: f32, %m: memref<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<1.0> : tensor<8xf32>
  %0 = tensor.insert %f into %cst[%c0] : tensor<8xf32>
  %t = bufferization.to_tensor %m restrict : memref<8xf32>
  %1 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %w = bufferization.to_tensor %m restrict writable : memref<8xf32>
  %2 = tensor.insert %f into %w[%c0] : tensor<8xf32>
  return %0, %1, %2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
func.func @empty_defs(%dummy: tensor<1xf32>, %f: f32) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<8xf32>
  %a = tensor.insert %f into %e[%c0] : tensor<8xf32>
  %b = tensor.insert %f into %e[%c1] : tensor<8xf32>
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (7 - d0)>
func.func @ew_same(%dummy: tensor<1xf32>, %a: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%a : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @ew_rev(%dummy: tensor<1xf32>, %a: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%a : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @ew_cast(%dummy: tensor<1xf32>, %a: tensor<8xf32>) -> tensor<?xf32> {
  %b = tensor.cast %a : tensor<8xf32> to tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%b : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @subset_match(%dummy: tensor<1xf32>, %t: tensor<16xf32>, %f: f32) -> tensor<16xf32> {
  %s = tensor.extract_slice %t[4][4][1] : tensor<16xf32> to tensor<4xf32>
  %g = linalg.fill ins(%f : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %g into %t[4][4][1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}
func.func @subset_mismatch(%dummy: tensor<1xf32>, %t: tensor<16xf32>, %f: f32) -> tensor<16xf32> {
  %s = tensor.extract_slice %t[4][4][1] : tensor<16xf32> to tensor<4xf32>
  %g = linalg.fill ins(%f : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %g into %t[8][4][1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}
func.func @subset_sel_a(%dummy: tensor<1xf32>, %t: tensor<16xf32>, %f: f32, %c: i1) -> tensor<16xf32> {
  %s = tensor.extract_slice %t[4][4][1] : tensor<16xf32> to tensor<4xf32>
  %m = tensor.cast %s : tensor<4xf32> to tensor<4xf32>
  %m2 = tensor.cast %m : tensor<4xf32> to tensor<4xf32>
  %v = arith.select %c, %m, %m2 : tensor<4xf32>
  %g = linalg.fill ins(%f : f32) outs(%v : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %g into %t[4][4][1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}
func.func @subset_sel_b(%dummy: tensor<1xf32>, %t: tensor<16xf32>, %f: f32, %c: i1) -> tensor<16xf32> {
  %s = tensor.extract_slice %t[4][4][1] : tensor<16xf32> to tensor<4xf32>
  %m = tensor.cast %s : tensor<4xf32> to tensor<4xf32>
  %m2 = tensor.cast %m : tensor<4xf32> to tensor<4xf32>
  %v = arith.select %c, %m2, %m : tensor<4xf32>
  %g = linalg.fill ins(%f : f32) outs(%v : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %g into %t[4][4][1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

func.func @par_priv(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %o: tensor<8xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r = scf.forall (%i) in (8) shared_outs(%out = %o) -> (tensor<8xf32>) {
    %x = tensor.insert %f into %t[%i] : tensor<8xf32>
    %e = tensor.extract %x[%i] : tensor<8xf32>
    %s = tensor.extract_slice %out[%i][1][1] : tensor<8xf32> to tensor<1xf32>
    %s2 = tensor.insert %e into %s[%c0] : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s2 into %out[%i][1][1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  %e2 = tensor.extract %t[%c0] : tensor<8xf32>
  return %r, %e2 : tensor<8xf32>, f32
}
func.func @par_priv_noread(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %o: tensor<8xf32>, %f: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %r = scf.forall (%i) in (8) shared_outs(%out = %o) -> (tensor<8xf32>) {
    %x = tensor.insert %f into %t[%i] : tensor<8xf32>
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<8xf32>
}

// -----

func.func @par_only(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %o: tensor<8xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %t[%c0] : tensor<8xf32>
  %r = scf.forall (%i) in (8) shared_outs(%out = %o) -> (tensor<8xf32>) {
    %x = linalg.fill ins(%f : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
    scf.forall.in_parallel {
    }
  }
  return %r, %e : tensor<8xf32>, f32
}
func.func @seq_only(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %o: tensor<8xf32>, %f: f32, %n: index) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.extract %t[%c0] : tensor<8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%out = %o) -> (tensor<8xf32>) {
    %x = linalg.fill ins(%f : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %out : tensor<8xf32>
  }
  return %r, %e : tensor<8xf32>, f32
}

// -----

func.func @alias_order(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %f: f32, %c: i1) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %1 = tensor.extract_slice %0[0][4][1] : tensor<8xf32> to tensor<4xf32>
  %2 = tensor.insert %f into %1[%c0] : tensor<4xf32>
  %3 = tensor.insert_slice %2 into %0[0][4][1] : tensor<4xf32> into tensor<8xf32>
  %4 = arith.select %c, %3, %0 : tensor<8xf32>
  return %4 : tensor<8xf32>
}

// -----

func.func @subset_through_cast(%dummy: tensor<1xf32>, %t: tensor<16xf32>, %f: f32) -> tensor<16xf32> {
  %s = tensor.extract_slice %t[4][4][1] : tensor<16xf32> to tensor<4xf32>
  %g = linalg.fill ins(%f : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %t2 = tensor.cast %t : tensor<16xf32> to tensor<16xf32>
  %r = tensor.insert_slice %g into %t2[4][4][1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}
func.func @subset_same(%dummy: tensor<1xf32>, %t: tensor<16xf32>, %f: f32) -> tensor<16xf32> {
  %s = tensor.extract_slice %t[4][4][1] : tensor<16xf32> to tensor<4xf32>
  %g = linalg.fill ins(%f : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %g into %t[4][4][1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}
func.func @subset_dyn(%dummy: tensor<1xf32>, %t: tensor<16xf32>, %f: f32, %i: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %j = arith.addi %i, %c0 : index
  %s = tensor.extract_slice %t[%i][4][1] : tensor<16xf32> to tensor<4xf32>
  %g = linalg.fill ins(%f : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %g into %t[%j][4][1] : tensor<4xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

func.func @wide_zone(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %1 = tensor.insert %f into %0[%c0] : tensor<8xf32>
  %2 = tensor.insert %f into %1[%c0] : tensor<8xf32>
  %3 = tensor.insert %f into %2[%c0] : tensor<8xf32>
  %e = tensor.extract %t[%c0] : tensor<8xf32>
  return %3, %e : tensor<8xf32>, f32
}
func.func @if_def(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %f: f32, %c: i1) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> tensor<8xf32> {
    %a = tensor.insert %f into %t[%c0] : tensor<8xf32>
    %b = tensor.insert %f into %a[%c0] : tensor<8xf32>
    scf.yield %b : tensor<8xf32>
  } else {
    scf.yield %t : tensor<8xf32>
  }
  %e = tensor.extract %r[%c0] : tensor<8xf32>
  %x = tensor.insert %f into %r[%c0] : tensor<8xf32>
  return %x, %e : tensor<8xf32>, f32
}
func.func @if_def_late_read(%dummy: tensor<1xf32>, %t: tensor<8xf32>, %f: f32, %c: i1) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> tensor<8xf32> {
    %a = tensor.insert %f into %t[%c0] : tensor<8xf32>
    scf.yield %a : tensor<8xf32>
  } else {
    scf.yield %t : tensor<8xf32>
  }
  %x = tensor.insert %f into %r[%c0] : tensor<8xf32>
  %e = tensor.extract %r[%c0] : tensor<8xf32>
  return %x, %e : tensor<8xf32>, f32
}

// CHECK-LABEL: func.func @old_read(
// CHECK: %inserted = tensor.insert %arg2 into %arg1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %inserted_0 = tensor.insert %arg2 into %inserted[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %extracted = tensor.extract %inserted[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %inserted_0, %extracted : tensor<8xf32>, f32
// CHECK-LABEL: func.func @cross_pair(
// CHECK: %extracted_slice = tensor.extract_slice %arg1[0] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<8xf32> to tensor<4xf32>
// CHECK: %inserted = tensor.insert %arg2 into %arg1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %extracted = tensor.extract %extracted_slice[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<4xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %inserted, %extracted : tensor<8xf32>, f32
// CHECK-LABEL: func.func @loop_captured(
// CHECK: %inserted = tensor.insert %arg2 into %arg1[%arg4] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %extracted = tensor.extract %inserted[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true", "none"]} %arg5, %extracted : tensor<8xf32>, f32
// CHECK: } {__inplace_operands_attr__ = ["none", "none", "none", "false", "none"]}
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %0#0, %0#1 : tensor<8xf32>, f32
// CHECK-LABEL: func.func @if_mutex(
// CHECK: %extracted = tensor.extract %arg1[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true", "none"]} %arg1, %extracted : tensor<8xf32>, f32
// CHECK: %inserted = tensor.insert %arg2 into %arg1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true", "none"]} %inserted, %arg2 : tensor<8xf32>, f32
// CHECK: return {__inplace_operands_attr__ = ["false", "none"]} %0#0, %0#1 : tensor<8xf32>, f32
// CHECK-LABEL: func.func @if_mutex_in_loop(
// CHECK: %extracted = tensor.extract %arg1[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: %inserted = tensor.insert %arg2 into %arg1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %extracted = tensor.extract %inserted[%c1] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK-LABEL: func.func @ew_same(
// CHECK: %inserted = tensor.insert %arg2 into %arg1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<8xf32>) outs(%inserted : tensor<8xf32>) attrs =  {__inplace_operands_attr__ = ["true", "true"]} {
// CHECK: return {__inplace_operands_attr__ = ["true"]} %0 : tensor<8xf32>
// CHECK-LABEL: func.func @ew_rev(
// CHECK: %inserted = tensor.insert %arg2 into %arg1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %0 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<8xf32>) outs(%inserted : tensor<8xf32>) attrs =  {__inplace_operands_attr__ = ["true", "true"]} {
// CHECK: return {__inplace_operands_attr__ = ["true"]} %0 : tensor<8xf32>
// CHECK-LABEL: func.func @nonwritable(
// CHECK: %inserted = tensor.insert %arg1 into %cst[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %inserted_0 = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %inserted_1 = tensor.insert %arg1 into %1[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "true", "true"]} %inserted, %inserted_0, %inserted_1 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
// CHECK-LABEL: func.func @empty_defs(
// BU: %inserted = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// TD: %inserted = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// BT: %inserted = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// FA: %inserted = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// FB: %inserted = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// FC: %inserted = tensor.insert %arg1 into %0[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// BU: %inserted_0 = tensor.insert %arg1 into %0[%c1] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// TD: %inserted_0 = tensor.insert %arg1 into %0[%c1] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// BT: %inserted_0 = tensor.insert %arg1 into %0[%c1] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// FA: %inserted_0 = tensor.insert %arg1 into %0[%c1] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// FB: %inserted_0 = tensor.insert %arg1 into %0[%c1] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// FC: %inserted_0 = tensor.insert %arg1 into %0[%c1] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "true"]} %inserted, %inserted_0 : tensor<8xf32>, tensor<8xf32>
// CHECK-LABEL: func.func @ew_same(
// CHECK: %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<8xf32>) outs(%arg1 : tensor<8xf32>) attrs =  {__inplace_operands_attr__ = ["true", "false"]} {
// CHECK: return {__inplace_operands_attr__ = ["true"]} %0 : tensor<8xf32>
// CHECK-LABEL: func.func @ew_rev(
// CHECK: %0 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<8xf32>) outs(%arg1 : tensor<8xf32>) attrs =  {__inplace_operands_attr__ = ["true", "false"]} {
// CHECK: return {__inplace_operands_attr__ = ["true"]} %0 : tensor<8xf32>
// CHECK-LABEL: func.func @ew_cast(
// BU: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<?xf32>
// TD: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["true"]} : tensor<8xf32> to tensor<?xf32>
// BT: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<?xf32>
// FA: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["true"]} : tensor<8xf32> to tensor<?xf32>
// FB: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<?xf32>
// FC: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<?xf32>
// BU: %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<8xf32>) outs(%cast : tensor<?xf32>) attrs =  {__inplace_operands_attr__ = ["true", "true"]} {
// TD: %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<8xf32>) outs(%cast : tensor<?xf32>) attrs =  {__inplace_operands_attr__ = ["true", "false"]} {
// BT: %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<8xf32>) outs(%cast : tensor<?xf32>) attrs =  {__inplace_operands_attr__ = ["true", "true"]} {
// FA: %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<8xf32>) outs(%cast : tensor<?xf32>) attrs =  {__inplace_operands_attr__ = ["true", "false"]} {
// FB: %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<8xf32>) outs(%cast : tensor<?xf32>) attrs =  {__inplace_operands_attr__ = ["true", "true"]} {
// FC: %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<8xf32>) outs(%cast : tensor<?xf32>) attrs =  {__inplace_operands_attr__ = ["true", "true"]} {
// CHECK: return {__inplace_operands_attr__ = ["true"]} %0 : tensor<?xf32>
// CHECK-LABEL: func.func @subset_match(
// BU: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// TD: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// BT: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FA: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FB: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// FC: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// BU: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// TD: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// BT: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FA: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FB: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FC: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// CHECK: %inserted_slice = tensor.insert_slice %0 into %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true", "false"]} : tensor<4xf32> into tensor<16xf32>
// CHECK: return {__inplace_operands_attr__ = ["true"]} %inserted_slice : tensor<16xf32>
// CHECK-LABEL: func.func @subset_mismatch(
// BU: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// TD: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// BT: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FA: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// FB: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FC: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// BU: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// TD: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// BT: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FA: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FB: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FC: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// CHECK: %inserted_slice = tensor.insert_slice %0 into %arg1[8] [4] [1] {__inplace_operands_attr__ = ["true", "false"]} : tensor<4xf32> into tensor<16xf32>
// CHECK: return {__inplace_operands_attr__ = ["true"]} %inserted_slice : tensor<16xf32>
// CHECK-LABEL: func.func @subset_sel_a(
// BU: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// TD: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// BT: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FA: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// FB: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// FC: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// CHECK: %cast = tensor.cast %extracted_slice {__inplace_operands_attr__ = ["true"]} : tensor<4xf32> to tensor<4xf32>
// CHECK: %cast_0 = tensor.cast %cast {__inplace_operands_attr__ = ["true"]} : tensor<4xf32> to tensor<4xf32>
// CHECK: %0 = arith.select %arg3, %cast, %cast_0 {__inplace_operands_attr__ = ["none", "true", "true"]} : tensor<4xf32>
// BU: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// TD: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// BT: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// FA: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// FB: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// FC: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// CHECK: %inserted_slice = tensor.insert_slice %1 into %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true", "false"]} : tensor<4xf32> into tensor<16xf32>
// CHECK: return {__inplace_operands_attr__ = ["true"]} %inserted_slice : tensor<16xf32>
// CHECK-LABEL: func.func @subset_sel_b(
// BU: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// TD: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// BT: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FA: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FB: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FC: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// CHECK: %cast = tensor.cast %extracted_slice {__inplace_operands_attr__ = ["true"]} : tensor<4xf32> to tensor<4xf32>
// CHECK: %cast_0 = tensor.cast %cast {__inplace_operands_attr__ = ["true"]} : tensor<4xf32> to tensor<4xf32>
// CHECK: %0 = arith.select %arg3, %cast_0, %cast {__inplace_operands_attr__ = ["none", "true", "true"]} : tensor<4xf32>
// BU: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// TD: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// BT: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// FA: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// FB: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// FC: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// CHECK: %inserted_slice = tensor.insert_slice %1 into %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true", "false"]} : tensor<4xf32> into tensor<16xf32>
// CHECK: return {__inplace_operands_attr__ = ["true"]} %inserted_slice : tensor<16xf32>
// CHECK-LABEL: func.func @par_priv(
// CHECK: %inserted = tensor.insert %arg3 into %arg1[%arg4] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %extracted_0 = tensor.extract %inserted[%arg4] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: %extracted_slice = tensor.extract_slice %arg5[%arg4] [1] [1] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32> to tensor<1xf32>
// CHECK: %inserted_1 = tensor.insert %extracted_0 into %extracted_slice[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<1xf32>
// CHECK: tensor.parallel_insert_slice %inserted_1 into %arg5[%arg4] [1] [1] {__inplace_operands_attr__ = ["true", "true", "none"]} : tensor<1xf32> into tensor<8xf32>
// CHECK: } {__inplace_operands_attr__ = ["false"]}
// CHECK: %extracted = tensor.extract %arg1[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %0, %extracted : tensor<8xf32>, f32
// CHECK-LABEL: func.func @par_priv_noread(
// CHECK: %inserted = tensor.insert %arg3 into %arg1[%arg4] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: } {__inplace_operands_attr__ = ["false"]}
// CHECK: return {__inplace_operands_attr__ = ["true"]} %0 : tensor<8xf32>
// CHECK-LABEL: func.func @par_only(
// CHECK: %extracted = tensor.extract %arg1[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg3 : f32) outs(%arg1 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: } {__inplace_operands_attr__ = ["false"]}
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %0, %extracted : tensor<8xf32>, f32
// CHECK-LABEL: func.func @seq_only(
// CHECK: %extracted = tensor.extract %arg1[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg3 : f32) outs(%arg1 : tensor<8xf32>) -> tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %arg6 : tensor<8xf32>
// CHECK: } {__inplace_operands_attr__ = ["none", "none", "none", "false"]}
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %0, %extracted : tensor<8xf32>, f32
// CHECK-LABEL: func.func @alias_order(
// CHECK: %inserted = tensor.insert %arg2 into %arg1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// BU: %extracted_slice = tensor.extract_slice %inserted[0] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<4xf32>
// TD: %extracted_slice = tensor.extract_slice %inserted[0] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<8xf32> to tensor<4xf32>
// BT: %extracted_slice = tensor.extract_slice %inserted[0] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<8xf32> to tensor<4xf32>
// FA: %extracted_slice = tensor.extract_slice %inserted[0] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<8xf32> to tensor<4xf32>
// FB: %extracted_slice = tensor.extract_slice %inserted[0] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<8xf32> to tensor<4xf32>
// FC: %extracted_slice = tensor.extract_slice %inserted[0] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<8xf32> to tensor<4xf32>
// BU: %inserted_0 = tensor.insert %arg2 into %extracted_slice[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<4xf32>
// TD: %inserted_0 = tensor.insert %arg2 into %extracted_slice[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<4xf32>
// BT: %inserted_0 = tensor.insert %arg2 into %extracted_slice[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<4xf32>
// FA: %inserted_0 = tensor.insert %arg2 into %extracted_slice[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<4xf32>
// FB: %inserted_0 = tensor.insert %arg2 into %extracted_slice[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<4xf32>
// FC: %inserted_0 = tensor.insert %arg2 into %extracted_slice[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<4xf32>
// CHECK: %inserted_slice = tensor.insert_slice %inserted_0 into %inserted[0] [4] [1] {__inplace_operands_attr__ = ["true", "false"]} : tensor<4xf32> into tensor<8xf32>
// CHECK: %0 = arith.select %arg3, %inserted_slice, %inserted {__inplace_operands_attr__ = ["none", "true", "true"]} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true"]} %0 : tensor<8xf32>
// CHECK-LABEL: func.func @subset_through_cast(
// BU: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// TD: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// BT: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FA: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FB: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FC: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// BU: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// TD: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// BT: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FA: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FB: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FC: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// BU: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<16xf32>
// TD: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<16xf32>
// BT: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<16xf32>
// FA: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<16xf32>
// FB: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<16xf32>
// FC: %cast = tensor.cast %arg1 {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<16xf32>
// BU: %inserted_slice = tensor.insert_slice %0 into %cast[4] [4] [1] {__inplace_operands_attr__ = ["true", "true"]} : tensor<4xf32> into tensor<16xf32>
// TD: %inserted_slice = tensor.insert_slice %0 into %cast[4] [4] [1] {__inplace_operands_attr__ = ["true", "false"]} : tensor<4xf32> into tensor<16xf32>
// BT: %inserted_slice = tensor.insert_slice %0 into %cast[4] [4] [1] {__inplace_operands_attr__ = ["true", "true"]} : tensor<4xf32> into tensor<16xf32>
// FA: %inserted_slice = tensor.insert_slice %0 into %cast[4] [4] [1] {__inplace_operands_attr__ = ["true", "true"]} : tensor<4xf32> into tensor<16xf32>
// FB: %inserted_slice = tensor.insert_slice %0 into %cast[4] [4] [1] {__inplace_operands_attr__ = ["true", "false"]} : tensor<4xf32> into tensor<16xf32>
// FC: %inserted_slice = tensor.insert_slice %0 into %cast[4] [4] [1] {__inplace_operands_attr__ = ["true", "false"]} : tensor<4xf32> into tensor<16xf32>
// CHECK: return {__inplace_operands_attr__ = ["true"]} %inserted_slice : tensor<16xf32>
// CHECK-LABEL: func.func @subset_same(
// BU: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// TD: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// BT: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FA: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true"]} : tensor<16xf32> to tensor<4xf32>
// FB: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// FC: %extracted_slice = tensor.extract_slice %arg1[4] [4] [1] {__inplace_operands_attr__ = ["false"]} : tensor<16xf32> to tensor<4xf32>
// BU: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// TD: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// BT: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FA: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FB: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FC: %0 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// CHECK: %inserted_slice = tensor.insert_slice %0 into %arg1[4] [4] [1] {__inplace_operands_attr__ = ["true", "false"]} : tensor<4xf32> into tensor<16xf32>
// CHECK: return {__inplace_operands_attr__ = ["true"]} %inserted_slice : tensor<16xf32>
// CHECK-LABEL: func.func @subset_dyn(
// BU: %extracted_slice = tensor.extract_slice %arg1[%arg3] [4] [1] {__inplace_operands_attr__ = ["false", "none"]} : tensor<16xf32> to tensor<4xf32>
// TD: %extracted_slice = tensor.extract_slice %arg1[%arg3] [4] [1] {__inplace_operands_attr__ = ["true", "none"]} : tensor<16xf32> to tensor<4xf32>
// BT: %extracted_slice = tensor.extract_slice %arg1[%arg3] [4] [1] {__inplace_operands_attr__ = ["false", "none"]} : tensor<16xf32> to tensor<4xf32>
// FA: %extracted_slice = tensor.extract_slice %arg1[%arg3] [4] [1] {__inplace_operands_attr__ = ["false", "none"]} : tensor<16xf32> to tensor<4xf32>
// FB: %extracted_slice = tensor.extract_slice %arg1[%arg3] [4] [1] {__inplace_operands_attr__ = ["true", "none"]} : tensor<16xf32> to tensor<4xf32>
// FC: %extracted_slice = tensor.extract_slice %arg1[%arg3] [4] [1] {__inplace_operands_attr__ = ["false", "none"]} : tensor<16xf32> to tensor<4xf32>
// BU: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// TD: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// BT: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FA: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FB: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "false"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// FC: %1 = linalg.fill {__inplace_operands_attr__ = ["none", "true"]} ins(%arg2 : f32) outs(%extracted_slice : tensor<4xf32>) -> tensor<4xf32>
// CHECK: %inserted_slice = tensor.insert_slice %1 into %arg1[%0] [4] [1] {__inplace_operands_attr__ = ["true", "false", "none"]} : tensor<4xf32> into tensor<16xf32>
// CHECK: return {__inplace_operands_attr__ = ["true"]} %inserted_slice : tensor<16xf32>
// CHECK-LABEL: func.func @wide_zone(
// CHECK: %inserted = tensor.insert %arg2 into %arg1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %inserted_0 = tensor.insert %arg2 into %inserted[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: %inserted_1 = tensor.insert %arg2 into %inserted_0[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: %inserted_2 = tensor.insert %arg2 into %inserted_1[%c0] {__inplace_operands_attr__ = ["none", "true", "none"]} : tensor<8xf32>
// CHECK: %extracted = tensor.extract %arg1[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %inserted_2, %extracted : tensor<8xf32>, f32
// CHECK-LABEL: func.func @if_def(
// CHECK: %inserted_0 = tensor.insert %arg2 into %arg1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %inserted_1 = tensor.insert %arg2 into %inserted_0[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %inserted_1 : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %arg1 : tensor<8xf32>
// CHECK: %extracted = tensor.extract %0[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: %inserted = tensor.insert %arg2 into %0[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %inserted, %extracted : tensor<8xf32>, f32
// CHECK-LABEL: func.func @if_def_late_read(
// CHECK: %inserted_0 = tensor.insert %arg2 into %arg1[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %inserted_0 : tensor<8xf32>
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]} %arg1 : tensor<8xf32>
// CHECK: %inserted = tensor.insert %arg2 into %0[%c0] {__inplace_operands_attr__ = ["none", "false", "none"]} : tensor<8xf32>
// CHECK: %extracted = tensor.extract %0[%c0] {__inplace_operands_attr__ = ["true", "none"]} : tensor<8xf32>
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]} %inserted, %extracted : tensor<8xf32>, f32
