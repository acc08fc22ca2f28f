// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Buffers freed the way bufferization-lower-deallocations frees them: through
// the rank-0 base buffer of memref.extract_strided_metadata, taken from a
// view at an offset, under a condition computed from aligned pointers, and
// for buffers returned by a callee whose results may alias.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @make(%n: index, %same: i1) -> (memref<?xf32>, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = arith.index_cast %i : index to i32
    %f = arith.sitofp %v : i32 to f32
    memref.store %f, %a[%i] : memref<?xf32>
    %g = arith.negf %f : f32
    memref.store %g, %b[%i] : memref<?xf32>
  }
  // Return %a twice when %same, after freeing %b through its base buffer.
  %r = arith.select %same, %a, %b : memref<?xf32>
  %pb = memref.extract_aligned_pointer_as_index %b : memref<?xf32> -> index
  %pr = memref.extract_aligned_pointer_as_index %r : memref<?xf32> -> index
  %free_b = arith.cmpi ne, %pb, %pr : index
  scf.if %free_b {
    %base, %off, %size, %stride = memref.extract_strided_metadata %b : memref<?xf32> -> memref<f32>, index, index, index
    memref.dealloc %base : memref<f32>
  }
  return %a, %r : memref<?xf32>, memref<?xf32>
}

// Frees both results once each, even when they are the same buffer.
func.func @consume(%n: index, %same: i1) {
  %x:2 = call @make(%n, %same) : (index, i1) -> (memref<?xf32>, memref<?xf32>)
  %u0 = memref.cast %x#0 : memref<?xf32> to memref<*xf32>
  %u1 = memref.cast %x#1 : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %base0, %o0, %s0, %t0 = memref.extract_strided_metadata %x#0 : memref<?xf32> -> memref<f32>, index, index, index
  %base1, %o1, %s1, %t1 = memref.extract_strided_metadata %x#1 : memref<?xf32> -> memref<f32>, index, index, index
  %p0 = memref.extract_aligned_pointer_as_index %base0 : memref<f32> -> index
  %p1 = memref.extract_aligned_pointer_as_index %base1 : memref<f32> -> index
  %distinct = arith.cmpi ne, %p0, %p1 : index
  memref.dealloc %base0 : memref<f32>
  scf.if %distinct {
    memref.dealloc %base1 : memref<f32>
  }
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %false = arith.constant false
  call @consume(%c3, %true) : (index, i1) -> ()
  call @consume(%c4, %false) : (index, i1) -> ()
  // A 2x3 view at offset 2 of an 8-element buffer, freed through its base
  // buffer after writing through the view.
  %m = memref.alloc() : memref<8xf32>
  %cst = arith.constant 0.5 : f32
  linalg.fill ins(%cst : f32) outs(%m : memref<8xf32>)
  %v = memref.reinterpret_cast %m to offset: [2], sizes: [2, 3], strides: [3, 1]
      : memref<8xf32> to memref<2x3xf32, strided<[3, 1], offset: 2>>
  %seven = arith.constant 7.0 : f32
  memref.store %seven, %v[%c1, %c2] : memref<2x3xf32, strided<[3, 1], offset: 2>>
  %uv = memref.cast %v : memref<2x3xf32, strided<[3, 1], offset: 2>> to memref<*xf32>
  call @printMemrefF32(%uv) : (memref<*xf32>) -> ()
  %um = memref.cast %m : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%um) : (memref<*xf32>) -> ()
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %v
      : memref<2x3xf32, strided<[3, 1], offset: 2>> -> memref<f32>, index, index, index, index, index
  memref.dealloc %base : memref<f32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [3] strides = [1] data = 
// CHECK-NEXT: [0,  1,  2]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [3] strides = [1] data = 
// CHECK-NEXT: [0,  1,  2]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [0,  1,  2,  3]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [-0,  -1,  -2,  -3]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 2 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}0.5,   0.5,   0.5], 
// CHECK-NEXT:  [0.5,   0.5,   7]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [8] strides = [1] data = 
// CHECK-NEXT: [0.5,  0.5,  0.5,  0.5,  0.5,  0.5,  0.5,  7]
