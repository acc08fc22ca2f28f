// The matmul-family named ops added after the convolutions (transposed
// matmuls and batch matmuls, quantized matmuls, mmt4d, batch_mmt4d,
// batch_matvec, batch_vecmat), `fill_rng_2d`,
// `linalg.fill` of a vector value, and the
// three Winograd transforms, on tensors and memrefs with i8 operands into
// i32 (casts in the body) and f32: the custom and the generic form bufopt
// prints are byte-identical to mlir-opt-19's, and so is the generic form
// read back.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.gb && mlir-opt-19 --mlir-print-op-generic %s > %t.gm && diff -u %t.gm %t.gb
// RUN: bufopt %t.gm > %t.rb && diff -u %t.m %t.rb

func.func @transposed(%a: tensor<3x4xi8>, %b: tensor<3x5xi8>, %c: tensor<4x5xi32>, %bt: tensor<5x4xi8>, %d: tensor<3x5xi32>,
                      %m: memref<4x3xf32>, %n: memref<5x3xf32>, %o: memref<4x5xf32>) -> (tensor<4x5xi32>, tensor<3x5xi32>) {
  %0 = linalg.matmul_transpose_a ins(%a, %b : tensor<3x4xi8>, tensor<3x5xi8>) outs(%c : tensor<4x5xi32>) -> tensor<4x5xi32>
  %1 = linalg.matmul_transpose_b {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %bt : tensor<3x4xi8>, tensor<5x4xi8>) outs(%d : tensor<3x5xi32>) -> tensor<3x5xi32>
  linalg.matmul_transpose_b ins(%m, %n : memref<4x3xf32>, memref<5x3xf32>) outs(%o : memref<4x5xf32>)
  return %0, %1 : tensor<4x5xi32>, tensor<3x5xi32>
}

