// affine.vector_load and affine.vector_store: syntax (printed as
// mlir-opt-19 prints it), the element-type check, and SimplifyAffineOp
// under --canonicalize (valid symbols promoted, constants folded in, as
// for affine.load and affine.store).
// RUN: bufopt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: bufopt %s -split-input-file -verify-diagnostics --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: bufopt %s -split-input-file -verify-diagnostics --canonicalize > %t.b && mlir-opt-19 %s -split-input-file -verify-diagnostics --canonicalize > %t.m && diff -u %t.m %t.b

// CHECK-LABEL: func.func @access(%arg0: memref<?x26x2xi32>, %arg1: index, %arg2: vector<7xi32>) -> vector<7xi32> {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = affine.vector_load %arg0[%c1, %arg1 + 1, %arg1] : memref<?x26x2xi32>, vector<7xi32>
// CHECK-NEXT: affine.vector_store %arg2, %arg0[%arg1, %c1, 0] : memref<?x26x2xi32>, vector<7xi32>
// CANON-LABEL: func.func @access(%arg0: memref<?x26x2xi32>, %arg1: index, %arg2: vector<7xi32>) -> vector<7xi32> {
// CANON-NEXT: %0 = affine.vector_load %arg0[1, symbol(%arg1) + 1, symbol(%arg1)] : memref<?x26x2xi32>, vector<7xi32>
// CANON-NEXT: affine.vector_store %arg2, %arg0[symbol(%arg1), 1, 0] : memref<?x26x2xi32>, vector<7xi32>
// CANON-NEXT: return %0 : vector<7xi32>
func.func @access(%m: memref<?x26x2xi32>, %i: index, %v: vector<7xi32>) -> vector<7xi32> {
  %c1 = arith.constant 1 : index
  %0 = affine.vector_load %m[%c1, %i + 1, symbol(%i)] : memref<?x26x2xi32>, vector<7xi32>
  affine.vector_store %v, %m[%i, %c1, 0] : memref<?x26x2xi32>, vector<7xi32>
  return %0 : vector<7xi32>
}

// -----

func.func @element_mismatch(%m: memref<4xf32>, %i: index) -> vector<2xi32> {
  // expected-error @+1 {{requires memref and vector types of the same elemental type}}
  %0 = affine.vector_load %m[%i] : memref<4xf32>, vector<2xi32>
  return %0 : vector<2xi32>
}
