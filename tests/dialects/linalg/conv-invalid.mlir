// Verifier and custom-syntax errors of the convolution and pooling ops,
// with upstream's wording: the `strides`/`dilations` constraint (checked by
// the custom parser, and by the verifier in generic form), the operand
// count of the implicit region, the window-dependent shape checks and the
// convolution interface. The second RUN line checks the same expectations
// against mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @strides_rank(%i: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x4xf32>, %o: tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{custom op 'linalg.conv_2d_nhwc_hwcf' 'linalg.conv_2d_nhwc_hwcf' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %0 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<3xi64>} ins(%i, %k : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%o : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @dilations_type(%i: memref<1x8x3xf32>, %k: memref<3x3xf32>, %o: memref<1x6x3xf32>) {
  // expected-error @+1 {{custom op 'linalg.depthwise_conv_1d_nwc_wc' 'linalg.depthwise_conv_1d_nwc_wc' op attribute 'dilations' failed to satisfy constraint: 64-bit signless int elements attribute of shape [1]}}
  linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi32>} ins(%i, %k : memref<1x8x3xf32>, memref<3x3xf32>) outs(%o : memref<1x6x3xf32>)
  return
}

// -----

func.func @dilations_array(%i: memref<1x4x4x4x2xf32>, %w: memref<2x2x2xf32>, %o: memref<1x3x3x3x2xf32>) {
  // expected-error @+1 {{custom op 'linalg.pooling_ndhwc_max' 'linalg.pooling_ndhwc_max' op attribute 'dilations' failed to satisfy constraint: 64-bit signless int elements attribute of shape [3]}}
  linalg.pooling_ndhwc_max {dilations = [1, 1, 1]} ins(%i, %w : memref<1x4x4x4x2xf32>, memref<2x2x2xf32>) outs(%o : memref<1x3x3x3x2xf32>)
  return
}

// -----

func.func @region_args(%i: tensor<1x8x8x3xf32>, %o: tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32> {
  // The error is reported at the token after the op.
  // expected-error @+2 {{custom op 'linalg.conv_2d_nhwc_hwcf' [parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2}}
  %0 = linalg.conv_2d_nhwc_hwcf ins(%i : tensor<1x8x8x3xf32>) outs(%o : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @quantized_args(%i: tensor<1x4x4x2xi8>, %k: tensor<2x2x2xi8>, %o: tensor<1x3x3x2xi32>) -> tensor<1x3x3x2xi32> {
  // expected-error @+2 {{custom op 'linalg.depthwise_conv_2d_nhwc_hwc_q' [parseNamedStructuredOpRegion] ods-gen generated region expects 5 args, got 3}}
  %0 = linalg.depthwise_conv_2d_nhwc_hwc_q ins(%i, %k : tensor<1x4x4x2xi8>, tensor<2x2x2xi8>) outs(%o : tensor<1x3x3x2xi32>) -> tensor<1x3x3x2xi32>
  return %0 : tensor<1x3x3x2xi32>
}

// -----

func.func @strided_input_too_small(%i: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x4xf32>, %o: tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_hwcf' op inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 13, but found 8}}
  %0 = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>} ins(%i, %k : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%o : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @dilated_window_too_large(%i: memref<1x5x5x2xf32>, %w: memref<3x3xf32>, %o: memref<1x2x2x2xf32>) {
  // expected-error @+1 {{'linalg.pooling_nhwc_sum' op inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 6, but found 5}}
  linalg.pooling_nhwc_sum {dilations = dense<2> : tensor<2xi64>} ins(%i, %w : memref<1x5x5x2xf32>, memref<3x3xf32>) outs(%o : memref<1x2x2x2xf32>)
  return
}

// -----

func.func @channel_mismatch(%i: tensor<1x5x5x4xf32>, %k: tensor<2x2x3xf32>, %o: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'linalg.depthwise_conv_2d_nhwc_hwc' op inferred input/output operand #1 has shape's dimension #2 to be 4, but found 3}}
  %0 = linalg.depthwise_conv_2d_nhwc_hwc ins(%i, %k : tensor<1x5x5x4xf32>, tensor<2x2x3xf32>) outs(%o : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @generic_strides(%i: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x4xf32>, %o: tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_hwcf' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %0 = "linalg.conv_2d_nhwc_hwcf"(%i, %k, %o) <{operandSegmentSizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi32>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }) : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @generic_operand_split(%i: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x4xf32>, %o: tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{expected op with 2 inputs and 1 output}}
  %0 = "linalg.conv_2d_nhwc_hwcf"(%i, %k, %o) <{operandSegmentSizes = array<i32: 1, 2>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    linalg.yield %a : f32
  }) : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @memoized_input_map(%i: memref<6x6xf32>, %k: memref<3x3xf32>, %o: memref<4x4xf32>) {
  // expected-error @+1 {{unexpected input index map for convolutions}}
  "linalg.conv_2d"(%i, %k, %o) <{operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }) {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0 floordiv 2, d1 + d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>]} : (memref<6x6xf32>, memref<3x3xf32>, memref<4x4xf32>) -> ()
  return
}

// -----

func.func @memoized_filter_map(%i: memref<6x6xf32>, %k: memref<3x3xf32>, %o: memref<4x4xf32>) {
  // expected-error @+1 {{expected output/filter indexing maps to be projected permutations}}
  "linalg.conv_2d"(%i, %k, %o) <{operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }) {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>, affine_map<(d0, d1, d2, d3) -> (d2 + d3, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>]} : (memref<6x6xf32>, memref<3x3xf32>, memref<4x4xf32>) -> ()
  return
}

// -----

func.func @memoized_loop_use(%i: memref<6x6xf32>, %k: memref<3x3xf32>, %o: memref<4x4xf32>) {
  // expected-error @+1 {{unexpected loop dimension for convolution op}}
  "linalg.conv_2d"(%i, %k, %o) <{operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }) {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>]} : (memref<6x6xf32>, memref<3x3xf32>, memref<4x4xf32>) -> ()
  return
}

// -----

func.func @memoized_reduction_output(%i: memref<6x6xf32>, %k: memref<3x3xf32>, %o: memref<4x3xf32>) {
  // expected-error @+1 {{expected all iterators used to access outputs to be parallel}}
  "linalg.conv_2d"(%i, %k, %o) <{operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }) {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d2)>]} : (memref<6x6xf32>, memref<3x3xf32>, memref<4x3xf32>) -> ()
  return
}

