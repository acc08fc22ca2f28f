// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// The pooling ops that linalg-pooling.mlir does not run: the 1-D (nwc,
// ncw) and 3-D forms and the remaining unsigned ones.
// Each runs once on memrefs filled with ((sum of index * prime) mod 7) - 3
// (the output too, as the initial accumulator) and its output is printed;
// ops with strides use stride 2.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @ramp1_f32(%m: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%m : memref<?xf32>) {
  ^bb0(%o: f32):
    %s0 = arith.constant 0 : index
    %x0 = linalg.index 0 : index
    %p0 = arith.constant 5 : index
    %y0 = arith.muli %x0, %p0 : index
    %s1 = arith.addi %s0, %y0 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s1, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.sitofp %i : i32 to f32
    linalg.yield %v : f32
  }
  return
}

func.func @ramp1_i8(%m: memref<?xi8>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%m : memref<?xi8>) {
  ^bb0(%o: i8):
    %s0 = arith.constant 0 : index
    %x0 = linalg.index 0 : index
    %p0 = arith.constant 5 : index
    %y0 = arith.muli %x0, %p0 : index
    %s1 = arith.addi %s0, %y0 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s1, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.trunci %i : i32 to i8
    linalg.yield %v : i8
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

func.func @ramp3_i32(%m: memref<?x?x?xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%m : memref<?x?x?xi32>) {
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
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s3, %c7 : index
    %n = arith.subi %r, %c3 : index
    %i = arith.index_cast %n : index to i32
    %v = arith.addi %i, %i : i32
    linalg.yield %v : i32
  }
  return
}

