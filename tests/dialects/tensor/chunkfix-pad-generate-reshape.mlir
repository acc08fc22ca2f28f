// Canonicalization of tensor.pad (its folder, FoldStaticZeroPadding,
// FoldSourceTensorCast, FoldTargetTensorCast, FoldStaticPadding),
// tensor.generate (StaticTensorGenerate, ExtractFromTensorGenerate) and
// tensor.reshape's folder, as mlir-opt-19 does them.
// RUN: bufopt %s --canonicalize --cse --split-input-file | FileCheck %s
// RUN: bufopt %s --canonicalize --cse --split-input-file | mlir-opt-19 --split-input-file -o /dev/null

// CHECK-LABEL: func.func @pad_identity(%arg0: tensor<3x4xf32>, %arg1: index, %arg2: f32) -> tensor<3x4xf32> {
// CHECK-NEXT: return %arg0 : tensor<3x4xf32>
// CHECK-NEXT: }
func.func @pad_identity(%t: tensor<3x4xf32>, %p: index, %v: f32) -> tensor<3x4xf32> {
  %0 = tensor.pad %t low[%p, 0] high[0, %p] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<3x4xf32> to tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @pad_zero_is_cast(%arg0: tensor<?x?xf32>, %arg1: f32) -> tensor<5x6xf32> {
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<?x?xf32> to tensor<5x6xf32>
// CHECK-NEXT: return %cast : tensor<5x6xf32>
// CHECK-NEXT: }
func.func @pad_zero_is_cast(%t: tensor<?x?xf32>, %v: f32) -> tensor<5x6xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.pad %t low[0, %c0] high[%c0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<5x6xf32>
  return %0 : tensor<5x6xf32>
}

// -----

// CHECK-LABEL: func.func @pad_constant_operands(%arg0: tensor<?x10xf32>, %arg1: f32, %arg2: index) -> tensor<?x?xf32> {
// CHECK-NEXT: %padded = tensor.pad %arg0 low[1, 2] high[%arg2, 2] {
// CHECK-NEXT: ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT: tensor.yield %arg1 : f32
// CHECK-NEXT: } : tensor<?x10xf32> to tensor<?x14xf32>
// CHECK-NEXT: %cast = tensor.cast %padded : tensor<?x14xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @pad_constant_operands(%t: tensor<?x10xf32>, %v: f32, %h: index) -> tensor<?x?xf32> {
  %c2 = arith.constant 2 : index
  %0 = tensor.pad %t low[1, %c2] high[%h, %c2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x10xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @pad_source_cast(%arg0: tensor<7x?xf32>, %arg1: f32) -> tensor<?x?xf32> {
// CHECK-NEXT: %padded = tensor.pad %arg0 low[1, 1] high[2, 2] {
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: index):
// CHECK-NEXT: tensor.yield %arg1 : f32
// CHECK-NEXT: } : tensor<7x?xf32> to tensor<10x?xf32>
// CHECK-NEXT: %cast = tensor.cast %padded : tensor<10x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @pad_source_cast(%t: tensor<7x?xf32>, %v: f32) -> tensor<?x?xf32> {
  %c = tensor.cast %t : tensor<7x?xf32> to tensor<?x?xf32>
  %0 = tensor.pad %c low[1, 1] high[2, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @pad_target_cast(%arg0: tensor<?x?xf32>, %arg1: f32, %arg2: index) -> tensor<16x?xf32> {
// CHECK-NEXT: %padded = tensor.pad %arg0 low[0, 0] high[%arg2, %arg2] {
// CHECK-NEXT: ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT: tensor.yield %arg1 : f32
// CHECK-NEXT: } : tensor<?x?xf32> to tensor<16x?xf32>
// CHECK-NEXT: return %padded : tensor<16x?xf32>
// CHECK-NEXT: }
func.func @pad_target_cast(%t: tensor<?x?xf32>, %v: f32, %h: index) -> tensor<16x?xf32> {
  %0 = tensor.pad %t low[0, 0] high[%h, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<16x?xf32>
  return %1 : tensor<16x?xf32>
}

// -----

// CHECK-LABEL: func.func @pad_nofold_kept(%arg0: tensor<3x4xf32>, %arg1: f32) -> tensor<3x4xf32> {
// CHECK-NEXT: %padded = tensor.pad %arg0 nofold low[0, 0] high[0, 0] {
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: index):
// CHECK-NEXT: tensor.yield %arg1 : f32
// CHECK-NEXT: } : tensor<3x4xf32> to tensor<3x4xf32>
// CHECK-NEXT: return %padded : tensor<3x4xf32>
// CHECK-NEXT: }
func.func @pad_nofold_kept(%t: tensor<3x4xf32>, %v: f32) -> tensor<3x4xf32> {
  %0 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<3x4xf32> to tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @generate_static(%arg0: index) -> tensor<?x?xindex> {
// CHECK-NEXT: %generated = tensor.generate %arg0 {
// CHECK-NEXT: ^bb0(%arg1: index, %arg2: index):
// CHECK-NEXT: %0 = arith.addi %arg1, %arg2 : index
// CHECK-NEXT: tensor.yield %0 : index
// CHECK-NEXT: } : tensor<?x6xindex>
// CHECK-NEXT: %cast = tensor.cast %generated : tensor<?x6xindex> to tensor<?x?xindex>
// CHECK-NEXT: return %cast : tensor<?x?xindex>
// CHECK-NEXT: }
func.func @generate_static(%n: index) -> tensor<?x?xindex> {
  %c6 = arith.constant 6 : index
  %0 = tensor.generate %n, %c6 {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    tensor.yield %s : index
  } : tensor<?x?xindex>
  return %0 : tensor<?x?xindex>
}

// -----

// CHECK-LABEL: func.func @extract_of_generate(%arg0: index, %arg1: index, %arg2: index) -> index {
// CHECK-NEXT: %0 = arith.muli %arg1, %arg2 : index
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
func.func @extract_of_generate(%n: index, %a: index, %b: index) -> index {
  %0 = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %s = arith.muli %i, %j : index
    tensor.yield %s : index
  } : tensor<?x4xindex>
  %e = tensor.extract %0[%a, %b] : tensor<?x4xindex>
  return %e : index
}

// -----

// CHECK-LABEL: func.func @extract_of_effecting_generate(%arg0: index, %arg1: index, %arg2: memref<f32>) -> f32 {
// CHECK-NEXT: %generated = tensor.generate %arg0 {
// CHECK-NEXT: ^bb0(%arg3: index):
// CHECK-NEXT: %0 = memref.load %arg2[] : memref<f32>
// CHECK-NEXT: memref.store %0, %arg2[] : memref<f32>
// CHECK-NEXT: tensor.yield %0 : f32
// CHECK-NEXT: } : tensor<?xf32>
// CHECK-NEXT: %extracted = tensor.extract %generated[%arg1] : tensor<?xf32>
// CHECK-NEXT: return %extracted : f32
// CHECK-NEXT: }
func.func @extract_of_effecting_generate(%n: index, %a: index, %m: memref<f32>) -> f32 {
  %0 = tensor.generate %n {
  ^bb0(%i: index):
    %s = memref.load %m[] : memref<f32>
    memref.store %s, %m[] : memref<f32>
    tensor.yield %s : f32
  } : tensor<?xf32>
  %e = tensor.extract %0[%a] : tensor<?xf32>
  return %e : f32
}

// -----

// CHECK-LABEL: func.func @reshape_splat(%arg0: tensor<1xi32>) -> tensor<6xf32> {
// CHECK-NEXT: %cst = arith.constant dense<2.500000e+00> : tensor<6xf32>
// CHECK-NEXT: return %cst : tensor<6xf32>
// CHECK-NEXT: }
func.func @reshape_splat(%s: tensor<1xi32>) -> tensor<6xf32> {
  %c = arith.constant dense<2.5> : tensor<2x3xf32>
  %0 = tensor.reshape %c(%s) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_1d_identity(%arg0: tensor<?xi8>, %arg1: tensor<1xindex>) -> tensor<?xi8> {
// CHECK-NEXT: return %arg0 : tensor<?xi8>
// CHECK-NEXT: }
func.func @reshape_1d_identity(%t: tensor<?xi8>, %s: tensor<1xindex>) -> tensor<?xi8> {
  %0 = tensor.reshape %t(%s) : (tensor<?xi8>, tensor<1xindex>) -> tensor<?xi8>
  return %0 : tensor<?xi8>
}

// -----

// CHECK-LABEL: func.func @reshape_own_extents(%arg0: tensor<4x?xi8>) -> tensor<4x?xi8> {
// CHECK-NEXT: return %arg0 : tensor<4x?xi8>
// CHECK-NEXT: }
func.func @reshape_own_extents(%t: tensor<4x?xi8>) -> tensor<4x?xi8> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = tensor.dim %t, %c1 : tensor<4x?xi8>
  %s = tensor.from_elements %c4, %d : tensor<2xindex>
  %0 = tensor.reshape %t(%s) : (tensor<4x?xi8>, tensor<2xindex>) -> tensor<4x?xi8>
  return %0 : tensor<4x?xi8>
}

// -----

// CHECK-LABEL: func.func @reshape_static_2d_kept(%arg0: tensor<2x3xi8>, %arg1: tensor<2xindex>) -> tensor<2x3xi8> {
// CHECK-NEXT: %reshape = tensor.reshape %arg0(%arg1) : (tensor<2x3xi8>, tensor<2xindex>) -> tensor<2x3xi8>
// CHECK-NEXT: return %reshape : tensor<2x3xi8>
// CHECK-NEXT: }
func.func @reshape_static_2d_kept(%t: tensor<2x3xi8>, %s: tensor<2xindex>) -> tensor<2x3xi8> {
  %0 = tensor.reshape %t(%s) : (tensor<2x3xi8>, tensor<2xindex>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}
