// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// tensor.generate with dynamic extents, tensor.pad with a constant and a
// computed padding value, and tensor.dim of the results.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

// Prints a tensor through a read-only view of its buffer.
func.func @show(%t: tensor<?x?xf32>) {
  %m = bufferization.to_memref %t read_only : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %u = memref.cast %m : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @make(%n: index, %m: index) -> tensor<?x?xf32> {
  %g = tensor.generate %n, %m {
  ^bb0(%i: index, %j: index):
    %ij = arith.muli %i, %j : index
    %s = arith.addi %ij, %i : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?xf32>
  return %g : tensor<?x?xf32>
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %g = call @make(%c3, %c2) : (index, index) -> tensor<?x?xf32>
  call @show(%g) : (tensor<?x?xf32>) -> ()
  %pv = arith.constant -0.5 : f32
  %p = tensor.pad %g low[1, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pv : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  call @show(%p) : (tensor<?x?xf32>) -> ()
  %s = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %c1 = arith.constant 1 : index
  %q = tensor.pad %s low[%c1, %c1] high[1, %c2] {
  ^bb0(%i: index, %j: index):
    %k = arith.addi %i, %j : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %neg = arith.negf %kf : f32
    tensor.yield %neg : f32
  } : tensor<2x2xf32> to tensor<?x?xf32>
  call @show(%q) : (tensor<?x?xf32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   0], 
// CHECK-NEXT:  [1,   2], 
// CHECK-NEXT:  [2,   4]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 4] strides = [4, 1] data = 
// CHECK-NEXT: {{\[\[}}-0.5,   -0.5,   -0.5,   -0.5], 
// CHECK-NEXT:  [0,   0,   -0.5,   -0.5], 
// CHECK-NEXT:  [1,   2,   -0.5,   -0.5], 
// CHECK-NEXT:  [2,   4,   -0.5,   -0.5]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}-0,   -1,   -2,   -3,   -4], 
// CHECK-NEXT:  [-1,   1,   2,   -4,   -5], 
// CHECK-NEXT:  [-2,   3,   4,   -5,   -6], 
// CHECK-NEXT:  [-3,   -4,   -5,   -6,   -7]]
