// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Recursive in-place quicksort (Lomuto partition) over a dynamically sized
// memref<?xi32> filled by a linear congruential generator; the sorted
// buffer and a subview sorted separately are printed.
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @swap(%m: memref<?xi32, strided<[?], offset: ?>>, %i: index, %j: index) {
  %a = memref.load %m[%i] : memref<?xi32, strided<[?], offset: ?>>
  %b = memref.load %m[%j] : memref<?xi32, strided<[?], offset: ?>>
  memref.store %b, %m[%i] : memref<?xi32, strided<[?], offset: ?>>
  memref.store %a, %m[%j] : memref<?xi32, strided<[?], offset: ?>>
  return
}

// Sorts m[lo..hi] inclusive.
func.func @qsort(%m: memref<?xi32, strided<[?], offset: ?>>, %lo: index, %hi: index) {
  %c1 = arith.constant 1 : index
  %go = arith.cmpi slt, %lo, %hi : index
  scf.if %go {
    %pivot = memref.load %m[%hi] : memref<?xi32, strided<[?], offset: ?>>
    %store = scf.for %j = %lo to %hi step %c1 iter_args(%s = %lo) -> (index) {
      %x = memref.load %m[%j] : memref<?xi32, strided<[?], offset: ?>>
      %lt = arith.cmpi slt, %x, %pivot : i32
      %ns = scf.if %lt -> (index) {
        func.call @swap(%m, %s, %j) : (memref<?xi32, strided<[?], offset: ?>>, index, index) -> ()
        %s1 = arith.addi %s, %c1 : index
        scf.yield %s1 : index
      } else {
        scf.yield %s : index
      }
      scf.yield %ns : index
    }
    func.call @swap(%m, %store, %hi) : (memref<?xi32, strided<[?], offset: ?>>, index, index) -> ()
    %left = arith.subi %store, %c1 : index
    %right = arith.addi %store, %c1 : index
    %nonneg = arith.cmpi sgt, %store, %lo : index
    scf.if %nonneg {
      func.call @qsort(%m, %lo, %left) : (memref<?xi32, strided<[?], offset: ?>>, index, index) -> ()
    }
    func.call @qsort(%m, %right, %hi) : (memref<?xi32, strided<[?], offset: ?>>, index, index) -> ()
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 40 : index
  %m = memref.alloc(%n) : memref<?xi32>
  %seed = arith.constant 12345 : i32
  %mul = arith.constant 1103515245 : i32
  %inc = arith.constant 12345 : i32
  %mask = arith.constant 1023 : i32
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%x = %seed) -> (i32) {
    %y = arith.muli %x, %mul : i32
    %z = arith.addi %y, %inc : i32
    %sh = arith.constant 16 : i32
    %hi = arith.shrui %z, %sh : i32
    %v = arith.andi %hi, %mask : i32
    %off = arith.constant 500 : i32
    %w = arith.subi %v, %off : i32
    memref.store %w, %m[%i] : memref<?xi32>
    scf.yield %z : i32
  }
  %u = memref.cast %m : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  // Sort only the middle part [10, 30) through a subview first.
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  %c19 = arith.constant 19 : index
  %mid = memref.subview %m[%c10] [%c20] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
  %midd = memref.cast %mid : memref<?xi32, strided<[1], offset: ?>> to memref<?xi32, strided<[?], offset: ?>>
  call @qsort(%midd, %c0, %c19) : (memref<?xi32, strided<[?], offset: ?>>, index, index) -> ()
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %all = memref.cast %m : memref<?xi32> to memref<?xi32, strided<[?], offset: ?>>
  %hi = arith.subi %n, %c1 : index
  call @qsort(%all, %c0, %hi) : (memref<?xi32, strided<[?], offset: ?>>, index, index) -> ()
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %m : memref<?xi32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [40] strides = [1] data = 
// CHECK-NEXT: [488,  272,  113,  -74,  43,  185,  -215,  358,  -282,  497,  -72,  39,  42,  107,  -225,  124,  133,  376,  -247,  -484,  523,  37,  443,  -148,  41,  -240,  184,  192,  41,  14,  -457,  -174,  -380,  383,  326,  -2,  235,  363,  186,  451]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [40] strides = [1] data = 
// CHECK-NEXT: [488,  272,  113,  -74,  43,  185,  -215,  358,  -282,  497,  -484,  -247,  -240,  -225,  -148,  -72,  14,  37,  39,  41,  41,  42,  107,  124,  133,  184,  192,  376,  443,  523,  -457,  -174,  -380,  383,  326,  -2,  235,  363,  186,  451]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [40] strides = [1] data = 
// CHECK-NEXT: [-484,  -457,  -380,  -282,  -247,  -240,  -225,  -215,  -174,  -148,  -74,  -72,  -2,  14,  37,  39,  41,  41,  42,  43,  107,  113,  124,  133,  184,  185,  186,  192,  235,  272,  326,  358,  363,  376,  383,  443,  451,  488,  497,  523]
