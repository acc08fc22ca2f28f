// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// The matmul-family named ops added after the convolutions: the transposed
// matmuls and batch matmuls, mmt4d and batch_mmt4d, batch_matvec,
// batch_vecmat and the quantized matmuls. Operands are memrefs filled with
// ((sum of index * prime) mod 7) - 3 (the output too, as the initial
// accumulator); each op runs once and its output is printed.
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
    %p2 = arith.constant 2 : index
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
    %p2 = arith.constant 2 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %x3 = linalg.index 3 : index
    %p3 = arith.constant 4 : index
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
    %p2 = arith.constant 2 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %x3 = linalg.index 3 : index
    %p3 = arith.constant 4 : index
    %y3 = arith.muli %x3, %p3 : index
    %s4 = arith.addi %s3, %y3 : index
    %x4 = linalg.index 4 : index
    %p4 = arith.constant 6 : index
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

func.func @ramp2_i8(%m: memref<?x?xi8>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%m : memref<?x?xi8>) {
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
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s2, %c7 : index
    %n = arith.subi %r, %c3 : index
    %v = arith.index_cast %n : index to i8
    linalg.yield %v : i8
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
    %p2 = arith.constant 2 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s3, %c7 : index
    %n = arith.subi %r, %c3 : index
    %v = arith.index_cast %n : index to i8
    linalg.yield %v : i8
  }
  return
}

func.func @ramp2_i32(%m: memref<?x?xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%m : memref<?x?xi32>) {
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
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s2, %c7 : index
    %n = arith.subi %r, %c3 : index
    %v = arith.index_cast %n : index to i32
    linalg.yield %v : i32
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
    %p2 = arith.constant 2 : index
    %y2 = arith.muli %x2, %p2 : index
    %s3 = arith.addi %s2, %y2 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %r = arith.remui %s3, %c7 : index
    %n = arith.subi %r, %c3 : index
    %v = arith.index_cast %n : index to i32
    linalg.yield %v : i32
  }
  return
}

