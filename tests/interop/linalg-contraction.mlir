// The contraction named ops (matmul, batch_matmul, batch_reduce_matmul,
// matvec, vecmat, dot) round-tripped against mlir-opt-19. Their regions
// are not printed in custom form; the generic form shows the body
// mlir-opt-19 builds (mulf/addf, muli/addi, andi/ori for i1, casts to
// the output element type, cast_unsigned) and the memoized maps.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @matmul_tensors(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

func.func @matmul_dynamic_mixed(%a: tensor<?x?xi8>, %b: tensor<?x?xi16>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xi8>, tensor<?x?xi16>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  %1 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<?x?xi8>, tensor<?x?xi16>) outs(%0 : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %1 : tensor<?x?xi32>
}

func.func @matmul_buffers(%a: memref<4x8xi32>, %b: memref<8x2xi32>, %c: memref<4x2xi32>, %fa: memref<?x?xf16>, %fb: memref<?x?xbf16>, %fc: memref<?x?xf64>) {
  linalg.matmul ins(%a, %b : memref<4x8xi32>, memref<8x2xi32>) outs(%c : memref<4x2xi32>)
  linalg.matmul ins(%fa, %fb : memref<?x?xf16>, memref<?x?xbf16>) outs(%fc : memref<?x?xf64>)
  return
}

func.func @int_to_float(%a: tensor<2x2xi32>, %b: tensor<2x2xi32>, %c: tensor<2x2xf32>, %d: tensor<2x2xf32>, %e: tensor<2x2xi64>) -> (tensor<2x2xf32>, tensor<2x2xi64>) {
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x2xi32>, tensor<2x2xi32>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = linalg.matmul ins(%c, %d : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e : tensor<2x2xi64>) -> tensor<2x2xi64>
  return %0, %1 : tensor<2x2xf32>, tensor<2x2xi64>
}

func.func @booleans(%a: tensor<3x3xi1>, %c: tensor<3x3xi1>) -> tensor<3x3xi1> {
  %0 = linalg.matmul ins(%a, %a : tensor<3x3xi1>, tensor<3x3xi1>) outs(%c : tensor<3x3xi1>) -> tensor<3x3xi1>
  return %0 : tensor<3x3xi1>
}

func.func @batched(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %c: tensor<2x3x5xf32>, %r: tensor<3x5xf32>, %ma: memref<?x?x?xi16>, %mb: memref<?x?x?xi16>, %mc: memref<?x?x?xi32>, %mr: memref<?x?xi16>) -> (tensor<2x3x5xf32>, tensor<3x5xf32>) {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%c : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %1 = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%r : tensor<3x5xf32>) -> tensor<3x5xf32>
  linalg.batch_matmul ins(%ma, %mb : memref<?x?x?xi16>, memref<?x?x?xi16>) outs(%mc : memref<?x?x?xi32>)
  linalg.batch_reduce_matmul ins(%ma, %mb : memref<?x?x?xi16>, memref<?x?x?xi16>) outs(%mr : memref<?x?xi16>)
  return %0, %1 : tensor<2x3x5xf32>, tensor<3x5xf32>
}

func.func @vectors(%m: tensor<4x6xf64>, %v6: tensor<6xf64>, %v4: tensor<4xf64>, %s: tensor<f64>, %mm: memref<?x?xi8>, %mv: memref<?xi8>, %mo: memref<?xi32>, %ms: memref<i32>) -> (tensor<4xf64>, tensor<6xf64>, tensor<f64>) {
  %0 = linalg.matvec ins(%m, %v6 : tensor<4x6xf64>, tensor<6xf64>) outs(%v4 : tensor<4xf64>) -> tensor<4xf64>
  %1 = linalg.vecmat ins(%v4, %m : tensor<4xf64>, tensor<4x6xf64>) outs(%v6 : tensor<6xf64>) -> tensor<6xf64>
  %2 = linalg.dot ins(%v6, %v6 : tensor<6xf64>, tensor<6xf64>) outs(%s : tensor<f64>) -> tensor<f64>
  linalg.matvec ins(%mm, %mv : memref<?x?xi8>, memref<?xi8>) outs(%mo : memref<?xi32>)
  linalg.vecmat ins(%mv, %mm : memref<?xi8>, memref<?x?xi8>) outs(%mo : memref<?xi32>)
  linalg.dot ins(%mv, %mv : memref<?xi8>, memref<?xi8>) outs(%ms : memref<i32>)
  return %0, %1, %2 : tensor<4xf64>, tensor<6xf64>, tensor<f64>
}

func.func @discardable_attrs(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = linalg.matmul {note = "kept", cast = #linalg.type_fn<cast_signed>} ins(%a, %a : tensor<2x2xf32>, tensor<2x2xf32>) outs(%a : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
