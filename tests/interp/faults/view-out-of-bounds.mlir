// Accesses through a typed memref.view of an i8 buffer are checked against
// the view: an i32 store one element past a view of 3 i32s is reported at
// the store, with a note at the allocation of the underlying buffer, even
// though the bytes exist in the buffer. A view that does not fit in the
// buffer is reported at the memref.view. The clean entry stays in bounds
// and reads back through the i8 buffer what it wrote through the view.
// RUN: not bufopt-run %s -e past_view --arg 3 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not bufopt-run %s -e too_big 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: bufopt-run %s -e past_view --arg 2 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: {{error|warning}}

func.func @past_view(%i: index) -> i8 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %raw = memref.alloc() : memref<32xi8>
  %v = memref.view %raw[%c4][] : memref<32xi8> to memref<3xi32>
  %x = arith.constant 0x01020304 : i32
  // PAST: view-out-of-bounds.mlir:[[@LINE+1]]:3: error: out-of-bounds access: write at element 3 of a buffer of 3 elements
  memref.store %x, %v[%i] : memref<3xi32>
  // PAST: view-out-of-bounds.mlir:[[@LINE-5]]:10: note: allocated here
  %c12 = arith.constant 12 : index
  %b = memref.load %raw[%c12] : memref<32xi8>
  memref.dealloc %raw : memref<32xi8>
  return %b : i8
}

func.func @too_big() {
  %c8 = arith.constant 8 : index
  %raw = memref.alloc() : memref<32xi8>
  // BIG: view-out-of-bounds.mlir:[[@LINE+1]]:8: error: out-of-bounds access
  %v = memref.view %raw[%c8][] : memref<32xi8> to memref<4xf64>
  memref.dealloc %raw : memref<32xi8>
  return
}
