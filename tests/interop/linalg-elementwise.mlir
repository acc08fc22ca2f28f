// fill, copy, elemwise_unary and elemwise_binary (rank-polymorphic named
// ops) round-tripped against mlir-opt-19, with every unary and binary
// function, both cast functions, integer and float elements, scalar and
// rank-0 operands, tensors and memrefs, static and dynamic shapes.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @fills(%f: f32, %i: i8, %t: tensor<?x4xf64>, %m: memref<3xi32>, %h: f16, %z: tensor<i16>) -> (tensor<?x4xf64>, tensor<i16>) {
  %0 = linalg.fill ins(%f : f32) outs(%t : tensor<?x4xf64>) -> tensor<?x4xf64>
  linalg.fill ins(%i : i8) outs(%m : memref<3xi32>)
  linalg.fill ins(%h : f16) outs(%m : memref<3xi32>)
  %1 = linalg.fill ins(%i : i8) outs(%z : tensor<i16>) -> tensor<i16>
  %c = arith.constant 7 : i32
  linalg.fill ins(%c : i32) outs(%m : memref<3xi32>)
  return %0, %1 : tensor<?x4xf64>, tensor<i16>
}

func.func @copies(%a: tensor<2x?xi32>, %b: tensor<2x?xi64>, %ma: memref<5xf32>, %mb: memref<5xf32>, %mi: memref<5xi16>) -> tensor<2x?xi64> {
  %0 = linalg.copy ins(%a : tensor<2x?xi32>) outs(%b : tensor<2x?xi64>) -> tensor<2x?xi64>
  linalg.copy ins(%ma : memref<5xf32>) outs(%mb : memref<5xf32>)
  linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins(%mi : memref<5xi16>) outs(%ma : memref<5xf32>)
  return %0 : tensor<2x?xi64>
}

