// The computation of ../pack-relayout.mlir with every tensor.pack,
// tensor.unpack, tensor.gather and tensor.scatter decomposed by hand into
// tensor.pad, expand_shape, linalg.transpose, collapse_shape,
// extract_slice, generate and insert ops, which mlir-opt-19 can lower: the
// reference for the expected output.

func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @print(%t: tensor<*xf32>) {
  %m = bufferization.to_memref %t read_only : memref<*xf32>
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %src = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c6 = arith.constant 6 : index
    %l = arith.muli %i, %c6 : index
    %k = arith.addi %l, %j : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    tensor.yield %kf : f32
  } : tensor<5x6xf32>
  %pad = arith.constant -1.0 : f32
  // pack: padding_value(-1) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [2, 4]
  %padded = tensor.pad %src low[0, 0] high[1, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pad : f32
  } : tensor<5x6xf32> to tensor<6x8xf32>
  %exp = tensor.expand_shape %padded [[0, 1], [2, 3]] output_shape [3, 2, 2, 4] : tensor<6x8xf32> into tensor<3x2x2x4xf32>
  %e0 = tensor.empty() : tensor<2x3x2x4xf32>
  %packed = linalg.transpose ins(%exp : tensor<3x2x2x4xf32>) outs(%e0 : tensor<2x3x2x4xf32>) permutation = [2, 0, 1, 3]
  %p0 = tensor.cast %packed : tensor<2x3x2x4xf32> to tensor<*xf32>
  call @print(%p0) : (tensor<*xf32>) -> ()
  // unpack with the same tiles and permutation
  %e1 = tensor.empty() : tensor<3x2x2x4xf32>
  %tr = linalg.transpose ins(%packed : tensor<2x3x2x4xf32>) outs(%e1 : tensor<3x2x2x4xf32>) permutation = [1, 2, 0, 3]
  %col = tensor.collapse_shape %tr [[0, 1], [2, 3]] : tensor<3x2x2x4xf32> into tensor<6x8xf32>
  %unpacked = tensor.extract_slice %col[0, 0] [5, 6] [1, 1] : tensor<6x8xf32> to tensor<5x6xf32>
  %u0 = tensor.cast %unpacked : tensor<5x6xf32> to tensor<*xf32>
  call @print(%u0) : (tensor<*xf32>) -> ()
  // pack without padding: inner_dims_pos = [1] inner_tiles = [3]
  %exp2 = tensor.expand_shape %src [[0], [1, 2]] output_shape [5, 2, 3] : tensor<5x6xf32> into tensor<5x2x3xf32>
  %p2 = tensor.cast %exp2 : tensor<5x2x3xf32> to tensor<*xf32>
  call @print(%p2) : (tensor<*xf32>) -> ()
  // gather rows [3, 0, 4] along dim 0 (rank-reduced result 3x6)
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c0 = arith.constant 0 : index
    %rows = arith.constant dense<[[3], [0], [4]]> : tensor<3x1xi32>
    %r = tensor.extract %rows[%i, %c0] : tensor<3x1xi32>
    %ri = arith.index_cast %r : i32 to index
    %v = tensor.extract %src[%ri, %j] : tensor<5x6xf32>
    tensor.yield %v : f32
  } : tensor<3x6xf32>
  %g0 = tensor.cast %g : tensor<3x6xf32> to tensor<*xf32>
  call @print(%g0) : (tensor<*xf32>) -> ()
  // gather elements (1, 5) and (4, 0) along dims [0, 1]
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %x = tensor.extract %src[%c1, %c5] : tensor<5x6xf32>
  %y = tensor.extract %src[%c4, %c0] : tensor<5x6xf32>
  %ge = tensor.from_elements %x, %y : tensor<2x1x1xf32>
  %ge0 = tensor.cast %ge : tensor<2x1x1xf32> to tensor<*xf32>
  call @print(%ge0) : (tensor<*xf32>) -> ()
  // scatter the gathered rows into rows [1, 2, 0] of zeros
  %z = arith.constant dense<0.0> : tensor<3x6xf32>
  %r0 = tensor.extract_slice %g[0, 0] [1, 6] [1, 1] : tensor<3x6xf32> to tensor<1x6xf32>
  %r1 = tensor.extract_slice %g[1, 0] [1, 6] [1, 1] : tensor<3x6xf32> to tensor<1x6xf32>
  %r2 = tensor.extract_slice %g[2, 0] [1, 6] [1, 1] : tensor<3x6xf32> to tensor<1x6xf32>
  %s0 = tensor.insert_slice %r0 into %z[1, 0] [1, 6] [1, 1] : tensor<1x6xf32> into tensor<3x6xf32>
  %s1 = tensor.insert_slice %r1 into %s0[2, 0] [1, 6] [1, 1] : tensor<1x6xf32> into tensor<3x6xf32>
  %s2 = tensor.insert_slice %r2 into %s1[0, 0] [1, 6] [1, 1] : tensor<1x6xf32> into tensor<3x6xf32>
  %sc = tensor.cast %s2 : tensor<3x6xf32> to tensor<*xf32>
  call @print(%sc) : (tensor<*xf32>) -> ()
  return
}
