// A buffer grown one element at a time in a loop (the growing branch of
// each realloc copies and frees the old buffer), then shrunk twice (the
// shrinking branch views the old buffer), printed and freed. Run as is
// (bufopt-run implements memref.realloc) and after expand-realloc: the same
// output, no leak, no double free. Without the deallocations every
// grown-from buffer leaks. expand-realloc-vs-mlir-opt.mlir runs it after
// mlir-opt-19's expansion, and compiled by mlir-cpu-runner-19.
// RUN: bufopt-run --strict %s | FileCheck %s
// RUN: bufopt --expand-realloc %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s --check-prefixes=CHECK,STATS
// RUN: bufopt --expand-realloc=emit-deallocs=false %s | not bufopt-run --strict - 2>&1 | FileCheck %s --check-prefix=LEAK

// CHECK-NOT: {{error|warning}}
// CHECK: sizes = [6] strides = [1] data =
// CHECK-NEXT: [0,  1,  4,  9,  16,  25]
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [0,  1,  4,  9]
// CHECK: sizes = [2] strides = [1] data =
// CHECK-NEXT: [0,  1]
// CHECK-NOT: {{error|warning}}
// One allocation per growth (the first buffer and five reallocs), all freed.
// STATS: allocations: 6
// STATS: deallocations: 6

// The buffers of sizes 1 to 5 are left behind by the growing reallocs.
// LEAK-COUNT-5: error: memory leak: {{[0-9]+}} bytes allocated here are never freed
// LEAK-NOT: memory leak

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %first = memref.alloc() : memref<1xi32>
  %zero = arith.constant 0 : i32
  memref.store %zero, %first[%c0] : memref<1xi32>
  %start = memref.cast %first : memref<1xi32> to memref<?xi32>
  // Append i*i for i = 1..5, growing by one each time.
  %grown = scf.for %i = %c1 to %c6 step %c1 iter_args(%buf = %start) -> (memref<?xi32>) {
    %n = arith.addi %i, %c1 : index
    %bigger = memref.realloc %buf(%n) : memref<?xi32> to memref<?xi32>
    %v = arith.index_cast %i : index to i32
    %sq = arith.muli %v, %v : i32
    memref.store %sq, %bigger[%i] : memref<?xi32>
    scf.yield %bigger : memref<?xi32>
  }
  %u = memref.cast %grown : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  // Shrink to a static size, then to a dynamic one.
  %four = memref.realloc %grown : memref<?xi32> to memref<4xi32>
  %u4 = memref.cast %four : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u4) : (memref<*xi32>) -> ()
  %c2 = arith.constant 2 : index
  %two = memref.realloc %four(%c2) : memref<4xi32> to memref<?xi32>
  %u2 = memref.cast %two : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
  memref.dealloc %two : memref<?xi32>
  return
}
