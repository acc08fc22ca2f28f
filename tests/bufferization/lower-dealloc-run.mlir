// Programs with bufferization.dealloc (conditions, retained values, memrefs
// that alias each other or a retained value) lowered by
// -bufferization-lower-deallocations and executed: every buffer is freed
// exactly once (bufopt-run --strict fails on a leak or a double free) and
// the ownerships the deallocs return are printed. The same programs lowered
// by mlir-opt-19 print the same.
// RUN: bufopt -bufferization-lower-deallocations %s -o %t.b.mlir
// RUN: bufopt-run --strict %t.b.mlir | FileCheck %s --match-full-lines
// RUN: mlir-opt-19 -bufferization-lower-deallocations %s -o %t.m.mlir
// RUN: bufopt-run --strict %t.m.mlir | FileCheck %s --match-full-lines

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print_bit(%b: i1) {
  %v = arith.extui %b : i1 to i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// One memref, nothing retained: freed under its condition.
func.func @one_memref(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a : memref<4xf32>) if (%c)
  %true = arith.constant true
  %not = arith.xori %c, %true : i1
  bufferization.dealloc (%a : memref<4xf32>) if (%not)
  return
}

// One memref and retained values: %a is kept while it is retained, and the
// retained value that aliases it takes over the ownership.
func.func @one_memref_retained(%c: i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<8xf32>
  %ac = memref.cast %a : memref<4xf32> to memref<?xf32>
  %own:2 = bufferization.dealloc (%a : memref<4xf32>) if (%c) retain (%b, %ac : memref<8xf32>, memref<?xf32>)
  // CHECK: 0
  call @print_bit(%own#0) : (i1) -> ()
  // CHECK-NEXT: 1
  call @print_bit(%own#1) : (i1) -> ()
  bufferization.dealloc (%ac : memref<?xf32>) if (%own#1)
  bufferization.dealloc (%b : memref<8xf32>) if (%true)
  return
}

// The general case: two of the memrefs are the same buffer (freed once),
// one aliases a retained value (not freed; its condition becomes the
// ownership), one is freed under a false condition (not freed).
func.func @general(%t: i1, %f: i1) -> (i1, i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<2xi32>
  %r = memref.alloc() : memref<3xf32>
  %x = memref.alloc() : memref<5xf32>
  %ac = memref.cast %a : memref<4xf32> to memref<?xf32>
  %own:2 = bufferization.dealloc (%a, %ac, %b, %r, %x : memref<4xf32>, memref<?xf32>, memref<2xi32>, memref<3xf32>, memref<5xf32>)
      if (%t, %t, %t, %t, %f) retain (%r, %x : memref<3xf32>, memref<5xf32>)
  bufferization.dealloc (%r : memref<3xf32>) if (%own#0)
  %not = arith.xori %own#1, %t : i1
  bufferization.dealloc (%x : memref<5xf32>) if (%not)
  return %own#0, %own#1 : i1, i1
}

// Nothing to free: nothing retained is owned.
func.func @nothing(%m: memref<2xf32>) -> i1 {
  %own = bufferization.dealloc retain (%m : memref<2xf32>)
  return %own : i1
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  call @one_memref(%true) : (i1) -> ()
  call @one_memref(%false) : (i1) -> ()
  call @one_memref_retained(%true) : (i1) -> ()
  %o:2 = call @general(%true, %false) : (i1, i1) -> (i1, i1)
  // CHECK-NEXT: 1
  call @print_bit(%o#0) : (i1) -> ()
  // CHECK-NEXT: 0
  call @print_bit(%o#1) : (i1) -> ()
  %m = memref.alloc() : memref<2xf32>
  %n = call @nothing(%m) : (memref<2xf32>) -> i1
  // CHECK-NEXT: 0
  call @print_bit(%n) : (i1) -> ()
  memref.dealloc %m : memref<2xf32>
  return
}
