// The convolution and pooling named ops in custom form: the attribute
// dictionary with `strides`/`dilations` (tensor or vector typed, default
// omitted), ins/outs and result types, on tensors and memrefs, printed
// back as mlir-opt-19 prints them and stable under a second round trip.
// RUN: bufopt %s | FileCheck %s
// RUN: bufopt %s | bufopt | FileCheck %s
// RUN: mlir-opt-19 %s | FileCheck %s


// CHECK-LABEL: func.func @conv_2d_nhwc_hwcf(
// CHECK-NEXT: %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%arg2 : tensor<1x3x3x8xf32>) -> tensor<1x3x3x8xf32>
func.func @conv_2d_nhwc_hwcf(%i: tensor<1x9x9x3xf32>, %k: tensor<3x3x3x8xf32>, %o: tensor<1x3x3x8xf32>) -> tensor<1x3x3x8xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x3x3x8xf32>) -> tensor<1x3x3x8xf32>
  return %0 : tensor<1x3x3x8xf32>
}

// CHECK-LABEL: func.func @conv_2d_nhwc_fhwc(
// CHECK-NEXT: linalg.conv_2d_nhwc_fhwc ins(%arg0, %arg1 : memref<?x?x?x?xf16>, memref<?x?x?x?xf16>) outs(%arg2 : memref<?x?x?x?xf32>)
func.func @conv_2d_nhwc_fhwc(%i: memref<?x?x?x?xf16>, %k: memref<?x?x?x?xf16>, %o: memref<?x?x?x?xf32>) {
  linalg.conv_2d_nhwc_fhwc ins(%i, %k : memref<?x?x?x?xf16>, memref<?x?x?x?xf16>) outs(%o : memref<?x?x?x?xf32>)
  return
}

// CHECK-LABEL: func.func @conv_2d_nchw_fchw(
// CHECK-NEXT: %0 = linalg.conv_2d_nchw_fchw {strides = dense<1> : vector<2xi64>} ins(%arg0, %arg1 : tensor<2x3x8x8xi8>, tensor<4x3x2x2xi8>) outs(%arg2 : tensor<2x4x7x7xi32>) -> tensor<2x4x7x7xi32>
func.func @conv_2d_nchw_fchw(%i: tensor<2x3x8x8xi8>, %k: tensor<4x3x2x2xi8>, %o: tensor<2x4x7x7xi32>) -> tensor<2x4x7x7xi32> {
  %0 = linalg.conv_2d_nchw_fchw {strides = dense<1> : vector<2xi64>} ins(%i, %k : tensor<2x3x8x8xi8>, tensor<4x3x2x2xi8>) outs(%o : tensor<2x4x7x7xi32>) -> tensor<2x4x7x7xi32>
  return %0 : tensor<2x4x7x7xi32>
}

// CHECK-LABEL: func.func @conv_2d(
// CHECK-NEXT: linalg.conv_2d ins(%arg0, %arg1 : memref<6x6xf32>, memref<3x3xf32>) outs(%arg2 : memref<4x4xf32>)
func.func @conv_2d(%i: memref<6x6xf32>, %k: memref<3x3xf32>, %o: memref<4x4xf32>) {
  linalg.conv_2d ins(%i, %k : memref<6x6xf32>, memref<3x3xf32>) outs(%o : memref<4x4xf32>)
  return
}

