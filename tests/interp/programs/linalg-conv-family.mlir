// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// The convolutions that linalg-conv.mlir does not run: the 1-D and 3-D
// forms, channel-first and grouped 2-D, the depthwise variants and the
// remaining quantized ones.
// Each runs once on memrefs filled with ((sum of index * prime) mod 7) - 3
// (the output too, as the initial accumulator) and its output is printed;
// ops with strides use stride 2.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @ramp2_f32(%m: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%m : memref<?x?xf32>) {
  ^bb0(%o: f32):
    %s0 = arith.constant 0 : index
    %x0 = linalg.index 0 : index
    %p0 = arith.constant 5 : index
    %y0 = arith.muli %x0, %p0 : index
    %s1 = arith.addi %s0, %y0 : index
    %x1 = linalg.index 1 : index
    %p1 = arith.constant 3 : index
    %y1 = arith.muli %x1, %p1 : index
    %s2 = arith.addi %s1, %y1 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s2, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.sitofp %i : i32 to f32
    linalg.yield %v : f32
  }
  return
}

func.func @ramp3_f32(%m: memref<?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%m : memref<?x?x?xf32>) {
  ^bb0(%o: f32):
    %s0 = arith.constant 0 : index
    %x0 = linalg.index 0 : index
    %p0 = arith.constant 5 : index
    %y0 = arith.muli %x0, %p0 : index
    %s1 = arith.addi %s0, %y0 : index
    %x1 = linalg.index 1 : index
    %p1 = arith.constant 3 : index
    %y1 = arith.muli %x1, %p1 : index
    %s2 = arith.addi %s1, %y1 : index
    %x2 = linalg.index 2 : index
    %p2 = arith.constant 7 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s3, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.sitofp %i : i32 to f32
    linalg.yield %v : f32
  }
  return
}

func.func @ramp4_f32(%m: memref<?x?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%m : memref<?x?x?x?xf32>) {
  ^bb0(%o: f32):
    %s0 = arith.constant 0 : index
    %x0 = linalg.index 0 : index
    %p0 = arith.constant 5 : index
    %y0 = arith.muli %x0, %p0 : index
    %s1 = arith.addi %s0, %y0 : index
    %x1 = linalg.index 1 : index
    %p1 = arith.constant 3 : index
    %y1 = arith.muli %x1, %p1 : index
    %s2 = arith.addi %s1, %y1 : index
    %x2 = linalg.index 2 : index
    %p2 = arith.constant 7 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %x3 = linalg.index 3 : index
    %p3 = arith.constant 2 : index
    %y3 = arith.muli %x3, %p3 : index
    %s4 = arith.addi %s3, %y3 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s4, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.sitofp %i : i32 to f32
    linalg.yield %v : f32
  }
  return
}

func.func @ramp4_i32(%m: memref<?x?x?x?xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%m : memref<?x?x?x?xi32>) {
  ^bb0(%o: i32):
    %s0 = arith.constant 0 : index
    %x0 = linalg.index 0 : index
    %p0 = arith.constant 5 : index
    %y0 = arith.muli %x0, %p0 : index
    %s1 = arith.addi %s0, %y0 : index
    %x1 = linalg.index 1 : index
    %p1 = arith.constant 3 : index
    %y1 = arith.muli %x1, %p1 : index
    %s2 = arith.addi %s1, %y1 : index
    %x2 = linalg.index 2 : index
    %p2 = arith.constant 7 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %x3 = linalg.index 3 : index
    %p3 = arith.constant 2 : index
    %y3 = arith.muli %x3, %p3 : index
    %s4 = arith.addi %s3, %y3 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s4, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.addi %i, %i : i32
    linalg.yield %v : i32
  }
  return
}

func.func @ramp4_i8(%m: memref<?x?x?x?xi8>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%m : memref<?x?x?x?xi8>) {
  ^bb0(%o: i8):
    %s0 = arith.constant 0 : index
    %x0 = linalg.index 0 : index
    %p0 = arith.constant 5 : index
    %y0 = arith.muli %x0, %p0 : index
    %s1 = arith.addi %s0, %y0 : index
    %x1 = linalg.index 1 : index
    %p1 = arith.constant 3 : index
    %y1 = arith.muli %x1, %p1 : index
    %s2 = arith.addi %s1, %y1 : index
    %x2 = linalg.index 2 : index
    %p2 = arith.constant 7 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %x3 = linalg.index 3 : index
    %p3 = arith.constant 2 : index
    %y3 = arith.muli %x3, %p3 : index
    %s4 = arith.addi %s3, %y3 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s4, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.trunci %i : i32 to i8
    linalg.yield %v : i8
  }
  return
}

func.func @ramp5_f32(%m: memref<?x?x?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%m : memref<?x?x?x?x?xf32>) {
  ^bb0(%o: f32):
    %s0 = arith.constant 0 : index
    %x0 = linalg.index 0 : index
    %p0 = arith.constant 5 : index
    %y0 = arith.muli %x0, %p0 : index
    %s1 = arith.addi %s0, %y0 : index
    %x1 = linalg.index 1 : index
    %p1 = arith.constant 3 : index
    %y1 = arith.muli %x1, %p1 : index
    %s2 = arith.addi %s1, %y1 : index
    %x2 = linalg.index 2 : index
    %p2 = arith.constant 7 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %x3 = linalg.index 3 : index
    %p3 = arith.constant 2 : index
    %y3 = arith.muli %x3, %p3 : index
    %s4 = arith.addi %s3, %y3 : index
    %x4 = linalg.index 4 : index
    %p4 = arith.constant 11 : index
    %y4 = arith.muli %x4, %p4 : index
    %s5 = arith.addi %s4, %y4 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s5, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.sitofp %i : i32 to f32
    linalg.yield %v : f32
  }
  return
}

func.func @ramp5_i32(%m: memref<?x?x?x?x?xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%m : memref<?x?x?x?x?xi32>) {
  ^bb0(%o: i32):
    %s0 = arith.constant 0 : index
    %x0 = linalg.index 0 : index
    %p0 = arith.constant 5 : index
    %y0 = arith.muli %x0, %p0 : index
    %s1 = arith.addi %s0, %y0 : index
    %x1 = linalg.index 1 : index
    %p1 = arith.constant 3 : index
    %y1 = arith.muli %x1, %p1 : index
    %s2 = arith.addi %s1, %y1 : index
    %x2 = linalg.index 2 : index
    %p2 = arith.constant 7 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %x3 = linalg.index 3 : index
    %p3 = arith.constant 2 : index
    %y3 = arith.muli %x3, %p3 : index
    %s4 = arith.addi %s3, %y3 : index
    %x4 = linalg.index 4 : index
    %p4 = arith.constant 11 : index
    %y4 = arith.muli %x4, %p4 : index
    %s5 = arith.addi %s4, %y4 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s5, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.addi %i, %i : i32
    linalg.yield %v : i32
  }
  return
}

func.func @ramp5_i8(%m: memref<?x?x?x?x?xi8>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%m : memref<?x?x?x?x?xi8>) {
  ^bb0(%o: i8):
    %s0 = arith.constant 0 : index
    %x0 = linalg.index 0 : index
    %p0 = arith.constant 5 : index
    %y0 = arith.muli %x0, %p0 : index
    %s1 = arith.addi %s0, %y0 : index
    %x1 = linalg.index 1 : index
    %p1 = arith.constant 3 : index
    %y1 = arith.muli %x1, %p1 : index
    %s2 = arith.addi %s1, %y1 : index
    %x2 = linalg.index 2 : index
    %p2 = arith.constant 7 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %x3 = linalg.index 3 : index
    %p3 = arith.constant 2 : index
    %y3 = arith.muli %x3, %p3 : index
    %s4 = arith.addi %s3, %y3 : index
    %x4 = linalg.index 4 : index
    %p4 = arith.constant 11 : index
    %y4 = arith.muli %x4, %p4 : index
    %s5 = arith.addi %s4, %y4 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s5, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.trunci %i : i32 to i8
    linalg.yield %v : i8
  }
  return
}

