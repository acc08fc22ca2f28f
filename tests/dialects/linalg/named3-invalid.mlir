// Verifier errors of the matmul-family ops added after the convolutions
// and of the Winograd transforms, with upstream's wording: the ODS
// constraints (ranks, element types, the `m`/`r` attributes), the shape
// relations of each Winograd transform (static and dynamic dims), shape
// inference through the new ops' indexing maps, and the operand-count
// traits that MLIR checks before `SingleBlock`. The second RUN line checks the same
// expectations against mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @filter_rank(%f: tensor<3x3x5xf32>, %o: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // expected-error @+1 {{'linalg.winograd_filter_transform' op operand #0 must be 4D tensor of any type values, but got 'tensor<3x3x5xf32>'}}
  %0 = linalg.winograd_filter_transform m(4) r(3) ins(%f : tensor<3x3x5xf32>) outs(%o : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @filter_memref(%f: memref<2x3x3x5xf32>, %o: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // The custom form parses the operand types as tensors.
  // expected-error @+1 {{custom op 'linalg.winograd_filter_transform' invalid kind of type specified}}
  %0 = linalg.winograd_filter_transform m(4) r(3) ins(%f : memref<2x3x3x5xf32>) outs(%o : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @filter_elements(%f: tensor<2x3x3x5xf16>, %o: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // expected-error @+1 {{'linalg.winograd_filter_transform' op failed to verify that all of {filter, output} have same element type}}
  %0 = linalg.winograd_filter_transform m(4) r(3) ins(%f : tensor<2x3x3x5xf16>) outs(%o : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @filter_missing_r(%f: tensor<2x3x3x5xf32>, %o: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // expected-error @+1 {{'linalg.winograd_filter_transform' op requires attribute 'r'}}
  %0 = "linalg.winograd_filter_transform"(%f, %o) <{m = 4 : i64}> : (tensor<2x3x3x5xf32>, tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @filter_m_type(%f: tensor<2x3x3x5xf32>, %o: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // expected-error @+1 {{'linalg.winograd_filter_transform' op attribute 'm' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "linalg.winograd_filter_transform"(%f, %o) <{m = 4 : i32, r = 3 : i64}> : (tensor<2x3x3x5xf32>, tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @filter_height_dynamic(%f: tensor<2x?x3x5xf32>, %o: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // expected-error @+1 {{expect filter height either equals to r or 1}}
  %0 = linalg.winograd_filter_transform m(4) r(3) ins(%f : tensor<2x?x3x5xf32>) outs(%o : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @filter_width_only(%f: tensor<2x1x3x5xf32>, %o: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // A 1-high filter is only transformed along its width: the output is 1x6.
  // expected-error @+1 {{'linalg.winograd_filter_transform' op the output shape is not expected}}
  %0 = linalg.winograd_filter_transform m(4) r(3) ins(%f : tensor<2x1x3x5xf32>) outs(%o : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @filter_channels(%f: tensor<2x3x3x5xf32>, %o: tensor<6x6x2x5xf32>) -> tensor<6x6x2x5xf32> {
  // expected-error @+1 {{the output shape is not expected}}
  %0 = linalg.winograd_filter_transform m(4) r(3) ins(%f : tensor<2x3x3x5xf32>) outs(%o : tensor<6x6x2x5xf32>) -> tensor<6x6x2x5xf32>
  return %0 : tensor<6x6x2x5xf32>
}

// -----

func.func @input_rank(%i: tensor<2x14x14x5xf32>, %o: tensor<6x6x3x3x2xf32>) -> tensor<6x6x3x3x2xf32> {
  // expected-error @+1 {{'linalg.winograd_input_transform' op operand #1 must be 6D tensor of any type values, but got 'tensor<6x6x3x3x2xf32>'}}
  %0 = linalg.winograd_input_transform m(4) r(3) ins(%i : tensor<2x14x14x5xf32>) outs(%o : tensor<6x6x3x3x2xf32>) -> tensor<6x6x3x3x2xf32>
  return %0 : tensor<6x6x3x3x2xf32>
}

// -----

func.func @input_elements(%i: tensor<2x14x14x5xi8>, %o: tensor<6x6x3x3x2x5xf32>) -> tensor<6x6x3x3x2x5xf32> {
  // expected-error @+1 {{'linalg.winograd_input_transform' op failed to verify that all of {input, output} have same element type}}
  %0 = linalg.winograd_input_transform m(4) r(3) ins(%i : tensor<2x14x14x5xi8>) outs(%o : tensor<6x6x3x3x2x5xf32>) -> tensor<6x6x3x3x2x5xf32>
  return %0 : tensor<6x6x3x3x2x5xf32>
}

// -----

func.func @input_untransformed_width(%i: tensor<2x14x1x5xf32>, %o: tensor<6x6x3x3x2x5xf32>) -> tensor<6x6x3x3x2x5xf32> {
  // A 1-wide input keeps width 1 and a single tile along it.
  // expected-error @+1 {{the output shape is not expected}}
  %0 = linalg.winograd_input_transform m(4) r(3) ins(%i : tensor<2x14x1x5xf32>) outs(%o : tensor<6x6x3x3x2x5xf32>) -> tensor<6x6x3x3x2x5xf32>
  return %0 : tensor<6x6x3x3x2x5xf32>
}

// -----

func.func @input_dynamic_height(%i: tensor<2x?x14x5xf32>, %o: tensor<5x6x?x3x2x5xf32>) -> tensor<5x6x?x3x2x5xf32> {
  // A dynamic height still fixes the tile size.
  // expected-error @+1 {{the output shape is not expected}}
  %0 = linalg.winograd_input_transform m(4) r(3) ins(%i : tensor<2x?x14x5xf32>) outs(%o : tensor<5x6x?x3x2x5xf32>) -> tensor<5x6x?x3x2x5xf32>
  return %0 : tensor<5x6x?x3x2x5xf32>
}

// -----

func.func @output_result_rank(%v: tensor<6x6x3x3x2x2xf32>, %o: tensor<2x12x12x2xf32>) {
  // expected-error @+1 {{'linalg.winograd_output_transform' op result #0 must be 4D tensor of any type values, but got 'tensor<2x12x12xf32>'}}
  %0 = "linalg.winograd_output_transform"(%v, %o) <{m = 4 : i64, r = 3 : i64}> : (tensor<6x6x3x3x2x2xf32>, tensor<2x12x12x2xf32>) -> tensor<2x12x12xf32>
  return
}

// -----

func.func @output_elements(%v: tensor<6x6x3x3x2x2xf32>, %o: tensor<2x12x12x2xf64>) -> tensor<2x12x12x2xf64> {
  // expected-error @+1 {{'linalg.winograd_output_transform' op failed to verify that all of {value, output} have same element type}}
  %0 = linalg.winograd_output_transform m(4) r(3) ins(%v : tensor<6x6x3x3x2x2xf32>) outs(%o : tensor<2x12x12x2xf64>) -> tensor<2x12x12x2xf64>
  return %0 : tensor<2x12x12x2xf64>
}

// -----

func.func @output_width_untransformed(%v: tensor<6x2x3x3x2x2xf32>, %o: tensor<2x12x3x2xf32>) -> tensor<2x12x3x2xf32> {
  // expected-error @+1 {{expect input width equals to input tile size}}
  %0 = linalg.winograd_output_transform m(4) r(3) ins(%v : tensor<6x2x3x3x2x2xf32>) outs(%o : tensor<2x12x3x2xf32>) -> tensor<2x12x3x2xf32>
  return %0 : tensor<2x12x3x2xf32>
}

// -----

func.func @output_dynamic_tiles(%v: tensor<6x6x?x3x2x2xf32>, %o: tensor<2x7x13x2xf32>) -> tensor<2x7x13x2xf32> {
  // Dynamic height tiles leave the height free; the width is still 4 * 3.
  // expected-error @+1 {{the output shape is not expected}}
  %0 = linalg.winograd_output_transform m(4) r(3) ins(%v : tensor<6x6x?x3x2x2xf32>) outs(%o : tensor<2x7x13x2xf32>) -> tensor<2x7x13x2xf32>
  return %0 : tensor<2x7x13x2xf32>
}

// -----

func.func @output_batch(%v: tensor<6x6x3x3x2x2xf32>, %o: tensor<3x12x12x2xf32>) -> tensor<3x12x12x2xf32> {
  // expected-error @+1 {{the output shape is not expected}}
  %0 = linalg.winograd_output_transform m(4) r(3) ins(%v : tensor<6x6x3x3x2x2xf32>) outs(%o : tensor<3x12x12x2xf32>) -> tensor<3x12x12x2xf32>
  return %0 : tensor<3x12x12x2xf32>
}

// -----

func.func @matmul_transpose_a_shapes(%a: memref<3x4xf32>, %b: memref<4x5xf32>, %c: memref<4x5xf32>) {
  // The reduction runs over the first dim of both inputs.
  // expected-error @+1 {{'linalg.matmul_transpose_a' op inferred input/output operand #1 has shape's dimension #0 to be 3, but found 4}}
  linalg.matmul_transpose_a ins(%a, %b : memref<3x4xf32>, memref<4x5xf32>) outs(%c : memref<4x5xf32>)
  return
}

// -----

func.func @batch_mmt4d_rank(%l: tensor<2x3x4x8x1xf32>, %r: tensor<2x5x4x4x1xf32>, %acc: tensor<2x3x5x8xf32>) -> tensor<2x3x5x8xf32> {
  // expected-error @+1 {{'linalg.batch_mmt4d' op expected operand rank (4) to match the result rank of indexing_map #2 (5)}}
  %0 = linalg.batch_mmt4d ins(%l, %r : tensor<2x3x4x8x1xf32>, tensor<2x5x4x4x1xf32>) outs(%acc : tensor<2x3x5x8xf32>) -> tensor<2x3x5x8xf32>
  return %0 : tensor<2x3x5x8xf32>
}

// -----

func.func @quantized_zero_point(%a: tensor<3x4xi8>, %b: tensor<4x2xi8>, %zp: tensor<1xi8>, %c: tensor<3x2xi32>) -> tensor<3x2xi32> {
  // The zero points are scalars: their maps have no results.
  // expected-error @+1 {{'linalg.quantized_matmul' op expected operand rank (1) to match the result rank of indexing_map #2 (0)}}
  %0 = linalg.quantized_matmul ins(%a, %b, %zp, %zp : tensor<3x4xi8>, tensor<4x2xi8>, tensor<1xi8>, tensor<1xi8>) outs(%c : tensor<3x2xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// -----

func.func @transpose_empty_block(%m: memref<4xf32>) {
  // expected-error @+1 {{'linalg.transpose' op expected 2 operands, but found 1}}
  "linalg.transpose"(%m) <{permutation = array<i64: 0>}> ({
    ^bb0:
  }) : (memref<4xf32>) -> ()
  return
}
