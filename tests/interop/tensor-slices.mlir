// Slice ops of the tensor dialect, round-tripped against mlir-opt-19:
// extract_slice and insert_slice with static, dynamic and mixed offsets,
// sizes and strides, rank-reducing slices, encodings, empty index lists
// and discardable attributes.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @extract(%t: tensor<8x16x4xf32>, %d: tensor<?x?xf32>, %e: tensor<16x16xf32, "enc">, %s: tensor<f32>, %i: index, %j: index) {
  %0 = tensor.extract_slice %t[0, 0, 0] [8, 16, 4] [1, 1, 1] : tensor<8x16x4xf32> to tensor<8x16x4xf32>
  %1 = tensor.extract_slice %t[0, 0, 0] [1, 16, 4] [1, 1, 1] : tensor<8x16x4xf32> to tensor<16x4xf32>
  %2 = tensor.extract_slice %t[%i, 4, %j] [1, %j, 1] [1, %i, 1] : tensor<8x16x4xf32> to tensor<1x?xf32>
  %3 = tensor.extract_slice %t[2, 3, 1] [1, 1, 1] [1, 1, 1] : tensor<8x16x4xf32> to tensor<f32>
  %4 = tensor.extract_slice %t[0, 0, 0] [1, 6, 1] [1, 1, 1] : tensor<8x16x4xf32> to tensor<6x1xf32>
  %5 = tensor.extract_slice %t[0, 0, 0] [1, 6, 1] [1, 1, 1] : tensor<8x16x4xf32> to tensor<1x6xf32>
  %6 = tensor.extract_slice %d[%i, %j] [%j, %i] [%i, %j] {tag = "x"} : tensor<?x?xf32> to tensor<?x?xf32>
  %7 = tensor.extract_slice %d[0, 0] [4, 4] [2, 3] : tensor<?x?xf32> to tensor<4x4xf32>
  %8 = tensor.extract_slice %e[0, %i] [8, 8] [1, 1] : tensor<16x16xf32, "enc"> to tensor<8x8xf32, "enc">
  %9 = tensor.extract_slice %s[] [] [] : tensor<f32> to tensor<f32>
  %10 = tensor.extract_slice %d[0, 0] [0, 4] [1, 1] : tensor<?x?xf32> to tensor<0x4xf32>
  %11 = tensor.extract_slice %t[1, 2, 3] [%i, 1, %j] [2, 1, 2] : tensor<8x16x4xf32> to tensor<?x?xf32>
  return
}

func.func @insert(%t: tensor<8x16x4xf32>, %d: tensor<?x?xf32>, %a: tensor<16x4xf32>, %b: tensor<?xf32>, %c: tensor<4x4xf32>, %s: tensor<f32>, %i: index, %j: index) -> tensor<8x16x4xf32> {
  %0 = tensor.insert_slice %a into %t[0, 0, 0] [1, 16, 4] [1, 1, 1] : tensor<16x4xf32> into tensor<8x16x4xf32>
  %1 = tensor.insert_slice %b into %0[%i, %j, 0] [1, %j, 1] [1, %i, 1] : tensor<?xf32> into tensor<8x16x4xf32>
  %2 = tensor.insert_slice %c into %d[%i, 2] [4, 4] [1, 1] {tag} : tensor<4x4xf32> into tensor<?x?xf32>
  %3 = tensor.insert_slice %s into %s[] [] [] : tensor<f32> into tensor<f32>
  %4 = tensor.insert_slice %d into %d[0, 0] [%i, %j] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  %5 = tensor.insert_slice %s into %t[7, 15, 3] [1, 1, 1] [1, 1, 1] : tensor<f32> into tensor<8x16x4xf32>
  return %1 : tensor<8x16x4xf32>
}

func.func @chain(%t: tensor<64x64xf32>, %i: index) -> tensor<64x64xf32> {
  %0 = tensor.extract_slice %t[%i, 0] [16, 64] [1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
  %1 = tensor.extract_slice %0[0, %i] [16, 16] [1, 1] : tensor<16x64xf32> to tensor<16x16xf32>
  %2 = tensor.insert_slice %1 into %0[0, 0] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<16x64xf32>
  %3 = tensor.insert_slice %2 into %t[%i, 0] [16, 64] [1, 1] : tensor<16x64xf32> into tensor<64x64xf32>
  return %3 : tensor<64x64xf32>
}