// -----

func.func @memoized_parallel_filter_loop(%i: memref<6x6xf32>, %k: memref<3x3xf32>, %o: memref<4xf32>) {
  // expected-error @+1 {{expected all iterators not used to access outputs to be reduction}}
  "linalg.conv_2d"(%i, %k, %o) <{operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  }) {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0)>]} : (memref<6x6xf32>, memref<3x3xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @float_strides_property(%i: memref<1x5x5x2xf32>, %k: memref<2x2x2xf32>, %o: memref<1x2x2x2xf32>) {
  // expected-error @+1 {{invalid properties {dilations = dense<1> : tensor<2xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<2.000000e+00> : tensor<2xf32>} for op linalg.depthwise_conv_2d_nhwc_hwc: Invalid attribute `strides` in property conversion: dense<2.000000e+00> : tensor<2xf32>}}
  linalg.depthwise_conv_2d_nhwc_hwc <{dilations = dense<1> : tensor<2xi64>, strides = dense<2.0> : tensor<2xf32>}> ins(%i, %k : memref<1x5x5x2xf32>, memref<2x2x2xf32>) outs(%o : memref<1x2x2x2xf32>)
  return
}

// -----

func.func @i32_strides_property(%i: memref<1x5x5x2xf32>, %k: memref<2x2x2xf32>, %o: memref<1x2x2x2xf32>) {
  // An integer elements attribute converts; its element type is checked by
  // the verifier.
  // expected-error @+1 {{'linalg.depthwise_conv_2d_nhwc_hwc' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  linalg.depthwise_conv_2d_nhwc_hwc <{strides = dense<2> : tensor<2xi32>}> ins(%i, %k : memref<1x5x5x2xf32>, memref<2x2x2xf32>) outs(%o : memref<1x2x2x2xf32>)
  return
}

// -----

func.func @memoized_maps_with_more_dims(%i: memref<6x6xf32>, %k: memref<3x3xf32>, %o: memref<4x4xf32>) {
  // The input map is read even though it names more dims than the op has
  // loops; the repeated dim of the filter map is the first error.
  // expected-error @+1 {{expected output/filter indexing maps to be projected permutations}}
  "linalg.conv_2d"(%i, %k, %o) <{operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    linalg.yield %a : f32
  }) {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d7 + d6, d1 + d3)>, affine_map<(d0) -> (d0, d0)>]} : (memref<6x6xf32>, memref<3x3xf32>, memref<4x4xf32>) -> ()
  return
}

// -----

func.func @zero_strides(%i: memref<?x?x?x?xf32>, %k: memref<?x?x?x?xf32>, %o: memref<?x?x?x?xf32>) {
  // Zero strides and dilations fold the window expressions to constants.
  // expected-error @+1 {{unexpected input index map for convolutions}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<0> : tensor<2xi64>, strides = dense<0> : tensor<2xi64>} ins(%i, %k : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>) outs(%o : memref<?x?x?x?xf32>)
  return
}

// -----

func.func @negative_stride(%i: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x4xf32>, %o: tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_hwcf' op unexpected result less than 0 at expression #1 in (d0, d1, d2, d3, d4, d5, d6) -> (d0, -d1 + d4, d2 + d5, d6)}}
  %0 = linalg.conv_2d_nhwc_hwcf {strides = dense<[-1, 1]> : tensor<2xi64>} ins(%i, %k : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%o : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}
