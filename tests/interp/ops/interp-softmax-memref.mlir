// linalg.softmax on memrefs, which upstream's decomposition cannot lower
// (it builds tensors): the input is read through a strided view and the
// result written into the middle columns of a larger buffer, around
// which the zeros stay. Each result must equal the softmax of the same
// values as tensors (printed first; those are checked against mlir-opt-19
// in interp-softmax-op.mlir), and the rows hold known values: softmax of
// [1, 1, 0] is [e, e, 1] / (2e + 1), an all -inf row is NaN.
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %x = arith.constant dense<[[0xFF800000, 0xFF800000, 0xFF800000], [1.0, 1.0, 0.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %t = linalg.softmax dimension(1) ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %tm = bufferization.to_memref %t read_only : memref<2x3xf32>
  %tu = memref.cast %tm : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%tu) : (memref<*xf32>) -> ()

  // The input transposed in a 3x2 buffer, read back through a transposed view.
  %src = memref.alloc() : memref<3x2xf32>
  %xm = bufferization.to_memref %x read_only : memref<2x3xf32>
  %srct = memref.transpose %src (i, j) -> (j, i) : memref<3x2xf32> to memref<2x3xf32, strided<[1, 2]>>
  memref.copy %xm, %srct : memref<2x3xf32> to memref<2x3xf32, strided<[1, 2]>>
  %buf = memref.alloc() : memref<2x5xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%buf : memref<2x5xf32>)
  %view = memref.subview %buf[0, 1] [2, 3] [1, 1] : memref<2x5xf32> to memref<2x3xf32, strided<[5, 1], offset: 1>>
  linalg.softmax dimension(1) ins(%srct : memref<2x3xf32, strided<[1, 2]>>) outs(%view : memref<2x3xf32, strided<[5, 1], offset: 1>>)
  %u = memref.cast %buf : memref<2x5xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  // Along dimension 0, in place: input and output are the same buffer.
  linalg.softmax dimension(0) ins(%src : memref<3x2xf32>) outs(%src : memref<3x2xf32>)
  %su = memref.cast %src : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  memref.dealloc %buf : memref<2x5xf32>
  memref.dealloc %src : memref<3x2xf32>
  return
}

// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}-nan,   -nan,   -nan], 
// CHECK-NEXT:  [0.422319,   0.422319,   0.155362]]
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   -nan,   -nan,   -nan,   0], 
// CHECK-NEXT:  [0,   0.422319,   0.422319,   0.155362,   0]]
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}-nan,   0.422319], 
// CHECK-NEXT:  [-nan,   0.422319], 
// CHECK-NEXT:  [-nan,   0.155362]]