func.func @ramp6_f32(%m: memref<?x?x?x?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%m : memref<?x?x?x?x?x?xf32>) {
  ^bb0(%o: f32):
    %s0 = arith.constant 0 : index
    %x0 = linalg.index 0 : index
    %p0 = arith.constant 5 : index
    %y0 = arith.muli %x0, %p0 : index
    %s1 = arith.addi %s0, %y0 : index
    %x1 = linalg.index 1 : index
    %p1 = arith.constant 3 : index
    %y1 = arith.muli %x1, %p1 : index
    %s2 = arith.addi %s1, %y1 : index
    %x2 = linalg.index 2 : index
    %p2 = arith.constant 7 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %x3 = linalg.index 3 : index
    %p3 = arith.constant 2 : index
    %y3 = arith.muli %x3, %p3 : index
    %s4 = arith.addi %s3, %y3 : index
    %x4 = linalg.index 4 : index
    %p4 = arith.constant 11 : index
    %y4 = arith.muli %x4, %p4 : index
    %s5 = arith.addi %s4, %y4 : index
    %x5 = linalg.index 5 : index
    %p5 = arith.constant 13 : index
    %y5 = arith.muli %x5, %p5 : index
    %s6 = arith.addi %s5, %y5 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s6, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.sitofp %i : i32 to f32
    linalg.yield %v : f32
  }
  return
}
func.func @main() {
  // conv_3d
  %m1 = memref.alloc() : memref<4x4x4xf32>
  %d2 = memref.cast %m1 : memref<4x4x4xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d2) : (memref<?x?x?xf32>) -> ()
  %m3 = memref.alloc() : memref<2x2x2xf32>
  %d4 = memref.cast %m3 : memref<2x2x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d4) : (memref<?x?x?xf32>) -> ()
  %m5 = memref.alloc() : memref<3x3x3xf32>
  %d6 = memref.cast %m5 : memref<3x3x3xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d6) : (memref<?x?x?xf32>) -> ()
  linalg.conv_3d ins(%m1, %m3 : memref<4x4x4xf32>, memref<2x2x2xf32>) outs(%m5 : memref<3x3x3xf32>)
  %u7 = memref.cast %m5 : memref<3x3x3xf32> to memref<*xf32>
  call @printMemrefF32(%u7) : (memref<*xf32>) -> ()
  // conv_1d_ncw_fcw
  %m8 = memref.alloc() : memref<2x2x6xf32>
  %d9 = memref.cast %m8 : memref<2x2x6xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d9) : (memref<?x?x?xf32>) -> ()
  %m10 = memref.alloc() : memref<2x2x2xf32>
  %d11 = memref.cast %m10 : memref<2x2x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d11) : (memref<?x?x?xf32>) -> ()
  %m12 = memref.alloc() : memref<2x2x3xf32>
  %d13 = memref.cast %m12 : memref<2x2x3xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d13) : (memref<?x?x?xf32>) -> ()
  linalg.conv_1d_ncw_fcw {strides = dense<2> : tensor<1xi64>} ins(%m8, %m10 : memref<2x2x6xf32>, memref<2x2x2xf32>) outs(%m12 : memref<2x2x3xf32>)
  %u14 = memref.cast %m12 : memref<2x2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u14) : (memref<*xf32>) -> ()
  // conv_2d_nhwc_fhwc_q
  %m15 = memref.alloc() : memref<2x6x6x2xi8>
  %d16 = memref.cast %m15 : memref<2x6x6x2xi8> to memref<?x?x?x?xi8>
  call @ramp4_i8(%d16) : (memref<?x?x?x?xi8>) -> ()
  %m17 = memref.alloc() : memref<2x2x2x2xi8>
  %d18 = memref.cast %m17 : memref<2x2x2x2xi8> to memref<?x?x?x?xi8>
  call @ramp4_i8(%d18) : (memref<?x?x?x?xi8>) -> ()
  %zp19 = arith.constant 1 : i32
  %zp20 = arith.constant -2 : i32
  %m21 = memref.alloc() : memref<2x3x3x2xi32>
  %d22 = memref.cast %m21 : memref<2x3x3x2xi32> to memref<?x?x?x?xi32>
  call @ramp4_i32(%d22) : (memref<?x?x?x?xi32>) -> ()
  linalg.conv_2d_nhwc_fhwc_q {strides = dense<2> : tensor<2xi64>} ins(%m15, %m17, %zp19, %zp20 : memref<2x6x6x2xi8>, memref<2x2x2x2xi8>, i32, i32) outs(%m21 : memref<2x3x3x2xi32>)
  %u23 = memref.cast %m21 : memref<2x3x3x2xi32> to memref<*xi32>
  call @printMemrefI32(%u23) : (memref<*xi32>) -> ()
  // conv_2d_ngchw_fgchw
  %m24 = memref.alloc() : memref<2x2x2x6x6xf32>
  %d25 = memref.cast %m24 : memref<2x2x2x6x6xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d25) : (memref<?x?x?x?x?xf32>) -> ()
  %m26 = memref.alloc() : memref<2x2x2x2x2xf32>
  %d27 = memref.cast %m26 : memref<2x2x2x2x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d27) : (memref<?x?x?x?x?xf32>) -> ()
  %m28 = memref.alloc() : memref<2x2x2x3x3xf32>
  %d29 = memref.cast %m28 : memref<2x2x2x3x3xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d29) : (memref<?x?x?x?x?xf32>) -> ()
  linalg.conv_2d_ngchw_fgchw {strides = dense<2> : tensor<2xi64>} ins(%m24, %m26 : memref<2x2x2x6x6xf32>, memref<2x2x2x2x2xf32>) outs(%m28 : memref<2x2x2x3x3xf32>)
  %u30 = memref.cast %m28 : memref<2x2x2x3x3xf32> to memref<*xf32>
  call @printMemrefF32(%u30) : (memref<*xf32>) -> ()
  // conv_2d_ngchw_gfchw
  %m31 = memref.alloc() : memref<2x2x2x6x6xf32>
  %d32 = memref.cast %m31 : memref<2x2x2x6x6xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d32) : (memref<?x?x?x?x?xf32>) -> ()
  %m33 = memref.alloc() : memref<2x2x2x2x2xf32>
  %d34 = memref.cast %m33 : memref<2x2x2x2x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d34) : (memref<?x?x?x?x?xf32>) -> ()
  %m35 = memref.alloc() : memref<2x2x2x3x3xf32>
  %d36 = memref.cast %m35 : memref<2x2x2x3x3xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d36) : (memref<?x?x?x?x?xf32>) -> ()
  linalg.conv_2d_ngchw_gfchw {strides = dense<2> : tensor<2xi64>} ins(%m31, %m33 : memref<2x2x2x6x6xf32>, memref<2x2x2x2x2xf32>) outs(%m35 : memref<2x2x2x3x3xf32>)
  %u37 = memref.cast %m35 : memref<2x2x2x3x3xf32> to memref<*xf32>
  call @printMemrefF32(%u37) : (memref<*xf32>) -> ()
  // conv_2d_ngchw_gfchw_q
  %m38 = memref.alloc() : memref<2x2x2x6x6xi8>
  %d39 = memref.cast %m38 : memref<2x2x2x6x6xi8> to memref<?x?x?x?x?xi8>
  call @ramp5_i8(%d39) : (memref<?x?x?x?x?xi8>) -> ()
  %m40 = memref.alloc() : memref<2x2x2x2x2xi8>
  %d41 = memref.cast %m40 : memref<2x2x2x2x2xi8> to memref<?x?x?x?x?xi8>
  call @ramp5_i8(%d41) : (memref<?x?x?x?x?xi8>) -> ()
  %zp42 = arith.constant 1 : i32
  %zp43 = arith.constant -2 : i32
  %m44 = memref.alloc() : memref<2x2x2x3x3xi32>
  %d45 = memref.cast %m44 : memref<2x2x2x3x3xi32> to memref<?x?x?x?x?xi32>
  call @ramp5_i32(%d45) : (memref<?x?x?x?x?xi32>) -> ()
  linalg.conv_2d_ngchw_gfchw_q {strides = dense<2> : tensor<2xi64>} ins(%m38, %m40, %zp42, %zp43 : memref<2x2x2x6x6xi8>, memref<2x2x2x2x2xi8>, i32, i32) outs(%m44 : memref<2x2x2x3x3xi32>)
  %u46 = memref.cast %m44 : memref<2x2x2x3x3xi32> to memref<*xi32>
  call @printMemrefI32(%u46) : (memref<*xi32>) -> ()
  // conv_3d_ndhwc_dhwcf_q
  %m47 = memref.alloc() : memref<2x6x6x6x2xi8>
  %d48 = memref.cast %m47 : memref<2x6x6x6x2xi8> to memref<?x?x?x?x?xi8>
  call @ramp5_i8(%d48) : (memref<?x?x?x?x?xi8>) -> ()
  %m49 = memref.alloc() : memref<2x2x2x2x2xi8>
  %d50 = memref.cast %m49 : memref<2x2x2x2x2xi8> to memref<?x?x?x?x?xi8>
  call @ramp5_i8(%d50) : (memref<?x?x?x?x?xi8>) -> ()
  %zp51 = arith.constant 1 : i32
  %zp52 = arith.constant -2 : i32
  %m53 = memref.alloc() : memref<2x3x3x3x2xi32>
  %d54 = memref.cast %m53 : memref<2x3x3x3x2xi32> to memref<?x?x?x?x?xi32>
  call @ramp5_i32(%d54) : (memref<?x?x?x?x?xi32>) -> ()
  linalg.conv_3d_ndhwc_dhwcf_q {strides = dense<2> : tensor<3xi64>} ins(%m47, %m49, %zp51, %zp52 : memref<2x6x6x6x2xi8>, memref<2x2x2x2x2xi8>, i32, i32) outs(%m53 : memref<2x3x3x3x2xi32>)
  %u55 = memref.cast %m53 : memref<2x3x3x3x2xi32> to memref<*xi32>
  call @printMemrefI32(%u55) : (memref<*xi32>) -> ()
  // conv_3d_ncdhw_fcdhw
  %m56 = memref.alloc() : memref<2x2x6x6x6xf32>
  %d57 = memref.cast %m56 : memref<2x2x6x6x6xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d57) : (memref<?x?x?x?x?xf32>) -> ()
  %m58 = memref.alloc() : memref<2x2x2x2x2xf32>
  %d59 = memref.cast %m58 : memref<2x2x2x2x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d59) : (memref<?x?x?x?x?xf32>) -> ()
  %m60 = memref.alloc() : memref<2x2x3x3x3xf32>
  %d61 = memref.cast %m60 : memref<2x2x3x3x3xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d61) : (memref<?x?x?x?x?xf32>) -> ()
  linalg.conv_3d_ncdhw_fcdhw {strides = dense<2> : tensor<3xi64>} ins(%m56, %m58 : memref<2x2x6x6x6xf32>, memref<2x2x2x2x2xf32>) outs(%m60 : memref<2x2x3x3x3xf32>)
  %u62 = memref.cast %m60 : memref<2x2x3x3x3xf32> to memref<*xf32>
  call @printMemrefF32(%u62) : (memref<*xf32>) -> ()
  // depthwise_conv_1d_nwc_wc
  %m63 = memref.alloc() : memref<2x6x2xf32>
  %d64 = memref.cast %m63 : memref<2x6x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d64) : (memref<?x?x?xf32>) -> ()
  %m65 = memref.alloc() : memref<2x2xf32>
  %d66 = memref.cast %m65 : memref<2x2xf32> to memref<?x?xf32>
  call @ramp2_f32(%d66) : (memref<?x?xf32>) -> ()
  %m67 = memref.alloc() : memref<2x3x2xf32>
  %d68 = memref.cast %m67 : memref<2x3x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d68) : (memref<?x?x?xf32>) -> ()
  linalg.depthwise_conv_1d_nwc_wc {strides = dense<2> : tensor<1xi64>} ins(%m63, %m65 : memref<2x6x2xf32>, memref<2x2xf32>) outs(%m67 : memref<2x3x2xf32>)
  %u69 = memref.cast %m67 : memref<2x3x2xf32> to memref<*xf32>
  call @printMemrefF32(%u69) : (memref<*xf32>) -> ()
  // depthwise_conv_1d_ncw_cw
  %m70 = memref.alloc() : memref<2x2x6xf32>
  %d71 = memref.cast %m70 : memref<2x2x6xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d71) : (memref<?x?x?xf32>) -> ()
  %m72 = memref.alloc() : memref<2x2xf32>
  %d73 = memref.cast %m72 : memref<2x2xf32> to memref<?x?xf32>
  call @ramp2_f32(%d73) : (memref<?x?xf32>) -> ()
  %m74 = memref.alloc() : memref<2x2x3xf32>
  %d75 = memref.cast %m74 : memref<2x2x3xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d75) : (memref<?x?x?xf32>) -> ()
  linalg.depthwise_conv_1d_ncw_cw {strides = dense<2> : tensor<1xi64>} ins(%m70, %m72 : memref<2x2x6xf32>, memref<2x2xf32>) outs(%m74 : memref<2x2x3xf32>)
  %u76 = memref.cast %m74 : memref<2x2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u76) : (memref<*xf32>) -> ()
  // depthwise_conv_1d_nwc_wcm
  %m77 = memref.alloc() : memref<2x6x2xf32>
  %d78 = memref.cast %m77 : memref<2x6x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d78) : (memref<?x?x?xf32>) -> ()
  %m79 = memref.alloc() : memref<2x2x2xf32>
  %d80 = memref.cast %m79 : memref<2x2x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d80) : (memref<?x?x?xf32>) -> ()
  %m81 = memref.alloc() : memref<2x3x2x2xf32>
  %d82 = memref.cast %m81 : memref<2x3x2x2xf32> to memref<?x?x?x?xf32>
  call @ramp4_f32(%d82) : (memref<?x?x?x?xf32>) -> ()
  linalg.depthwise_conv_1d_nwc_wcm {strides = dense<2> : tensor<1xi64>} ins(%m77, %m79 : memref<2x6x2xf32>, memref<2x2x2xf32>) outs(%m81 : memref<2x3x2x2xf32>)
  %u83 = memref.cast %m81 : memref<2x3x2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u83) : (memref<*xf32>) -> ()
  // depthwise_conv_2d_nchw_chw
  %m84 = memref.alloc() : memref<2x2x6x6xf32>
  %d85 = memref.cast %m84 : memref<2x2x6x6xf32> to memref<?x?x?x?xf32>
  call @ramp4_f32(%d85) : (memref<?x?x?x?xf32>) -> ()
  %m86 = memref.alloc() : memref<2x2x2xf32>
  %d87 = memref.cast %m86 : memref<2x2x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d87) : (memref<?x?x?xf32>) -> ()
  %m88 = memref.alloc() : memref<2x2x3x3xf32>
  %d89 = memref.cast %m88 : memref<2x2x3x3xf32> to memref<?x?x?x?xf32>
  call @ramp4_f32(%d89) : (memref<?x?x?x?xf32>) -> ()
  linalg.depthwise_conv_2d_nchw_chw {strides = dense<2> : tensor<2xi64>} ins(%m84, %m86 : memref<2x2x6x6xf32>, memref<2x2x2xf32>) outs(%m88 : memref<2x2x3x3xf32>)
  %u90 = memref.cast %m88 : memref<2x2x3x3xf32> to memref<*xf32>
  call @printMemrefF32(%u90) : (memref<*xf32>) -> ()
  // depthwise_conv_2d_nhwc_hwcm_q
  %m91 = memref.alloc() : memref<2x6x6x2xi8>
  %d92 = memref.cast %m91 : memref<2x6x6x2xi8> to memref<?x?x?x?xi8>
  call @ramp4_i8(%d92) : (memref<?x?x?x?xi8>) -> ()
  %m93 = memref.alloc() : memref<2x2x2x2xi8>
  %d94 = memref.cast %m93 : memref<2x2x2x2xi8> to memref<?x?x?x?xi8>
  call @ramp4_i8(%d94) : (memref<?x?x?x?xi8>) -> ()
  %zp95 = arith.constant 1 : i32
  %zp96 = arith.constant -2 : i32
  %m97 = memref.alloc() : memref<2x3x3x2x2xi32>
  %d98 = memref.cast %m97 : memref<2x3x3x2x2xi32> to memref<?x?x?x?x?xi32>
  call @ramp5_i32(%d98) : (memref<?x?x?x?x?xi32>) -> ()
  linalg.depthwise_conv_2d_nhwc_hwcm_q {strides = dense<2> : tensor<2xi64>} ins(%m91, %m93, %zp95, %zp96 : memref<2x6x6x2xi8>, memref<2x2x2x2xi8>, i32, i32) outs(%m97 : memref<2x3x3x2x2xi32>)
  %u99 = memref.cast %m97 : memref<2x3x3x2x2xi32> to memref<*xi32>
  call @printMemrefI32(%u99) : (memref<*xi32>) -> ()
  // depthwise_conv_3d_ndhwc_dhwc
  %m100 = memref.alloc() : memref<2x6x6x6x2xf32>
  %d101 = memref.cast %m100 : memref<2x6x6x6x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d101) : (memref<?x?x?x?x?xf32>) -> ()
  %m102 = memref.alloc() : memref<2x2x2x2xf32>
  %d103 = memref.cast %m102 : memref<2x2x2x2xf32> to memref<?x?x?x?xf32>
  call @ramp4_f32(%d103) : (memref<?x?x?x?xf32>) -> ()
  %m104 = memref.alloc() : memref<2x3x3x3x2xf32>
  %d105 = memref.cast %m104 : memref<2x3x3x3x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d105) : (memref<?x?x?x?x?xf32>) -> ()
  linalg.depthwise_conv_3d_ndhwc_dhwc {strides = dense<2> : tensor<3xi64>} ins(%m100, %m102 : memref<2x6x6x6x2xf32>, memref<2x2x2x2xf32>) outs(%m104 : memref<2x3x3x3x2xf32>)
  %u106 = memref.cast %m104 : memref<2x3x3x3x2xf32> to memref<*xf32>
  call @printMemrefF32(%u106) : (memref<*xf32>) -> ()
  // depthwise_conv_3d_ncdhw_cdhw
  %m107 = memref.alloc() : memref<2x2x6x6x6xf32>
  %d108 = memref.cast %m107 : memref<2x2x6x6x6xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d108) : (memref<?x?x?x?x?xf32>) -> ()
  %m109 = memref.alloc() : memref<2x2x2x2xf32>
  %d110 = memref.cast %m109 : memref<2x2x2x2xf32> to memref<?x?x?x?xf32>
  call @ramp4_f32(%d110) : (memref<?x?x?x?xf32>) -> ()
  %m111 = memref.alloc() : memref<2x2x3x3x3xf32>
  %d112 = memref.cast %m111 : memref<2x2x3x3x3xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d112) : (memref<?x?x?x?x?xf32>) -> ()
  linalg.depthwise_conv_3d_ncdhw_cdhw {strides = dense<2> : tensor<3xi64>} ins(%m107, %m109 : memref<2x2x6x6x6xf32>, memref<2x2x2x2xf32>) outs(%m111 : memref<2x2x3x3x3xf32>)
  %u113 = memref.cast %m111 : memref<2x2x3x3x3xf32> to memref<*xf32>
  call @printMemrefF32(%u113) : (memref<*xf32>) -> ()
  // depthwise_conv_3d_ndhwc_dhwcm
  %m114 = memref.alloc() : memref<2x6x6x6x2xf32>
  %d115 = memref.cast %m114 : memref<2x6x6x6x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d115) : (memref<?x?x?x?x?xf32>) -> ()
  %m116 = memref.alloc() : memref<2x2x2x2x2xf32>
  %d117 = memref.cast %m116 : memref<2x2x2x2x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d117) : (memref<?x?x?x?x?xf32>) -> ()
  %m118 = memref.alloc() : memref<2x3x3x3x2x2xf32>
  %d119 = memref.cast %m118 : memref<2x3x3x3x2x2xf32> to memref<?x?x?x?x?x?xf32>
  call @ramp6_f32(%d119) : (memref<?x?x?x?x?x?xf32>) -> ()
  linalg.depthwise_conv_3d_ndhwc_dhwcm {strides = dense<2> : tensor<3xi64>} ins(%m114, %m116 : memref<2x6x6x6x2xf32>, memref<2x2x2x2x2xf32>) outs(%m118 : memref<2x3x3x3x2x2xf32>)
  %u120 = memref.cast %m118 : memref<2x3x3x3x2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u120) : (memref<*xf32>) -> ()
  memref.dealloc %m1 : memref<4x4x4xf32>
  memref.dealloc %m3 : memref<2x2x2xf32>
  memref.dealloc %m5 : memref<3x3x3xf32>
  memref.dealloc %m8 : memref<2x2x6xf32>
  memref.dealloc %m10 : memref<2x2x2xf32>
  memref.dealloc %m12 : memref<2x2x3xf32>
  memref.dealloc %m15 : memref<2x6x6x2xi8>
  memref.dealloc %m17 : memref<2x2x2x2xi8>
  memref.dealloc %m21 : memref<2x3x3x2xi32>
  memref.dealloc %m24 : memref<2x2x2x6x6xf32>
  memref.dealloc %m26 : memref<2x2x2x2x2xf32>
  memref.dealloc %m28 : memref<2x2x2x3x3xf32>
  memref.dealloc %m31 : memref<2x2x2x6x6xf32>
  memref.dealloc %m33 : memref<2x2x2x2x2xf32>
  memref.dealloc %m35 : memref<2x2x2x3x3xf32>
  memref.dealloc %m38 : memref<2x2x2x6x6xi8>
  memref.dealloc %m40 : memref<2x2x2x2x2xi8>
  memref.dealloc %m44 : memref<2x2x2x3x3xi32>
  memref.dealloc %m47 : memref<2x6x6x6x2xi8>
  memref.dealloc %m49 : memref<2x2x2x2x2xi8>
  memref.dealloc %m53 : memref<2x3x3x3x2xi32>
  memref.dealloc %m56 : memref<2x2x6x6x6xf32>
  memref.dealloc %m58 : memref<2x2x2x2x2xf32>
  memref.dealloc %m60 : memref<2x2x3x3x3xf32>
  memref.dealloc %m63 : memref<2x6x2xf32>
  memref.dealloc %m65 : memref<2x2xf32>
  memref.dealloc %m67 : memref<2x3x2xf32>
  memref.dealloc %m70 : memref<2x2x6xf32>
  memref.dealloc %m72 : memref<2x2xf32>
  memref.dealloc %m74 : memref<2x2x3xf32>
  memref.dealloc %m77 : memref<2x6x2xf32>
  memref.dealloc %m79 : memref<2x2x2xf32>
  memref.dealloc %m81 : memref<2x3x2x2xf32>
  memref.dealloc %m84 : memref<2x2x6x6xf32>
  memref.dealloc %m86 : memref<2x2x2xf32>
  memref.dealloc %m88 : memref<2x2x3x3xf32>
  memref.dealloc %m91 : memref<2x6x6x2xi8>
  memref.dealloc %m93 : memref<2x2x2x2xi8>
  memref.dealloc %m97 : memref<2x3x3x2x2xi32>
  memref.dealloc %m100 : memref<2x6x6x6x2xf32>
  memref.dealloc %m102 : memref<2x2x2x2xf32>
  memref.dealloc %m104 : memref<2x3x3x3x2xf32>
  memref.dealloc %m107 : memref<2x2x6x6x6xf32>
  memref.dealloc %m109 : memref<2x2x2x2xf32>
  memref.dealloc %m111 : memref<2x2x3x3x3xf32>
  memref.dealloc %m114 : memref<2x6x6x6x2xf32>
  memref.dealloc %m116 : memref<2x2x2x2x2xf32>
  memref.dealloc %m118 : memref<2x3x3x3x2x2xf32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [3, 3, 3] strides = [9, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[}}31,    31,    31], 
