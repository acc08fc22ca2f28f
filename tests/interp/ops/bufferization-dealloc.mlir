// bufferization.dealloc as the op's documentation defines it: each
// allocation named by a base buffer is freed at most once, when one of its
// conditions holds and no retained value lives in it; each updated
// condition is the disjunction of the conditions of the memrefs that alias
// the retained value. Base buffers come from extract_strided_metadata, of
// the buffer itself or of a subview (both name the whole allocation).
// RUN: bufopt-run --strict --stats %s 2>&1 | FileCheck %s --match-full-lines
func.func private @printI64(i64)
func.func private @printNewline()

// CHECK: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK: allocations: 3
// CHECK: deallocations: 3
func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<8xf32>
  %c = memref.alloc() : memref<2xf32>
  %sv = memref.subview %b[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %ba, %oa, %sa, %ta = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
  %bs, %os, %ss, %ts = memref.extract_strided_metadata %sv : memref<4xf32, strided<[1], offset: 2>> -> memref<f32>, index, index, index
  %bc, %oc, %sc, %tc = memref.extract_strided_metadata %c : memref<2xf32> -> memref<f32>, index, index, index
  // %a twice (false, true): freed once. %c is retained: kept, and its
  // updated condition is true; the retained %b is not deallocated here.
  %r:2 = bufferization.dealloc (%ba, %ba, %bc : memref<f32>, memref<f32>, memref<f32>) if (%false, %true, %true) retain (%c, %b : memref<2xf32>, memref<8xf32>)
  %r0 = arith.extui %r#0 : i1 to i64
  %r1 = arith.extui %r#1 : i1 to i64
  call @printI64(%r0) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%r1) : (i64) -> ()
  call @printNewline() : () -> ()
  // The subview's base buffer frees all of %b.
  %s:1 = bufferization.dealloc (%bs, %bc : memref<f32>, memref<f32>) if (%true, %true) retain (%a : memref<4xf32>)
  %s0 = arith.extui %s#0 : i1 to i64
  call @printI64(%s0) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
