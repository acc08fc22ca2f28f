// Frees through the base buffer of `memref.extract_strided_metadata`, which
// is what bufferization-lower-deallocations emits: the rank-0 base buffer
// stands for its whole allocation (its allocated pointer is the one `free`
// receives), whatever view it was taken from. Freeing it is clean; freeing
// the allocation again through a second base buffer is a double free; a
// base buffer of stack memory or of a typed `memref.view` is no heap
// allocation's base, and a real view (a subview) stays an invalid free.
// RUN: bufopt-run --strict %s -e view_base --stats 2>&1 | FileCheck %s --check-prefix=VIEWBASE
// RUN: bufopt-run --strict %s -e lowered_shape --stats 2>&1 | FileCheck %s --check-prefix=LOWERED
// RUN: bufopt-run --strict %s -e strided_alloc 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: not bufopt-run %s -e two_bases 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not bufopt-run %s -e base_then_alloc 2>&1 | FileCheck %s --check-prefix=AGAIN
// RUN: not bufopt-run %s -e stack_base 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: not bufopt-run %s -e typed_view_base 2>&1 | FileCheck %s --check-prefix=TYPED
// RUN: not bufopt-run %s -e offset_view 2>&1 | FileCheck %s --check-prefix=VIEW
// CLEAN-NOT: {{error|warning}}

// The base buffer of a 2x3 view at offset 2 frees all 8 elements.
// VIEWBASE-NOT: {{error|warning}}
// VIEWBASE: 11{{$}}
// VIEWBASE-NOT: {{error|warning}}
// VIEWBASE: allocations: 1
// VIEWBASE-NEXT: bytes allocated: 32
// VIEWBASE-NEXT: peak live bytes: 32
// VIEWBASE-NEXT: bytes copied: 0
// VIEWBASE-NEXT: deallocations: 1
func.func private @printF32(f32)
func.func private @printNewline()

func.func @view_base() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 11.0 : f32
  %m = memref.alloc() : memref<8xf32>
  %v = memref.reinterpret_cast %m to offset: [2], sizes: [2, 3], strides: [3, 1]
      : memref<8xf32> to memref<2x3xf32, strided<[3, 1], offset: 2>>
  memref.store %cst, %v[%c1, %c2] : memref<2x3xf32, strided<[3, 1], offset: 2>>
  %c7 = arith.constant 7 : index
  %r = memref.load %m[%c7] : memref<8xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %v
      : memref<2x3xf32, strided<[3, 1], offset: 2>> -> memref<f32>, index, index, index, index, index
  memref.dealloc %base : memref<f32>
  call @printF32(%r) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

