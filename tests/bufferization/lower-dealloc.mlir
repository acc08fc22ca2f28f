// bufferization-lower-deallocations on a module: each kind of dealloc, the
// helper function (built once per symbol table, at its end, uniqued when
// its name is taken), deallocs nested in regions, and a dealloc in an
// unreachable block (left alone, as mlir-opt-19 leaves it); the output is
// compared with mlir-opt-19's.
// RUN: bufopt -bufferization-lower-deallocations -split-input-file %s > %t.b && mlir-opt-19 -bufferization-lower-deallocations -split-input-file %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -bufferization-lower-deallocations -split-input-file --mlir-print-op-generic --mlir-print-debuginfo %s > %t.b && mlir-opt-19 -bufferization-lower-deallocations -split-input-file --mlir-print-op-generic --mlir-print-debuginfo %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -bufferization-lower-deallocations -split-input-file %s | FileCheck %s

// CHECK-LABEL: func @kinds
//  CHECK-SAME: (%[[A:.*]]: memref<2xf32>, %[[B:.*]]: memref<4xi8>, %[[C:.*]]: i1)
func.func @kinds(%a: memref<2xf32>, %b: memref<4xi8>, %c: i1) -> (i1, i1, i1) {
  // No memref: nothing retained is owned (one constant for all).
  // CHECK-NEXT: %[[FALSE:.*]] = arith.constant false
  %r0:2 = bufferization.dealloc retain (%a, %b : memref<2xf32>, memref<4xi8>)
  // One memref, nothing retained.
  // CHECK-NEXT: scf.if %[[C]] {
  // CHECK-NEXT:   memref.dealloc %[[A]] : memref<2xf32>
  // CHECK-NEXT: }
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  // One memref, one retained value: no helper.
  // CHECK-NEXT: %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
  // CHECK-NEXT: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
  // CHECK-NEXT: %[[NE:.*]] = arith.cmpi ne, %[[PB]], %[[PA]] : index
  // CHECK-NEXT: %[[FREE:.*]] = arith.andi %[[NE]], %[[C]] : i1
  // CHECK-NEXT: scf.if %[[FREE]] {
  // CHECK-NEXT:   memref.dealloc %[[B]] : memref<4xi8>
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
  // CHECK-NEXT: %[[EQ:.*]] = arith.xori %[[NE]], %[[TRUE]] : i1
  // CHECK-NEXT: %[[OWN:.*]] = arith.andi %[[EQ]], %[[C]] : i1
  %r1 = bufferization.dealloc (%b : memref<4xi8>) if (%c) retain (%a : memref<2xf32>)
  // CHECK-NEXT: return %[[FALSE]], %[[FALSE]], %[[OWN]]
  return %r0#0, %r0#1, %r1 : i1, i1, i1
}
// CHECK-NOT: dealloc_helper

// -----

// Two general deallocs, one nested in an scf.if: one helper. A dealloc in
// an unreachable block is not lowered.
// CHECK-LABEL: func @general
func.func @general(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1) -> i1 {
  // CHECK: %[[L0:.*]] = memref.alloc() : memref<2xindex>
  // CHECK: %[[L1:.*]] = memref.alloc() : memref<2xi1>
  // CHECK: %[[L2:.*]] = memref.alloc() : memref<0xindex>
  // CHECK: call @dealloc_helper(
  // CHECK-NOT: bufferization.dealloc
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c)
  // CHECK: scf.if %{{.*}} {
  %r = scf.if %c -> i1 {
    // CHECK: memref.alloc() : memref<3xindex>
    // CHECK: memref.alloc() : memref<3xi1>
    // CHECK: memref.alloc() : memref<1xindex>
    // CHECK: call @dealloc_helper(
    // CHECK: %[[OWN:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<1xi1>
    // CHECK: scf.yield %[[OWN]] : i1
    %o = bufferization.dealloc (%a, %b, %a : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c, %c, %c) retain (%b : memref<2xf32>)
    scf.yield %o : i1
  } else {
    scf.yield %c : i1
  }
  return %r : i1
^bb1:
  // CHECK: ^bb1:
  // CHECK-NEXT: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<2xf32>, memref<2xf32>) if
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c)
  return %c : i1
}
// CHECK: func.func private @dealloc_helper(
// CHECK-NOT: func.func private @dealloc_helper

// -----

// The name is taken (twice): the helper becomes @dealloc_helper_1. A
// nested module gets its own helper, a module with only simple deallocs
// none.
// CHECK-LABEL: func.func private @dealloc_helper()
func.func private @dealloc_helper()
func.func private @dealloc_helper_0()
// CHECK-LABEL: func @taken
// CHECK: call @dealloc_helper_1(
func.func @taken(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1) {
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c)
  return
}
// CHECK: module @inner
module @inner {
  // CHECK: call @dealloc_helper(
  func.func @inner_f(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1) {
    bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c)
    return
  }
  // CHECK: func.func private @dealloc_helper(
}
// CHECK: module @simple
module @simple {
  // CHECK-NOT: dealloc_helper
  func.func @simple_f(%a: memref<2xf32>, %c: i1) {
    bufferization.dealloc (%a : memref<2xf32>) if (%c)
    return
  }
}
// CHECK: func.func private @dealloc_helper_1(%{{.*}}: memref<?xindex>, %{{.*}}: memref<?xindex>, %{{.*}}: memref<?xi1>, %{{.*}}: memref<?xi1>, %{{.*}}: memref<?xi1>)
