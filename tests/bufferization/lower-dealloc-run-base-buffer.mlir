// Deallocs of the base buffers that memref.extract_strided_metadata gives
// for views (what ownership-based deallocation emits), lowered by
// -bufferization-lower-deallocations and executed: the generic lowering
// frees `memref.dealloc %base_buffer : memref<f32>`, a free of the whole
// allocation, and views of one buffer are freed once.
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

// Two views of one buffer and a view of another, freed through their base
// buffers; the first buffer is retained through a third view.
func.func @views(%c: i1) -> i1 {
  %true = arith.constant true
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<2x3xf32>
  %s1 = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %s2 = memref.subview %a[0] [2] [2] : memref<8xf32> to memref<2xf32, strided<[2]>>
  %s3 = memref.subview %b[1, 0] [1, 3] [1, 1] : memref<2x3xf32> to memref<3xf32, strided<[1], offset: 3>>
  %base1, %o1, %z1, %st1 = memref.extract_strided_metadata %s1 : memref<4xf32, strided<[1], offset: 2>> -> memref<f32>, index, index, index
  %base2, %o2, %z2, %st2 = memref.extract_strided_metadata %s2 : memref<2xf32, strided<[2]>> -> memref<f32>, index, index, index
  %base3, %o3, %z3, %st3 = memref.extract_strided_metadata %s3 : memref<3xf32, strided<[1], offset: 3>> -> memref<f32>, index, index, index
  %keep = memref.subview %a[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %own = bufferization.dealloc (%base1, %base2, %base3 : memref<f32>, memref<f32>, memref<f32>) if (%c, %c, %true)
      retain (%keep : memref<4xf32, strided<[1], offset: 4>>)
  %base4, %o4, %z4, %st4 = memref.extract_strided_metadata %keep : memref<4xf32, strided<[1], offset: 4>> -> memref<f32>, index, index, index
  // The retained view took over the ownership of %a.
  bufferization.dealloc (%base4 : memref<f32>) if (%own)
  return %own : i1
}

func.func @main() {
  %true = arith.constant true
  // CHECK: 1
  %o = call @views(%true) : (i1) -> i1
  call @print_bit(%o) : (i1) -> ()
  return
}
