// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Named linalg ops on tensors: map, reduce, transpose, broadcast, copy
// and a dynamic-shaped fill.
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %a = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = arith.constant dense<[[10, 20, 30], [40, 50, 60]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<2x3xi32>
  %m = linalg.map { arith.muli } ins(%a, %b : tensor<2x3xi32>, tensor<2x3xi32>) outs(%e : tensor<2x3xi32>)
  %mu_m = bufferization.to_memref %m read_only : memref<2x3xi32>
  %mu = memref.cast %mu_m : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%mu) : (memref<*xi32>) -> ()
  %zero = arith.constant 0 : i32
  %re = tensor.empty() : tensor<3xi32>
  %rinit = linalg.fill ins(%zero : i32) outs(%re : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.reduce { arith.addi } ins(%m : tensor<2x3xi32>) outs(%rinit : tensor<3xi32>) dimensions = [0]
  %ru_m = bufferization.to_memref %r read_only : memref<3xi32>
  %ru = memref.cast %ru_m : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%ru) : (memref<*xi32>) -> ()
  %te = tensor.empty() : tensor<3x2xi32>
  %t = linalg.transpose ins(%b : tensor<2x3xi32>) outs(%te : tensor<3x2xi32>) permutation = [1, 0]
  %tu_m = bufferization.to_memref %t read_only : memref<3x2xi32>
  %tu = memref.cast %tu_m : memref<3x2xi32> to memref<*xi32>
  call @printMemrefI32(%tu) : (memref<*xi32>) -> ()
  %be = tensor.empty() : tensor<2x3x2xi32>
  %bc = linalg.broadcast ins(%t : tensor<3x2xi32>) outs(%be : tensor<2x3x2xi32>) dimensions = [0]
  %bu_m = bufferization.to_memref %bc read_only : memref<2x3x2xi32>
  %bu = memref.cast %bu_m : memref<2x3x2xi32> to memref<*xi32>
  call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  %ce = tensor.empty() : tensor<2x3xi32>
  %cp = linalg.copy ins(%a : tensor<2x3xi32>) outs(%ce : tensor<2x3xi32>) -> tensor<2x3xi32>
  %cpu_m = bufferization.to_memref %cp read_only : memref<2x3xi32>
  %cpu = memref.cast %cpu_m : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%cpu) : (memref<*xi32>) -> ()
  %c5 = arith.constant 5 : index
  %de = tensor.empty(%c5) : tensor<?xi32>
  %seven = arith.constant 7 : i32
  %df = linalg.fill ins(%seven : i32) outs(%de : tensor<?xi32>) -> tensor<?xi32>
  %dfu_m = bufferization.to_memref %df read_only : memref<?xi32>
  %dfu = memref.cast %dfu_m : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%dfu) : (memref<*xi32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}10,   40,   90], 
// CHECK-NEXT:  [160,   250,   360]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [3] strides = [1] data = 
// CHECK-NEXT: [170,  290,  450]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}10,   40], 
// CHECK-NEXT:  [20,   50], 
// CHECK-NEXT:  [30,   60]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 3, 2] strides = [6, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[}}10,    40], 
// CHECK-NEXT:   [20,    50], 
// CHECK-NEXT:   [30,    60]], 
// CHECK-NEXT:  {{\[\[}}10,    40], 
// CHECK-NEXT:   [20,    50], 
// CHECK-NEXT:   [30,    60]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   2,   3], 
// CHECK-NEXT:  [4,   5,   6]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [7,  7,  7,  7,  7]