func.func @unary(%x: tensor<4xf32>, %i: tensor<4xi32>, %m: memref<?xf64>) -> tensor<4xf32> {
  %0 = linalg.elemwise_unary ins(%x : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.elemwise_unary {fun = #linalg.unary_fn<log>} ins(%0 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.elemwise_unary {fun = #linalg.unary_fn<abs>} ins(%1 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %3 = linalg.elemwise_unary {fun = #linalg.unary_fn<ceil>} ins(%2 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %4 = linalg.elemwise_unary {fun = #linalg.unary_fn<floor>} ins(%3 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %5 = linalg.elemwise_unary {fun = #linalg.unary_fn<negf>} ins(%4 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %6 = linalg.elemwise_unary {fun = #linalg.unary_fn<reciprocal>} ins(%5 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %7 = linalg.elemwise_unary {fun = #linalg.unary_fn<round>} ins(%6 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %8 = linalg.elemwise_unary {fun = #linalg.unary_fn<sqrt>} ins(%7 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %9 = linalg.elemwise_unary {fun = #linalg.unary_fn<rsqrt>} ins(%8 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %10 = linalg.elemwise_unary {fun = #linalg.unary_fn<square>} ins(%9 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %11 = linalg.elemwise_unary {fun = #linalg.unary_fn<tanh>} ins(%10 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %12 = linalg.elemwise_unary {fun = #linalg.unary_fn<erf>} ins(%11 : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %13 = linalg.elemwise_unary {cast = #linalg.type_fn<cast_unsigned>, fun = #linalg.unary_fn<sqrt>} ins(%i : tensor<4xi32>) outs(%12 : tensor<4xf32>) -> tensor<4xf32>
  linalg.elemwise_unary {fun = #linalg.unary_fn<reciprocal>} ins(%m : memref<?xf64>) outs(%m : memref<?xf64>)
  return %13 : tensor<4xf32>
}

func.func @binary_float(%a: tensor<2x3xf32>, %b: tensor<2x3xf16>, %s: tensor<f32>, %m: memref<2x3xf32>) -> tensor<2x3xf32> {
  %0 = linalg.elemwise_binary ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf16>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = linalg.elemwise_binary {fun = #linalg.binary_fn<sub>} ins(%0, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = linalg.elemwise_binary {fun = #linalg.binary_fn<mul>} ins(%1, %s : tensor<2x3xf32>, tensor<f32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = linalg.elemwise_binary {fun = #linalg.binary_fn<div>} ins(%2, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = linalg.elemwise_binary {fun = #linalg.binary_fn<max_signed>} ins(%3, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = linalg.elemwise_binary {fun = #linalg.binary_fn<min_signed>} ins(%4, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = linalg.elemwise_binary {fun = #linalg.binary_fn<max_unsigned>} ins(%5, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = linalg.elemwise_binary {fun = #linalg.binary_fn<min_unsigned>} ins(%6, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = linalg.elemwise_binary {fun = #linalg.binary_fn<powf>} ins(%7, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  linalg.elemwise_binary {fun = #linalg.binary_fn<add>} ins(%m, %m : memref<2x3xf32>, memref<2x3xf32>) outs(%m : memref<2x3xf32>)
  return %8 : tensor<2x3xf32>
}

func.func @binary_int(%a: tensor<?xi32>, %b: tensor<?xi8>, %o: tensor<?xi32>, %p: tensor<?xi1>, %m: memref<?xi64>) -> (tensor<?xi32>, tensor<?xi1>) {
  %0 = linalg.elemwise_binary {fun = #linalg.binary_fn<add>} ins(%a, %b : tensor<?xi32>, tensor<?xi8>) outs(%o : tensor<?xi32>) -> tensor<?xi32>
  %1 = linalg.elemwise_binary {fun = #linalg.binary_fn<sub>, cast = #linalg.type_fn<cast_unsigned>} ins(%0, %b : tensor<?xi32>, tensor<?xi8>) outs(%o : tensor<?xi32>) -> tensor<?xi32>
  %2 = linalg.elemwise_binary {fun = #linalg.binary_fn<mul>} ins(%1, %a : tensor<?xi32>, tensor<?xi32>) outs(%o : tensor<?xi32>) -> tensor<?xi32>
  %3 = linalg.elemwise_binary {fun = #linalg.binary_fn<div>} ins(%2, %a : tensor<?xi32>, tensor<?xi32>) outs(%o : tensor<?xi32>) -> tensor<?xi32>
  %4 = linalg.elemwise_binary {fun = #linalg.binary_fn<div_unsigned>} ins(%3, %a : tensor<?xi32>, tensor<?xi32>) outs(%o : tensor<?xi32>) -> tensor<?xi32>
  %5 = linalg.elemwise_binary {fun = #linalg.binary_fn<max_signed>} ins(%4, %a : tensor<?xi32>, tensor<?xi32>) outs(%o : tensor<?xi32>) -> tensor<?xi32>
  %6 = linalg.elemwise_binary {fun = #linalg.binary_fn<min_signed>} ins(%5, %a : tensor<?xi32>, tensor<?xi32>) outs(%o : tensor<?xi32>) -> tensor<?xi32>
  %7 = linalg.elemwise_binary {fun = #linalg.binary_fn<max_unsigned>} ins(%6, %a : tensor<?xi32>, tensor<?xi32>) outs(%o : tensor<?xi32>) -> tensor<?xi32>
  %8 = linalg.elemwise_binary {fun = #linalg.binary_fn<min_unsigned>} ins(%7, %a : tensor<?xi32>, tensor<?xi32>) outs(%o : tensor<?xi32>) -> tensor<?xi32>
  %9 = linalg.elemwise_binary {fun = #linalg.binary_fn<add>} ins(%p, %p : tensor<?xi1>, tensor<?xi1>) outs(%p : tensor<?xi1>) -> tensor<?xi1>
  %10 = linalg.elemwise_binary {fun = #linalg.binary_fn<mul>} ins(%9, %p : tensor<?xi1>, tensor<?xi1>) outs(%p : tensor<?xi1>) -> tensor<?xi1>
  linalg.elemwise_binary {fun = #linalg.binary_fn<max_unsigned>} ins(%m, %m : memref<?xi64>, memref<?xi64>) outs(%m : memref<?xi64>)
  return %8, %10 : tensor<?xi32>, tensor<?xi1>
}

func.func @float_to_int(%a: tensor<3xf32>, %o: tensor<3xi16>) -> tensor<3xi16> {
  %0 = linalg.copy ins(%a : tensor<3xf32>) outs(%o : tensor<3xi16>) -> tensor<3xi16>
  %1 = linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins(%a : tensor<3xf32>) outs(%0 : tensor<3xi16>) -> tensor<3xi16>
  return %1 : tensor<3xi16>
}
