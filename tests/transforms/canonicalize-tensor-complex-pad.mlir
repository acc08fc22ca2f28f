// Folds and canonicalization patterns of tensor ops, as mlir-opt-19 does
// them: tensor.extract of complex elements (materialized as
// complex.constant by the tensor dialect), tensor.from_elements of complex
// constants, FoldOrthogonalPaddings, affine.apply's SimplifyAffineOp
// (constant symbols folded in, producing applies composed), and
// FoldTensorCastProducerOp on a test destination-style op.
// RUN: bufopt %s --allow-unregistered-dialect --canonicalize --cse --split-input-file | FileCheck %s
// RUN: bufopt %s --allow-unregistered-dialect --canonicalize --cse --split-input-file > %t.b && mlir-opt-19 %s --allow-unregistered-dialect --canonicalize --cse --split-input-file > %t.m && diff -u %t.m %t.b

// CHECK-LABEL: func.func @extract_complex() -> (complex<f32>, complex<i32>) {
// CHECK-NEXT: %cst = complex.constant [3.000000e+00 : f32, -1.000000e+00 : f32] : complex<f32>
// CHECK-NEXT: %cst_0 = complex.constant [4 : i32, 5 : i32] : complex<i32>
// CHECK-NEXT: return %cst, %cst_0 : complex<f32>, complex<i32>
func.func @extract_complex() -> (complex<f32>, complex<i32>) {
  %c1 = arith.constant 1 : index
  %t = arith.constant dense<[(1.5, 2.0), (3.0, -1.0)]> : tensor<2xcomplex<f32>>
  %s = arith.constant dense<(4, 5)> : tensor<3xcomplex<i32>>
  %a = tensor.extract %t[%c1] : tensor<2xcomplex<f32>>
  %b = tensor.extract %s[%c1] : tensor<3xcomplex<i32>>
  return %a, %b : complex<f32>, complex<i32>
}

// -----

// CHECK-LABEL: func.func @from_elements_complex() -> tensor<3xcomplex<f32>> {
// CHECK-NEXT: %cst = arith.constant dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00), (1.000000e+00,2.000000e+00)]> : tensor<3xcomplex<f32>>
// CHECK-NEXT: return %cst : tensor<3xcomplex<f32>>
func.func @from_elements_complex() -> tensor<3xcomplex<f32>> {
  %a = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %b = complex.constant [3.0 : f32, 4.0 : f32] : complex<f32>
  %t = tensor.from_elements %a, %b, %a : tensor<3xcomplex<f32>>
  return %t : tensor<3xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @orthogonal_pads(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[16, 4] [%arg1, %arg2] [1, 1] : tensor<64x64xf32> to tensor<?x?xf32>
// CHECK-NEXT: %padded = tensor.pad %extracted_slice low[0, 0] high[%arg3, %arg4] {
// CHECK: } : tensor<?x?xf32> to tensor<8x4xf32>
// CHECK-NEXT: return %padded : tensor<8x4xf32>
func.func @orthogonal_pads(%arg0: tensor<64x64xf32>, %sz0: index, %sz1: index, %pw0: index, %pw1: index) -> tensor<8x4xf32> {
  %pad_value = arith.constant 0.0 : f32
  %0 = tensor.extract_slice %arg0[16, 0] [%sz0, 64] [1, 1] : tensor<64x64xf32> to tensor<?x64xf32>
  %1 = tensor.pad %0 low[0, 0] high[%pw0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pad_value : f32
  } : tensor<?x64xf32> to tensor<8x64xf32>
  %2 = tensor.extract_slice %1[0, 4] [8, %sz1] [1, 1] : tensor<8x64xf32> to tensor<8x?xf32>
  %3 = tensor.pad %2 low[0, 0] high[0, %pw1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pad_value : f32
  } : tensor<8x?xf32> to tensor<8x4xf32>
  return %3 : tensor<8x4xf32>
}

// -----

// Both pads pad dimension 0: no fold.
// CHECK-LABEL: func.func @pads_not_orthogonal(
// CHECK: %padded = tensor.pad
// CHECK: %padded_1 = tensor.pad
func.func @pads_not_orthogonal(%arg0: tensor<64x64xf32>, %sz0: index, %pw0: index, %pw1: index) -> tensor<8x64xf32> {
  %pad_value = arith.constant 0.0 : f32
  %0 = tensor.extract_slice %arg0[16, 0] [%sz0, 64] [1, 1] : tensor<64x64xf32> to tensor<?x64xf32>
  %1 = tensor.pad %0 low[0, 0] high[%pw0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pad_value : f32
  } : tensor<?x64xf32> to tensor<8x64xf32>
  %2 = tensor.extract_slice %1[0, 0] [4, 64] [1, 1] : tensor<8x64xf32> to tensor<4x64xf32>
  %3 = tensor.pad %2 low[0, 0] high[%pw1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pad_value : f32
  } : tensor<4x64xf32> to tensor<8x64xf32>
  return %3 : tensor<8x64xf32>
}

// -----

// CHECK: #map = affine_map<()[s0, s1] -> (s0 + (s0 * s1) * 7)>
// CHECK-LABEL: func.func @apply_constant_symbol(%arg0: index, %arg1: index) -> index {
// CHECK-NEXT: %0 = affine.apply #map()[%arg0, %arg1]
// CHECK-NEXT: return %0 : index
func.func @apply_constant_symbol(%a: index, %b: index) -> index {
  %c7 = arith.constant 7 : index
  %0 = affine.apply affine_map<()[s0, s1, s2] -> (s0 * s1 * s2)>()[%a, %c7, %b]
  %1 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%0)[%a]
  return %1 : index
}

// -----

// CHECK-LABEL: func.func @dps_cast_producers(%arg0: tensor<2x2xf32>, %arg1: tensor<2x2xf32>) -> index {
// CHECK-NEXT: %0:2 = test.destination_style_op ins(%arg0 : tensor<2x2xf32>) outs(%arg1 : tensor<2x2xf32>) -> tensor<2x2xf32>, index
// CHECK-NEXT: return %0#1 : index
func.func @dps_cast_producers(%arg0: tensor<2x2xf32>, %arg1: tensor<2x2xf32>) -> index {
  %cast = tensor.cast %arg0 : tensor<2x2xf32> to tensor<?x2xf32>
  %cast_0 = tensor.cast %arg1 : tensor<2x2xf32> to tensor<?x2xf32>
  %0:2 = test.destination_style_op ins(%cast : tensor<?x2xf32>) outs(%cast_0 : tensor<?x2xf32>) -> tensor<?x2xf32>, index
  return %0#1 : index
}
