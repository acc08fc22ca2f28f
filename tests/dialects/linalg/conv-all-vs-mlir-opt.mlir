// Every convolution and pooling op of MLIR 19, on tensors, once with i8
// operands accumulating into i32 and default strides/dilations, once on
// f32 with strides 2 and dilations 3 (for the ops that have them): the
// custom and the generic form bufopt prints are byte-identical to
// mlir-opt-19's, and so is the generic form read back.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.gb && mlir-opt-19 --mlir-print-op-generic %s > %t.gm && diff -u %t.gm %t.gb
// RUN: bufopt %t.gm > %t.rb && diff -u %t.m %t.rb

func.func @conv_1d_i8(%a0: tensor<4xi8>, %a1: tensor<2xi8>, %a2: tensor<3xi32>) -> tensor<3xi32> {
  %0 = linalg.conv_1d ins(%a0, %a1 : tensor<4xi8>, tensor<2xi8>) outs(%a2 : tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
func.func @conv_2d_i8(%a0: tensor<4x4xi8>, %a1: tensor<2x2xi8>, %a2: tensor<3x3xi32>) -> tensor<3x3xi32> {
  %0 = linalg.conv_2d ins(%a0, %a1 : tensor<4x4xi8>, tensor<2x2xi8>) outs(%a2 : tensor<3x3xi32>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}
func.func @conv_3d_i8(%a0: tensor<4x4x4xi8>, %a1: tensor<2x2x2xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.conv_3d ins(%a0, %a1 : tensor<4x4x4xi8>, tensor<2x2x2xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @conv_1d_nwc_wcf_i8(%a0: tensor<3x4x3xi8>, %a1: tensor<2x3x3xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.conv_1d_nwc_wcf ins(%a0, %a1 : tensor<3x4x3xi8>, tensor<2x3x3xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @conv_1d_nwc_wcf_f32(%a0: tensor<3x8x3xf32>, %a1: tensor<2x3x3xf32>, %a2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = linalg.conv_1d_nwc_wcf {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x8x3xf32>, tensor<2x3x3xf32>) outs(%a2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
func.func @conv_1d_ncw_fcw_i8(%a0: tensor<3x3x4xi8>, %a1: tensor<3x3x2xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.conv_1d_ncw_fcw ins(%a0, %a1 : tensor<3x3x4xi8>, tensor<3x3x2xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @conv_1d_ncw_fcw_f32(%a0: tensor<3x3x8xf32>, %a1: tensor<3x3x2xf32>, %a2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = linalg.conv_1d_ncw_fcw {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x3x8xf32>, tensor<3x3x2xf32>) outs(%a2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
func.func @conv_2d_nhwc_hwcf_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<2x2x3x3xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.conv_2d_nhwc_hwcf ins(%a0, %a1 : tensor<3x4x4x3xi8>, tensor<2x2x3x3xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @conv_2d_nhwc_hwcf_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<2x2x3x3xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x8x8x3xf32>, tensor<2x2x3x3xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @conv_2d_nhwc_fhwc_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<3x2x2x3xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.conv_2d_nhwc_fhwc ins(%a0, %a1 : tensor<3x4x4x3xi8>, tensor<3x2x2x3xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @conv_2d_nhwc_fhwc_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<3x2x2x3xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x8x8x3xf32>, tensor<3x2x2x3xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @conv_2d_nhwc_hwcf_q_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<2x2x3x3xi8>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.conv_2d_nhwc_hwcf_q ins(%a0, %a1, %a2, %a3 : tensor<3x4x4x3xi8>, tensor<2x2x3x3xi8>, i32, i32) outs(%a4 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @conv_2d_nhwc_hwcf_q_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<2x2x3x3xf32>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : tensor<3x8x8x3xf32>, tensor<2x2x3x3xf32>, i32, i32) outs(%a4 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @conv_2d_nhwc_fhwc_q_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<3x2x2x3xi8>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.conv_2d_nhwc_fhwc_q ins(%a0, %a1, %a2, %a3 : tensor<3x4x4x3xi8>, tensor<3x2x2x3xi8>, i32, i32) outs(%a4 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @conv_2d_nhwc_fhwc_q_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<3x2x2x3xf32>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc_q {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : tensor<3x8x8x3xf32>, tensor<3x2x2x3xf32>, i32, i32) outs(%a4 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @conv_2d_nchw_fchw_i8(%a0: tensor<3x3x4x4xi8>, %a1: tensor<3x3x2x2xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.conv_2d_nchw_fchw ins(%a0, %a1 : tensor<3x3x4x4xi8>, tensor<3x3x2x2xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @conv_2d_nchw_fchw_f32(%a0: tensor<3x3x8x8xf32>, %a1: tensor<3x3x2x2xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x3x8x8xf32>, tensor<3x3x2x2xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @conv_2d_ngchw_fgchw_i8(%a0: tensor<3x3x3x4x4xi8>, %a1: tensor<3x3x3x2x2xi8>, %a2: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.conv_2d_ngchw_fgchw ins(%a0, %a1 : tensor<3x3x3x4x4xi8>, tensor<3x3x3x2x2xi8>) outs(%a2 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @conv_2d_ngchw_fgchw_f32(%a0: tensor<3x3x3x8x8xf32>, %a1: tensor<3x3x3x2x2xf32>, %a2: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.conv_2d_ngchw_fgchw {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x3x3x8x8xf32>, tensor<3x3x3x2x2xf32>) outs(%a2 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @conv_2d_ngchw_gfchw_i8(%a0: tensor<3x3x3x4x4xi8>, %a1: tensor<3x3x3x2x2xi8>, %a2: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.conv_2d_ngchw_gfchw ins(%a0, %a1 : tensor<3x3x3x4x4xi8>, tensor<3x3x3x2x2xi8>) outs(%a2 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @conv_2d_ngchw_gfchw_f32(%a0: tensor<3x3x3x8x8xf32>, %a1: tensor<3x3x3x2x2xf32>, %a2: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.conv_2d_ngchw_gfchw {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x3x3x8x8xf32>, tensor<3x3x3x2x2xf32>) outs(%a2 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @conv_2d_ngchw_gfchw_q_i8(%a0: tensor<3x3x3x4x4xi8>, %a1: tensor<3x3x3x2x2xi8>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.conv_2d_ngchw_gfchw_q ins(%a0, %a1, %a2, %a3 : tensor<3x3x3x4x4xi8>, tensor<3x3x3x2x2xi8>, i32, i32) outs(%a4 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @conv_2d_ngchw_gfchw_q_f32(%a0: tensor<3x3x3x8x8xf32>, %a1: tensor<3x3x3x2x2xf32>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.conv_2d_ngchw_gfchw_q {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : tensor<3x3x3x8x8xf32>, tensor<3x3x3x2x2xf32>, i32, i32) outs(%a4 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @conv_3d_ndhwc_dhwcf_i8(%a0: tensor<3x4x4x4x3xi8>, %a1: tensor<2x2x2x3x3xi8>, %a2: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.conv_3d_ndhwc_dhwcf ins(%a0, %a1 : tensor<3x4x4x4x3xi8>, tensor<2x2x2x3x3xi8>) outs(%a2 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @conv_3d_ndhwc_dhwcf_f32(%a0: tensor<3x8x8x8x3xf32>, %a1: tensor<2x2x2x3x3xf32>, %a2: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<3> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%a0, %a1 : tensor<3x8x8x8x3xf32>, tensor<2x2x2x3x3xf32>) outs(%a2 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @conv_3d_ndhwc_dhwcf_q_i8(%a0: tensor<3x4x4x4x3xi8>, %a1: tensor<2x2x2x3x3xi8>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.conv_3d_ndhwc_dhwcf_q ins(%a0, %a1, %a2, %a3 : tensor<3x4x4x4x3xi8>, tensor<2x2x2x3x3xi8>, i32, i32) outs(%a4 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @conv_3d_ndhwc_dhwcf_q_f32(%a0: tensor<3x8x8x8x3xf32>, %a1: tensor<2x2x2x3x3xf32>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.conv_3d_ndhwc_dhwcf_q {dilations = dense<3> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%a0, %a1, %a2, %a3 : tensor<3x8x8x8x3xf32>, tensor<2x2x2x3x3xf32>, i32, i32) outs(%a4 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @conv_3d_ncdhw_fcdhw_i8(%a0: tensor<3x3x4x4x4xi8>, %a1: tensor<3x3x2x2x2xi8>, %a2: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.conv_3d_ncdhw_fcdhw ins(%a0, %a1 : tensor<3x3x4x4x4xi8>, tensor<3x3x2x2x2xi8>) outs(%a2 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @conv_3d_ncdhw_fcdhw_f32(%a0: tensor<3x3x8x8x8xf32>, %a1: tensor<3x3x2x2x2xf32>, %a2: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<3> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%a0, %a1 : tensor<3x3x8x8x8xf32>, tensor<3x3x2x2x2xf32>) outs(%a2 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @depthwise_conv_1d_nwc_wc_i8(%a0: tensor<3x4x3xi8>, %a1: tensor<2x3xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.depthwise_conv_1d_nwc_wc ins(%a0, %a1 : tensor<3x4x3xi8>, tensor<2x3xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @depthwise_conv_1d_nwc_wc_f32(%a0: tensor<3x8x3xf32>, %a1: tensor<2x3xf32>, %a2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x8x3xf32>, tensor<2x3xf32>) outs(%a2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
func.func @depthwise_conv_1d_ncw_cw_i8(%a0: tensor<3x3x4xi8>, %a1: tensor<3x2xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.depthwise_conv_1d_ncw_cw ins(%a0, %a1 : tensor<3x3x4xi8>, tensor<3x2xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @depthwise_conv_1d_ncw_cw_f32(%a0: tensor<3x3x8xf32>, %a1: tensor<3x2xf32>, %a2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = linalg.depthwise_conv_1d_ncw_cw {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x3x8xf32>, tensor<3x2xf32>) outs(%a2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
func.func @depthwise_conv_1d_nwc_wcm_i8(%a0: tensor<3x4x3xi8>, %a1: tensor<2x3x3xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.depthwise_conv_1d_nwc_wcm ins(%a0, %a1 : tensor<3x4x3xi8>, tensor<2x3x3xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @depthwise_conv_1d_nwc_wcm_f32(%a0: tensor<3x8x3xf32>, %a1: tensor<2x3x3xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.depthwise_conv_1d_nwc_wcm {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x8x3xf32>, tensor<2x3x3xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @depthwise_conv_2d_nhwc_hwc_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<2x2x3xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc ins(%a0, %a1 : tensor<3x4x4x3xi8>, tensor<2x2x3xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @depthwise_conv_2d_nhwc_hwc_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<2x2x3xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x8x8x3xf32>, tensor<2x2x3xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @depthwise_conv_2d_nchw_chw_i8(%a0: tensor<3x3x4x4xi8>, %a1: tensor<3x2x2xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.depthwise_conv_2d_nchw_chw ins(%a0, %a1 : tensor<3x3x4x4xi8>, tensor<3x2x2xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @depthwise_conv_2d_nchw_chw_f32(%a0: tensor<3x3x8x8xf32>, %a1: tensor<3x2x2xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x3x8x8xf32>, tensor<3x2x2xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @depthwise_conv_2d_nhwc_hwc_q_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<2x2x3xi8>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc_q ins(%a0, %a1, %a2, %a3 : tensor<3x4x4x3xi8>, tensor<2x2x3xi8>, i32, i32) outs(%a4 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @depthwise_conv_2d_nhwc_hwc_q_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<2x2x3xf32>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : tensor<3x8x8x3xf32>, tensor<2x2x3xf32>, i32, i32) outs(%a4 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @depthwise_conv_2d_nhwc_hwcm_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<2x2x3x3xi8>, %a2: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwcm ins(%a0, %a1 : tensor<3x4x4x3xi8>, tensor<2x2x3x3xi8>) outs(%a2 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @depthwise_conv_2d_nhwc_hwcm_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<2x2x3x3xf32>, %a2: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x8x8x3xf32>, tensor<2x2x3x3xf32>) outs(%a2 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @depthwise_conv_2d_nhwc_hwcm_q_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<2x2x3x3xi8>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwcm_q ins(%a0, %a1, %a2, %a3 : tensor<3x4x4x3xi8>, tensor<2x2x3x3xi8>, i32, i32) outs(%a4 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @depthwise_conv_2d_nhwc_hwcm_q_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<2x2x3x3xf32>, %a2: i32, %a3: i32, %a4: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwcm_q {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : tensor<3x8x8x3xf32>, tensor<2x2x3x3xf32>, i32, i32) outs(%a4 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @depthwise_conv_3d_ndhwc_dhwc_i8(%a0: tensor<3x4x4x4x3xi8>, %a1: tensor<2x2x2x3xi8>, %a2: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.depthwise_conv_3d_ndhwc_dhwc ins(%a0, %a1 : tensor<3x4x4x4x3xi8>, tensor<2x2x2x3xi8>) outs(%a2 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @depthwise_conv_3d_ndhwc_dhwc_f32(%a0: tensor<3x8x8x8x3xf32>, %a1: tensor<2x2x2x3xf32>, %a2: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<3> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%a0, %a1 : tensor<3x8x8x8x3xf32>, tensor<2x2x2x3xf32>) outs(%a2 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @depthwise_conv_3d_ncdhw_cdhw_i8(%a0: tensor<3x3x4x4x4xi8>, %a1: tensor<3x2x2x2xi8>, %a2: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.depthwise_conv_3d_ncdhw_cdhw ins(%a0, %a1 : tensor<3x3x4x4x4xi8>, tensor<3x2x2x2xi8>) outs(%a2 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @depthwise_conv_3d_ncdhw_cdhw_f32(%a0: tensor<3x3x8x8x8xf32>, %a1: tensor<3x2x2x2xf32>, %a2: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.depthwise_conv_3d_ncdhw_cdhw {dilations = dense<3> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%a0, %a1 : tensor<3x3x8x8x8xf32>, tensor<3x2x2x2xf32>) outs(%a2 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @depthwise_conv_3d_ndhwc_dhwcm_i8(%a0: tensor<3x4x4x4x3xi8>, %a1: tensor<2x2x2x3x3xi8>, %a2: tensor<3x3x3x3x3x3xi32>) -> tensor<3x3x3x3x3x3xi32> {
  %0 = linalg.depthwise_conv_3d_ndhwc_dhwcm ins(%a0, %a1 : tensor<3x4x4x4x3xi8>, tensor<2x2x2x3x3xi8>) outs(%a2 : tensor<3x3x3x3x3x3xi32>) -> tensor<3x3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3x3xi32>
}
func.func @depthwise_conv_3d_ndhwc_dhwcm_f32(%a0: tensor<3x8x8x8x3xf32>, %a1: tensor<2x2x2x3x3xf32>, %a2: tensor<3x3x3x3x3x3xf32>) -> tensor<3x3x3x3x3x3xf32> {
  %0 = linalg.depthwise_conv_3d_ndhwc_dhwcm {dilations = dense<3> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%a0, %a1 : tensor<3x8x8x8x3xf32>, tensor<2x2x2x3x3xf32>) outs(%a2 : tensor<3x3x3x3x3x3xf32>) -> tensor<3x3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3x3xf32>
}
func.func @pooling_nhwc_sum_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<2x2xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.pooling_nhwc_sum ins(%a0, %a1 : tensor<3x4x4x3xi8>, tensor<2x2xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @pooling_nhwc_sum_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<2x2xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.pooling_nhwc_sum {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x8x8x3xf32>, tensor<2x2xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @pooling_nchw_sum_i8(%a0: tensor<3x3x4x4xi8>, %a1: tensor<2x2xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.pooling_nchw_sum ins(%a0, %a1 : tensor<3x3x4x4xi8>, tensor<2x2xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @pooling_nchw_sum_f32(%a0: tensor<3x3x8x8xf32>, %a1: tensor<2x2xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.pooling_nchw_sum {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x3x8x8xf32>, tensor<2x2xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @pooling_nhwc_max_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<2x2xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.pooling_nhwc_max ins(%a0, %a1 : tensor<3x4x4x3xi8>, tensor<2x2xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @pooling_nhwc_max_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<2x2xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.pooling_nhwc_max {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x8x8x3xf32>, tensor<2x2xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @pooling_nhwc_max_unsigned_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<2x2xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.pooling_nhwc_max_unsigned ins(%a0, %a1 : tensor<3x4x4x3xi8>, tensor<2x2xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @pooling_nhwc_max_unsigned_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<2x2xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.pooling_nhwc_max_unsigned {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x8x8x3xf32>, tensor<2x2xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @pooling_nchw_max_i8(%a0: tensor<3x3x4x4xi8>, %a1: tensor<2x2xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.pooling_nchw_max ins(%a0, %a1 : tensor<3x3x4x4xi8>, tensor<2x2xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @pooling_nchw_max_f32(%a0: tensor<3x3x8x8xf32>, %a1: tensor<2x2xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.pooling_nchw_max {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x3x8x8xf32>, tensor<2x2xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @pooling_nhwc_min_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<2x2xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.pooling_nhwc_min ins(%a0, %a1 : tensor<3x4x4x3xi8>, tensor<2x2xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @pooling_nhwc_min_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<2x2xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.pooling_nhwc_min {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x8x8x3xf32>, tensor<2x2xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @pooling_nhwc_min_unsigned_i8(%a0: tensor<3x4x4x3xi8>, %a1: tensor<2x2xi8>, %a2: tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32> {
  %0 = linalg.pooling_nhwc_min_unsigned ins(%a0, %a1 : tensor<3x4x4x3xi8>, tensor<2x2xi8>) outs(%a2 : tensor<3x3x3x3xi32>) -> tensor<3x3x3x3xi32>
  return %0 : tensor<3x3x3x3xi32>
}
func.func @pooling_nhwc_min_unsigned_f32(%a0: tensor<3x8x8x3xf32>, %a1: tensor<2x2xf32>, %a2: tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32> {
  %0 = linalg.pooling_nhwc_min_unsigned {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<3x8x8x3xf32>, tensor<2x2xf32>) outs(%a2 : tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  return %0 : tensor<3x3x3x3xf32>
}
func.func @pooling_nwc_sum_i8(%a0: tensor<3x4x3xi8>, %a1: tensor<2xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.pooling_nwc_sum ins(%a0, %a1 : tensor<3x4x3xi8>, tensor<2xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @pooling_nwc_sum_f32(%a0: tensor<3x8x3xf32>, %a1: tensor<2xf32>, %a2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = linalg.pooling_nwc_sum {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x8x3xf32>, tensor<2xf32>) outs(%a2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
func.func @pooling_ncw_sum_i8(%a0: tensor<3x3x4xi8>, %a1: tensor<2xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.pooling_ncw_sum ins(%a0, %a1 : tensor<3x3x4xi8>, tensor<2xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @pooling_ncw_sum_f32(%a0: tensor<3x3x8xf32>, %a1: tensor<2xf32>, %a2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = linalg.pooling_ncw_sum {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x3x8xf32>, tensor<2xf32>) outs(%a2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
func.func @pooling_nwc_max_i8(%a0: tensor<3x4x3xi8>, %a1: tensor<2xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.pooling_nwc_max ins(%a0, %a1 : tensor<3x4x3xi8>, tensor<2xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @pooling_nwc_max_f32(%a0: tensor<3x8x3xf32>, %a1: tensor<2xf32>, %a2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = linalg.pooling_nwc_max {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x8x3xf32>, tensor<2xf32>) outs(%a2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
func.func @pooling_nwc_max_unsigned_i8(%a0: tensor<3x4x3xi8>, %a1: tensor<2xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.pooling_nwc_max_unsigned ins(%a0, %a1 : tensor<3x4x3xi8>, tensor<2xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @pooling_nwc_max_unsigned_f32(%a0: tensor<3x8x3xf32>, %a1: tensor<2xf32>, %a2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = linalg.pooling_nwc_max_unsigned {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x8x3xf32>, tensor<2xf32>) outs(%a2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
func.func @pooling_ncw_max_i8(%a0: tensor<3x3x4xi8>, %a1: tensor<2xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.pooling_ncw_max ins(%a0, %a1 : tensor<3x3x4xi8>, tensor<2xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @pooling_ncw_max_f32(%a0: tensor<3x3x8xf32>, %a1: tensor<2xf32>, %a2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = linalg.pooling_ncw_max {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x3x8xf32>, tensor<2xf32>) outs(%a2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
func.func @pooling_nwc_min_i8(%a0: tensor<3x4x3xi8>, %a1: tensor<2xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.pooling_nwc_min ins(%a0, %a1 : tensor<3x4x3xi8>, tensor<2xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @pooling_nwc_min_f32(%a0: tensor<3x8x3xf32>, %a1: tensor<2xf32>, %a2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = linalg.pooling_nwc_min {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x8x3xf32>, tensor<2xf32>) outs(%a2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
func.func @pooling_nwc_min_unsigned_i8(%a0: tensor<3x4x3xi8>, %a1: tensor<2xi8>, %a2: tensor<3x3x3xi32>) -> tensor<3x3x3xi32> {
  %0 = linalg.pooling_nwc_min_unsigned ins(%a0, %a1 : tensor<3x4x3xi8>, tensor<2xi8>) outs(%a2 : tensor<3x3x3xi32>) -> tensor<3x3x3xi32>
  return %0 : tensor<3x3x3xi32>
}
func.func @pooling_nwc_min_unsigned_f32(%a0: tensor<3x8x3xf32>, %a1: tensor<2xf32>, %a2: tensor<3x3x3xf32>) -> tensor<3x3x3xf32> {
  %0 = linalg.pooling_nwc_min_unsigned {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<3x8x3xf32>, tensor<2xf32>) outs(%a2 : tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
func.func @pooling_ndhwc_sum_i8(%a0: tensor<3x4x4x4x3xi8>, %a1: tensor<2x2x2xi8>, %a2: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.pooling_ndhwc_sum ins(%a0, %a1 : tensor<3x4x4x4x3xi8>, tensor<2x2x2xi8>) outs(%a2 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @pooling_ndhwc_sum_f32(%a0: tensor<3x8x8x8x3xf32>, %a1: tensor<2x2x2xf32>, %a2: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.pooling_ndhwc_sum {dilations = dense<3> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%a0, %a1 : tensor<3x8x8x8x3xf32>, tensor<2x2x2xf32>) outs(%a2 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @pooling_ndhwc_max_i8(%a0: tensor<3x4x4x4x3xi8>, %a1: tensor<2x2x2xi8>, %a2: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.pooling_ndhwc_max ins(%a0, %a1 : tensor<3x4x4x4x3xi8>, tensor<2x2x2xi8>) outs(%a2 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @pooling_ndhwc_max_f32(%a0: tensor<3x8x8x8x3xf32>, %a1: tensor<2x2x2xf32>, %a2: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.pooling_ndhwc_max {dilations = dense<3> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%a0, %a1 : tensor<3x8x8x8x3xf32>, tensor<2x2x2xf32>) outs(%a2 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
func.func @pooling_ndhwc_min_i8(%a0: tensor<3x4x4x4x3xi8>, %a1: tensor<2x2x2xi8>, %a2: tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32> {
  %0 = linalg.pooling_ndhwc_min ins(%a0, %a1 : tensor<3x4x4x4x3xi8>, tensor<2x2x2xi8>) outs(%a2 : tensor<3x3x3x3x3xi32>) -> tensor<3x3x3x3x3xi32>
  return %0 : tensor<3x3x3x3x3xi32>
}
func.func @pooling_ndhwc_min_f32(%a0: tensor<3x8x8x8x3xf32>, %a1: tensor<2x2x2xf32>, %a2: tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32> {
  %0 = linalg.pooling_ndhwc_min {dilations = dense<3> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%a0, %a1 : tensor<3x8x8x8x3xf32>, tensor<2x2x2xf32>) outs(%a2 : tensor<3x3x3x3x3xf32>) -> tensor<3x3x3x3x3xf32>
  return %0 : tensor<3x3x3x3x3xf32>
}
