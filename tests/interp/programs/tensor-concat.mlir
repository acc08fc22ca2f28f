// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// tensor.concat along the inner and the outer dimension (static and
// dynamic sizes) and arith.addui_extended (sum and carry). The oracle
// script decomposes the concats first (One-Shot Bufferize cannot).
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @showf(%t: tensor<?x?xf32>) {
  %m = bufferization.to_memref %t read_only : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %u = memref.cast %m : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @showi(%t: tensor<4xi32>) {
  %m = bufferization.to_memref %t read_only : memref<4xi32, strided<[?], offset: ?>>
  %u = memref.cast %m : memref<4xi32, strided<[?], offset: ?>> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @cat(%a: tensor<2x3xf32>, %b: tensor<2x?xf32>, %c: tensor<?x3xf32>) {
  %inner = tensor.concat dim(1) %a, %b, %a : (tensor<2x3xf32>, tensor<2x?xf32>, tensor<2x3xf32>) -> tensor<2x?xf32>
  %i = tensor.cast %inner : tensor<2x?xf32> to tensor<?x?xf32>
  call @showf(%i) : (tensor<?x?xf32>) -> ()
  %outer = tensor.concat dim(0) %c, %a : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<?x3xf32>
  %o = tensor.cast %outer : tensor<?x3xf32> to tensor<?x?xf32>
  call @showf(%o) : (tensor<?x?xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b0 = arith.constant dense<[[10.0], [20.0]]> : tensor<2x1xf32>
  %b = tensor.cast %b0 : tensor<2x1xf32> to tensor<2x?xf32>
  %c0 = arith.constant dense<[[-1.0, -2.0, -3.0]]> : tensor<1x3xf32>
  %c = tensor.cast %c0 : tensor<1x3xf32> to tensor<?x3xf32>
  call @cat(%a, %b, %c) : (tensor<2x3xf32>, tensor<2x?xf32>, tensor<?x3xf32>) -> ()
  %m1 = arith.constant -1 : i32
  %one = arith.constant 1 : i32
  %seven = arith.constant 7 : i32
  %eight = arith.constant 8 : i32
  call @carry(%m1, %one, %seven, %eight) : (i32, i32, i32, i32) -> ()
  return
}

func.func @carry(%a: i32, %b: i32, %c: i32, %d: i32) {
  %s1, %o1 = arith.addui_extended %a, %b : i32, i1
  %s2, %o2 = arith.addui_extended %c, %d : i32, i1
  %w1 = arith.extui %o1 : i1 to i32
  %w2 = arith.extui %o2 : i1 to i32
  %t = tensor.from_elements %s1, %w1, %s2, %w2 : tensor<4xi32>
  call @showi(%t) : (tensor<4xi32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 7] strides = [7, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   2,   3,   10,   1,   2,   3], 
// CHECK-NEXT:  [4,   5,   6,   20,   4,   5,   6]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}-1,   -2,   -3], 
// CHECK-NEXT:  [1,   2,   3], 
// CHECK-NEXT:  [4,   5,   6]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [0,  1,  15,  0]
