// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// The pooling ops on memrefs: pooling_nhwc_{max,min,sum} (default, strided
// and dilated windows), pooling_nchw_{max,sum}, the unsigned max/min on i8
// data widened to i32, and the 1-D and 3-D forms.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @show(%m: memref<*xf32>) {
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  return
}

// Fills a 1x5x5x2 buffer with ((7*h + 3*w + 5*c) mod 11) - 5.
func.func @fill_input(%m: memref<1x5x5x2xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%m : memref<1x5x5x2xf32>) {
  ^bb0(%o: f32):
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %a = arith.muli %i1, %c7 : index
    %b = arith.muli %i2, %c3 : index
    %c = arith.muli %i3, %c5 : index
    %s0 = arith.addi %a, %b : index
    %s1 = arith.addi %s0, %c : index
    %m11 = arith.remui %s1, %c11 : index
    %n = arith.subi %m11, %c5 : index
    %w = arith.index_cast %n : index to i32
    %f = arith.sitofp %w : i32 to f32
    linalg.yield %f : f32
  }
  return
}

func.func @main() {
  %in = memref.alloc() : memref<1x5x5x2xf32>
  call @fill_input(%in) : (memref<1x5x5x2xf32>) -> ()
  %win = memref.alloc() : memref<2x2xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %zero = arith.constant 0.0 : f32

  // Max, 2x2 window, stride 1: 1x4x4x2.
  %o1 = memref.alloc() : memref<1x4x4x2xf32>
  linalg.fill ins(%ninf : f32) outs(%o1 : memref<1x4x4x2xf32>)
  linalg.pooling_nhwc_max ins(%in, %win : memref<1x5x5x2xf32>, memref<2x2xf32>) outs(%o1 : memref<1x4x4x2xf32>)
  %p1 = memref.cast %o1 : memref<1x4x4x2xf32> to memref<*xf32>
  call @show(%p1) : (memref<*xf32>) -> ()

  // Sum, stride 2: 1x2x2x2.
  %o2 = memref.alloc() : memref<1x2x2x2xf32>
  linalg.fill ins(%zero : f32) outs(%o2 : memref<1x2x2x2xf32>)
  linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %win : memref<1x5x5x2xf32>, memref<2x2xf32>) outs(%o2 : memref<1x2x2x2xf32>)
  %p2 = memref.cast %o2 : memref<1x2x2x2xf32> to memref<*xf32>
  call @show(%p2) : (memref<*xf32>) -> ()

  // Min, dilation 2 (a 3x3 footprint), stride 1: 1x3x3x2.
  %o3 = memref.alloc() : memref<1x3x3x2xf32>
  linalg.fill ins(%pinf : f32) outs(%o3 : memref<1x3x3x2xf32>)
  linalg.pooling_nhwc_min {dilations = dense<2> : tensor<2xi64>} ins(%in, %win : memref<1x5x5x2xf32>, memref<2x2xf32>) outs(%o3 : memref<1x3x3x2xf32>)
  %p3 = memref.cast %o3 : memref<1x3x3x2xf32> to memref<*xf32>
  call @show(%p3) : (memref<*xf32>) -> ()

  // NCHW max and sum over the same data seen as 1x2x5x5 (a transposed copy).
  %inc = memref.alloc() : memref<1x2x5x5xf32>
  linalg.transpose ins(%in : memref<1x5x5x2xf32>) outs(%inc : memref<1x2x5x5xf32>) permutation = [0, 3, 1, 2]
  %win3 = memref.alloc() : memref<3x2xf32>
  %o4 = memref.alloc() : memref<1x2x3x4xf32>
  linalg.fill ins(%ninf : f32) outs(%o4 : memref<1x2x3x4xf32>)
  linalg.pooling_nchw_max ins(%inc, %win3 : memref<1x2x5x5xf32>, memref<3x2xf32>) outs(%o4 : memref<1x2x3x4xf32>)
  %p4 = memref.cast %o4 : memref<1x2x3x4xf32> to memref<*xf32>
  call @show(%p4) : (memref<*xf32>) -> ()
  linalg.fill ins(%zero : f32) outs(%o4 : memref<1x2x3x4xf32>)
  linalg.pooling_nchw_sum ins(%inc, %win3 : memref<1x2x5x5xf32>, memref<3x2xf32>) outs(%o4 : memref<1x2x3x4xf32>)
  call @show(%p4) : (memref<*xf32>) -> ()

  // Unsigned max and min of i8 data into i32: -1 as i8 is 255 unsigned.
  %qi = memref.alloc() : memref<1x2x3x1xi8>
  %qv = arith.constant dense<[[[[-1], [2], [100]], [[-128], [5], [0]]]]> : tensor<1x2x3x1xi8>
  %qvm = bufferization.to_memref %qv : memref<1x2x3x1xi8>
  memref.copy %qvm, %qi : memref<1x2x3x1xi8> to memref<1x2x3x1xi8>
  %qw = memref.alloc() : memref<2x2xi8>
  %qo = memref.alloc() : memref<1x1x2x1xi32>
  %i0 = arith.constant 0 : i32
  %imax = arith.constant 2147483647 : i32
  linalg.fill ins(%i0 : i32) outs(%qo : memref<1x1x2x1xi32>)
  linalg.pooling_nhwc_max_unsigned ins(%qi, %qw : memref<1x2x3x1xi8>, memref<2x2xi8>) outs(%qo : memref<1x1x2x1xi32>)
  %qp = memref.cast %qo : memref<1x1x2x1xi32> to memref<*xi32>
  call @printMemrefI32(%qp) : (memref<*xi32>) -> ()
  linalg.fill ins(%imax : i32) outs(%qo : memref<1x1x2x1xi32>)
  linalg.pooling_nhwc_min_unsigned ins(%qi, %qw : memref<1x2x3x1xi8>, memref<2x2xi8>) outs(%qo : memref<1x1x2x1xi32>)
  call @printMemrefI32(%qp) : (memref<*xi32>) -> ()
  linalg.fill ins(%imax : i32) outs(%qo : memref<1x1x2x1xi32>)
  linalg.pooling_nhwc_min ins(%qi, %qw : memref<1x2x3x1xi8>, memref<2x2xi8>) outs(%qo : memref<1x1x2x1xi32>)
  call @printMemrefI32(%qp) : (memref<*xi32>) -> ()

  // 1-D: pooling_nwc_max over the first row (1x5x2), window 3, stride 2.
  %row = memref.subview %in[0, 0, 0, 0] [1, 1, 5, 2] [1, 1, 1, 1] : memref<1x5x5x2xf32> to memref<1x5x2xf32, strided<[50, 2, 1]>>
  %w1 = memref.alloc() : memref<3xf32>
  %o5 = memref.alloc() : memref<1x2x2xf32>
  linalg.fill ins(%ninf : f32) outs(%o5 : memref<1x2x2xf32>)
  linalg.pooling_nwc_max {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%row, %w1 : memref<1x5x2xf32, strided<[50, 2, 1]>>, memref<3xf32>) outs(%o5 : memref<1x2x2xf32>)
  %p5 = memref.cast %o5 : memref<1x2x2xf32> to memref<*xf32>
  call @show(%p5) : (memref<*xf32>) -> ()

  // 3-D: pooling_ndhwc_sum over the input seen as 1x1x5x5x2, window 1x2x2.
  %in5 = memref.expand_shape %in [[0, 1], [2], [3], [4]] output_shape [1, 1, 5, 5, 2] : memref<1x5x5x2xf32> into memref<1x1x5x5x2xf32>
  %w3 = memref.alloc() : memref<1x2x2xf32>
  %o6 = memref.alloc() : memref<1x1x4x4x2xf32>
  linalg.fill ins(%zero : f32) outs(%o6 : memref<1x1x4x4x2xf32>)
  linalg.pooling_ndhwc_sum ins(%in5, %w3 : memref<1x1x5x5x2xf32>, memref<1x2x2xf32>) outs(%o6 : memref<1x1x4x4x2xf32>)
  %p6 = memref.cast %o6 : memref<1x1x4x4x2xf32> to memref<*xf32>
  call @show(%p6) : (memref<*xf32>) -> ()

  memref.dealloc %in : memref<1x5x5x2xf32>
  memref.dealloc %win : memref<2x2xf32>
  memref.dealloc %o1 : memref<1x4x4x2xf32>
  memref.dealloc %o2 : memref<1x2x2x2xf32>
  memref.dealloc %o3 : memref<1x3x3x2xf32>
  memref.dealloc %inc : memref<1x2x5x5xf32>
  memref.dealloc %win3 : memref<3x2xf32>
  memref.dealloc %o4 : memref<1x2x3x4xf32>
  memref.dealloc %qi : memref<1x2x3x1xi8>
  memref.dealloc %qw : memref<2x2xi8>
  memref.dealloc %qo : memref<1x1x2x1xi32>
  memref.dealloc %w1 : memref<3xf32>
  memref.dealloc %o5 : memref<1x2x2xf32>
  memref.dealloc %w3 : memref<1x2x2xf32>
  memref.dealloc %o6 : memref<1x1x4x4x2xf32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 4, 4, 2] strides = [32, 8, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}5,     3], 
