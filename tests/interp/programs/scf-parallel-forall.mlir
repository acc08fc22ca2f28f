// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// scf.parallel over a 2-d buffer, scf.parallel with an scf.reduce, and
// scf.forall on a tensor with parallel_insert_slice.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<3x4xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) {
    %p = arith.muli %i, %j : index
    %pi = arith.index_cast %p : index to i32
    %f = arith.sitofp %pi : i32 to f32
    memref.store %f, %m[%i, %j] : memref<3x4xf32>
  }
  %u = memref.cast %m : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %zero = arith.constant 0.0 : f32
  %sum = scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c4) step (%c1, %c2) init (%zero) -> f32 {
    %v = memref.load %m[%i, %j] : memref<3x4xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  %out = memref.alloc() : memref<1xf32>
  memref.store %sum, %out[%c0] : memref<1xf32>
  %ou = memref.cast %out : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  // Each forall iteration writes one row of the result tensor.
  %init = tensor.empty() : tensor<4x3xf32>
  %t = scf.forall (%i) in (4) shared_outs(%o = %init) -> (tensor<4x3xf32>) {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %row = tensor.splat %f : tensor<1x3xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row into %o[%i, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<4x3xf32>
    }
  }
  %tm = bufferization.to_memref %t read_only : memref<4x3xf32>
  %tu = memref.cast %tm : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<1xf32>
  memref.dealloc %m : memref<3x4xf32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   0,   0,   0], 
// CHECK-NEXT:  [0,   1,   2,   3], 
// CHECK-NEXT:  [0,   2,   4,   6]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [1] strides = [1] data = 
// CHECK-NEXT: [6]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   0,   0], 
// CHECK-NEXT:  [1,   1,   1], 
// CHECK-NEXT:  [2,   2,   2], 
// CHECK-NEXT:  [3,   3,   3]]