func.func @batch_transposed(%a: tensor<2x3x4xf16>, %b: tensor<2x3x5xf16>, %at: tensor<2x4x3xf16>, %bt: tensor<2x5x3xf16>, %c: tensor<2x4x5xf32>)
    -> (tensor<2x4x5xf32>, tensor<2x4x5xf32>) {
  %0 = linalg.batch_matmul_transpose_a ins(%a, %b : tensor<2x3x4xf16>, tensor<2x3x5xf16>) outs(%c : tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
  %1 = linalg.batch_matmul_transpose_b ins(%at, %bt : tensor<2x4x3xf16>, tensor<2x5x3xf16>) outs(%c : tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
  return %0, %1 : tensor<2x4x5xf32>, tensor<2x4x5xf32>
}

func.func @quantized(%a: tensor<3x4xi8>, %b: tensor<4x2xi8>, %azp: i8, %bzp: i32, %c: tensor<3x2xi32>,
                     %ba: memref<2x3x4xi8>, %bb: memref<2x4x2xi8>, %bc: memref<2x3x2xi32>) -> tensor<3x2xi32> {
  %0 = linalg.quantized_matmul ins(%a, %b, %azp, %bzp : tensor<3x4xi8>, tensor<4x2xi8>, i8, i32) outs(%c : tensor<3x2xi32>) -> tensor<3x2xi32>
  linalg.quantized_batch_matmul ins(%ba, %bb, %azp, %bzp : memref<2x3x4xi8>, memref<2x4x2xi8>, i8, i32) outs(%bc : memref<2x3x2xi32>)
  return %0 : tensor<3x2xi32>
}

func.func @mmt4d(%l: tensor<2x3x8x1xi8>, %r: tensor<5x3x4x1xi8>, %acc: tensor<2x5x8x4xi32>,
                 %bl: memref<7x2x3x8x1xf32>, %br: memref<7x5x3x4x1xf32>, %bacc: memref<7x2x5x8x4xf32>) -> tensor<2x5x8x4xi32> {
  %0 = linalg.mmt4d ins(%l, %r : tensor<2x3x8x1xi8>, tensor<5x3x4x1xi8>) outs(%acc : tensor<2x5x8x4xi32>) -> tensor<2x5x8x4xi32>
  linalg.batch_mmt4d ins(%bl, %br : memref<7x2x3x8x1xf32>, memref<7x5x3x4x1xf32>) outs(%bacc : memref<7x2x5x8x4xf32>)
  return %0 : tensor<2x5x8x4xi32>
}

func.func @batch_matvec(%a: tensor<2x3x4xi8>, %v: tensor<2x4xi8>, %y: tensor<2x3xi32>, %b: tensor<2x4x3xi8>)
    -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %0 = linalg.batch_matvec ins(%a, %v : tensor<2x3x4xi8>, tensor<2x4xi8>) outs(%y : tensor<2x3xi32>) -> tensor<2x3xi32>
  %1 = linalg.batch_vecmat ins(%v, %b : tensor<2x4xi8>, tensor<2x4x3xi8>) outs(%y : tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0, %1 : tensor<2x3xi32>, tensor<2x3xi32>
}

func.func @fill_rng(%lo: f64, %hi: f64, %seed: i32, %t: tensor<3x4xf32>, %m: memref<2x2xi32>,
                    %d: memref<5x2xf16>) -> tensor<3x4xf32> {
  %0 = linalg.fill_rng_2d ins(%lo, %hi, %seed : f64, f64, i32) outs(%t : tensor<3x4xf32>) -> tensor<3x4xf32>
  linalg.fill_rng_2d ins(%lo, %hi, %seed : f64, f64, i32) outs(%m : memref<2x2xi32>)
  linalg.fill_rng_2d {tag} ins(%lo, %hi, %seed : f64, f64, i32) outs(%d : memref<5x2xf16>)
  return %0 : tensor<3x4xf32>
}

func.func @fill_vector(%v: vector<2x4xf32>, %m: memref<3xvector<2x4xf32>>) -> tensor<5x6xvector<2x4xf32>> {
  %e = tensor.empty() : tensor<5x6xvector<2x4xf32>>
  %0 = linalg.fill ins(%v : vector<2x4xf32>) outs(%e : tensor<5x6xvector<2x4xf32>>) -> tensor<5x6xvector<2x4xf32>>
  linalg.fill ins(%v : vector<2x4xf32>) outs(%m : memref<3xvector<2x4xf32>>)
  return %0 : tensor<5x6xvector<2x4xf32>>
}

func.func @winograd(%f: tensor<2x3x3x5xf32>, %fo: tensor<6x6x5x2xf32>, %fw: tensor<2x1x3x5xf32>, %fwo: tensor<1x6x5x2xf32>,
                    %i: tensor<2x14x14x5xf32>, %io: tensor<6x6x3x3x2x5xf32>, %d: tensor<?x?x?x?xf32>, %do: tensor<6x6x?x?x?x?xf32>,
                    %v: tensor<6x6x3x3x2x2xf32>, %o: tensor<2x12x12x2xf32>, %vd: tensor<6x1x?x?x?x?xf32>, %od: tensor<?x?x?x?xf32>) {
  %0 = linalg.winograd_filter_transform m(4) r(3) ins(%f : tensor<2x3x3x5xf32>) outs(%fo : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  %1 = linalg.winograd_filter_transform {tag} m(4) r(3) ins(%fw : tensor<2x1x3x5xf32>) outs(%fwo : tensor<1x6x5x2xf32>) -> tensor<1x6x5x2xf32>
  %2 = linalg.winograd_input_transform m(4) r(3) ins(%i : tensor<2x14x14x5xf32>) outs(%io : tensor<6x6x3x3x2x5xf32>) -> tensor<6x6x3x3x2x5xf32>
  %3 = linalg.winograd_input_transform m(4) r(3) ins(%d : tensor<?x?x?x?xf32>) outs(%do : tensor<6x6x?x?x?x?xf32>) -> tensor<6x6x?x?x?x?xf32>
  %4 = linalg.winograd_output_transform m(4) r(3) ins(%v : tensor<6x6x3x3x2x2xf32>) outs(%o : tensor<2x12x12x2xf32>) -> tensor<2x12x12x2xf32>
  %5 = linalg.winograd_output_transform m(4) r(3) ins(%vd : tensor<6x1x?x?x?x?xf32>) outs(%od : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return
}
