// linalg.softmax executed directly: along each of the three dimensions of a
// tensor (large, equal, tiny and -inf/max-float inputs; an all -inf slice
// gives NaN, as upstream's decomposition computes). The expected output is what mlir-opt-19
// prints after decomposing the softmax (transform decompose_interface),
// lowering and running with mlir-cpu-runner-19 (third RUN line). The
// tensor program also runs after One-Shot Bufferize and the deallocation
// pipeline, with no leak or invalid access.
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// RUN: bufopt --one-shot-bufferize=bufferize-function-boundaries %s | bufopt --buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s --match-full-lines
// RUN: mlir-opt-19 %s --transform-preload-library=transform-library-paths=%S/Inputs/decompose-softmax.mlir --transform-interpreter -o %t.mlir && %S/../../../scripts/lower-and-run.sh %t.mlir | FileCheck %s --match-full-lines
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @show(%t: tensor<2x3x4xf32>) {
  %m = bufferization.to_memref %t read_only : memref<2x3x4xf32, strided<[?, ?, ?], offset: ?>>
  %u = memref.cast %m : memref<2x3x4xf32, strided<[?, ?, ?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @show2(%t: tensor<2x3xf32>) {
  %m = bufferization.to_memref %t read_only : memref<2x3xf32, strided<[?, ?], offset: ?>>
  %u = memref.cast %m : memref<2x3xf32, strided<[?, ?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[[[1.0, 2.0, 3.0, 4.0], [-1.0, 0.0, 1.0e3, 999.0], [0.5, 0.25, -0.125, 8.0]],
                             [[-3.0e38, -3.0e38, 0xFF800000, 0xFF800000], [7.0, 7.0, 7.0, 7.0], [88.0, -88.0, 1.0e-3, 20.0]]]> : tensor<2x3x4xf32>
  %e = tensor.empty() : tensor<2x3x4xf32>
  %s2 = linalg.softmax dimension(2) ins(%x : tensor<2x3x4xf32>) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  call @show(%s2) : (tensor<2x3x4xf32>) -> ()
  %s1 = linalg.softmax dimension(1) ins(%x : tensor<2x3x4xf32>) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  call @show(%s1) : (tensor<2x3x4xf32>) -> ()
  %s0 = linalg.softmax dimension(0) ins(%x : tensor<2x3x4xf32>) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  call @show(%s0) : (tensor<2x3x4xf32>) -> ()
  %inf = arith.constant dense<[[0xFF800000, 0xFF800000, 0xFF800000], [1.0, 1.0, 0.0]]> : tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %r = linalg.softmax dimension(1) ins(%inf : tensor<2x3xf32>) outs(%e2 : tensor<2x3xf32>) -> tensor<2x3xf32>
  call @show2(%r) : (tensor<2x3xf32>) -> ()
  return
}

// ---- Expected output: mlir-opt-19 decomposition, lowering and mlir-cpu-runner-19 (third RUN line) ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 3, 4] strides = [12, 4, 1] data = 
// CHECK-NEXT: {{\[\[\[}}0.0320586,    0.0871443,    0.236883,    0.643914], 
// CHECK-NEXT:   [0,    0,    0.731059,    0.268941], 
// CHECK-NEXT:   [0.000552377,    0.000430192,    0.000295666,    0.998722]], 
// CHECK-NEXT:  {{\[\[}}0.5,    0.5,    0,    0], 
// CHECK-NEXT:   [0.25,    0.25,    0.25,    0.25], 
// CHECK-NEXT:   [1,    0,    6.06066e-39,    2.93748e-30]]]
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 3, 4] strides = [12, 4, 1] data = 
// CHECK-NEXT: {{\[\[\[}}0.574097,    0.763878,    0,    0], 
// CHECK-NEXT:   [0.0776956,    0.10338,    1,    1], 
// CHECK-NEXT:   [0.348207,    0.132742,    0,    0]], 
// CHECK-NEXT:  {{\[\[}}0,    0,    0,    0], 
// CHECK-NEXT:   [6.63968e-36,    1,    0.999088,    2.26032e-06], 
// CHECK-NEXT:   [1,    5.52112e-42,    0.000911962,    0.999998]]]
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 3, 4] strides = [12, 4, 1] data = 
// CHECK-NEXT: {{\[\[\[}}1,    1,    1,    1], 
// CHECK-NEXT:   [0.00033535,    0.000911051,    1,    1], 
// CHECK-NEXT:   [9.98235e-39,    1,    0.468542,    6.14417e-06]], 
// CHECK-NEXT:  {{\[\[}}0,    0,    0,    0], 
// CHECK-NEXT:   [0.999665,    0.999089,    0,    0], 
// CHECK-NEXT:   [1,    4.71533e-39,    0.531458,    0.999994]]]
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}-nan,   -nan,   -nan], 
// CHECK-NEXT:  [0.422319,   0.422319,   0.155362]]