// CHECK-LABEL: func.func @conv_1d(
// CHECK-NEXT: %0 = linalg.conv_1d ins(%arg0, %arg1 : tensor<?xf32>, tensor<?xf32>) outs(%arg2 : tensor<?xf32>) -> tensor<?xf32>
func.func @conv_1d(%i: tensor<?xf32>, %k: tensor<?xf32>, %o: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.conv_1d ins(%i, %k : tensor<?xf32>, tensor<?xf32>) outs(%o : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// CHECK-LABEL: func.func @conv_1d_nwc_wcf(
// CHECK-NEXT: %0 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<1x10x2xf32>, tensor<3x2x4xf32>) outs(%arg2 : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
func.func @conv_1d_nwc_wcf(%i: tensor<1x10x2xf32>, %k: tensor<3x2x4xf32>, %o: tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
  %0 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%i, %k : tensor<1x10x2xf32>, tensor<3x2x4xf32>) outs(%o : tensor<1x4x4xf32>) -> tensor<1x4x4xf32>
  return %0 : tensor<1x4x4xf32>
}

// CHECK-LABEL: func.func @conv_3d_ndhwc_dhwcf(
// CHECK-NEXT: linalg.conv_3d_ndhwc_dhwcf ins(%arg0, %arg1 : memref<1x4x4x4x2xf32>, memref<2x2x2x2x3xf32>) outs(%arg2 : memref<1x3x3x3x3xf32>)
func.func @conv_3d_ndhwc_dhwcf(%i: memref<1x4x4x4x2xf32>, %k: memref<2x2x2x2x3xf32>, %o: memref<1x3x3x3x3xf32>) {
  linalg.conv_3d_ndhwc_dhwcf ins(%i, %k : memref<1x4x4x4x2xf32>, memref<2x2x2x2x3xf32>) outs(%o : memref<1x3x3x3x3xf32>)
  return
}

// CHECK-LABEL: func.func @depthwise_conv_2d_nhwc_hwc(
// CHECK-NEXT: %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x5x5x4xf32>, tensor<2x2x4xf32>) outs(%arg2 : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
func.func @depthwise_conv_2d_nhwc_hwc(%i: tensor<1x5x5x4xf32>, %k: tensor<2x2x4xf32>, %o: tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %k : tensor<1x5x5x4xf32>, tensor<2x2x4xf32>) outs(%o : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  return %0 : tensor<1x2x2x4xf32>
}

// CHECK-LABEL: func.func @depthwise_conv_2d_nhwc_hwcm(
// CHECK-NEXT: linalg.depthwise_conv_2d_nhwc_hwcm ins(%arg0, %arg1 : memref<1x5x5x4xf32>, memref<2x2x4x3xf32>) outs(%arg2 : memref<1x4x4x4x3xf32>)
func.func @depthwise_conv_2d_nhwc_hwcm(%i: memref<1x5x5x4xf32>, %k: memref<2x2x4x3xf32>, %o: memref<1x4x4x4x3xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwcm ins(%i, %k : memref<1x5x5x4xf32>, memref<2x2x4x3xf32>) outs(%o : memref<1x4x4x4x3xf32>)
  return
}

// CHECK-LABEL: func.func @depthwise_conv_1d_nwc_wc(
// CHECK-NEXT: %0 = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<1x8x3xi8>, tensor<3x3xi8>) outs(%arg2 : tensor<1x4x3xi64>) -> tensor<1x4x3xi64>
func.func @depthwise_conv_1d_nwc_wc(%i: tensor<1x8x3xi8>, %k: tensor<3x3xi8>, %o: tensor<1x4x3xi64>) -> tensor<1x4x3xi64> {
  %0 = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<2> : tensor<1xi64>} ins(%i, %k : tensor<1x8x3xi8>, tensor<3x3xi8>) outs(%o : tensor<1x4x3xi64>) -> tensor<1x4x3xi64>
  return %0 : tensor<1x4x3xi64>
}