// CHECK-NEXT:   [-12,    -12,    -12], 
// CHECK-NEXT:   [1,    1,    1]], 
// CHECK-NEXT:  {{\[\[}}-22,    -22,    -22], 
// CHECK-NEXT:   [26,    26,    26], 
// CHECK-NEXT:   [-17,    -17,    -17]], 
// CHECK-NEXT:  {{\[\[}}-12,    -12,    -12], 
// CHECK-NEXT:   [1,    1,    1], 
// CHECK-NEXT:   [-7,    -7,    -7]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 2, 3] strides = [6, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[}}15,    15,    15], 
// CHECK-NEXT:   [-12,    -12,    -12]], 
// CHECK-NEXT:  {{\[\[}}-10,    -10,    -10], 
// CHECK-NEXT:   [14,    14,    14]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [2, 3, 3, 2] strides = [18, 6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}2,     -26], 
// CHECK-NEXT:    [2,     -26], 
// CHECK-NEXT:    [2,     -26]], 
// CHECK-NEXT:   {{\[\[}}-18,     26], 
// CHECK-NEXT:    [-18,     26], 
// CHECK-NEXT:    [-18,     26]], 
// CHECK-NEXT:   {{\[\[}}-24,     8], 
// CHECK-NEXT:    [-24,     8], 
// CHECK-NEXT:    [-24,     8]]], 
// CHECK-NEXT:  {{\[\[\[}}-26,     6], 
// CHECK-NEXT:    [-26,     6], 
// CHECK-NEXT:    [-26,     6]], 
// CHECK-NEXT:   {{\[\[}}-32,     -12], 
// CHECK-NEXT:    [-32,     -12], 
// CHECK-NEXT:    [-32,     -12]], 
// CHECK-NEXT:   {{\[\[}}-10,     -16], 
// CHECK-NEXT:    [-10,     -16], 
// CHECK-NEXT:    [-10,     -16]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [2, 2, 2, 3, 3] strides = [36, 18, 9, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}37,      -1,      -4], 
// CHECK-NEXT:     [-17,      1,      -2], 
// CHECK-NEXT:     [-1,      -4,      -14]], 
// CHECK-NEXT:    {{\[\[}}-5,      -17,      -22], 
// CHECK-NEXT:     [-11,      33,      28], 
// CHECK-NEXT:     [-17,      -22,      -6]]], 
// CHECK-NEXT:   {{\[\[\[}}28,      21,      -7], 
// CHECK-NEXT:     [-14,      -7,      -7], 
// CHECK-NEXT:     [21,      -7,      -14]], 
// CHECK-NEXT:    {{\[\[}}-6,      -15,      -17], 
// CHECK-NEXT:     [0,      33,      31], 
// CHECK-NEXT:     [-15,      -17,      -26]]]], 
// CHECK-NEXT:  {{\[\[\[\[}}0,      -3,      43], 
// CHECK-NEXT:     [-5,      -15,      -18], 
// CHECK-NEXT:     [-3,      43,      -2]], 
// CHECK-NEXT:    {{\[\[}}32,      27,      1], 
// CHECK-NEXT:     [-23,      -7,      -12], 
// CHECK-NEXT:     [27,      1,      -18]]], 
// CHECK-NEXT:   {{\[\[\[}}-8,      -8,      27], 
// CHECK-NEXT:     [-8,      -15,      -15], 
// CHECK-NEXT:     [-8,      27,      27]], 
// CHECK-NEXT:    {{\[\[}}32,      30,      -7], 
// CHECK-NEXT:     [-18,      -27,      -1], 
// CHECK-NEXT:     [30,      -7,      -9]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [2, 2, 2, 3, 3] strides = [36, 18, 9, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}37,      -1,      -4], 
// CHECK-NEXT:     [-17,      1,      -2], 
// CHECK-NEXT:     [-1,      -4,      -14]], 
// CHECK-NEXT:    {{\[\[}}-19,      -5,      -12], 
// CHECK-NEXT:     [23,      -5,      -12], 
// CHECK-NEXT:     [-5,      -12,      30]]], 
// CHECK-NEXT:   {{\[\[\[}}-8,      -13,      31], 
// CHECK-NEXT:     [0,      -19,      -17], 
// CHECK-NEXT:     [-13,      31,      26]], 
// CHECK-NEXT:    {{\[\[}}-6,      -15,      -17], 
// CHECK-NEXT:     [0,      33,      31], 
// CHECK-NEXT:     [-15,      -17,      -26]]]], 
// CHECK-NEXT:  {{\[\[\[\[}}0,      -3,      43], 
// CHECK-NEXT:     [-5,      -15,      -18], 
// CHECK-NEXT:     [-3,      43,      -2]], 
// CHECK-NEXT:    {{\[\[}}-6,      -13,      -13], 
// CHECK-NEXT:     [-13,      29,      22], 
// CHECK-NEXT:     [-13,      -13,      -6]]], 
// CHECK-NEXT:   {{\[\[\[}}-20,      -18,      -9], 
// CHECK-NEXT:     [30,      25,      -1], 
// CHECK-NEXT:     [-18,      -9,      -7]], 
// CHECK-NEXT:    {{\[\[}}32,      30,      -7], 
// CHECK-NEXT:     [-18,      -27,      -1], 
// CHECK-NEXT:     [30,      -7,      -9]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [2, 2, 2, 3, 3] strides = [36, 18, 9, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}18,      -28,      -18], 
// CHECK-NEXT:     [-26,      -16,      -6], 
// CHECK-NEXT:     [-28,      -18,      -36]], 
// CHECK-NEXT:    {{\[\[}}-34,      -28,      -22], 
// CHECK-NEXT:     [18,      -18,      -12], 
// CHECK-NEXT:     [-28,      -22,      12]]], 
// CHECK-NEXT:   {{\[\[\[}}-30,      -22,      14], 
// CHECK-NEXT:     [-12,      -46,      -24], 
// CHECK-NEXT:     [-22,      14,      22]], 
// CHECK-NEXT:    {{\[\[}}-24,      -20,      -30], 
// CHECK-NEXT:     [-8,      10,      28], 
// CHECK-NEXT:     [-20,      -30,      -26]]]], 
// CHECK-NEXT:  {{\[\[\[\[}}-18,      -8,      30], 
// CHECK-NEXT:     [-20,      -38,      -28], 
// CHECK-NEXT:     [-8,      30,      -30]], 
// CHECK-NEXT:    {{\[\[}}-20,      -14,      -22], 
// CHECK-NEXT:     [-24,      10,      16], 
// CHECK-NEXT:     [-14,      -22,      -30]]], 
// CHECK-NEXT:   {{\[\[\[}}-48,      -26,      -32], 
// CHECK-NEXT:     [12,      20,      -14], 
// CHECK-NEXT:     [-26,      -32,      -10]], 
// CHECK-NEXT:    {{\[\[}}8,      26,      -26], 
// CHECK-NEXT:     [-32,      -28,      -10], 
// CHECK-NEXT:     [26,      -26,      -8]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [2, 3, 3, 3, 2] strides = [54, 18, 6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}-8,      -10], 
// CHECK-NEXT:     [-42,      -40], 
// CHECK-NEXT:     [-13,      -28]], 
// CHECK-NEXT:    {{\[\[}}-8,      -10], 
// CHECK-NEXT:     [-42,      -40], 
// CHECK-NEXT:     [-13,      -28]], 
// CHECK-NEXT:    {{\[\[}}-8,      -10], 
// CHECK-NEXT:     [-42,      -40], 
// CHECK-NEXT:     [-13,      -28]]], 
// CHECK-NEXT:   {{\[\[\[}}-10,      -20], 
// CHECK-NEXT:     [-30,      -43], 
// CHECK-NEXT:     [-8,      -10]], 
// CHECK-NEXT:    {{\[\[}}-10,      -20], 
// CHECK-NEXT:     [-30,      -43], 
// CHECK-NEXT:     [-8,      -10]], 
// CHECK-NEXT:    {{\[\[}}-10,      -20], 
// CHECK-NEXT:     [-30,      -43], 
// CHECK-NEXT:     [-8,      -10]]], 
// CHECK-NEXT:   {{\[\[\[}}-26,      -44], 
// CHECK-NEXT:     [-25,      -25], 
// CHECK-NEXT:     [-10,      -20]], 
// CHECK-NEXT:    {{\[\[}}-26,      -44], 
// CHECK-NEXT:     [-25,      -25], 
// CHECK-NEXT:     [-10,      -20]], 
// CHECK-NEXT:    {{\[\[}}-26,      -44], 
// CHECK-NEXT:     [-25,      -25], 
// CHECK-NEXT:     [-10,      -20]]]], 
// CHECK-NEXT:  {{\[\[\[\[}}-28,      -46], 
// CHECK-NEXT:     [-27,      -27], 
// CHECK-NEXT:     [-12,      -8]], 
// CHECK-NEXT:    {{\[\[}}-28,      -46], 
// CHECK-NEXT:     [-27,      -27], 
// CHECK-NEXT:     [-12,      -8]], 
// CHECK-NEXT:    {{\[\[}}-28,      -46], 
// CHECK-NEXT:     [-27,      -27], 
// CHECK-NEXT:     [-12,      -8]]], 
// CHECK-NEXT:   {{\[\[\[}}-44,      -42], 
// CHECK-NEXT:     [-15,      -30], 
// CHECK-NEXT:     [-28,      -46]], 
// CHECK-NEXT:    {{\[\[}}-44,      -42], 
// CHECK-NEXT:     [-15,      -30], 
// CHECK-NEXT:     [-28,      -46]], 
// CHECK-NEXT:    {{\[\[}}-44,      -42], 
// CHECK-NEXT:     [-15,      -30], 
// CHECK-NEXT:     [-28,      -46]]], 
// CHECK-NEXT:   {{\[\[\[}}-32,      -45], 
// CHECK-NEXT:     [4,      -12], 
// CHECK-NEXT:     [-44,      -42]], 
// CHECK-NEXT:    {{\[\[}}-32,      -45], 
// CHECK-NEXT:     [4,      -12], 
// CHECK-NEXT:     [-44,      -42]], 
// CHECK-NEXT:    {{\[\[}}-32,      -45], 
// CHECK-NEXT:     [4,      -12], 
// CHECK-NEXT:     [-44,      -42]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [2, 2, 3, 3, 3] strides = [54, 27, 9, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}65,      23,      -12], 
// CHECK-NEXT:     [-33,      -5,      -12], 
// CHECK-NEXT:     [23,      -12,      -26]], 
// CHECK-NEXT:    {{\[\[}}65,      23,      -12], 
// CHECK-NEXT:     [-33,      -5,      -12], 
// CHECK-NEXT:     [23,      -12,      -26]], 
// CHECK-NEXT:    {{\[\[}}65,      23,      -12], 
// CHECK-NEXT:     [-33,      -5,      -12], 
// CHECK-NEXT:     [23,      -12,      -26]]], 
// CHECK-NEXT:   {{\[\[\[}}-8,      -33,      -37], 
// CHECK-NEXT:     [-10,      63,      59], 
// CHECK-NEXT:     [-33,      -37,      -34]], 
// CHECK-NEXT:    {{\[\[}}-8,      -33,      -37], 
// CHECK-NEXT:     [-10,      63,      59], 
// CHECK-NEXT:     [-33,      -37,      -34]], 
// CHECK-NEXT:    {{\[\[}}-8,      -33,      -37], 
// CHECK-NEXT:     [-10,      63,      59], 
// CHECK-NEXT:     [-33,      -37,      -34]]]], 
// CHECK-NEXT:  {{\[\[\[\[}}-6,      -13,      71], 
// CHECK-NEXT:     [-13,      -27,      -34], 
// CHECK-NEXT:     [-13,      71,      22]], 
// CHECK-NEXT:    {{\[\[}}-6,      -13,      71], 
// CHECK-NEXT:     [-13,      -27,      -34], 
// CHECK-NEXT:     [-13,      71,      22]], 
// CHECK-NEXT:    {{\[\[}}-6,      -13,      71], 
// CHECK-NEXT:     [-13,      -27,      -34], 
// CHECK-NEXT:     [-13,      71,      22]]], 
// CHECK-NEXT:   {{\[\[\[}}62,      58,      -9], 
// CHECK-NEXT:     [-38,      -35,      -11], 
// CHECK-NEXT:     [58,      -9,      -27]], 
// CHECK-NEXT:    {{\[\[}}62,      58,      -9], 
// CHECK-NEXT:     [-38,      -35,      -11], 
// CHECK-NEXT:     [58,      -9,      -27]], 
// CHECK-NEXT:    {{\[\[}}62,      58,      -9], 
// CHECK-NEXT:     [-38,      -35,      -11], 
// CHECK-NEXT:     [58,      -9,      -27]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 3, 2] strides = [6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[}}6,    -3], 
// CHECK-NEXT:   [-11,    2], 
// CHECK-NEXT:   [-7,    7]], 
// CHECK-NEXT:  {{\[\[}}-8,    6], 
// CHECK-NEXT:   [-11,    4], 
// CHECK-NEXT:   [7,    -5]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 2, 3] strides = [6, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[}}6,    6,    6], 
// CHECK-NEXT:   [0,    0,    0]], 
// CHECK-NEXT:  {{\[\[}}-4,    -4,    -4], 
// CHECK-NEXT:   [-2,    -2,    -2]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [2, 3, 2, 2] strides = [12, 4, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}6,     8], 
// CHECK-NEXT:    [-3,     -1]], 
// CHECK-NEXT:   {{\[\[}}-11,     -9], 
// CHECK-NEXT:    [2,     4]], 
// CHECK-NEXT:   {{\[\[}}-7,     -12], 
// CHECK-NEXT:    [7,     2]]], 
// CHECK-NEXT:  {{\[\[\[}}-8,     -13], 
// CHECK-NEXT:    [6,     1]], 
// CHECK-NEXT:   {{\[\[}}-11,     -9], 
// CHECK-NEXT:    [4,     6]], 
// CHECK-NEXT:   {{\[\[}}7,     9], 
// CHECK-NEXT:    [-5,     -3]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [2, 2, 3, 3] strides = [18, 9, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}9,     -13,     7], 
// CHECK-NEXT:    [9,     -13,     7], 
// CHECK-NEXT:    [9,     -13,     7]], 
// CHECK-NEXT:   {{\[\[}}0,     2,     -3], 
// CHECK-NEXT:    [0,     2,     -3], 
// CHECK-NEXT:    [0,     2,     -3]]], 
// CHECK-NEXT:  {{\[\[\[}}5,     -3,     -4], 
// CHECK-NEXT:    [5,     -3,     -4], 
// CHECK-NEXT:    [5,     -3,     -4]], 
// CHECK-NEXT:   {{\[\[}}-2,     0,     2], 
// CHECK-NEXT:    [-2,     0,     2], 
// CHECK-NEXT:    [-2,     0,     2]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [2, 3, 3, 2, 2] strides = [36, 12, 4, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}-14,      -19], 
// CHECK-NEXT:     [0,      -3]], 
// CHECK-NEXT:    {{\[\[}}-14,      -19], 
// CHECK-NEXT:     [0,      -3]], 
// CHECK-NEXT:    {{\[\[}}-14,      -19], 
// CHECK-NEXT:     [0,      -3]]], 
// CHECK-NEXT:   {{\[\[\[}}-6,      2], 
// CHECK-NEXT:     [1,      -17]], 
// CHECK-NEXT:    {{\[\[}}-6,      2], 
// CHECK-NEXT:     [1,      -17]], 
// CHECK-NEXT:    {{\[\[}}-6,      2], 
// CHECK-NEXT:     [1,      -17]]], 
// CHECK-NEXT:   {{\[\[\[}}-5,      2], 
// CHECK-NEXT:     [-12,      -17]], 
// CHECK-NEXT:    {{\[\[}}-5,      2], 
// CHECK-NEXT:     [-12,      -17]], 
// CHECK-NEXT:    {{\[\[}}-5,      2], 
// CHECK-NEXT:     [-12,      -17]]]], 
// CHECK-NEXT:  {{\[\[\[\[}}-7,      0], 
// CHECK-NEXT:     [-14,      -19]], 
// CHECK-NEXT:    {{\[\[}}-7,      0], 
// CHECK-NEXT:     [-14,      -19]], 
// CHECK-NEXT:    {{\[\[}}-7,      0], 
// CHECK-NEXT:     [-14,      -19]]], 
// CHECK-NEXT:   {{\[\[\[}}-20,      0], 
// CHECK-NEXT:     [-6,      2]], 
// CHECK-NEXT:    {{\[\[}}-20,      0], 
// CHECK-NEXT:     [-6,      2]], 
// CHECK-NEXT:    {{\[\[}}-20,      0], 
// CHECK-NEXT:     [-6,      2]]], 
// CHECK-NEXT:   {{\[\[\[}}9,      -7], 
// CHECK-NEXT:     [-5,      2]], 
// CHECK-NEXT:    {{\[\[}}9,      -7], 
// CHECK-NEXT:     [-5,      2]], 
// CHECK-NEXT:    {{\[\[}}9,      -7], 
// CHECK-NEXT:     [-5,      2]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [2, 3, 3, 3, 2] strides = [54, 18, 6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}9,      17], 
// CHECK-NEXT:     [-13,      -11], 
// CHECK-NEXT:     [7,      3]], 
// CHECK-NEXT:    {{\[\[}}9,      17], 
// CHECK-NEXT:     [-13,      -11], 
// CHECK-NEXT:     [7,      3]], 
// CHECK-NEXT:    {{\[\[}}9,      17], 
// CHECK-NEXT:     [-13,      -11], 
// CHECK-NEXT:     [7,      3]]], 
// CHECK-NEXT:   {{\[\[\[}}-3,      -4], 
// CHECK-NEXT:     [-4,      -11], 
// CHECK-NEXT:     [9,      17]], 
// CHECK-NEXT:    {{\[\[}}-3,      -4], 
// CHECK-NEXT:     [-4,      -11], 
// CHECK-NEXT:     [9,      17]], 
// CHECK-NEXT:    {{\[\[}}-3,      -4], 
// CHECK-NEXT:     [-4,      -11], 
// CHECK-NEXT:     [9,      17]]], 
// CHECK-NEXT:   {{\[\[\[}}6,      3], 
// CHECK-NEXT:     [-2,      3], 
// CHECK-NEXT:     [-3,      -4]], 
// CHECK-NEXT:    {{\[\[}}6,      3], 
// CHECK-NEXT:     [-2,      3], 
// CHECK-NEXT:     [-3,      -4]], 
// CHECK-NEXT:    {{\[\[}}6,      3], 
// CHECK-NEXT:     [-2,      3], 
// CHECK-NEXT:     [-3,      -4]]]], 
// CHECK-NEXT:  {{\[\[\[\[}}5,      2], 
// CHECK-NEXT:     [-3,      2], 
// CHECK-NEXT:     [-4,      2]], 
// CHECK-NEXT:    {{\[\[}}5,      2], 
// CHECK-NEXT:     [-3,      2], 
// CHECK-NEXT:     [-4,      2]], 
// CHECK-NEXT:    {{\[\[}}5,      2], 
// CHECK-NEXT:     [-3,      2], 
// CHECK-NEXT:     [-4,      2]]], 
// CHECK-NEXT:   {{\[\[\[}}-14,      -12], 
// CHECK-NEXT:     [6,      2], 
// CHECK-NEXT:     [5,      2]], 
// CHECK-NEXT:    {{\[\[}}-14,      -12], 
// CHECK-NEXT:     [6,      2], 
// CHECK-NEXT:     [5,      2]], 
// CHECK-NEXT:    {{\[\[}}-14,      -12], 
// CHECK-NEXT:     [6,      2], 
// CHECK-NEXT:     [5,      2]]], 
// CHECK-NEXT:   {{\[\[\[}}-5,      -12], 
// CHECK-NEXT:     [15,      16], 
// CHECK-NEXT:     [-14,      -12]], 
// CHECK-NEXT:    {{\[\[}}-5,      -12], 
// CHECK-NEXT:     [15,      16], 
// CHECK-NEXT:     [-14,      -12]], 
// CHECK-NEXT:    {{\[\[}}-5,      -12], 
// CHECK-NEXT:     [15,      16], 
// CHECK-NEXT:     [-14,      -12]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [2, 2, 3, 3, 3] strides = [54, 27, 9, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}13,      6,      -1], 
// CHECK-NEXT:     [-15,      6,      -1], 
// CHECK-NEXT:     [6,      -1,      -8]], 
// CHECK-NEXT:    {{\[\[}}13,      6,      -1], 
// CHECK-NEXT:     [-15,      6,      -1], 
// CHECK-NEXT:     [6,      -1,      -8]], 
// CHECK-NEXT:    {{\[\[}}13,      6,      -1], 
// CHECK-NEXT:     [-15,      6,      -1], 
// CHECK-NEXT:     [6,      -1,      -8]]], 
// CHECK-NEXT:   {{\[\[\[}}12,      3,      1], 
// CHECK-NEXT:     [-10,      2,      0], 
// CHECK-NEXT:     [3,      1,      -8]], 
// CHECK-NEXT:    {{\[\[}}12,      3,      1], 
// CHECK-NEXT:     [-10,      2,      0], 
// CHECK-NEXT:     [3,      1,      -8]], 
// CHECK-NEXT:    {{\[\[}}12,      3,      1], 
// CHECK-NEXT:     [-10,      2,      0], 
// CHECK-NEXT:     [3,      1,      -8]]]], 
// CHECK-NEXT:  {{\[\[\[\[}}5,      -2,      19], 
// CHECK-NEXT:     [-2,      -9,      -16], 
// CHECK-NEXT:     [-2,      19,      5]], 
// CHECK-NEXT:    {{\[\[}}5,      -2,      19], 
// CHECK-NEXT:     [-2,      -9,      -16], 
// CHECK-NEXT:     [-2,      19,      5]], 
// CHECK-NEXT:    {{\[\[}}5,      -2,      19], 
// CHECK-NEXT:     [-2,      -9,      -16], 
// CHECK-NEXT:     [-2,      19,      5]]], 
// CHECK-NEXT:   {{\[\[\[}}1,      -1,      11], 
// CHECK-NEXT:     [0,      -9,      -11], 
// CHECK-NEXT:     [-1,      11,      9]], 
// CHECK-NEXT:    {{\[\[}}1,      -1,      11], 
// CHECK-NEXT:     [0,      -9,      -11], 
// CHECK-NEXT:     [-1,      11,      9]], 
// CHECK-NEXT:    {{\[\[}}1,      -1,      11], 
// CHECK-NEXT:     [0,      -9,      -11], 
// CHECK-NEXT:     [-1,      11,      9]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 6 offset = 0 sizes = [2, 3, 3, 3, 2, 2] strides = [108, 36, 12, 4, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[\[}}9,       13], 
// CHECK-NEXT:      [17,       16]], 
// CHECK-NEXT:     {{\[\[}}-13,       -14], 
// CHECK-NEXT:      [-11,       -10]], 
// CHECK-NEXT:     {{\[\[}}7,       8], 
// CHECK-NEXT:      [3,       -1]]], 
// CHECK-NEXT:    {{\[\[\[}}9,       13], 
// CHECK-NEXT:      [17,       16]], 
// CHECK-NEXT:     {{\[\[}}-13,       -14], 
// CHECK-NEXT:      [-11,       -10]], 
// CHECK-NEXT:     {{\[\[}}7,       8], 
// CHECK-NEXT:      [3,       -1]]], 
// CHECK-NEXT:    {{\[\[\[}}9,       13], 
// CHECK-NEXT:      [17,       16]], 
// CHECK-NEXT:     {{\[\[}}-13,       -14], 
// CHECK-NEXT:      [-11,       -10]], 
// CHECK-NEXT:     {{\[\[}}7,       8], 
// CHECK-NEXT:      [3,       -1]]]], 
// CHECK-NEXT:   {{\[\[\[\[}}-3,       -3], 
// CHECK-NEXT:      [-4,       5]], 
// CHECK-NEXT:     {{\[\[}}-4,       -2], 
// CHECK-NEXT:      [-11,       -14]], 
// CHECK-NEXT:     {{\[\[}}9,       13], 
// CHECK-NEXT:      [17,       16]]], 
// CHECK-NEXT:    {{\[\[\[}}-3,       -3], 
// CHECK-NEXT:      [-4,       5]], 
// CHECK-NEXT:     {{\[\[}}-4,       -2], 
// CHECK-NEXT:      [-11,       -14]], 
// CHECK-NEXT:     {{\[\[}}9,       13], 
// CHECK-NEXT:      [17,       16]]], 
// CHECK-NEXT:    {{\[\[\[}}-3,       -3], 
// CHECK-NEXT:      [-4,       5]], 
// CHECK-NEXT:     {{\[\[}}-4,       -2], 
// CHECK-NEXT:      [-11,       -14]], 
// CHECK-NEXT:     {{\[\[}}9,       13], 
// CHECK-NEXT:      [17,       16]]]], 
// CHECK-NEXT:   {{\[\[\[\[}}6,       2], 
// CHECK-NEXT:      [3,       1]], 
// CHECK-NEXT:     {{\[\[}}-2,       -4], 
// CHECK-NEXT:      [3,       3]], 
// CHECK-NEXT:     {{\[\[}}-3,       -3], 
// CHECK-NEXT:      [-4,       5]]], 
// CHECK-NEXT:    {{\[\[\[}}6,       2], 
// CHECK-NEXT:      [3,       1]], 
// CHECK-NEXT:     {{\[\[}}-2,       -4], 
// CHECK-NEXT:      [3,       3]], 
// CHECK-NEXT:     {{\[\[}}-3,       -3], 
// CHECK-NEXT:      [-4,       5]]], 
// CHECK-NEXT:    {{\[\[\[}}6,       2], 
// CHECK-NEXT:      [3,       1]], 
// CHECK-NEXT:     {{\[\[}}-2,       -4], 
// CHECK-NEXT:      [3,       3]], 
// CHECK-NEXT:     {{\[\[}}-3,       -3], 
// CHECK-NEXT:      [-4,       5]]]]], 
// CHECK-NEXT:  {{\[\[\[\[\[}}5,       1], 
// CHECK-NEXT:      [2,       0]], 
// CHECK-NEXT:     {{\[\[}}-3,       2], 
// CHECK-NEXT:      [2,       2]], 
// CHECK-NEXT:     {{\[\[}}-4,       -4], 
// CHECK-NEXT:      [2,       4]]], 
// CHECK-NEXT:    {{\[\[\[}}5,       1], 
// CHECK-NEXT:      [2,       0]], 
// CHECK-NEXT:     {{\[\[}}-3,       2], 
// CHECK-NEXT:      [2,       2]], 
// CHECK-NEXT:     {{\[\[}}-4,       -4], 
// CHECK-NEXT:      [2,       4]]], 
// CHECK-NEXT:    {{\[\[\[}}5,       1], 
// CHECK-NEXT:      [2,       0]], 
// CHECK-NEXT:     {{\[\[}}-3,       2], 
// CHECK-NEXT:      [2,       2]], 
// CHECK-NEXT:     {{\[\[}}-4,       -4], 
// CHECK-NEXT:      [2,       4]]]], 
// CHECK-NEXT:   {{\[\[\[\[}}-14,       -15], 
// CHECK-NEXT:      [-12,       -11]], 
// CHECK-NEXT:     {{\[\[}}6,       7], 
// CHECK-NEXT:      [2,       5]], 
// CHECK-NEXT:     {{\[\[}}5,       1], 
// CHECK-NEXT:      [2,       0]]], 
// CHECK-NEXT:    {{\[\[\[}}-14,       -15], 
// CHECK-NEXT:      [-12,       -11]], 
// CHECK-NEXT:     {{\[\[}}6,       7], 
// CHECK-NEXT:      [2,       5]], 
// CHECK-NEXT:     {{\[\[}}5,       1], 
// CHECK-NEXT:      [2,       0]]], 
// CHECK-NEXT:    {{\[\[\[}}-14,       -15], 
// CHECK-NEXT:      [-12,       -11]], 
// CHECK-NEXT:     {{\[\[}}6,       7], 
// CHECK-NEXT:      [2,       5]], 
// CHECK-NEXT:     {{\[\[}}5,       1], 
// CHECK-NEXT:      [2,       0]]]], 
// CHECK-NEXT:   {{\[\[\[\[}}-5,       -3], 
// CHECK-NEXT:      [-12,       -15]], 
// CHECK-NEXT:     {{\[\[}}15,       12], 
// CHECK-NEXT:      [16,       15]], 
// CHECK-NEXT:     {{\[\[}}-14,       -15], 
// CHECK-NEXT:      [-12,       -11]]], 
// CHECK-NEXT:    {{\[\[\[}}-5,       -3], 
// CHECK-NEXT:      [-12,       -15]], 
// CHECK-NEXT:     {{\[\[}}15,       12], 
// CHECK-NEXT:      [16,       15]], 
// CHECK-NEXT:     {{\[\[}}-14,       -15], 
// CHECK-NEXT:      [-12,       -11]]], 
// CHECK-NEXT:    {{\[\[\[}}-5,       -3], 
// CHECK-NEXT:      [-12,       -15]], 
// CHECK-NEXT:     {{\[\[}}15,       12], 
// CHECK-NEXT:      [16,       15]], 
// CHECK-NEXT:     {{\[\[}}-14,       -15], 
// CHECK-NEXT:      [-12,       -11]]]]]]
