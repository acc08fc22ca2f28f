// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Tensors carried through scf.for and scf.if: a prefix-sum computed in
// place over iterations, a conditional update, and a function that takes
// and returns a tensor across the function boundary.
func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}

// Prints a tensor through a read-only view of its buffer.
func.func @show(%t: tensor<?xf64>) {
  %m = bufferization.to_memref %t read_only : memref<?xf64, strided<[?], offset: ?>>
  %u = memref.cast %m : memref<?xf64, strided<[?], offset: ?>> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}

func.func @prefix_sum(%t: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf64>
  %r = scf.for %i = %c1 to %n step %c1 iter_args(%acc = %t) -> (tensor<?xf64>) {
    %im1 = arith.subi %i, %c1 : index
    %prev = tensor.extract %acc[%im1] : tensor<?xf64>
    %cur = tensor.extract %acc[%i] : tensor<?xf64>
    %s = arith.addf %prev, %cur : f64
    %u = tensor.insert %s into %acc[%i] : tensor<?xf64>
    scf.yield %u : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}

func.func @clamp_first(%t: tensor<?xf64>, %limit: f64) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %t[%c0] : tensor<?xf64>
  %big = arith.cmpf ogt, %v, %limit : f64
  %r = scf.if %big -> (tensor<?xf64>) {
    %u = tensor.insert %limit into %t[%c0] : tensor<?xf64>
    scf.yield %u : tensor<?xf64>
  } else {
    scf.yield %t : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}

func.func @main() {
  %init = arith.constant dense<[1.5, 2.0, -0.25, 10.0, 3.0e3, 0.125]> : tensor<6xf64>
  %d = tensor.cast %init : tensor<6xf64> to tensor<?xf64>
  %p = call @prefix_sum(%d) : (tensor<?xf64>) -> tensor<?xf64>
  call @show(%p) : (tensor<?xf64>) -> ()
  %one = arith.constant 1.0 : f64
  %c = call @clamp_first(%p, %one) : (tensor<?xf64>, f64) -> tensor<?xf64>
  call @show(%c) : (tensor<?xf64>) -> ()
  %ten = arith.constant 10.0 : f64
  %c2 = call @clamp_first(%p, %ten) : (tensor<?xf64>, f64) -> tensor<?xf64>
  call @show(%c2) : (tensor<?xf64>) -> ()
  // The original constant is untouched.
  call @show(%d) : (tensor<?xf64>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [1.5,  3.5,  3.25,  13.25,  3013.25,  3013.38]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [1,  3.5,  3.25,  13.25,  3013.25,  3013.38]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [1.5,  3.5,  3.25,  13.25,  3013.25,  3013.38]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [1.5,  2,  -0.25,  10,  3000,  0.125]