// The generic lowering's shape: the base buffers of two results are freed
// under conditions, after comparing their aligned pointers.
// LOWERED-NOT: {{error|warning}}
// LOWERED: allocations: 2
// LOWERED: deallocations: 2
func.func @lowered_shape() {
  %true = arith.constant true
  %a = memref.alloc() : memref<4x4xf32>
  %b = memref.alloc() : memref<16xf32>
  %s = memref.subview %a[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  %base_a, %off_a, %sz_a:2, %st_a:2 = memref.extract_strided_metadata %s
      : memref<2x2xf32, strided<[4, 1], offset: 5>> -> memref<f32>, index, index, index, index, index
  %base_b, %off_b, %sz_b, %st_b = memref.extract_strided_metadata %b
      : memref<16xf32> -> memref<f32>, index, index, index
  %pa = memref.extract_aligned_pointer_as_index %base_a : memref<f32> -> index
  %pb = memref.extract_aligned_pointer_as_index %base_b : memref<f32> -> index
  %distinct = arith.cmpi ne, %pa, %pb : index
  scf.if %true {
    memref.dealloc %base_a : memref<f32>
  }
  scf.if %distinct {
    memref.dealloc %base_b : memref<f32>
  }
  return
}

// An allocation whose layout has an offset is freed through the alloc's
// own descriptor.
func.func @strided_alloc() {
  %m = memref.alloc() : memref<4xf32, strided<[1], offset: 2>>
  memref.dealloc %m : memref<4xf32, strided<[1], offset: 2>>
  return
}

func.func @two_bases() {
  %m = memref.alloc() : memref<8xf32>
  %s = memref.subview %m[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %b1, %o1, %z1, %t1 = memref.extract_strided_metadata %m : memref<8xf32> -> memref<f32>, index, index, index
  %b2, %o2, %z2, %t2 = memref.extract_strided_metadata %s
      : memref<4xf32, strided<[1], offset: 2>> -> memref<f32>, index, index, index
  memref.dealloc %b1 : memref<f32>
  // TWO: dealloc-base-buffer.mlir:[[@LINE+1]]:3: error: double free
  memref.dealloc %b2 : memref<f32>
  return
}
// TWO: dealloc-base-buffer.mlir:[[@LINE-10]]:8: note: allocated here
// TWO: dealloc-base-buffer.mlir:[[@LINE-6]]:3: note: previously freed here

func.func @base_then_alloc() {
  %m = memref.alloc() : memref<2x2xi32>
  %b, %o, %z:2, %t:2 = memref.extract_strided_metadata %m : memref<2x2xi32> -> memref<i32>, index, index, index, index, index
  memref.dealloc %b : memref<i32>
  // AGAIN: dealloc-base-buffer.mlir:[[@LINE+1]]:3: error: double free
  memref.dealloc %m : memref<2x2xi32>
  return
}
// AGAIN: dealloc-base-buffer.mlir:[[@LINE-7]]:8: note: allocated here
// AGAIN: dealloc-base-buffer.mlir:[[@LINE-6]]:3: note: previously freed here

func.func @stack_base() {
  %m = memref.alloca() : memref<8xf32>
  %b, %o, %z, %t = memref.extract_strided_metadata %m : memref<8xf32> -> memref<f32>, index, index, index
  // STACK: dealloc-base-buffer.mlir:[[@LINE+1]]:3: error: invalid free: stack memory
  memref.dealloc %b : memref<f32>
  return
}

func.func @typed_view_base() {
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<64xi8>
  %v = memref.view %m[%c4][] : memref<64xi8> to memref<4xf32>
  %b, %o, %z, %t = memref.extract_strided_metadata %v : memref<4xf32> -> memref<f32>, index, index, index
  // TYPED: dealloc-base-buffer.mlir:[[@LINE+1]]:3: error: invalid free: not the base of its allocation
  memref.dealloc %b : memref<f32>
  memref.dealloc %m : memref<64xi8>
  return
}

func.func @offset_view() {
  %m = memref.alloc() : memref<8xf32>
  %v = memref.subview %m[2] [6] [1] : memref<8xf32> to memref<6xf32, strided<[1], offset: 2>>
  // VIEW: dealloc-base-buffer.mlir:[[@LINE+1]]:3: error: invalid free: not the base of its allocation
  memref.dealloc %v : memref<6xf32, strided<[1], offset: 2>>
  return
}

// A reinterpret_cast keeps its source's allocated pointer: the shrinking
// branch of an expanded memref.realloc returns one, and freeing it frees
// the allocation. One of a subview does not stand for the allocation.
// RUN: bufopt-run --strict %s -e shrunk 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: not bufopt-run %s -e cast_of_view 2>&1 | FileCheck %s --check-prefix=CASTVIEW
func.func @shrunk() {
  %m = memref.alloc() : memref<8xf32>
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [3], strides: [1] : memref<8xf32> to memref<3xf32>
  memref.dealloc %r : memref<3xf32>
  return
}

func.func @cast_of_view() {
  %m = memref.alloc() : memref<8xf32>
  %v = memref.subview %m[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %r = memref.reinterpret_cast %v to offset: [0], sizes: [2], strides: [1] : memref<4xf32, strided<[1]>> to memref<2xf32>
  // CASTVIEW: dealloc-base-buffer.mlir:[[@LINE+1]]:3: error: invalid free: not the base of its allocation
  memref.dealloc %r : memref<2xf32>
  return
}
