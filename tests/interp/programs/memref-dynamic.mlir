// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Dynamically shaped buffers: alloc with dynamic sizes, memref.dim, a
// function over memref<?x?xf64> called with two different shapes.
func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(memref<*xi64>) attributes {llvm.emit_c_interface}

func.func @fill_hilbert(%m: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf64>
  %cols = memref.dim %m, %c1 : memref<?x?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %s = arith.addi %i, %j : index
      %s1 = arith.addi %s, %c1 : index
      %si = arith.index_cast %s1 : index to i64
      %sf = arith.sitofp %si : i64 to f64
      %v = arith.divf %one, %sf : f64
      memref.store %v, %m[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

func.func @shape_of(%m: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.alloc() : memref<2xi64>
  %d0 = memref.dim %m, %c0 : memref<?x?xf64>
  %d1 = memref.dim %m, %c1 : memref<?x?xf64>
  %i0 = arith.index_cast %d0 : index to i64
  %i1 = arith.index_cast %d1 : index to i64
  memref.store %i0, %s[%c0] : memref<2xi64>
  memref.store %i1, %s[%c1] : memref<2xi64>
  %su = memref.cast %s : memref<2xi64> to memref<*xi64>
  call @printMemrefI64(%su) : (memref<*xi64>) -> ()
  memref.dealloc %s : memref<2xi64>
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc(%c3, %c5) : memref<?x?xf64>
  call @fill_hilbert(%a) : (memref<?x?xf64>) -> ()
  call @shape_of(%a) : (memref<?x?xf64>) -> ()
  %au = memref.cast %a : memref<?x?xf64> to memref<*xf64>
  call @printMemrefF64(%au) : (memref<*xf64>) -> ()
  %b = memref.alloc(%c5) : memref<?x2xf64>
  %bd = memref.cast %b : memref<?x2xf64> to memref<?x?xf64>
  call @fill_hilbert(%bd) : (memref<?x?xf64>) -> ()
  call @shape_of(%bd) : (memref<?x?xf64>) -> ()
  %bu = memref.cast %b : memref<?x2xf64> to memref<*xf64>
  call @printMemrefF64(%bu) : (memref<*xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x2xf64>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [2] strides = [1] data = 
// CHECK-NEXT: [3,  5]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   0.5,   0.333333,   0.25,   0.2], 
// CHECK-NEXT:  [0.5,   0.333333,   0.25,   0.2,   0.166667], 
// CHECK-NEXT:  [0.333333,   0.25,   0.2,   0.166667,   0.142857]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [2] strides = [1] data = 
// CHECK-NEXT: [5,  2]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [5, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   0.5], 
// CHECK-NEXT:  [0.5,   0.333333], 
// CHECK-NEXT:  [0.333333,   0.25], 
// CHECK-NEXT:  [0.25,   0.2], 
// CHECK-NEXT:  [0.2,   0.166667]]