// CHECK-NEXT:    [5,     3], 
// CHECK-NEXT:    [4,     5], 
// CHECK-NEXT:    [4,     5]], 
// CHECK-NEXT:   {{\[\[}}5,     3], 
// CHECK-NEXT:    [5,     2], 
// CHECK-NEXT:    [4,     5], 
// CHECK-NEXT:    [3,     5]], 
// CHECK-NEXT:   {{\[\[}}5,     3], 
// CHECK-NEXT:    [4,     5], 
// CHECK-NEXT:    [4,     5], 
// CHECK-NEXT:    [3,     4]], 
// CHECK-NEXT:   {{\[\[}}5,     2], 
// CHECK-NEXT:    [4,     5], 
// CHECK-NEXT:    [3,     5], 
// CHECK-NEXT:    [3,     4]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 2, 2, 2] strides = [8, 4, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}0,     -2], 
// CHECK-NEXT:    [2,     0]], 
// CHECK-NEXT:   {{\[\[}}1,     -1], 
// CHECK-NEXT:    [3,     1]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 3, 3, 2] strides = [18, 6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}-5,     -5], 
// CHECK-NEXT:    [-4,     -5], 
// CHECK-NEXT:    [-4,     -5]], 
// CHECK-NEXT:   {{\[\[}}-3,     -4], 
// CHECK-NEXT:    [-3,     -3], 
// CHECK-NEXT:    [-5,     -3]], 
// CHECK-NEXT:   {{\[\[}}-4,     -5], 
// CHECK-NEXT:    [-4,     -5], 
// CHECK-NEXT:    [-4,     -4]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 2, 3, 4] strides = [24, 12, 4, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}5,     5,     4,     4], 
// CHECK-NEXT:    [5,     5,     4,     3], 
// CHECK-NEXT:    [5,     4,     4,     3]], 
// CHECK-NEXT:   {{\[\[}}3,     3,     5,     5], 
// CHECK-NEXT:    [3,     5,     5,     5], 
// CHECK-NEXT:    [3,     5,     5,     4]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 2, 3, 4] strides = [24, 12, 4, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}-1,     6,     2,     -2], 
// CHECK-NEXT:    [8,     4,     0,     -4], 
// CHECK-NEXT:    [6,     2,     -2,     -6]], 
// CHECK-NEXT:   {{\[\[}}-4,     -8,     -1,     6], 
// CHECK-NEXT:    [-6,     1,     8,     4], 
// CHECK-NEXT:    [-8,     -1,     6,     2]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 1, 2, 1] strides = [2, 2, 1, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}255], 
// CHECK-NEXT:    [100]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 1, 2, 1] strides = [2, 2, 1, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}2], 
// CHECK-NEXT:    [0]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 1, 2, 1] strides = [2, 2, 1, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}-128], 
// CHECK-NEXT:    [0]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [1, 2, 2] strides = [4, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[}}1,    3], 
// CHECK-NEXT:   [4,    1]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [1, 1, 4, 4, 2] strides = [32, 32, 8, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}0,      -2], 
// CHECK-NEXT:     [1,      -1], 
// CHECK-NEXT:     [2,      0], 
// CHECK-NEXT:     [3,      1]], 
// CHECK-NEXT:    {{\[\[}}6,      -7], 
// CHECK-NEXT:     [7,      -6], 
// CHECK-NEXT:     [-3,      6], 
// CHECK-NEXT:     [-2,      7]], 
// CHECK-NEXT:    {{\[\[}}1,      -1], 
// CHECK-NEXT:     [2,      0], 
// CHECK-NEXT:     [3,      1], 
// CHECK-NEXT:     [-7,      2]], 
// CHECK-NEXT:    {{\[\[}}7,      -6], 
// CHECK-NEXT:     [-3,      6], 
// CHECK-NEXT:     [-2,      7], 
// CHECK-NEXT:     [-1,      -3]]]]]
