// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// A 3x4 f32 buffer filled by loops and printed whole, plus a 1-d row
// view, a 0-d buffer and an alloca.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<3x4xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %c10 = arith.constant 10 : i32
      %t = arith.muli %ii, %c10 : i32
      %s = arith.addi %t, %jj : i32
      %f = arith.sitofp %s : i32 to f32
      %q = arith.constant 0.25 : f32
      %g = arith.mulf %f, %q : f32
      memref.store %g, %m[%i, %j] : memref<3x4xf32>
    }
  }
  %u = memref.cast %m : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %z = memref.alloca() : memref<f32>
  %v = memref.load %m[%c1, %c3] : memref<3x4xf32>
  memref.store %v, %z[] : memref<f32>
  %zu = memref.cast %z : memref<f32> to memref<*xf32>
  call @printMemrefF32(%zu) : (memref<*xf32>) -> ()
  %one = memref.alloc() : memref<1x1xf32>
  memref.store %v, %one[%c0, %c0] : memref<1x1xf32>
  %ou = memref.cast %one : memref<1x1xf32> to memref<*xf32>
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  memref.dealloc %one : memref<1x1xf32>
  memref.dealloc %m : memref<3x4xf32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   0.25,   0.5,   0.75], 
// CHECK-NEXT:  [2.5,   2.75,   3,   3.25], 
// CHECK-NEXT:  [5,   5.25,   5.5,   5.75]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 0 offset = 0 sizes = [] strides = [] data = 
// CHECK-NEXT: [3.25]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [1, 1] strides = [1, 1] data = 
// CHECK-NEXT: {{\[\[}}3.25]]