// CHECK-LABEL: func.func @pooling_nhwc_max(
// CHECK-NEXT: %0 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x6x6x2xf32>, tensor<3x3xf32>) outs(%arg2 : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
func.func @pooling_nhwc_max(%i: tensor<1x6x6x2xf32>, %w: tensor<3x3xf32>, %o: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %0 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%i, %w : tensor<1x6x6x2xf32>, tensor<3x3xf32>) outs(%o : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// CHECK-LABEL: func.func @pooling_nhwc_sum(
// CHECK-NEXT: linalg.pooling_nhwc_sum ins(%arg0, %arg1 : memref<1x4x4x2xi8>, memref<2x2xi8>) outs(%arg2 : memref<1x3x3x2xi32>)
func.func @pooling_nhwc_sum(%i: memref<1x4x4x2xi8>, %w: memref<2x2xi8>, %o: memref<1x3x3x2xi32>) {
  linalg.pooling_nhwc_sum ins(%i, %w : memref<1x4x4x2xi8>, memref<2x2xi8>) outs(%o : memref<1x3x3x2xi32>)
  return
}

// CHECK-LABEL: func.func @pooling_nhwc_min(
// CHECK-NEXT: %0 = linalg.pooling_nhwc_min {dilations = dense<2> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%arg2 : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
func.func @pooling_nhwc_min(%i: tensor<1x4x4x2xf32>, %w: tensor<2x2xf32>, %o: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %0 = linalg.pooling_nhwc_min {dilations = dense<2> : tensor<2xi64>} ins(%i, %w : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%o : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// CHECK-LABEL: func.func @pooling_nchw_max(
// CHECK-NEXT: linalg.pooling_nchw_max ins(%arg0, %arg1 : memref<1x2x4x4xf32>, memref<2x2xf32>) outs(%arg2 : memref<1x2x3x3xf32>)
func.func @pooling_nchw_max(%i: memref<1x2x4x4xf32>, %w: memref<2x2xf32>, %o: memref<1x2x3x3xf32>) {
  linalg.pooling_nchw_max ins(%i, %w : memref<1x2x4x4xf32>, memref<2x2xf32>) outs(%o : memref<1x2x3x3xf32>)
  return
}

// CHECK-LABEL: func.func @pooling_nchw_sum(
// CHECK-NEXT: %0 = linalg.pooling_nchw_sum ins(%arg0, %arg1 : tensor<1x2x4x4xf32>, tensor<2x2xf32>) outs(%arg2 : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
func.func @pooling_nchw_sum(%i: tensor<1x2x4x4xf32>, %w: tensor<2x2xf32>, %o: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %0 = linalg.pooling_nchw_sum ins(%i, %w : tensor<1x2x4x4xf32>, tensor<2x2xf32>) outs(%o : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// CHECK-LABEL: func.func @conv_2d_nhwc_hwcf_q(
// CHECK-NEXT: %0 = linalg.conv_2d_nhwc_hwcf_q ins(%arg0, %arg1, %arg2, %arg3 : tensor<1x4x4x2xi8>, tensor<2x2x2x3xi8>, i32, i32) outs(%arg4 : tensor<1x3x3x3xi32>) -> tensor<1x3x3x3xi32>
func.func @conv_2d_nhwc_hwcf_q(%i: tensor<1x4x4x2xi8>, %k: tensor<2x2x2x3xi8>, %izp: i32, %kzp: i32, %o: tensor<1x3x3x3xi32>) -> tensor<1x3x3x3xi32> {
  %0 = linalg.conv_2d_nhwc_hwcf_q ins(%i, %k, %izp, %kzp : tensor<1x4x4x2xi8>, tensor<2x2x2x3xi8>, i32, i32) outs(%o : tensor<1x3x3x3xi32>) -> tensor<1x3x3x3xi32>
  return %0 : tensor<1x3x3x3xi32>
}

// CHECK-LABEL: func.func @depthwise_conv_2d_nhwc_hwc_q(
// CHECK-NEXT: linalg.depthwise_conv_2d_nhwc_hwc_q ins(%arg0, %arg1, %arg2, %arg3 : memref<1x4x4x2xi8>, memref<2x2x2xi8>, i32, i32) outs(%arg4 : memref<1x3x3x2xi32>)
func.func @depthwise_conv_2d_nhwc_hwc_q(%i: memref<1x4x4x2xi8>, %k: memref<2x2x2xi8>, %izp: i32, %kzp: i32, %o: memref<1x3x3x2xi32>) {
  linalg.depthwise_conv_2d_nhwc_hwc_q ins(%i, %k, %izp, %kzp : memref<1x4x4x2xi8>, memref<2x2x2xi8>, i32, i32) outs(%o : memref<1x3x3x2xi32>)
  return
}

// CHECK-LABEL: func.func @pooling_nhwc_max_unsigned(
// CHECK-NEXT: linalg.pooling_nhwc_max_unsigned ins(%arg0, %arg1 : memref<1x4x4x2xi8>, memref<2x2xi8>) outs(%arg2 : memref<1x3x3x2xi32>)
func.func @pooling_nhwc_max_unsigned(%i: memref<1x4x4x2xi8>, %w: memref<2x2xi8>, %o: memref<1x3x3x2xi32>) {
  linalg.pooling_nhwc_max_unsigned ins(%i, %w : memref<1x4x4x2xi8>, memref<2x2xi8>) outs(%o : memref<1x3x3x2xi32>)
  return
}
