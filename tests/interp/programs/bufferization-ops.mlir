// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// bufferization dialect ops at the tensor level: alloc_tensor (with and
// without copy), to_memref / to_tensor round trips, and
// materialize_in_destination into a buffer.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %a = bufferization.alloc_tensor() copy(%cst) : tensor<2x3xf32>
  %v = arith.constant 9.5 : f32
  %a2 = tensor.insert %v into %a[%c1, %c1] : tensor<2x3xf32>
  %m = bufferization.to_memref %a2 : memref<2x3xf32>
  %mu = memref.cast %m : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%mu) : (memref<*xf32>) -> ()
  %b = bufferization.alloc_tensor(%c3) : tensor<?xf32>
  %filled = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %b) -> (tensor<?xf32>) {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %t2 = tensor.insert %f into %t[%i] : tensor<?xf32>
    scf.yield %t2 : tensor<?xf32>
  }
  %buf = memref.alloc(%c3) : memref<?xf32>
  bufferization.materialize_in_destination %filled in restrict writable %buf : (tensor<?xf32>, memref<?xf32>) -> ()
  %bu = memref.cast %buf : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%bu) : (memref<*xf32>) -> ()
  // A buffer seen as a tensor, read, and summed.
  %src = memref.alloc() : memref<4xf32>
  %two = arith.constant 2.0 : f32
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %two, %src[%i] : memref<4xf32>
  }
  %t = bufferization.to_tensor %src restrict : memref<4xf32>
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = tensor.extract %t[%i] : tensor<4xf32>
    %n = arith.addf %acc, %x : f32
    scf.yield %n : f32
  }
  %out = memref.alloc() : memref<f32>
  memref.store %sum, %out[] : memref<f32>
  %ou = memref.cast %out : memref<f32> to memref<*xf32>
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<f32>
  memref.dealloc %src : memref<4xf32>
  memref.dealloc %buf : memref<?xf32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   2,   3], 
// CHECK-NEXT:  [4,   9.5,   6]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [3] strides = [1] data = 
// CHECK-NEXT: [0,  1,  2]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 0 offset = 0 sizes = [] strides = [] data = 
// CHECK-NEXT: [8]
