// The elementwise named linalg ops of MLIR 19 (exp ... erf, add ... powf,
// select): custom syntax, the region mlir-opt-19 builds for each one (which
// depends on the element types: i1 add/mul become ori/andi, float max/min
// become maximumf/minimumf), tensors and memrefs, static, dynamic and rank-0
// shapes, discardable attributes, round-tripped byte for byte.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @unary_f32(%x: tensor<4x?xf32>, %o: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %0 = linalg.exp ins(%x : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %1 = linalg.log ins(%0 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %2 = linalg.abs ins(%1 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %3 = linalg.ceil ins(%2 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %4 = linalg.floor ins(%3 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %5 = linalg.negf ins(%4 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %6 = linalg.reciprocal ins(%5 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %7 = linalg.round ins(%6 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %8 = linalg.sqrt ins(%7 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %9 = linalg.rsqrt ins(%8 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %10 = linalg.square ins(%9 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %11 = linalg.tanh ins(%10 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  %12 = linalg.erf {tag = "last"} ins(%11 : tensor<4x?xf32>) outs(%o : tensor<4x?xf32>) -> tensor<4x?xf32>
  return %12 : tensor<4x?xf32>
}

func.func @unary_other(%d: memref<8xf64>, %h: tensor<f16>, %b: memref<2x2xbf16>) -> tensor<f16> {
  linalg.reciprocal ins(%d : memref<8xf64>) outs(%d : memref<8xf64>)
  linalg.square ins(%d : memref<8xf64>) outs(%d : memref<8xf64>)
  %0 = linalg.reciprocal ins(%h : tensor<f16>) outs(%h : tensor<f16>) -> tensor<f16>
  %1 = linalg.exp ins(%0 : tensor<f16>) outs(%h : tensor<f16>) -> tensor<f16>
  linalg.sqrt ins(%b : memref<2x2xbf16>) outs(%b : memref<2x2xbf16>)
  linalg.negf ins(%b : memref<2x2xbf16>) outs(%b : memref<2x2xbf16>)
  return %1 : tensor<f16>
}

func.func @binary_float(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %m: memref<?x?xf64>) -> tensor<2x3xf32> {
  %0 = linalg.add ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = linalg.sub ins(%0, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = linalg.mul ins(%1, %1 : tensor<2x3xf32>, tensor<2x3xf32>) outs(%b : tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = linalg.div ins(%2, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%b : tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = linalg.max ins(%3, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%b : tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = linalg.min ins(%4, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%b : tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = linalg.powf ins(%5, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%b : tensor<2x3xf32>) -> tensor<2x3xf32>
  linalg.add ins(%m, %m : memref<?x?xf64>, memref<?x?xf64>) outs(%m : memref<?x?xf64>)
  linalg.powf ins(%m, %m : memref<?x?xf64>, memref<?x?xf64>) outs(%m : memref<?x?xf64>)
  return %6 : tensor<2x3xf32>
}

func.func @binary_int(%a: memref<5xi32>, %b: tensor<3xi1>, %c: tensor<3xi64>, %s: tensor<i8>) -> (tensor<3xi1>, tensor<3xi64>, tensor<i8>) {
  linalg.add ins(%a, %a : memref<5xi32>, memref<5xi32>) outs(%a : memref<5xi32>)
  linalg.sub ins(%a, %a : memref<5xi32>, memref<5xi32>) outs(%a : memref<5xi32>)
  linalg.mul ins(%a, %a : memref<5xi32>, memref<5xi32>) outs(%a : memref<5xi32>)
  linalg.div ins(%a, %a : memref<5xi32>, memref<5xi32>) outs(%a : memref<5xi32>)
  linalg.div_unsigned ins(%a, %a : memref<5xi32>, memref<5xi32>) outs(%a : memref<5xi32>)
  linalg.max ins(%a, %a : memref<5xi32>, memref<5xi32>) outs(%a : memref<5xi32>)
  linalg.min ins(%a, %a : memref<5xi32>, memref<5xi32>) outs(%a : memref<5xi32>)
  %0 = linalg.add ins(%b, %b : tensor<3xi1>, tensor<3xi1>) outs(%b : tensor<3xi1>) -> tensor<3xi1>
  %1 = linalg.mul ins(%0, %b : tensor<3xi1>, tensor<3xi1>) outs(%b : tensor<3xi1>) -> tensor<3xi1>
  %2 = linalg.max ins(%c, %c : tensor<3xi64>, tensor<3xi64>) outs(%c : tensor<3xi64>) -> tensor<3xi64>
  %3 = linalg.div_unsigned ins(%s, %s : tensor<i8>, tensor<i8>) outs(%s : tensor<i8>) -> tensor<i8>
  return %1, %2, %3 : tensor<3xi1>, tensor<3xi64>, tensor<i8>
}

func.func @select(%c: tensor<2x2xi1>, %a: tensor<2x2xf32>, %b: tensor<2x2xf32>, %mc: memref<?xi1>, %mi: memref<?xi16>) -> tensor<2x2xf32> {
  %0 = linalg.select ins(%c, %a, %b : tensor<2x2xi1>, tensor<2x2xf32>, tensor<2x2xf32>) outs(%a : tensor<2x2xf32>) -> tensor<2x2xf32>
  linalg.select ins(%mc, %mi, %mi : memref<?xi1>, memref<?xi16>, memref<?xi16>) outs(%mi : memref<?xi16>)
  return %0 : tensor<2x2xf32>
}