func.func @main() {
  %b1 = memref.alloc() : memref<3x4xf32>
  %b1_d = memref.cast %b1 : memref<3x4xf32> to memref<?x?xf32>
  call @ramp2_f32(%b1_d) : (memref<?x?xf32>) -> ()
  %b2 = memref.alloc() : memref<3x5xf32>
  %b2_d = memref.cast %b2 : memref<3x5xf32> to memref<?x?xf32>
  call @ramp2_f32(%b2_d) : (memref<?x?xf32>) -> ()
  %b3 = memref.alloc() : memref<4x5xf32>
  %b3_d = memref.cast %b3 : memref<4x5xf32> to memref<?x?xf32>
  call @ramp2_f32(%b3_d) : (memref<?x?xf32>) -> ()
  linalg.matmul_transpose_a ins(%b1, %b2 : memref<3x4xf32>, memref<3x5xf32>) outs(%b3 : memref<4x5xf32>)
  %b3_u = memref.cast %b3 : memref<4x5xf32> to memref<*xf32>
  call @printMemrefF32(%b3_u) : (memref<*xf32>) -> ()
  %b4 = memref.alloc() : memref<4x3xf32>
  %b4_d = memref.cast %b4 : memref<4x3xf32> to memref<?x?xf32>
  call @ramp2_f32(%b4_d) : (memref<?x?xf32>) -> ()
  %b5 = memref.alloc() : memref<5x3xf32>
  %b5_d = memref.cast %b5 : memref<5x3xf32> to memref<?x?xf32>
  call @ramp2_f32(%b5_d) : (memref<?x?xf32>) -> ()
  %b6 = memref.alloc() : memref<4x5xf32>
  %b6_d = memref.cast %b6 : memref<4x5xf32> to memref<?x?xf32>
  call @ramp2_f32(%b6_d) : (memref<?x?xf32>) -> ()
  linalg.matmul_transpose_b ins(%b4, %b5 : memref<4x3xf32>, memref<5x3xf32>) outs(%b6 : memref<4x5xf32>)
  %b6_u = memref.cast %b6 : memref<4x5xf32> to memref<*xf32>
  call @printMemrefF32(%b6_u) : (memref<*xf32>) -> ()
  %b7 = memref.alloc() : memref<4x3xi8>
  %b7_d = memref.cast %b7 : memref<4x3xi8> to memref<?x?xi8>
  call @ramp2_i8(%b7_d) : (memref<?x?xi8>) -> ()
  %b8 = memref.alloc() : memref<5x3xi8>
  %b8_d = memref.cast %b8 : memref<5x3xi8> to memref<?x?xi8>
  call @ramp2_i8(%b8_d) : (memref<?x?xi8>) -> ()
  %b9 = memref.alloc() : memref<4x5xi32>
  %b9_d = memref.cast %b9 : memref<4x5xi32> to memref<?x?xi32>
  call @ramp2_i32(%b9_d) : (memref<?x?xi32>) -> ()
  linalg.matmul_transpose_b {cast = #linalg.type_fn<cast_unsigned>} ins(%b7, %b8 : memref<4x3xi8>, memref<5x3xi8>) outs(%b9 : memref<4x5xi32>)
  %b9_u = memref.cast %b9 : memref<4x5xi32> to memref<*xi32>
  call @printMemrefI32(%b9_u) : (memref<*xi32>) -> ()
  %b10 = memref.alloc() : memref<2x3x4xf32>
  %b10_d = memref.cast %b10 : memref<2x3x4xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%b10_d) : (memref<?x?x?xf32>) -> ()
  %b11 = memref.alloc() : memref<2x3x5xf32>
  %b11_d = memref.cast %b11 : memref<2x3x5xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%b11_d) : (memref<?x?x?xf32>) -> ()
  %b12 = memref.alloc() : memref<2x4x5xf32>
  %b12_d = memref.cast %b12 : memref<2x4x5xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%b12_d) : (memref<?x?x?xf32>) -> ()
  linalg.batch_matmul_transpose_a ins(%b10, %b11 : memref<2x3x4xf32>, memref<2x3x5xf32>) outs(%b12 : memref<2x4x5xf32>)
  %b12_u = memref.cast %b12 : memref<2x4x5xf32> to memref<*xf32>
  call @printMemrefF32(%b12_u) : (memref<*xf32>) -> ()
  %b13 = memref.alloc() : memref<2x4x3xf32>
  %b13_d = memref.cast %b13 : memref<2x4x3xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%b13_d) : (memref<?x?x?xf32>) -> ()
  %b14 = memref.alloc() : memref<2x5x3xf32>
  %b14_d = memref.cast %b14 : memref<2x5x3xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%b14_d) : (memref<?x?x?xf32>) -> ()
  %b15 = memref.alloc() : memref<2x4x5xf32>
  %b15_d = memref.cast %b15 : memref<2x4x5xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%b15_d) : (memref<?x?x?xf32>) -> ()
  linalg.batch_matmul_transpose_b ins(%b13, %b14 : memref<2x4x3xf32>, memref<2x5x3xf32>) outs(%b15 : memref<2x4x5xf32>)
  %b15_u = memref.cast %b15 : memref<2x4x5xf32> to memref<*xf32>
  call @printMemrefF32(%b15_u) : (memref<*xf32>) -> ()
  %b16 = memref.alloc() : memref<2x3x2x4xf32>
  %b16_d = memref.cast %b16 : memref<2x3x2x4xf32> to memref<?x?x?x?xf32>
  call @ramp4_f32(%b16_d) : (memref<?x?x?x?xf32>) -> ()
  %b17 = memref.alloc() : memref<3x3x2x4xf32>
  %b17_d = memref.cast %b17 : memref<3x3x2x4xf32> to memref<?x?x?x?xf32>
  call @ramp4_f32(%b17_d) : (memref<?x?x?x?xf32>) -> ()
  %b18 = memref.alloc() : memref<2x3x2x2xf32>
  %b18_d = memref.cast %b18 : memref<2x3x2x2xf32> to memref<?x?x?x?xf32>
  call @ramp4_f32(%b18_d) : (memref<?x?x?x?xf32>) -> ()
  linalg.mmt4d ins(%b16, %b17 : memref<2x3x2x4xf32>, memref<3x3x2x4xf32>) outs(%b18 : memref<2x3x2x2xf32>)
  %b18_u = memref.cast %b18 : memref<2x3x2x2xf32> to memref<*xf32>
  call @printMemrefF32(%b18_u) : (memref<*xf32>) -> ()
  %b19 = memref.alloc() : memref<2x2x2x3x2xf32>
  %b19_d = memref.cast %b19 : memref<2x2x2x3x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%b19_d) : (memref<?x?x?x?x?xf32>) -> ()
  %b20 = memref.alloc() : memref<2x2x2x2x2xf32>
  %b20_d = memref.cast %b20 : memref<2x2x2x2x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%b20_d) : (memref<?x?x?x?x?xf32>) -> ()
  %b21 = memref.alloc() : memref<2x2x2x3x2xf32>
  %b21_d = memref.cast %b21 : memref<2x2x2x3x2xf32> to memref<?x?x?x?x?xf32>
  call @ramp5_f32(%b21_d) : (memref<?x?x?x?x?xf32>) -> ()
  linalg.batch_mmt4d ins(%b19, %b20 : memref<2x2x2x3x2xf32>, memref<2x2x2x2x2xf32>) outs(%b21 : memref<2x2x2x3x2xf32>)
  %b21_u = memref.cast %b21 : memref<2x2x2x3x2xf32> to memref<*xf32>
  call @printMemrefF32(%b21_u) : (memref<*xf32>) -> ()
  %b22 = memref.alloc() : memref<2x3x4xf32>
  %b22_d = memref.cast %b22 : memref<2x3x4xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%b22_d) : (memref<?x?x?xf32>) -> ()
  %b23 = memref.alloc() : memref<2x4xf32>
  %b23_d = memref.cast %b23 : memref<2x4xf32> to memref<?x?xf32>
  call @ramp2_f32(%b23_d) : (memref<?x?xf32>) -> ()
  %b24 = memref.alloc() : memref<2x3xf32>
  %b24_d = memref.cast %b24 : memref<2x3xf32> to memref<?x?xf32>
  call @ramp2_f32(%b24_d) : (memref<?x?xf32>) -> ()
  linalg.batch_matvec ins(%b22, %b23 : memref<2x3x4xf32>, memref<2x4xf32>) outs(%b24 : memref<2x3xf32>)
  %b24_u = memref.cast %b24 : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%b24_u) : (memref<*xf32>) -> ()
  %b25 = memref.alloc() : memref<2x4xf32>
  %b25_d = memref.cast %b25 : memref<2x4xf32> to memref<?x?xf32>
  call @ramp2_f32(%b25_d) : (memref<?x?xf32>) -> ()
  %b26 = memref.alloc() : memref<2x4x3xf32>
  %b26_d = memref.cast %b26 : memref<2x4x3xf32> to memref<?x?x?xf32>
  call @ramp3_f32(%b26_d) : (memref<?x?x?xf32>) -> ()
  %b27 = memref.alloc() : memref<2x3xf32>
  %b27_d = memref.cast %b27 : memref<2x3xf32> to memref<?x?xf32>
  call @ramp2_f32(%b27_d) : (memref<?x?xf32>) -> ()
  linalg.batch_vecmat ins(%b25, %b26 : memref<2x4xf32>, memref<2x4x3xf32>) outs(%b27 : memref<2x3xf32>)
  %b27_u = memref.cast %b27 : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%b27_u) : (memref<*xf32>) -> ()
  %b28 = memref.alloc() : memref<3x4xi8>
  %b28_d = memref.cast %b28 : memref<3x4xi8> to memref<?x?xi8>
  call @ramp2_i8(%b28_d) : (memref<?x?xi8>) -> ()
  %b29 = memref.alloc() : memref<4x2xi8>
  %b29_d = memref.cast %b29 : memref<4x2xi8> to memref<?x?xi8>
  call @ramp2_i8(%b29_d) : (memref<?x?xi8>) -> ()
  %b30 = memref.alloc() : memref<3x2xi32>
  %b30_d = memref.cast %b30 : memref<3x2xi32> to memref<?x?xi32>
  call @ramp2_i32(%b30_d) : (memref<?x?xi32>) -> ()
  %azp1 = arith.constant 2 : i8
  %bzp1 = arith.constant -1 : i32
  linalg.quantized_matmul ins(%b28, %b29, %azp1, %bzp1 : memref<3x4xi8>, memref<4x2xi8>, i8, i32) outs(%b30 : memref<3x2xi32>)
  %b30_u = memref.cast %b30 : memref<3x2xi32> to memref<*xi32>
  call @printMemrefI32(%b30_u) : (memref<*xi32>) -> ()
  %b31 = memref.alloc() : memref<2x3x4xi8>
  %b31_d = memref.cast %b31 : memref<2x3x4xi8> to memref<?x?x?xi8>
  call @ramp3_i8(%b31_d) : (memref<?x?x?xi8>) -> ()
  %b32 = memref.alloc() : memref<2x4x2xi8>
  %b32_d = memref.cast %b32 : memref<2x4x2xi8> to memref<?x?x?xi8>
  call @ramp3_i8(%b32_d) : (memref<?x?x?xi8>) -> ()
  %b33 = memref.alloc() : memref<2x3x2xi32>
  %b33_d = memref.cast %b33 : memref<2x3x2xi32> to memref<?x?x?xi32>
  call @ramp3_i32(%b33_d) : (memref<?x?x?xi32>) -> ()
  %azp2 = arith.constant 2 : i8
  %bzp2 = arith.constant -1 : i32
  linalg.quantized_batch_matmul ins(%b31, %b32, %azp2, %bzp2 : memref<2x3x4xi8>, memref<2x4x2xi8>, i8, i32) outs(%b33 : memref<2x3x2xi32>)
  %b33_u = memref.cast %b33 : memref<2x3x2xi32> to memref<*xi32>
  call @printMemrefI32(%b33_u) : (memref<*xi32>) -> ()
  memref.dealloc %b1 : memref<3x4xf32>
  memref.dealloc %b2 : memref<3x5xf32>
  memref.dealloc %b3 : memref<4x5xf32>
  memref.dealloc %b4 : memref<4x3xf32>
  memref.dealloc %b5 : memref<5x3xf32>
  memref.dealloc %b6 : memref<4x5xf32>
  memref.dealloc %b7 : memref<4x3xi8>
  memref.dealloc %b8 : memref<5x3xi8>
  memref.dealloc %b9 : memref<4x5xi32>
  memref.dealloc %b10 : memref<2x3x4xf32>
  memref.dealloc %b11 : memref<2x3x5xf32>
  memref.dealloc %b12 : memref<2x4x5xf32>
  memref.dealloc %b13 : memref<2x4x3xf32>
  memref.dealloc %b14 : memref<2x5x3xf32>
  memref.dealloc %b15 : memref<2x4x5xf32>
  memref.dealloc %b16 : memref<2x3x2x4xf32>
  memref.dealloc %b17 : memref<3x3x2x4xf32>
  memref.dealloc %b18 : memref<2x3x2x2xf32>
  memref.dealloc %b19 : memref<2x2x2x3x2xf32>
  memref.dealloc %b20 : memref<2x2x2x2x2xf32>
  memref.dealloc %b21 : memref<2x2x2x3x2xf32>
  memref.dealloc %b22 : memref<2x3x4xf32>
  memref.dealloc %b23 : memref<2x4xf32>
  memref.dealloc %b24 : memref<2x3xf32>
  memref.dealloc %b25 : memref<2x4xf32>
  memref.dealloc %b26 : memref<2x4x3xf32>
  memref.dealloc %b27 : memref<2x3xf32>
  memref.dealloc %b28 : memref<3x4xi8>
  memref.dealloc %b29 : memref<4x2xi8>
  memref.dealloc %b30 : memref<3x2xi32>
  memref.dealloc %b31 : memref<2x3x4xi8>
  memref.dealloc %b32 : memref<2x4x2xi8>
  memref.dealloc %b33 : memref<2x3x2xi32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}10,   -4,   -4,   -4,   -4], 
