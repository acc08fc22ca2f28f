// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// linalg.matmul on tensors (4x3 times 3x5 into a zero-filled 4x5), then a
// second matmul accumulating into the result, and linalg.matvec.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [-1.0, 0.5, 0.25], [0.0, 0.0, 1.0]]> : tensor<4x3xf32>
  %b = arith.constant dense<[[1.0, 0.0, 2.0, -1.0, 0.5], [0.0, 1.0, 1.0, 2.0, 0.5], [3.0, -2.0, 0.0, 1.0, 0.5]]> : tensor<3x5xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %c = linalg.matmul ins(%a, %b : tensor<4x3xf32>, tensor<3x5xf32>) outs(%init : tensor<4x5xf32>) -> tensor<4x5xf32>
  %cu_m = bufferization.to_memref %c read_only : memref<4x5xf32>
  %cu = memref.cast %cu_m : memref<4x5xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  %c2 = linalg.matmul ins(%a, %b : tensor<4x3xf32>, tensor<3x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  %c2u_m = bufferization.to_memref %c2 read_only : memref<4x5xf32>
  %c2u = memref.cast %c2u_m : memref<4x5xf32> to memref<*xf32>
  call @printMemrefF32(%c2u) : (memref<*xf32>) -> ()
  %x = arith.constant dense<[1.0, -1.0, 2.0]> : tensor<3xf32>
  %ye = tensor.empty() : tensor<4xf32>
  %y0 = linalg.fill ins(%zero : f32) outs(%ye : tensor<4xf32>) -> tensor<4xf32>
  %y = linalg.matvec ins(%a, %x : tensor<4x3xf32>, tensor<3xf32>) outs(%y0 : tensor<4xf32>) -> tensor<4xf32>
  %yu_m = bufferization.to_memref %y read_only : memref<4xf32>
  %yu = memref.cast %yu_m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%yu) : (memref<*xf32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}10,   -4,   4,   6,   3], 
// CHECK-NEXT:  [22,   -7,   13,   12,   7.5], 
// CHECK-NEXT:  [-0.25,   0,   -1.5,   2.25,   -0.125], 
// CHECK-NEXT:  [3,   -2,   0,   1,   0.5]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}20,   -8,   8,   12,   6], 
// CHECK-NEXT:  [44,   -14,   26,   24,   15], 
// CHECK-NEXT:  [-0.5,   0,   -3,   4.5,   -0.25], 
// CHECK-NEXT:  [6,   -4,   0,   2,   1]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [5,  11,  -1,  2]
