// Custom syntax of the tensor dialect: alternative spellings mlir-opt
// accepts are printed in the canonical form, and the generic form of each
// op carries exactly the inherent attributes as properties.
// RUN: bufopt %s -split-input-file | FileCheck %s
// RUN: bufopt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Whitespace inside and between the index lists, and scalable `[n]`
// entries (accepted and dropped, as by the tensor ops upstream).
// CHECK-LABEL: func.func @slice_spelling
// CHECK: tensor.extract_slice %arg0[0, %arg1] [4, 8] [1, 2] : tensor<8x16xf32> to tensor<4x8xf32>
// CHECK: tensor.extract_slice %arg0[0, %arg1] [4, 8] [1, 2] : tensor<8x16xf32> to tensor<4x8xf32>
// GENERIC-LABEL: sym_name = "slice_spelling"
// GENERIC: "tensor.extract_slice"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 1, 2>}>
func.func @slice_spelling(%t: tensor<8x16xf32>, %i: index) {
  %0 = tensor.extract_slice %t [ 0 , %i ][ 4 , 8 ][ 1 , 2 ] : tensor<8x16xf32> to tensor<4x8xf32>
  %1 = tensor.extract_slice %t[[0], %i] [4, [8]] [1, 2] : tensor<8x16xf32> to tensor<4x8xf32>
  return
}

// -----

// An operand-less generate prints two spaces before its region, as the
// ODS printer does; an empty attribute dictionary is dropped.
// CHECK-LABEL: func.func @generate_spacing
// CHECK: %generated = tensor.generate  {
// CHECK-NEXT: ^bb0(%arg1: index):
// CHECK-NEXT: tensor.yield %arg0 : f32
// CHECK-NEXT: } : tensor<4xf32>
func.func @generate_spacing(%f: f32) {
  %0 = tensor.generate {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } {} : tensor<4xf32>
  return
}

// -----

// `nofold` is a unit property; a discardable attribute stays in the
// attribute dictionary after the region.
// CHECK-LABEL: func.func @pad_attrs
// CHECK: tensor.pad %arg0 nofold low[1] high[%arg1] {
// CHECK: } {tag} : tensor<4xf32> to tensor<?xf32>
// GENERIC-LABEL: sym_name = "pad_attrs"
// GENERIC: "tensor.pad"(%arg0, %arg1) <{nofold, operandSegmentSizes = array<i32: 1, 0, 1>, static_high = array<i64: -9223372036854775808>, static_low = array<i64: 1>}> ({
// GENERIC: }) {tag} : (tensor<4xf32>, index) -> tensor<?xf32>
func.func @pad_attrs(%t: tensor<4xf32>, %h: index, %f: f32) {
  %0 = tensor.pad %t nofold low[1] high[%h] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } {tag} : tensor<4xf32> to tensor<?xf32>
  return
}

// -----

// The dim attribute of concat is printed without its i64 type; the
// reassociation of reshapes is an array attribute.
// CHECK-LABEL: func.func @attrs
// CHECK: tensor.concat dim(1) %arg0, %arg0 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x4xf32>
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<2x2xf32> into tensor<4xf32>
// GENERIC-LABEL: sym_name = "attrs"
// GENERIC: "tensor.concat"(%arg0, %arg0) <{dim = 1 : i64}>
// GENERIC: "tensor.collapse_shape"(%arg0) <{reassociation = {{\[\[}}0, 1]]}>
func.func @attrs(%t: tensor<2x2xf32>) {
  %0 = tensor.concat dim(1) %t, %t : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x4xf32>
  %1 = tensor.collapse_shape %t [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  return
}

// -----

// Generic input with properties is read back into the custom form.
// CHECK-LABEL: func.func @from_generic
// CHECK: tensor.insert_slice %arg1 into %arg0[%arg2] [2] [1] : tensor<2xf32> into tensor<8xf32>
// CHECK: tensor.expand_shape %arg3 {{\[\[}}0, 1]] output_shape [%arg2, 4] : tensor<?xf32> into tensor<?x4xf32>
func.func @from_generic(%t: tensor<8xf32>, %s: tensor<2xf32>, %i: index, %d: tensor<?xf32>) {
  %0 = "tensor.insert_slice"(%s, %t, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<2xf32>, tensor<8xf32>, index) -> tensor<8xf32>
  %1 = "tensor.expand_shape"(%d, %i) <{reassociation = [[0, 1]], static_output_shape = array<i64: -9223372036854775808, 4>}> : (tensor<?xf32>, index) -> tensor<?x4xf32>
  return
}