func.func @ramp3_i8(%m: memref<?x?x?xi8>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%m : memref<?x?x?xi8>) {
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
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s3, %c7 : index
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
func.func @main() {
  // pooling_nwc_sum
  %m1 = memref.alloc() : memref<2x6x2xf32>
  %d2 = memref.cast %m1 : memref<2x6x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d2) : (memref<?x?x?xf32>) -> ()
  %m3 = memref.alloc() : memref<2xf32>
  %d4 = memref.cast %m3 : memref<2xf32> to memref<?xf32>
  call @ramp1_f32(%d4) : (memref<?xf32>) -> ()
  %m5 = memref.alloc() : memref<2x3x2xf32>
  %d6 = memref.cast %m5 : memref<2x3x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d6) : (memref<?x?x?xf32>) -> ()
  linalg.pooling_nwc_sum {strides = dense<2> : tensor<1xi64>} ins(%m1, %m3 : memref<2x6x2xf32>, memref<2xf32>) outs(%m5 : memref<2x3x2xf32>)
  %u7 = memref.cast %m5 : memref<2x3x2xf32> to memref<*xf32>
  call @printMemrefF32(%u7) : (memref<*xf32>) -> ()
  // pooling_ncw_sum
  %m8 = memref.alloc() : memref<2x2x6xf32>
  %d9 = memref.cast %m8 : memref<2x2x6xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d9) : (memref<?x?x?xf32>) -> ()
  %m10 = memref.alloc() : memref<2xf32>
  %d11 = memref.cast %m10 : memref<2xf32> to memref<?xf32>
  call @ramp1_f32(%d11) : (memref<?xf32>) -> ()
  %m12 = memref.alloc() : memref<2x2x3xf32>
  %d13 = memref.cast %m12 : memref<2x2x3xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d13) : (memref<?x?x?xf32>) -> ()
  linalg.pooling_ncw_sum {strides = dense<2> : tensor<1xi64>} ins(%m8, %m10 : memref<2x2x6xf32>, memref<2xf32>) outs(%m12 : memref<2x2x3xf32>)
  %u14 = memref.cast %m12 : memref<2x2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u14) : (memref<*xf32>) -> ()
  // pooling_nwc_max_unsigned
  %m15 = memref.alloc() : memref<2x6x2xi8>
  %d16 = memref.cast %m15 : memref<2x6x2xi8> to memref<?x?x?xi8>
  call @ramp3_i8(%d16) : (memref<?x?x?xi8>) -> ()
  %m17 = memref.alloc() : memref<2xi8>
  %d18 = memref.cast %m17 : memref<2xi8> to memref<?xi8>
  call @ramp1_i8(%d18) : (memref<?xi8>) -> ()
  %m19 = memref.alloc() : memref<2x3x2xi32>
  %d20 = memref.cast %m19 : memref<2x3x2xi32> to memref<?x?x?xi32>
  call @ramp3_i32(%d20) : (memref<?x?x?xi32>) -> ()
  linalg.pooling_nwc_max_unsigned {strides = dense<2> : tensor<1xi64>} ins(%m15, %m17 : memref<2x6x2xi8>, memref<2xi8>) outs(%m19 : memref<2x3x2xi32>)
  %u21 = memref.cast %m19 : memref<2x3x2xi32> to memref<*xi32>
  call @printMemrefI32(%u21) : (memref<*xi32>) -> ()
  // pooling_ncw_max
  %m22 = memref.alloc() : memref<2x2x6xf32>
  %d23 = memref.cast %m22 : memref<2x2x6xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d23) : (memref<?x?x?xf32>) -> ()
  %m24 = memref.alloc() : memref<2xf32>
  %d25 = memref.cast %m24 : memref<2xf32> to memref<?xf32>
  call @ramp1_f32(%d25) : (memref<?xf32>) -> ()
  %m26 = memref.alloc() : memref<2x2x3xf32>
  %d27 = memref.cast %m26 : memref<2x2x3xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d27) : (memref<?x?x?xf32>) -> ()
  linalg.pooling_ncw_max {strides = dense<2> : tensor<1xi64>} ins(%m22, %m24 : memref<2x2x6xf32>, memref<2xf32>) outs(%m26 : memref<2x2x3xf32>)
  %u28 = memref.cast %m26 : memref<2x2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u28) : (memref<*xf32>) -> ()
  // pooling_nwc_min
  %m29 = memref.alloc() : memref<2x6x2xf32>
  %d30 = memref.cast %m29 : memref<2x6x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d30) : (memref<?x?x?xf32>) -> ()
  %m31 = memref.alloc() : memref<2xf32>
  %d32 = memref.cast %m31 : memref<2xf32> to memref<?xf32>
  call @ramp1_f32(%d32) : (memref<?xf32>) -> ()
  %m33 = memref.alloc() : memref<2x3x2xf32>
  %d34 = memref.cast %m33 : memref<2x3x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d34) : (memref<?x?x?xf32>) -> ()
  linalg.pooling_nwc_min {strides = dense<2> : tensor<1xi64>} ins(%m29, %m31 : memref<2x6x2xf32>, memref<2xf32>) outs(%m33 : memref<2x3x2xf32>)
  %u35 = memref.cast %m33 : memref<2x3x2xf32> to memref<*xf32>
  call @printMemrefF32(%u35) : (memref<*xf32>) -> ()
  // pooling_nwc_min_unsigned
  %m36 = memref.alloc() : memref<2x6x2xi8>
  %d37 = memref.cast %m36 : memref<2x6x2xi8> to memref<?x?x?xi8>
  call @ramp3_i8(%d37) : (memref<?x?x?xi8>) -> ()
  %m38 = memref.alloc() : memref<2xi8>
  %d39 = memref.cast %m38 : memref<2xi8> to memref<?xi8>
  call @ramp1_i8(%d39) : (memref<?xi8>) -> ()
  %m40 = memref.alloc() : memref<2x3x2xi32>
  %d41 = memref.cast %m40 : memref<2x3x2xi32> to memref<?x?x?xi32>
  call @ramp3_i32(%d41) : (memref<?x?x?xi32>) -> ()
  linalg.pooling_nwc_min_unsigned {strides = dense<2> : tensor<1xi64>} ins(%m36, %m38 : memref<2x6x2xi8>, memref<2xi8>) outs(%m40 : memref<2x3x2xi32>)
  %u42 = memref.cast %m40 : memref<2x3x2xi32> to memref<*xi32>
  call @printMemrefI32(%u42) : (memref<*xi32>) -> ()
  // pooling_ndhwc_max
  %m43 = memref.alloc() : memref<2x6x6x6x2xf32>
  %d44 = memref.cast %m43 : memref<2x6x6x6x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d44) : (memref<?x?x?x?x?xf32>) -> ()
  %m45 = memref.alloc() : memref<2x2x2xf32>
  %d46 = memref.cast %m45 : memref<2x2x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d46) : (memref<?x?x?xf32>) -> ()
  %m47 = memref.alloc() : memref<2x3x3x3x2xf32>
  %d48 = memref.cast %m47 : memref<2x3x3x3x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d48) : (memref<?x?x?x?x?xf32>) -> ()
  linalg.pooling_ndhwc_max {strides = dense<2> : tensor<3xi64>} ins(%m43, %m45 : memref<2x6x6x6x2xf32>, memref<2x2x2xf32>) outs(%m47 : memref<2x3x3x3x2xf32>)
  %u49 = memref.cast %m47 : memref<2x3x3x3x2xf32> to memref<*xf32>
  call @printMemrefF32(%u49) : (memref<*xf32>) -> ()
  // pooling_ndhwc_min
  %m50 = memref.alloc() : memref<2x6x6x6x2xf32>
  %d51 = memref.cast %m50 : memref<2x6x6x6x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d51) : (memref<?x?x?x?x?xf32>) -> ()
  %m52 = memref.alloc() : memref<2x2x2xf32>
  %d53 = memref.cast %m52 : memref<2x2x2xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%d53) : (memref<?x?x?xf32>) -> ()
  %m54 = memref.alloc() : memref<2x3x3x3x2xf32>
  %d55 = memref.cast %m54 : memref<2x3x3x3x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%d55) : (memref<?x?x?x?x?xf32>) -> ()
  linalg.pooling_ndhwc_min {strides = dense<2> : tensor<3xi64>} ins(%m50, %m52 : memref<2x6x6x6x2xf32>, memref<2x2x2xf32>) outs(%m54 : memref<2x3x3x3x2xf32>)
  %u56 = memref.cast %m54 : memref<2x3x3x3x2xf32> to memref<*xf32>
  call @printMemrefF32(%u56) : (memref<*xf32>) -> ()
  memref.dealloc %m1 : memref<2x6x2xf32>
  memref.dealloc %m3 : memref<2xf32>
  memref.dealloc %m5 : memref<2x3x2xf32>
  memref.dealloc %m8 : memref<2x2x6xf32>
  memref.dealloc %m10 : memref<2xf32>
  memref.dealloc %m12 : memref<2x2x3xf32>
  memref.dealloc %m15 : memref<2x6x2xi8>
  memref.dealloc %m17 : memref<2xi8>
  memref.dealloc %m19 : memref<2x3x2xi32>
  memref.dealloc %m22 : memref<2x2x6xf32>
  memref.dealloc %m24 : memref<2xf32>
  memref.dealloc %m26 : memref<2x2x3xf32>
  memref.dealloc %m29 : memref<2x6x2xf32>
  memref.dealloc %m31 : memref<2xf32>
  memref.dealloc %m33 : memref<2x3x2xf32>
  memref.dealloc %m36 : memref<2x6x2xi8>
  memref.dealloc %m38 : memref<2xi8>
  memref.dealloc %m40 : memref<2x3x2xi32>
  memref.dealloc %m43 : memref<2x6x6x6x2xf32>
  memref.dealloc %m45 : memref<2x2x2xf32>
  memref.dealloc %m47 : memref<2x3x3x3x2xf32>
  memref.dealloc %m50 : memref<2x6x6x6x2xf32>
  memref.dealloc %m52 : memref<2x2x2xf32>
  memref.dealloc %m54 : memref<2x3x3x3x2xf32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 3, 2] strides = [6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[}}-6,    -6], 
