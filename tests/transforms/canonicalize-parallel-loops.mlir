// Canonicalization of the parallel loops, as mlir-opt-19 does it:
// scf.forall drops single-iteration dimensions (induction variable → lower
// bound), is its outputs when a dimension has no iteration, is inlined
// when no dimension is left (its parallel_insert_slice ops becoming
// insert_slice ops), keeps mapped dimensions, and takes the source of an
// output cast that only erases static shape; scf.parallel merges a nest
// whose inner bounds do not use the outer induction variables.
// RUN: bufopt %s --canonicalize --cse --split-input-file | FileCheck %s
// RUN: bufopt %s --canonicalize --cse --split-input-file > %t.b && mlir-opt-19 %s --canonicalize --cse --split-input-file > %t.m && diff -u %t.m %t.b

// CHECK-LABEL: func.func @forall_drop_unit_dim(%arg0: tensor<4x8xf32>, %arg1: tensor<1x2xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: %0 = scf.forall (%arg2) in (4) shared_outs(%arg3 = %arg0) -> (tensor<4x8xf32>) {
// CHECK-NEXT: %1 = arith.muli %arg2, %arg2 : index
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %arg1 into %arg3[0, %1] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<4x8xf32>
func.func @forall_drop_unit_dim(%t: tensor<4x8xf32>, %v: tensor<1x2xf32>) -> tensor<4x8xf32> {
  %r = scf.forall (%i, %j) in (1, 4) shared_outs(%o = %t) -> (tensor<4x8xf32>) {
    %off = arith.muli %j, %j : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %o[%i, %off] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<4x8xf32>
    }
  }
  return %r : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @forall_zero_trip(%arg0: tensor<4xf32>, %arg1: tensor<1xf32>) -> tensor<4xf32> {
// CHECK-NEXT: return %arg0 : tensor<4xf32>
func.func @forall_zero_trip(%t: tensor<4xf32>, %v: tensor<1xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) = (3) to (3) step (1) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @forall_promote(%arg0: tensor<4xf32>, %arg1: tensor<1xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = arith.addf %arg1, %arg1 : tensor<1xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %0 into %arg0[2] [1] [1] : tensor<1xf32> into tensor<4xf32>
// CHECK-NEXT: return %inserted_slice : tensor<4xf32>
func.func @forall_promote(%t: tensor<4xf32>, %v: tensor<1xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) = (2) to (3) step (1) shared_outs(%o = %t) -> (tensor<4xf32>) {
    %w = arith.addf %v, %v : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %w into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @forall_mapped_kept(
// CHECK-NEXT: %0 = scf.forall (%arg2) in (1) shared_outs(%arg3 = %arg0) -> (tensor<4xf32>) {
// CHECK: } {mapping = [#gpu.thread<x>]}
func.func @forall_mapped_kept(%t: tensor<4xf32>, %v: tensor<1xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (1) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  } {mapping = [#gpu.thread<x>]}
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @forall_cast_output(%arg0: tensor<8xi32>, %arg1: tensor<1xi32>) -> tensor<8xi32> {
// CHECK-NEXT: %0 = scf.forall (%arg2) in (8) shared_outs(%arg3 = %arg0) -> (tensor<8xi32>) {
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %arg1 into %arg3[%arg2] [1] [1] : tensor<1xi32> into tensor<8xi32>
// CHECK: return %0 : tensor<8xi32>
func.func @forall_cast_output(%t: tensor<8xi32>, %v: tensor<1xi32>) -> tensor<8xi32> {
  %c = tensor.cast %t : tensor<8xi32> to tensor<?xi32>
  %r = scf.forall (%i) in (8) shared_outs(%o = %c) -> (tensor<?xi32>) {
    %d = tensor.dim %o, %i : tensor<?xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %v into %o[%i] [1] [1] : tensor<1xi32> into tensor<?xi32>
    }
  }
  %back = tensor.cast %r : tensor<?xi32> to tensor<8xi32>
  return %back : tensor<8xi32>
}

// -----

// CHECK-LABEL: func.func @parallel_merge(%arg0: memref<?x?xf32>, %arg1: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.parallel (%arg2, %arg3) = (%c0, %c0) to (%arg1, %arg1) step (%c1, %c1) {
// CHECK-NEXT: %0 = memref.load %arg0[%arg2, %arg3] : memref<?x?xf32>
// CHECK-NEXT: memref.store %0, %arg0[%arg3, %arg2] : memref<?x?xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
func.func @parallel_merge(%m: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %v = memref.load %m[%i, %j] : memref<?x?xf32>
      memref.store %v, %m[%j, %i] : memref<?x?xf32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @parallel_no_merge_dependent_bound(
// CHECK: scf.parallel (%arg2) = (%c0) to (%arg1) step (%c1) {
// CHECK-NEXT: scf.parallel (%arg3) = (%c0) to (%arg2) step (%c1) {
func.func @parallel_no_merge_dependent_bound(%m: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%i) step (%c1) {
      %v = memref.load %m[%i, %j] : memref<?x?xf32>
      memref.store %v, %m[%j, %i] : memref<?x?xf32>
    }
  }
  return
}
