// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// The convolution ops on tensors: conv_2d_nhwc_hwcf (default, strided and
// dilated), conv_2d_nhwc_fhwc, conv_2d_nchw_fchw, conv_2d, conv_1d,
// conv_1d_nwc_wcf, conv_3d_ndhwc_dhwcf, the depthwise convolutions and the
// quantized conv_2d_nhwc_hwcf_q / depthwise_conv_2d_nhwc_hwc_q on i8 data.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @show(%t: tensor<*xf32>) {
  %m = bufferization.to_memref %t read_only : memref<*xf32>
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  return
}

func.func @show_i32(%t: tensor<*xi32>) {
  %m = bufferization.to_memref %t read_only : memref<*xi32>
  call @printMemrefI32(%m) : (memref<*xi32>) -> ()
  return
}

// A tensor whose elements are (i mod 7) - 3 in row-major order.
func.func @ramp(%e: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%e : tensor<?x?x?x?xf32>) {
  ^bb0(%o: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %a = arith.muli %i0, %c11 : index
    %b = arith.muli %i1, %c3 : index
    %c = arith.muli %i2, %c5 : index
    %s0 = arith.addi %a, %b : index
    %s1 = arith.addi %s0, %c : index
    %s2 = arith.addi %s1, %i3 : index
    %m = arith.remui %s2, %c7 : index
    %n = arith.subi %m, %c3 : index
    %w = arith.index_cast %n : index to i32
    %f = arith.sitofp %w : i32 to f32
    linalg.yield %f : f32
  } -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

func.func @make(%n: index, %h: index, %w: index, %c: index) -> tensor<?x?x?x?xf32> {
  %e = tensor.empty(%n, %h, %w, %c) : tensor<?x?x?x?xf32>
  %r = call @ramp(%e) : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

func.func @zeros(%n: index, %h: index, %w: index, %c: index) -> tensor<?x?x?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n, %h, %w, %c) : tensor<?x?x?x?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %z : tensor<?x?x?x?xf32>
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %in_d = call @make(%c1, %c5, %c5, %c2) : (index, index, index, index) -> tensor<?x?x?x?xf32>
  %in = tensor.cast %in_d : tensor<?x?x?x?xf32> to tensor<1x5x5x2xf32>
  %k_d = call @make(%c2, %c2, %c2, %c3) : (index, index, index, index) -> tensor<?x?x?x?xf32>
  %k = tensor.cast %k_d : tensor<?x?x?x?xf32> to tensor<2x2x2x3xf32>

  // Stride 1: 1x4x4x3.
  %o1_d = call @zeros(%c1, %c4, %c4, %c3) : (index, index, index, index) -> tensor<?x?x?x?xf32>
  %o1 = tensor.cast %o1_d : tensor<?x?x?x?xf32> to tensor<1x4x4x3xf32>
  %r1 = linalg.conv_2d_nhwc_hwcf ins(%in, %k : tensor<1x5x5x2xf32>, tensor<2x2x2x3xf32>) outs(%o1 : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %p1 = tensor.cast %r1 : tensor<1x4x4x3xf32> to tensor<*xf32>
  call @show(%p1) : (tensor<*xf32>) -> ()

  // Stride 2, dilation 1 in H; stride 1, dilation 2 in W: 1x2x3x3.
  %o2_d = call @zeros(%c1, %c2, %c3, %c3) : (index, index, index, index) -> tensor<?x?x?x?xf32>
  %o2 = tensor.cast %o2_d : tensor<?x?x?x?xf32> to tensor<1x2x3x3xf32>
  %r2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%in, %k : tensor<1x5x5x2xf32>, tensor<2x2x2x3xf32>) outs(%o2 : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %p2 = tensor.cast %r2 : tensor<1x2x3x3xf32> to tensor<*xf32>
  call @show(%p2) : (tensor<*xf32>) -> ()

  // conv_2d_nhwc_fhwc: filter 3x2x2x2 (F, H, W, C).
  %kf_d = call @make(%c3, %c2, %c2, %c2) : (index, index, index, index) -> tensor<?x?x?x?xf32>
  %kf = tensor.cast %kf_d : tensor<?x?x?x?xf32> to tensor<3x2x2x2xf32>
  %r3 = linalg.conv_2d_nhwc_fhwc {strides = dense<[2, 1]> : tensor<2xi64>} ins(%in, %kf : tensor<1x5x5x2xf32>, tensor<3x2x2x2xf32>) outs(%o2 : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %p3 = tensor.cast %r3 : tensor<1x2x3x3xf32> to tensor<*xf32>
  call @show(%p3) : (tensor<*xf32>) -> ()

  // conv_2d_nchw_fchw: input 1x2x5x5, filter 3x2x2x2, output 1x3x4x4.
  %inc_d = call @make(%c1, %c2, %c5, %c5) : (index, index, index, index) -> tensor<?x?x?x?xf32>
  %inc = tensor.cast %inc_d : tensor<?x?x?x?xf32> to tensor<1x2x5x5xf32>
  %o4_d = call @zeros(%c1, %c3, %c4, %c4) : (index, index, index, index) -> tensor<?x?x?x?xf32>
  %o4 = tensor.cast %o4_d : tensor<?x?x?x?xf32> to tensor<1x3x4x4xf32>
  %r4 = linalg.conv_2d_nchw_fchw ins(%inc, %kf : tensor<1x2x5x5xf32>, tensor<3x2x2x2xf32>) outs(%o4 : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %p4 = tensor.cast %r4 : tensor<1x3x4x4xf32> to tensor<*xf32>
  call @show(%p4) : (tensor<*xf32>) -> ()

  // depthwise_conv_2d_nhwc_hwc: filter 2x2x2, output 1x4x4x2.
  %kd_d = call @make(%c1, %c2, %c2, %c2) : (index, index, index, index) -> tensor<?x?x?x?xf32>
  %kd4 = tensor.cast %kd_d : tensor<?x?x?x?xf32> to tensor<1x2x2x2xf32>
  %kd = tensor.collapse_shape %kd4 [[0, 1], [2], [3]] : tensor<1x2x2x2xf32> into tensor<2x2x2xf32>
  %o5_d = call @zeros(%c1, %c4, %c4, %c2) : (index, index, index, index) -> tensor<?x?x?x?xf32>
  %o5 = tensor.cast %o5_d : tensor<?x?x?x?xf32> to tensor<1x4x4x2xf32>
  %r5 = linalg.depthwise_conv_2d_nhwc_hwc ins(%in, %kd : tensor<1x5x5x2xf32>, tensor<2x2x2xf32>) outs(%o5 : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %p5 = tensor.cast %r5 : tensor<1x4x4x2xf32> to tensor<*xf32>
  call @show(%p5) : (tensor<*xf32>) -> ()

  // depthwise_conv_2d_nhwc_hwcm: filter 2x2x2x3, output 1x4x4x2x3.
  %zero = arith.constant 0.0 : f32
  %e6 = tensor.empty() : tensor<1x4x4x2x3xf32>
  %o6 = linalg.fill ins(%zero : f32) outs(%e6 : tensor<1x4x4x2x3xf32>) -> tensor<1x4x4x2x3xf32>
  %km_d = call @make(%c2, %c2, %c2, %c3) : (index, index, index, index) -> tensor<?x?x?x?xf32>
  %km = tensor.cast %km_d : tensor<?x?x?x?xf32> to tensor<2x2x2x3xf32>
  %r6 = linalg.depthwise_conv_2d_nhwc_hwcm ins(%in, %km : tensor<1x5x5x2xf32>, tensor<2x2x2x3xf32>) outs(%o6 : tensor<1x4x4x2x3xf32>) -> tensor<1x4x4x2x3xf32>
  %p6 = tensor.cast %r6 : tensor<1x4x4x2x3xf32> to tensor<*xf32>
  call @show(%p6) : (tensor<*xf32>) -> ()

  // conv_2d (no batch, no channels) and conv_1d.
  %in2 = tensor.collapse_shape %in_d [[0, 1], [2, 3]] : tensor<?x?x?x?xf32> into tensor<?x?xf32>
  %in2s = tensor.cast %in2 : tensor<?x?xf32> to tensor<5x10xf32>
  %k2 = arith.constant dense<[[1.0, -1.0, 0.5], [2.0, 0.0, -0.5]]> : tensor<2x3xf32>
  %e7 = tensor.empty() : tensor<4x8xf32>
  %o7 = linalg.fill ins(%zero : f32) outs(%e7 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r7 = linalg.conv_2d ins(%in2s, %k2 : tensor<5x10xf32>, tensor<2x3xf32>) outs(%o7 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %p7 = tensor.cast %r7 : tensor<4x8xf32> to tensor<*xf32>
  call @show(%p7) : (tensor<*xf32>) -> ()
  %in1 = tensor.extract_slice %in2s[1, 0] [1, 10] [1, 1] : tensor<5x10xf32> to tensor<10xf32>
  %k1 = arith.constant dense<[1.0, 2.0, -1.0]> : tensor<3xf32>
  %e8 = tensor.empty() : tensor<8xf32>
  %o8 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<8xf32>) -> tensor<8xf32>
  %r8 = linalg.conv_1d ins(%in1, %k1 : tensor<10xf32>, tensor<3xf32>) outs(%o8 : tensor<8xf32>) -> tensor<8xf32>
  %p8 = tensor.cast %r8 : tensor<8xf32> to tensor<*xf32>
  call @show(%p8) : (tensor<*xf32>) -> ()

  // conv_1d_nwc_wcf with stride 2: input 1x10x1 (the row above), filter 3x1x2.
  %in1w = tensor.expand_shape %in1 [[0, 1, 2]] output_shape [1, 10, 1] : tensor<10xf32> into tensor<1x10x1xf32>
  %kw = arith.constant dense<[[[1.0, 0.0]], [[0.5, 1.0]], [[-1.0, 2.0]]]> : tensor<3x1x2xf32>
  %e9 = tensor.empty() : tensor<1x4x2xf32>
  %o9 = linalg.fill ins(%zero : f32) outs(%e9 : tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  %r9 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%in1w, %kw : tensor<1x10x1xf32>, tensor<3x1x2xf32>) outs(%o9 : tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  %p9 = tensor.cast %r9 : tensor<1x4x2xf32> to tensor<*xf32>
  call @show(%p9) : (tensor<*xf32>) -> ()

  // conv_3d_ndhwc_dhwcf: input 1x2x5x5x2 (two copies of %in), filter 1x2x2x2x3.
  %in3 = tensor.concat dim(0) %in, %in : (tensor<1x5x5x2xf32>, tensor<1x5x5x2xf32>) -> tensor<2x5x5x2xf32>
  %in3e = tensor.expand_shape %in3 [[0, 1], [2], [3], [4]] output_shape [1, 2, 5, 5, 2] : tensor<2x5x5x2xf32> into tensor<1x2x5x5x2xf32>
  %k3 = tensor.expand_shape %k [[0, 1], [2], [3], [4]] output_shape [1, 2, 2, 2, 3] : tensor<2x2x2x3xf32> into tensor<1x2x2x2x3xf32>
  %e10 = tensor.empty() : tensor<1x2x4x4x3xf32>
  %o10 = linalg.fill ins(%zero : f32) outs(%e10 : tensor<1x2x4x4x3xf32>) -> tensor<1x2x4x4x3xf32>
  %r10 = linalg.conv_3d_ndhwc_dhwcf ins(%in3e, %k3 : tensor<1x2x5x5x2xf32>, tensor<1x2x2x2x3xf32>) outs(%o10 : tensor<1x2x4x4x3xf32>) -> tensor<1x2x4x4x3xf32>
  %p10 = tensor.cast %r10 : tensor<1x2x4x4x3xf32> to tensor<*xf32>
  call @show(%p10) : (tensor<*xf32>) -> ()

  // Quantized: i8 input and filter, i32 zero points and output.
  %qi = arith.constant dense<[[[[1], [-2], [3]], [[4], [5], [-6]], [[7], [-8], [9]]]]> : tensor<1x3x3x1xi8>
  %qk = arith.constant dense<[[[[2, -1]], [[1, 3]]], [[[-3, 1]], [[0, 2]]]]> : tensor<2x2x1x2xi8>
  %izp = arith.constant 1 : i32
  %kzp = arith.constant -1 : i32
  %i0 = arith.constant 0 : i32
  %e11 = tensor.empty() : tensor<1x2x2x2xi32>
  %o11 = linalg.fill ins(%i0 : i32) outs(%e11 : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  %r11 = linalg.conv_2d_nhwc_hwcf_q ins(%qi, %qk, %izp, %kzp : tensor<1x3x3x1xi8>, tensor<2x2x1x2xi8>, i32, i32) outs(%o11 : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  %p11 = tensor.cast %r11 : tensor<1x2x2x2xi32> to tensor<*xi32>
  call @show_i32(%p11) : (tensor<*xi32>) -> ()
  %qdk = arith.constant dense<[[[2], [1]], [[-3], [0]]]> : tensor<2x2x1xi8>
  %e12 = tensor.empty() : tensor<1x2x2x1xi32>
  %o12 = linalg.fill ins(%i0 : i32) outs(%e12 : tensor<1x2x2x1xi32>) -> tensor<1x2x2x1xi32>
  %r12 = linalg.depthwise_conv_2d_nhwc_hwc_q ins(%qi, %qdk, %izp, %kzp : tensor<1x3x3x1xi8>, tensor<2x2x1xi8>, i32, i32) outs(%o12 : tensor<1x2x2x1xi32>) -> tensor<1x2x2x1xi32>
  %p12 = tensor.cast %r12 : tensor<1x2x2x1xi32> to tensor<*xi32>
  call @show_i32(%p12) : (tensor<*xi32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 4, 4, 3] strides = [48, 12, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}2,     0,     19], 
// CHECK-NEXT:    [-18,     -15,     -12], 
// CHECK-NEXT:    [11,     12,     -8], 
// CHECK-NEXT:    [12,     11,     17]], 
// CHECK-NEXT:   {{\[\[}}11,     12,     -8], 
// CHECK-NEXT:    [12,     11,     17], 
// CHECK-NEXT:    [-15,     -18,     14], 
// CHECK-NEXT:    [0,     2,     -31]], 
// CHECK-NEXT:   {{\[\[}}-15,     -18,     14], 
// CHECK-NEXT:    [0,     2,     -31], 
// CHECK-NEXT:    [8,     8,     1], 
// CHECK-NEXT:    [2,     0,     19]], 
// CHECK-NEXT:   {{\[\[}}8,     8,     1], 
// CHECK-NEXT:    [2,     0,     19], 
// CHECK-NEXT:    [-18,     -15,     -12], 
// CHECK-NEXT:    [11,     12,     -8]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 2, 3, 3] strides = [18, 9, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}-13,     -16,     16], 
// CHECK-NEXT:    [2,     4,     -29], 
// CHECK-NEXT:    [17,     17,     10]], 
// CHECK-NEXT:   {{\[\[}}-16,     -13,     -10], 
// CHECK-NEXT:    [6,     0,     -27], 
// CHECK-NEXT:    [0,     6,     19]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 2, 3, 3] strides = [18, 9, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}32,     -18,     9], 
// CHECK-NEXT:    [-13,     13,     -17], 
// CHECK-NEXT:    [-16,     9,     -8]], 
// CHECK-NEXT:   {{\[\[}}13,     -13,     -4], 
// CHECK-NEXT:    [-18,     32,     -16], 
// CHECK-NEXT:    [-7,     -7,     7]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 3, 4, 4] strides = [48, 16, 4, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}32,     9,     -7,     -16], 
// CHECK-NEXT:    [-13,     13,     32,     9], 
// CHECK-NEXT:    [-16,     -18,     -13,     13], 
// CHECK-NEXT:    [9,     -7,     -16,     -18]], 
// CHECK-NEXT:   {{\[\[}}-18,     -16,     -7,     9], 
// CHECK-NEXT:    [13,     -13,     -18,     -16], 
// CHECK-NEXT:    [9,     32,     13,     -13], 
// CHECK-NEXT:    [-16,     -7,     9,     32]], 
// CHECK-NEXT:   {{\[\[}}9,     29,     7,     -8], 
// CHECK-NEXT:    [-17,     -4,     9,     29], 
// CHECK-NEXT:    [-8,     -16,     -17,     -4], 
// CHECK-NEXT:    [29,     7,     -8,     -16]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 4, 4, 2] strides = [32, 8, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}17,     15], 
// CHECK-NEXT:    [-12,     -1], 
// CHECK-NEXT:    [-6,     -10], 
// CHECK-NEXT:    [14,     -5]], 
// CHECK-NEXT:   {{\[\[}}-6,     -10], 
// CHECK-NEXT:    [14,     -5], 
// CHECK-NEXT:    [-1,     14], 
// CHECK-NEXT:    [-9,     -9]], 
// CHECK-NEXT:   {{\[\[}}-1,     14], 
// CHECK-NEXT:    [-9,     -9], 
// CHECK-NEXT:    [-3,     -4], 
// CHECK-NEXT:    [17,     15]], 
// CHECK-NEXT:   {{\[\[}}-3,     -4], 
// CHECK-NEXT:    [17,     15], 
// CHECK-NEXT:    [-12,     -1], 
// CHECK-NEXT:    [-6,     -10]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [1, 4, 4, 2, 3] strides = [96, 24, 6, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}15,      12,      9], 
// CHECK-NEXT:     [-13,      -12,      10]], 
// CHECK-NEXT:    {{\[\[}}-17,      -14,      -11], 
// CHECK-NEXT:     [-1,      -1,      -1]], 
// CHECK-NEXT:    {{\[\[}}0,      2,      4], 
// CHECK-NEXT:     [11,      10,      -12]], 
// CHECK-NEXT:    {{\[\[}}10,      11,      12], 
// CHECK-NEXT:     [2,      0,      5]]], 
// CHECK-NEXT:   {{\[\[\[}}0,      2,      4], 
// CHECK-NEXT:     [11,      10,      -12]], 
// CHECK-NEXT:    {{\[\[}}10,      11,      12], 
// CHECK-NEXT:     [2,      0,      5]], 
// CHECK-NEXT:    {{\[\[}}-1,      -1,      -1], 
// CHECK-NEXT:     [-14,      -17,      15]], 
// CHECK-NEXT:    {{\[\[}}-12,      -13,      -14], 
// CHECK-NEXT:     [12,      15,      -17]]], 
// CHECK-NEXT:   {{\[\[\[}}-1,      -1,      -1], 
// CHECK-NEXT:     [-14,      -17,      15]], 
// CHECK-NEXT:    {{\[\[}}-12,      -13,      -14], 
// CHECK-NEXT:     [12,      15,      -17]], 
// CHECK-NEXT:    {{\[\[}}5,      3,      1], 
// CHECK-NEXT:     [3,      5,      0]], 
// CHECK-NEXT:    {{\[\[}}15,      12,      9], 
// CHECK-NEXT:     [-13,      -12,      10]]], 
// CHECK-NEXT:   {{\[\[\[}}5,      3,      1], 
// CHECK-NEXT:     [3,      5,      0]], 
// CHECK-NEXT:    {{\[\[}}15,      12,      9], 
// CHECK-NEXT:     [-13,      -12,      10]], 
// CHECK-NEXT:    {{\[\[}}-17,      -14,      -11], 
// CHECK-NEXT:     [-1,      -1,      -1]], 
// CHECK-NEXT:    {{\[\[}}0,      2,      4], 
// CHECK-NEXT:     [11,      10,      -12]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 8] strides = [8, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   0,   -6.5,   3,   3.5,   -4.5,   3,   -1.5], 
// CHECK-NEXT:  [3.5,   -4.5,   3,   -1.5,   6,   -2,   -8.5,   -2.5], 
// CHECK-NEXT:  [6,   -2,   -8.5,   -2.5,   1.5,   7.5,   1,   0], 
// CHECK-NEXT:  [1.5,   7.5,   1,   0,   -6.5,   3,   3.5,   -4.5]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [8] strides = [1] data = 
// CHECK-NEXT: [4,  -2,  -7,  8,  -4,  -3,  6,  0]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [1, 4, 2] strides = [8, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[}}2.5,    -3], 
// CHECK-NEXT:   [-5.5,    5], 
// CHECK-NEXT:   [0.5,    -1], 
// CHECK-NEXT:   [3,    0]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [1, 2, 4, 4, 3] strides = [96, 48, 12, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}2,      0,      19], 
// CHECK-NEXT:     [-18,      -15,      -12], 
// CHECK-NEXT:     [11,      12,      -8], 
// CHECK-NEXT:     [12,      11,      17]], 
// CHECK-NEXT:    {{\[\[}}11,      12,      -8], 
// CHECK-NEXT:     [12,      11,      17], 
// CHECK-NEXT:     [-15,      -18,      14], 
// CHECK-NEXT:     [0,      2,      -31]], 
// CHECK-NEXT:    {{\[\[}}-15,      -18,      14], 
// CHECK-NEXT:     [0,      2,      -31], 
// CHECK-NEXT:     [8,      8,      1], 
// CHECK-NEXT:     [2,      0,      19]], 
// CHECK-NEXT:    {{\[\[}}8,      8,      1], 
// CHECK-NEXT:     [2,      0,      19], 
// CHECK-NEXT:     [-18,      -15,      -12], 
// CHECK-NEXT:     [11,      12,      -8]]], 
// CHECK-NEXT:   {{\[\[\[}}2,      0,      19], 
// CHECK-NEXT:     [-18,      -15,      -12], 
// CHECK-NEXT:     [11,      12,      -8], 
// CHECK-NEXT:     [12,      11,      17]], 
// CHECK-NEXT:    {{\[\[}}11,      12,      -8], 
// CHECK-NEXT:     [12,      11,      17], 
// CHECK-NEXT:     [-15,      -18,      14], 
// CHECK-NEXT:     [0,      2,      -31]], 
// CHECK-NEXT:    {{\[\[}}-15,      -18,      14], 
// CHECK-NEXT:     [0,      2,      -31], 
// CHECK-NEXT:     [8,      8,      1], 
// CHECK-NEXT:     [2,      0,      19]], 
// CHECK-NEXT:    {{\[\[}}8,      8,      1], 
// CHECK-NEXT:     [2,      0,      19], 
// CHECK-NEXT:     [-18,      -15,      -12], 
// CHECK-NEXT:     [11,      12,      -8]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 2, 2, 2] strides = [8, 4, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}-8,     6], 
// CHECK-NEXT:    [-20,     -5]], 
// CHECK-NEXT:   {{\[\[}}-4,     1], 
// CHECK-NEXT:    [24,     -22]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 2, 2, 1] strides = [4, 2, 1, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}-8], 
// CHECK-NEXT:    [-20]], 
// CHECK-NEXT:   {{\[\[}}-4], 
// CHECK-NEXT:    [24]]]]
