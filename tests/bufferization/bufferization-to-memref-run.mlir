// Clones (static, dynamic, of a strided view, unranked) and deallocs
// lowered by -convert-bufferization-to-memref and executed: the copies hold
// the source's values after the source is overwritten, and every buffer is
// freed once (bufopt-run --strict fails on a leak or a double free). The
// program lowered by mlir-opt-19 prints the same.
// RUN: bufopt -convert-bufferization-to-memref %s -o %t.b.mlir
// RUN: bufopt-run --strict %t.b.mlir | FileCheck %s --match-full-lines
// RUN: mlir-opt-19 -convert-bufferization-to-memref %s -o %t.m.mlir
// RUN: bufopt-run --strict %t.m.mlir | FileCheck %s --match-full-lines

func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @fill(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<?x?xf32>
  %d1 = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %d0 step %c1 {
    scf.for %j = %c0 to %d1 step %c1 {
      %k = arith.muli %i, %d1 : index
      %l = arith.addi %k, %j : index
      %li = arith.index_cast %l : index to i32
      %f = arith.sitofp %li : i32 to f32
      memref.store %f, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @print(%m: memref<?x?xf32>) {
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %true = arith.constant true
  %a = memref.alloc(%c2, %c3) : memref<?x?xf32>
  call @fill(%a) : (memref<?x?xf32>) -> ()
  // A dynamic clone.
  %ca = bufferization.clone %a : memref<?x?xf32> to memref<?x?xf32>
  // A clone of a strided view (one row), as a static buffer.
  %row = memref.subview %a[1, 0] [1, 3] [1, 1] : memref<?x?xf32> to memref<1x3xf32, strided<[?, 1], offset: ?>>
  %cr = bufferization.clone %row : memref<1x3xf32, strided<[?, 1], offset: ?>> to memref<1x3xf32>
  // An unranked clone.
  %ua = memref.cast %a : memref<?x?xf32> to memref<*xf32>
  %cu = bufferization.clone %ua : memref<*xf32> to memref<*xf32>
  linalg.fill ins(%zero : f32) outs(%a : memref<?x?xf32>)
  // CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0,   0],
  // CHECK-NEXT:  [0,   0,   0]]
  call @print(%a) : (memref<?x?xf32>) -> ()
  // CHECK-NEXT: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: {{\[}}[0,   1,   2],
  // CHECK-NEXT:  [3,   4,   5]]
  call @print(%ca) : (memref<?x?xf32>) -> ()
  // CHECK-NEXT: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [1, 3] strides = [3, 1] data =
  // CHECK-NEXT: {{\[}}[3,   4,   5]]
  %crd = memref.cast %cr : memref<1x3xf32> to memref<?x?xf32>
  call @print(%crd) : (memref<?x?xf32>) -> ()
  // CHECK-NEXT: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: {{\[}}[0,   1,   2],
  // CHECK-NEXT:  [3,   4,   5]]
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  // Free everything through deallocs: %a and %ca through the general
  // lowering, retaining a cast of %cr (not among them, so not owned: %cr is
  // freed next), the unranked clone directly.
  %own = bufferization.dealloc (%a, %ca : memref<?x?xf32>, memref<?x?xf32>) if (%true, %true) retain (%crd : memref<?x?xf32>)
  %not = arith.xori %own, %true : i1
  bufferization.dealloc (%cr : memref<1x3xf32>) if (%not)
  memref.dealloc %cu : memref<*xf32>
  return
}
