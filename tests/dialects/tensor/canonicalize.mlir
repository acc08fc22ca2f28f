// Folders and canonicalization patterns of the tensor dialect.
// RUN: bufopt %s -split-input-file --canonicalize | FileCheck %s
// RUN: mlir-opt-19 %s -split-input-file --canonicalize | FileCheck %s

// tensor.dim folds static extents to constants and dynamic extents of
// tensor.empty / tensor.generate to their size operands.
// CHECK-LABEL: func.func @dim
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index, %[[F:.*]]: f32)
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: return %[[C3]], %[[M]], %[[N]]
func.func @dim(%n: index, %m: index, %f: f32) -> (index, index, index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %e = tensor.empty(%n, %m) : tensor<?x3x?xf32>
  %d0 = tensor.dim %e, %c1 : tensor<?x3x?xf32>
  %d1 = tensor.dim %e, %c2 : tensor<?x3x?xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<?xf32>
  %d2 = tensor.dim %g, %c0 : tensor<?xf32>
  return %d0, %d1, %d2 : index, index, index
}

// -----

// Chains of casts collapse; a cast to the same type folds away.
// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%[[T:.*]]: tensor<4x?xf32>)
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[T]] : tensor<4x?xf32> to tensor<4x8xf32>
// CHECK-NEXT: return %[[T]], %[[C]]
func.func @casts(%t: tensor<4x?xf32>) -> (tensor<4x?xf32>, tensor<4x8xf32>) {
  %0 = tensor.cast %t : tensor<4x?xf32> to tensor<4x?xf32>
  %1 = tensor.cast %t : tensor<4x?xf32> to tensor<?x8xf32>
  %2 = tensor.cast %1 : tensor<?x8xf32> to tensor<4x8xf32>
  return %0, %2 : tensor<4x?xf32>, tensor<4x8xf32>
}

// -----

// extract of from_elements (constant indices) is the element; extract of
// a splat or dense constant is a scalar constant.
// CHECK-LABEL: func.func @extract
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[I:.*]]: index)
// CHECK-DAG: %[[K:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[J:.*]] = arith.constant 20 : i32
// CHECK: return %[[B]], %[[K]], %[[J]]
func.func @extract(%a: f32, %b: f32, %i: index) -> (f32, f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %fe = tensor.from_elements %a, %b, %b, %a : tensor<2x2xf32>
  %0 = tensor.extract %fe[%c0, %c1] : tensor<2x2xf32>
  %cst = arith.constant dense<3.0> : tensor<8xf32>
  %1 = tensor.extract %cst[%i] : tensor<8xf32>
  %ci = arith.constant dense<[10, 20, 30]> : tensor<3xi32>
  %2 = tensor.extract %ci[%c1] : tensor<3xi32>
  return %0, %1, %2 : f32, f32, i32
}

// -----

// from_elements and splat of constants become dense constants; rank of a
// ranked tensor is a constant.
// CHECK-LABEL: func.func @constants
// CHECK-DAG: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG: arith.constant dense<7> : tensor<2x2xi32>
// CHECK-DAG: arith.constant 2 : index
func.func @constants(%t: tensor<4x?xf32>) -> (tensor<2xf32>, tensor<2x2xi32>, index) {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 2.0 : f32
  %0 = tensor.from_elements %a, %b : tensor<2xf32>
  %c = arith.constant 7 : i32
  %1 = tensor.splat %c : tensor<2x2xi32>
  %2 = tensor.rank %t : tensor<4x?xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2x2xi32>, index
}

// -----

// Identity slices fold to their source; extracting what was just inserted
// gives the inserted tensor; re-inserting an extracted slice gives the
// destination; collapse of expand is the original.
// CHECK-LABEL: func.func @slices
// CHECK-SAME: (%[[T:.*]]: tensor<8x8xf32>, %[[S:.*]]: tensor<4x4xf32>, %[[I:.*]]: index, %[[U:.*]]: tensor<6xf32>)
// CHECK-NEXT: return %[[T]], %[[S]], %[[T]], %[[U]]
func.func @slices(%t: tensor<8x8xf32>, %s: tensor<4x4xf32>, %i: index, %u: tensor<6xf32>) -> (tensor<8x8xf32>, tensor<4x4xf32>, tensor<8x8xf32>, tensor<6xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [8, 8] [1, 1] : tensor<8x8xf32> to tensor<8x8xf32>
  %1 = tensor.insert_slice %s into %t[%i, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  %2 = tensor.extract_slice %1[%i, 0] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
  %3 = tensor.extract_slice %t[%i, 0] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
  %4 = tensor.insert_slice %3 into %t[%i, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  %5 = tensor.expand_shape %u [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %6 = tensor.collapse_shape %5 [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  return %0, %2, %4, %6 : tensor<8x8xf32>, tensor<4x4xf32>, tensor<8x8xf32>, tensor<6xf32>
}

// -----

// A single-input concat becomes a cast (folded away when the types match).
// CHECK-LABEL: func.func @concat
// CHECK-SAME: (%[[T:.*]]: tensor<4x?xf32>)
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[T]] : tensor<4x?xf32> to tensor<4x8xf32>
// CHECK-NEXT: return %[[T]], %[[C]]
func.func @concat(%t: tensor<4x?xf32>) -> (tensor<4x?xf32>, tensor<4x8xf32>) {
  %0 = tensor.concat dim(1) %t : (tensor<4x?xf32>) -> tensor<4x?xf32>
  %1 = tensor.concat dim(1) %t : (tensor<4x?xf32>) -> tensor<4x8xf32>
  return %0, %1 : tensor<4x?xf32>, tensor<4x8xf32>
}
