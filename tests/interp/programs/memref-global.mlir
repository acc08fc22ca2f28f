// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// memref.global: a constant table read through get_global, a mutable
// global counter updated across calls, and a private uninitialized global.
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

memref.global "private" constant @table : memref<2x3xi32> = dense<[[1, -2, 3], [40, 50, -60]]>
memref.global "private" @counter : memref<i32> = dense<0>
memref.global "private" @scratch : memref<4xf32> = uninitialized
memref.global @weights : memref<4xf32> = dense<[0.5, 1.5, -2.25, 1.0e8]>

func.func @bump(%by: i32) -> i32 {
  %g = memref.get_global @counter : memref<i32>
  %v = memref.load %g[] : memref<i32>
  %n = arith.addi %v, %by : i32
  memref.store %n, %g[] : memref<i32>
  return %n : i32
}

func.func @main() {
  %t = memref.get_global @table : memref<2x3xi32>
  %tu = memref.cast %t : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%tu) : (memref<*xi32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %c3 step %c1 {
    %x = memref.load %t[%c1, %j] : memref<2x3xi32>
    %r = func.call @bump(%x) : (i32) -> i32
  }
  %g = memref.get_global @counter : memref<i32>
  %gu = memref.cast %g : memref<i32> to memref<*xi32>
  call @printMemrefI32(%gu) : (memref<*xi32>) -> ()
  %w = memref.get_global @weights : memref<4xf32>
  %s = memref.get_global @scratch : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %w[%i] : memref<4xf32>
    %y = arith.mulf %x, %x : f32
    memref.store %y, %s[%i] : memref<4xf32>
  }
  %su = memref.cast %s : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   -2,   3], 
// CHECK-NEXT:  [40,   50,   -60]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 0 offset = 0 sizes = [] strides = [] data = 
// CHECK-NEXT: [30]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [0.25,  2.25,  5.0625,  1e+16]
