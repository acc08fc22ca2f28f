// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// A 6x4 by 4x6 matmul tiled by hand at the tensor level: nested scf.for
// over 2x3 output tiles with extract_slice of the operands, a linalg.matmul
// per tile and insert_slice into the loop-carried result (in-place after
// bufferization).
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %a = tensor.generate {
  ^bb0(%i: index, %k: index):
    %s = arith.subi %i, %k : index
    %v = arith.index_cast %s : index to i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<6x4xf32>
  %b = tensor.generate {
  ^bb0(%k: index, %j: index):
    %s = arith.addi %k, %j : index
    %r = arith.remui %s, %c3 : index
    %v = arith.index_cast %r : index to i32
    %f = arith.sitofp %v : i32 to f32
    %h = arith.constant 0.5 : f32
    %g = arith.mulf %f, %h : f32
    tensor.yield %g : f32
  } : tensor<4x6xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<6x6xf32>) -> tensor<6x6xf32>
  %res = scf.for %i = %c0 to %c6 step %c2 iter_args(%acc = %init) -> (tensor<6x6xf32>) {
    %row = scf.for %j = %c0 to %c6 step %c3 iter_args(%acc2 = %acc) -> (tensor<6x6xf32>) {
      %at = tensor.extract_slice %a[%i, 0] [2, 4] [1, 1] : tensor<6x4xf32> to tensor<2x4xf32>
      %bt = tensor.extract_slice %b[0, %j] [4, 3] [1, 1] : tensor<4x6xf32> to tensor<4x3xf32>
      %ct = tensor.extract_slice %acc2[%i, %j] [2, 3] [1, 1] : tensor<6x6xf32> to tensor<2x3xf32>
      %mt = linalg.matmul ins(%at, %bt : tensor<2x4xf32>, tensor<4x3xf32>) outs(%ct : tensor<2x3xf32>) -> tensor<2x3xf32>
      %upd = tensor.insert_slice %mt into %acc2[%i, %j] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<6x6xf32>
      scf.yield %upd : tensor<6x6xf32>
    }
    scf.yield %row : tensor<6x6xf32>
  }
  %m = bufferization.to_memref %res read_only : memref<6x6xf32>
  %u = memref.cast %m : memref<6x6xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [6, 6] strides = [6, 1] data = 
// CHECK-NEXT: {{\[\[}}-2.5,   -2.5,   -4,   -2.5,   -2.5,   -4], 
// CHECK-NEXT:  [-1,   -0.5,   -1.5,   -1,   -0.5,   -1.5], 
// CHECK-NEXT:  [0.5,   1.5,   1,   0.5,   1.5,   1], 
// CHECK-NEXT:  [2,   3.5,   3.5,   2,   3.5,   3.5], 
// CHECK-NEXT:  [3.5,   5.5,   6,   3.5,   5.5,   6], 
// CHECK-NEXT:  [5,   7.5,   8.5,   5,   7.5,   8.5]]
