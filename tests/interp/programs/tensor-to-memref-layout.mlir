// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// bufferization.to_memref of tensor slices whose result types carry a
// static strided layout: the printed descriptors must match those types
// (strides of the enclosing buffer, the slice's offset).
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %big = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c8 = arith.constant 8 : index
    %k = arith.muli %i, %c8 : index
    %l = arith.addi %k, %j : index
    %v = arith.index_cast %l : index to i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<4x8xf32>
  %s = tensor.extract_slice %big[1, 2] [2, 3] [1, 1] : tensor<4x8xf32> to tensor<2x3xf32>
  %m = bufferization.to_memref %s read_only : memref<2x3xf32, strided<[8, 1], offset: 10>>
  %u = memref.cast %m : memref<2x3xf32, strided<[8, 1], offset: 10>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %t = tensor.extract_slice %big[0, 1] [2, 2] [2, 3] : tensor<4x8xf32> to tensor<2x2xf32>
  %n = bufferization.to_memref %t read_only : memref<2x2xf32, strided<[16, 3], offset: 1>>
  %v = memref.cast %n : memref<2x2xf32, strided<[16, 3], offset: 1>> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 10 sizes = [2, 3] strides = [8, 1] data = 
// CHECK-NEXT: {{\[\[}}10,   11,   12], 
// CHECK-NEXT:  [18,   19,   20]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 1 sizes = [2, 2] strides = [16, 3] data = 
// CHECK-NEXT: {{\[\[}}1,   4], 
// CHECK-NEXT:  [17,   20]]
