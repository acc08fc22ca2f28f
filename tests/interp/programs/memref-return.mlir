// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Buffers crossing function boundaries: a function allocating and
// returning a buffer (freed by the caller), one returning a subview of its
// argument, and a memref passed through scf.if results.
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @range(%n: index) -> memref<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc(%n) : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %v = arith.index_cast %i : index to i32
    %s = arith.muli %v, %v : i32
    memref.store %s, %m[%i] : memref<?xi32>
  }
  return %m : memref<?xi32>
}

func.func @tail(%m: memref<?xi32>, %from: index) -> memref<?xi32, strided<[1], offset: ?>> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  %len = arith.subi %n, %from : index
  %v = memref.subview %m[%from] [%len] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
  return %v : memref<?xi32, strided<[1], offset: ?>>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %a = call @range(%c7) : (index) -> memref<?xi32>
  %b = call @range(%c3) : (index) -> memref<?xi32>
  %au = memref.cast %a : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%au) : (memref<*xi32>) -> ()
  %t = call @tail(%a, %c3) : (memref<?xi32>, index) -> memref<?xi32, strided<[1], offset: ?>>
  %tu = memref.cast %t : memref<?xi32, strided<[1], offset: ?>> to memref<*xi32>
  call @printMemrefI32(%tu) : (memref<*xi32>) -> ()
  %c0 = arith.constant 0 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %pick = arith.cmpi sgt, %d, %c3 : index
  %c = scf.if %pick -> (memref<?xi32>) {
    scf.yield %b : memref<?xi32>
  } else {
    scf.yield %a : memref<?xi32>
  }
  %cu = memref.cast %c : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%cu) : (memref<*xi32>) -> ()
  memref.dealloc %b : memref<?xi32>
  memref.dealloc %a : memref<?xi32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [7] strides = [1] data = 
// CHECK-NEXT: [0,  1,  4,  9,  16,  25,  36]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 3 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [9,  16,  25,  36]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [3] strides = [1] data = 
// CHECK-NEXT: [0,  1,  4]
