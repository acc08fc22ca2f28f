// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// linalg.generic on buffers: an elementwise op with a broadcast operand
// (row vector), a reduction over the inner dimension, and a transpose
// through indexing maps; linalg.fill and linalg.copy on memrefs.
func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
#red = affine_map<(i, j) -> (i)>
#tr = affine_map<(i, j) -> (j, i)>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<3x4xf64>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %s = arith.muli %i, %c4 : index
      %t = arith.addi %s, %j : index
      %ti = arith.index_cast %t : index to i64
      %f = arith.sitofp %ti : i64 to f64
      memref.store %f, %a[%i, %j] : memref<3x4xf64>
    }
  }
  %bias = memref.alloc() : memref<4xf64>
  %half = arith.constant 0.5 : f64
  linalg.fill ins(%half : f64) outs(%bias : memref<4xf64>)
  %m2 = arith.constant -2.0 : f64
  memref.store %m2, %bias[%c1] : memref<4xf64>
  %out = memref.alloc() : memref<3x4xf64>
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %bias : memref<3x4xf64>, memref<4xf64>) outs(%out : memref<3x4xf64>) {
  ^bb0(%x: f64, %b: f64, %o: f64):
    %m = arith.mulf %x, %b : f64
    linalg.yield %m : f64
  }
  %ou = memref.cast %out : memref<3x4xf64> to memref<*xf64>
  call @printMemrefF64(%ou) : (memref<*xf64>) -> ()
  %sum = memref.alloc() : memref<3xf64>
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%sum : memref<3xf64>)
  linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]}
      ins(%out : memref<3x4xf64>) outs(%sum : memref<3xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %n = arith.addf %acc, %x : f64
    linalg.yield %n : f64
  }
  %su = memref.cast %sum : memref<3xf64> to memref<*xf64>
  call @printMemrefF64(%su) : (memref<*xf64>) -> ()
  %tr = memref.alloc() : memref<4x3xf64>
  linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<3x4xf64>) outs(%tr : memref<4x3xf64>) {
  ^bb0(%x: f64, %o: f64):
    linalg.yield %x : f64
  }
  %tu = memref.cast %tr : memref<4x3xf64> to memref<*xf64>
  call @printMemrefF64(%tu) : (memref<*xf64>) -> ()
  // linalg.index inside a generic, and a copy into a strided view.
  %idx = memref.alloc() : memref<3x4xf64>
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%idx : memref<3x4xf64>) {
  ^bb0(%o: f64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.subi %j, %i : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    linalg.yield %kf : f64
  }
  %view = memref.subview %a[0, 1] [3, 2] [1, 2] : memref<3x4xf64> to memref<3x2xf64, strided<[4, 2], offset: 1>>
  %src = memref.subview %idx[0, 0] [3, 2] [1, 1] : memref<3x4xf64> to memref<3x2xf64, strided<[4, 1]>>
  linalg.copy ins(%src : memref<3x2xf64, strided<[4, 1]>>) outs(%view : memref<3x2xf64, strided<[4, 2], offset: 1>>)
  %au = memref.cast %a : memref<3x4xf64> to memref<*xf64>
  call @printMemrefF64(%au) : (memref<*xf64>) -> ()
  memref.dealloc %a : memref<3x4xf64>
  memref.dealloc %bias : memref<4xf64>
  memref.dealloc %out : memref<3x4xf64>
  memref.dealloc %sum : memref<3xf64>
  memref.dealloc %tr : memref<4x3xf64>
  memref.dealloc %idx : memref<3x4xf64>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   -2,   1,   1.5], 
// CHECK-NEXT:  [2,   -10,   3,   3.5], 
// CHECK-NEXT:  [4,   -18,   5,   5.5]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [3] strides = [1] data = 
// CHECK-NEXT: [0.5,  -1.5,  -3.5]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   4,   8], 
// CHECK-NEXT:  [1,   5,   9], 
// CHECK-NEXT:  [2,   6,   10], 
// CHECK-NEXT:  [3,   7,   11]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   0,   2,   1], 
// CHECK-NEXT:  [4,   -1,   6,   0], 
// CHECK-NEXT:  [8,   -2,   10,   -1]]