// CHECK-NEXT:  [-2,   11,   -4,   9,   -6], 
// CHECK-NEXT:  [-7,   -2,   10,   -6,   6], 
// CHECK-NEXT:  [-5,   13,   -11,   14,   -3]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}15,   -3,   0,   -4,   -1], 
// CHECK-NEXT:  [-1,   7,   -6,   -12,   10], 
// CHECK-NEXT:  [-3,   -4,   9,   8,   -7], 
// CHECK-NEXT:  [-5,   -8,   3,   14,   -10]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}64015,   509,   768,   65020,   767], 
// CHECK-NEXT:  [511,   64519,   1018,   1012,   64778], 
// CHECK-NEXT:  [765,   1020,   65033,   64520,   1273], 
// CHECK-NEXT:  [65019,   1016,   64515,   128526,   1526]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 4, 5] strides = [20, 5, 1] data = 
// CHECK-NEXT: {{\[\[\[}}15,    -4,    -2,    0,    -5], 
// CHECK-NEXT:   [-3,    11,    -10,    -10,    11], 
// CHECK-NEXT:   [0,    -9,    10,    8,    -8], 
// CHECK-NEXT:   [-4,    -8,    9,    12,    -13]], 
// CHECK-NEXT:  {{\[\[}}11,    -6,    -9,    9,    13], 
// CHECK-NEXT:   [-5,    18,    -1,    -6,    -4], 
// CHECK-NEXT:   [-7,    0,    7,    -7,    -7], 
// CHECK-NEXT:   [5,    -4,    -6,    13,    4]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 4, 5] strides = [20, 5, 1] data = 
// CHECK-NEXT: {{\[\[\[}}8,    -6,    -6,    8,    -6], 
// CHECK-NEXT:   [-5,    15,    -7,    -8,    -2], 
// CHECK-NEXT:   [-4,    -6,    13,    -3,    9], 
// CHECK-NEXT:   [4,    -6,    -2,    9,    -8]], 
// CHECK-NEXT:  {{\[\[}}16,    -9,    -6,    -3,    0], 
// CHECK-NEXT:   [-8,    8,    -4,    5,    -7], 
// CHECK-NEXT:   [-4,    -3,    12,    -8,    14], 
// CHECK-NEXT:   [-7,    7,    -7,    14,    -7]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [2, 3, 2, 2] strides = [12, 4, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[}}48,     7], 
// CHECK-NEXT:    [5,     54]], 
// CHECK-NEXT:   {{\[\[}}-30,     48], 
// CHECK-NEXT:    [-23,     5]], 
// CHECK-NEXT:   {{\[\[}}-17,     -30], 
// CHECK-NEXT:    [-9,     -23]]], 
// CHECK-NEXT:  {{\[\[\[}}-28,     -26], 
// CHECK-NEXT:    [48,     7]], 
// CHECK-NEXT:   {{\[\[}}40,     -28], 
// CHECK-NEXT:    [-30,     48]], 
// CHECK-NEXT:   {{\[\[}}3,     40], 
// CHECK-NEXT:    [-17,     -30]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 5 offset = 0 sizes = [2, 2, 2, 3, 2] strides = [24, 12, 6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[\[\[}}20,      -7], 
// CHECK-NEXT:     [-9,      14], 
// CHECK-NEXT:     [-3,      -7]], 
// CHECK-NEXT:    {{\[\[}}-8,      21], 
// CHECK-NEXT:     [11,      -8], 
// CHECK-NEXT:     [2,      -2]]], 
// CHECK-NEXT:   {{\[\[\[}}-7,      7], 
// CHECK-NEXT:     [20,      -7], 
// CHECK-NEXT:     [-9,      14]], 
// CHECK-NEXT:    {{\[\[}}8,      -6], 
// CHECK-NEXT:     [-8,      21], 
// CHECK-NEXT:     [11,      -8]]]], 
// CHECK-NEXT:  {{\[\[\[\[}}25,      -6], 
// CHECK-NEXT:     [-8,      4], 
// CHECK-NEXT:     [8,      -7]], 
// CHECK-NEXT:    {{\[\[}}-13,      26], 
// CHECK-NEXT:     [9,      -7], 
// CHECK-NEXT:     [-11,      2]]], 
// CHECK-NEXT:   {{\[\[\[}}-12,      5], 
// CHECK-NEXT:     [25,      -6], 
// CHECK-NEXT:     [-8,      4]], 
// CHECK-NEXT:    {{\[\[}}14,      -11], 
// CHECK-NEXT:     [-13,      26], 
// CHECK-NEXT:     [9,      -7]]]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}6,   -8,   -8], 
// CHECK-NEXT:  [8,   5,   -5]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}16,   -4,   -3], 
// CHECK-NEXT:  [20,   -2,   -10]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}5,   -5], 
// CHECK-NEXT:  [-6,   -12], 
// CHECK-NEXT:  [4,   -12]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 3, 2] strides = [6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[}}0,    -7], 
// CHECK-NEXT:   [-16,    1], 
// CHECK-NEXT:   [-11,    -12]], 
// CHECK-NEXT:  {{\[\[}}3,    -20], 
// CHECK-NEXT:   [-2,    6], 
// CHECK-NEXT:   [-7,    -10]]]
