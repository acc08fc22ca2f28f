// The "Clone Canonicalization" examples of the internals document: a clone
// freed with its source in one block is removed by the canonicalizer
// (bufferization.clone's SimplifyClones), for the source buffer and for the
// target buffer of the clone; and the clones buffer-deallocation leaves in
// straight-line code disappear when canonicalize runs after it. Outputs
// are compared with mlir-opt-19.
// RUN: bufopt -canonicalize -split-input-file %s > %t.b && mlir-opt-19 -canonicalize -split-input-file %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -canonicalize -split-input-file %s | FileCheck %s
// RUN: bufopt -buffer-deallocation -canonicalize -split-input-file %s > %t.b2 && mlir-opt-19 -buffer-deallocation -canonicalize -split-input-file %s > %t.m2 && diff -u %t.m2 %t.b2
// RUN: bufopt -buffer-deallocation -canonicalize -split-input-file %s | FileCheck %s --check-prefix=PIPE

// Source buffer: the clone %2 is replaced by %1, and the dealloc of %1 goes.
// CHECK-LABEL: func @dynamic_allocation(
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%arg0, %arg1)
// CHECK-NEXT: return %[[A]]
// buffer-deallocation keeps the existing dealloc (its last use is the
// dealloc itself) and frees nothing else: the clone is returned.
// PIPE-LABEL: func @dynamic_allocation(
// PIPE-NEXT: %[[A:.*]] = memref.alloc(%arg0, %arg1)
// PIPE-NEXT: return %[[A]]
func.func @dynamic_allocation(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %1 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %2 = bufferization.clone %1 : memref<?x?xf32> to memref<?x?xf32>
  memref.dealloc %1 : memref<?x?xf32>
  return %2 : memref<?x?xf32>
}

// -----

// The document's reuseTarget in today's syntax (test.buffer_based for its
// generic op; the clone is returned): the clone of %temp is replaced by
// %temp, whose dealloc goes.
// CHECK-LABEL: func @reuseTarget(
// CHECK-NEXT: %[[T:.*]] = memref.alloc()
// CHECK-NEXT: test.buffer_based in(%arg0 : memref<2xf32>) out(%[[T]] : memref<2xf32>)
// CHECK-NEXT: return %[[T]]
func.func @reuseTarget(%arg0: memref<2xf32>) -> memref<2xf32> {
  %temp = memref.alloc() : memref<2xf32>
  test.buffer_based in(%arg0: memref<2xf32>) out(%temp: memref<2xf32>)
  %result = bufferization.clone %temp : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return %result : memref<2xf32>
}

// -----

// Target buffer: the clone is freed in its block, so its uses read the
// source instead and the clone's dealloc goes.
// CHECK-LABEL: func @clone_target(
// CHECK-NEXT: test.buffer_based in(%arg0 : memref<2xf32>) out(%arg1 : memref<2xf32>)
// CHECK-NEXT: return
func.func @clone_target(%arg0: memref<2xf32>, %arg1: memref<2xf32>) {
  %c = bufferization.clone %arg0 : memref<2xf32> to memref<2xf32>
  test.buffer_based in(%c: memref<2xf32>) out(%arg1: memref<2xf32>)
  memref.dealloc %c : memref<2xf32>
  return
}

// -----

// After buffer-deallocation, the clone of the fresh buffer yielded by the
// then-branch (freed right after it) is folded away; the clone of the
// argument in the else-branch stays (the argument is not freed here), and
// the if result is freed after its use.
// PIPE-LABEL: func @if_result(
// PIPE: scf.if
// PIPE-NEXT: %[[A:.*]] = memref.alloc()
// PIPE-NEXT: test.buffer_based
// PIPE-NEXT: scf.yield %[[A]]
// PIPE-NEXT: } else {
// PIPE-NEXT: %[[C:.*]] = bufferization.clone %arg1
// PIPE-NEXT: scf.yield %[[C]]
// PIPE: test.copy(%[[R:.*]], %arg2)
// PIPE-NEXT: memref.dealloc %[[R]]
func.func @if_result(%c: i1, %a: memref<2xf32>, %out: memref<2xf32>) {
  %r = scf.if %c -> (memref<2xf32>) {
    %t = memref.alloc() : memref<2xf32>
    test.buffer_based in(%a: memref<2xf32>) out(%t: memref<2xf32>)
    scf.yield %t : memref<2xf32>
  } else {
    scf.yield %a : memref<2xf32>
  }
  test.copy(%r, %out) : (memref<2xf32>, memref<2xf32>)
  return
}
