// scf.parallel drops its single-iteration dimensions, is its init values
// when a dimension has no iteration, and is inlined with its reductions
// when no dimension is left (ParallelOpSingleOrZeroIterationDimsFolder), as
// mlir-opt-19 does it.
// RUN: bufopt %s --allow-unregistered-dialect --canonicalize --cse --split-input-file | FileCheck %s
// RUN: bufopt %s --allow-unregistered-dialect --canonicalize --cse --split-input-file | mlir-opt-19 --allow-unregistered-dialect --split-input-file -o /dev/null

// CHECK-LABEL: func.func @parallel_drop_single_dims(%arg0: memref<?x?x?xi32>, %arg1: i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c9 = arith.constant 9 : index
// CHECK-NEXT: scf.parallel (%arg2) = (%c2) to (%c9) step (%c2) {
// CHECK-NEXT: memref.store %arg1, %arg0[%c0, %arg2, %c4] : memref<?x?x?xi32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @parallel_drop_single_dims(%m: memref<?x?x?xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  scf.parallel (%i, %j, %k) = (%c0, %c2, %c4) to (%c1, %c9, %c9) step (%c1, %c2, %c5) {
    memref.store %v, %m[%i, %j, %k] : memref<?x?x?xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @parallel_all_single_with_reduction(%arg0: f32, %arg1: i32) -> (f32, i32) {
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %cst = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %0 = arith.addf %arg0, %cst : f32
// CHECK-NEXT: %1 = arith.maxsi %arg1, %c3_i32 : i32
// CHECK-NEXT: return %0, %1 : f32, i32
// CHECK-NEXT: }
func.func @parallel_all_single_with_reduction(%a: f32, %b: i32) -> (f32, i32) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %r:2 = scf.parallel (%i) = (%c3) to (%c4) step (%c7) init (%a, %b) -> (f32, i32) {
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    scf.reduce(%f, %x : f32, i32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%l: i32, %r: i32):
      %s = arith.maxsi %l, %r : i32
      scf.reduce.return %s : i32
    }
  }
  return %r#0, %r#1 : f32, i32
}

// -----

// CHECK-LABEL: func.func @parallel_zero_trip(%arg0: index, %arg1: index, %arg2: f32) -> f32 {
// CHECK-NEXT: return %arg2 : f32
// CHECK-NEXT: }
func.func @parallel_zero_trip(%lo: index, %hi: index, %a: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i, %j) = (%lo, %hi) to (%hi, %hi) step (%c1, %c1) init (%a) -> f32 {
    %f = "test.value"(%i) : (index) -> f32
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.mulf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @parallel_kept(%arg0: memref<?xi32>, %arg1: i32, %arg2: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.parallel (%arg3) = (%c0) to (%arg2) step (%c1) {
// CHECK-NEXT: memref.store %arg1, %arg0[%arg3] : memref<?xi32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @parallel_kept(%m: memref<?xi32>, %v: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %m[%i] : memref<?xi32>
  }
  return
}