// CHECK-NEXT:   [2,    2], 
// CHECK-NEXT:   [3,    3]], 
// CHECK-NEXT:  {{\[\[}}2,    2], 
// CHECK-NEXT:   [-4,    -4], 
// CHECK-NEXT:   [4,    4]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 2, 3] strides = [6, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[}}-9,    -9,    -9], 
// CHECK-NEXT:   [0,    0,    0]], 
// CHECK-NEXT:  {{\[\[}}6,    6,    6], 
// CHECK-NEXT:   [-6,    -6,    -6]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 3, 2] strides = [6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[}}-6,    -6], 
// CHECK-NEXT:   [255,    255], 
// CHECK-NEXT:   [254,    254]], 
// CHECK-NEXT:  {{\[\[}}254,    254], 
// CHECK-NEXT:   [-4,    -4], 
// CHECK-NEXT:   [3,    3]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 2, 3] strides = [6, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[}}-3,    -3,    -3], 
// CHECK-NEXT:   [0,    0,    0]], 
// CHECK-NEXT:  {{\[\[}}2,    2,    2], 
// CHECK-NEXT:   [-2,    -2,    -2]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 3, 2] strides = [6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[}}-3,    -3], 
// CHECK-NEXT:   [-1,    -1], 
// CHECK-NEXT:   [-2,    -2]], 
// CHECK-NEXT:  {{\[\[}}-2,    -2], 
// CHECK-NEXT:   [-3,    -3], 
// CHECK-NEXT:   [0,    0]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 3, 2] strides = [6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[}}0,    0], 
// CHECK-NEXT:   [0,    0], 
// CHECK-NEXT:   [2,    2]], 
// CHECK-NEXT:  {{\[\[}}2,    2], 
// CHECK-NEXT:   [1,    1], 
// CHECK-NEXT:   [0,    0]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [2, 3, 3, 3, 2] strides = [54, 18, 6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}2,      3], 
// CHECK-NEXT:     [3,      3], 
// CHECK-NEXT:     [3,      2]], 
// CHECK-NEXT:    {{\[\[}}2,      3], 
// CHECK-NEXT:     [3,      3], 
// CHECK-NEXT:     [3,      2]], 
// CHECK-NEXT:    {{\[\[}}2,      3], 
// CHECK-NEXT:     [3,      3], 
// CHECK-NEXT:     [3,      2]]], 
// CHECK-NEXT:   {{\[\[\[}}3,      3], 
// CHECK-NEXT:     [3,      2], 
// CHECK-NEXT:     [2,      3]], 
// CHECK-NEXT:    {{\[\[}}3,      3], 
// CHECK-NEXT:     [3,      2], 
// CHECK-NEXT:     [2,      3]], 
// CHECK-NEXT:    {{\[\[}}3,      3], 
// CHECK-NEXT:     [3,      2], 
// CHECK-NEXT:     [2,      3]]], 
// CHECK-NEXT:   {{\[\[\[}}3,      2], 
// CHECK-NEXT:     [2,      3], 
// CHECK-NEXT:     [3,      3]], 
// CHECK-NEXT:    {{\[\[}}3,      2], 
// CHECK-NEXT:     [2,      3], 
// CHECK-NEXT:     [3,      3]], 
// CHECK-NEXT:    {{\[\[}}3,      2], 
// CHECK-NEXT:     [2,      3], 
// CHECK-NEXT:     [3,      3]]]], 
// CHECK-NEXT:  {{\[\[\[\[}}2,      2], 
// CHECK-NEXT:     [2,      3], 
// CHECK-NEXT:     [3,      3]], 
// CHECK-NEXT:    {{\[\[}}2,      2], 
// CHECK-NEXT:     [2,      3], 
// CHECK-NEXT:     [3,      3]], 
// CHECK-NEXT:    {{\[\[}}2,      2], 
// CHECK-NEXT:     [2,      3], 
// CHECK-NEXT:     [3,      3]]], 
// CHECK-NEXT:   {{\[\[\[}}3,      3], 
// CHECK-NEXT:     [3,      2], 
// CHECK-NEXT:     [2,      2]], 
// CHECK-NEXT:    {{\[\[}}3,      3], 
// CHECK-NEXT:     [3,      2], 
// CHECK-NEXT:     [2,      2]], 
// CHECK-NEXT:    {{\[\[}}3,      3], 
// CHECK-NEXT:     [3,      2], 
// CHECK-NEXT:     [2,      2]]], 
// CHECK-NEXT:   {{\[\[\[}}3,      2], 
// CHECK-NEXT:     [3,      3], 
// CHECK-NEXT:     [3,      3]], 
// CHECK-NEXT:    {{\[\[}}3,      2], 
// CHECK-NEXT:     [3,      3], 
// CHECK-NEXT:     [3,      3]], 
// CHECK-NEXT:    {{\[\[}}3,      2], 
// CHECK-NEXT:     [3,      3], 
// CHECK-NEXT:     [3,      3]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [2, 3, 3, 3, 2] strides = [54, 18, 6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}-3,      -3], 
// CHECK-NEXT:     [-3,      -2], 
// CHECK-NEXT:     [-2,      -3]], 
// CHECK-NEXT:    {{\[\[}}-3,      -3], 
// CHECK-NEXT:     [-3,      -2], 
// CHECK-NEXT:     [-2,      -3]], 
// CHECK-NEXT:    {{\[\[}}-3,      -3], 
// CHECK-NEXT:     [-3,      -2], 
// CHECK-NEXT:     [-2,      -3]]], 
// CHECK-NEXT:   {{\[\[\[}}-2,      -3], 
// CHECK-NEXT:     [-2,      -3], 
// CHECK-NEXT:     [-3,      -3]], 
// CHECK-NEXT:    {{\[\[}}-2,      -3], 
// CHECK-NEXT:     [-2,      -3], 
// CHECK-NEXT:     [-3,      -3]], 
// CHECK-NEXT:    {{\[\[}}-2,      -3], 
// CHECK-NEXT:     [-2,      -3], 
// CHECK-NEXT:     [-3,      -3]]], 
// CHECK-NEXT:   {{\[\[\[}}-3,      -3], 
// CHECK-NEXT:     [-3,      -2], 
// CHECK-NEXT:     [-2,      -3]], 
// CHECK-NEXT:    {{\[\[}}-3,      -3], 
// CHECK-NEXT:     [-3,      -2], 
// CHECK-NEXT:     [-2,      -3]], 
// CHECK-NEXT:    {{\[\[}}-3,      -3], 
// CHECK-NEXT:     [-3,      -2], 
// CHECK-NEXT:     [-2,      -3]]]], 
// CHECK-NEXT:  {{\[\[\[\[}}-3,      -3], 
// CHECK-NEXT:     [-3,      -2], 
// CHECK-NEXT:     [-2,      -2]], 
// CHECK-NEXT:    {{\[\[}}-3,      -3], 
// CHECK-NEXT:     [-3,      -2], 
// CHECK-NEXT:     [-2,      -2]], 
// CHECK-NEXT:    {{\[\[}}-3,      -3], 
// CHECK-NEXT:     [-3,      -2], 
// CHECK-NEXT:     [-2,      -2]]], 
// CHECK-NEXT:   {{\[\[\[}}-3,      -2], 
// CHECK-NEXT:     [-2,      -3], 
// CHECK-NEXT:     [-3,      -3]], 
// CHECK-NEXT:    {{\[\[}}-3,      -2], 
// CHECK-NEXT:     [-2,      -3], 
// CHECK-NEXT:     [-3,      -3]], 
// CHECK-NEXT:    {{\[\[}}-3,      -2], 
// CHECK-NEXT:     [-2,      -3], 
// CHECK-NEXT:     [-3,      -3]]], 
// CHECK-NEXT:   {{\[\[\[}}-2,      -3], 
// CHECK-NEXT:     [-3,      -3], 
// CHECK-NEXT:     [-3,      -2]], 
// CHECK-NEXT:    {{\[\[}}-2,      -3], 
// CHECK-NEXT:     [-3,      -3], 
// CHECK-NEXT:     [-3,      -2]], 
// CHECK-NEXT:    {{\[\[}}-2,      -3], 
// CHECK-NEXT:     [-3,      -3], 
// CHECK-NEXT:     [-3,      -2]]]]]
