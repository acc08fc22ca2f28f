// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// The elementwise named linalg ops (add, sub, mul, div, max, min) on f32
// tensors, chained through tensor.empty destinations, and on buffers.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @show(%t: tensor<2x3xf32>) {
  %m = bufferization.to_memref %t read_only : memref<2x3xf32, strided<[?, ?], offset: ?>>
  %u = memref.cast %m : memref<2x3xf32, strided<[?, ?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[0.5, -2.0, 8.0], [4.0, 0.25, -1.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %add = linalg.add ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  call @show(%add) : (tensor<2x3xf32>) -> ()
  %sub = linalg.sub ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  call @show(%sub) : (tensor<2x3xf32>) -> ()
  %mul = linalg.mul ins(%add, %sub : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  call @show(%mul) : (tensor<2x3xf32>) -> ()
  %div = linalg.div ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  call @show(%div) : (tensor<2x3xf32>) -> ()
  %max = linalg.max ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  call @show(%max) : (tensor<2x3xf32>) -> ()
  %min = linalg.min ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  call @show(%min) : (tensor<2x3xf32>) -> ()
  // On buffers: accumulate in place.
  %ma = bufferization.to_memref %a read_only : memref<2x3xf32>
  %acc = memref.alloc() : memref<2x3xf32>
  linalg.copy ins(%ma : memref<2x3xf32>) outs(%acc : memref<2x3xf32>)
  linalg.add ins(%acc, %ma : memref<2x3xf32>, memref<2x3xf32>) outs(%acc : memref<2x3xf32>)
  linalg.mul ins(%acc, %acc : memref<2x3xf32>, memref<2x3xf32>) outs(%acc : memref<2x3xf32>)
  %u = memref.cast %acc : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %acc : memref<2x3xf32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}1.5,   0,   11], 
// CHECK-NEXT:  [8,   5.25,   5]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}0.5,   4,   -5], 
// CHECK-NEXT:  [0,   4.75,   7]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}0.75,   0,   -55], 
// CHECK-NEXT:  [0,   24.9375,   35]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}2,   -1,   0.375], 
// CHECK-NEXT:  [1,   20,   -6]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   2,   8], 
// CHECK-NEXT:  [4,   5,   6]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}0.5,   -2,   3], 
// CHECK-NEXT:  [4,   0.25,   -1]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}4,   16,   36], 
// CHECK-NEXT:  [64,   100,   144]]
