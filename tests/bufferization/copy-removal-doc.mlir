// copy-removal on the examples of the document's "CopyRemoval Pass"
// sections (linalg.copy is memref.copy today), and on variants that break
// each condition under which a rewrite is invalid: those stay unchanged.
// RUN: bufopt -copy-removal -split-input-file %s | FileCheck %s
// RUN: bufopt -copy-removal -split-input-file %s | mlir-opt-19 -split-input-file -verify-each > /dev/null

// Reusing the source buffer: %10 becomes %7, the copy, the allocation of
// %10 and the dealloc of %7 go away.
// CHECK-LABEL: func @dynamic_allocation(
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%arg0, %arg1)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0
// CHECK-NEXT: memref.dim %[[A]], %[[C0]]
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1
// CHECK-NEXT: memref.dim %[[A]], %[[C1]]
// CHECK-NEXT: return %[[A]]
func.func @dynamic_allocation(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %7 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %c0_0 = arith.constant 0 : index
  %8 = memref.dim %7, %c0_0 : memref<?x?xf32>
  %c1_1 = arith.constant 1 : index
  %9 = memref.dim %7, %c1_1 : memref<?x?xf32>
  %10 = memref.alloc(%8, %9) : memref<?x?xf32>
  memref.copy %7, %10 : memref<?x?xf32> to memref<?x?xf32>
  memref.dealloc %7 : memref<?x?xf32>
  return %10 : memref<?x?xf32>
}

// -----

// Reusing the target buffer: the generic op writes into %result directly.
#map0 = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func @reuseTarget(
// CHECK-SAME: %[[ARG0:.*]]: memref<2xf32>, %[[RES:.*]]: memref<2xf32>)
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[ARG0]] : memref<2xf32>) outs(%[[RES]] : memref<2xf32>)
// CHECK: math.exp
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @reuseTarget(%arg0: memref<2xf32>, %result: memref<2xf32>) {
  %temp = memref.alloc() : memref<2xf32>
  linalg.generic {indexing_maps = [#map0, #map0], iterator_types = ["parallel"]}
    ins(%arg0 : memref<2xf32>) outs(%temp : memref<2xf32>) {
  ^bb0(%gen2_arg0: f32, %gen2_arg1: f32):
    %tmp2 = math.exp %gen2_arg0 : f32
    linalg.yield %tmp2 : f32
  }
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

// -----

// Source reuse is invalid when the dealloc of the source is in another
// block, and target reuse when the target is not defined before the
// temporary (here it is the allocation made after it).
// CHECK-LABEL: func @other_block(
// CHECK: memref.copy
// CHECK: memref.dealloc
func.func @other_block(%c: i1, %n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  cf.br ^bb1
^bb1:
  memref.dealloc %a : memref<?xf32>
  return %b : memref<?xf32>
}

// -----

// Source reuse is invalid when the target is used between its allocation
// and the copy (the store would be overwritten by the copy, not kept).
// Target reuse is invalid for the same copy, since the target is defined
// after the source's allocation.
// CHECK-LABEL: func @target_used_before_copy(
// CHECK: memref.store
// CHECK-NEXT: memref.copy
// CHECK-NEXT: memref.dealloc
func.func @target_used_before_copy(%n: index, %f: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %b[%c0] : memref<?xf32>
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return %b : memref<?xf32>
}

// -----

// Source reuse is invalid when an alias of the source (a view made before
// the copy) is used between the copy and the dealloc of the source (after
// the rewrite, it would see the writes to the target).
// CHECK-LABEL: func @source_alias_used_after_copy(
// CHECK: memref.copy
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.dealloc
func.func @source_alias_used_after_copy(%f: f32) -> (memref<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  %v = memref.subview %a[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %b = memref.alloc() : memref<8xf32>
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  %x = memref.load %v[%c0] : memref<4xf32, strided<[1], offset: 4>>
  memref.dealloc %a : memref<8xf32>
  return %b, %x : memref<8xf32>, f32
}

// -----

// Target reuse is invalid when the target is read between the allocation
// of the temporary and the copy (it would see the temporary's writes).
// CHECK-LABEL: func @target_read_before_copy(
// CHECK: memref.alloc
// CHECK: memref.load %arg0
// CHECK: memref.copy
// CHECK: memref.dealloc
func.func @target_read_before_copy(%out: memref<4xf32>, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<4xf32>)
  %x = memref.load %out[%c0] : memref<4xf32>
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return %x : f32
}

// -----

// Target reuse is invalid when the temporary is used after the copy, before
// its dealloc (the two buffers differ from the copy on).
// CHECK-LABEL: func @source_used_after_copy(
// CHECK: memref.copy
// CHECK: memref.store
// CHECK: memref.dealloc
func.func @source_used_after_copy(%out: memref<4xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<4xf32>)
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  memref.store %f, %t[%c0] : memref<4xf32>
  %y = memref.load %t[%c0] : memref<4xf32>
  memref.store %y, %out[%c0] : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// Target reuse with the target defined in an enclosing block: the fill
// inside the loop writes %out directly.
// CHECK-LABEL: func @nested_target(
// CHECK: scf.for
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%arg0 : memref<4xf32>)
// CHECK-NEXT: }
func.func @nested_target(%out: memref<4xf32>, %f: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<4xf32>)
    memref.copy %t, %out : memref<4xf32> to memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  return
}
