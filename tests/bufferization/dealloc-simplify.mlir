// buffer-deallocation-simplification: splitting, pruning retained values,
// dropping memrefs contained in the retained list, constant-true
// conditions, views and selects in the alias analysis, loops (allocation
// versus block argument). Compared with mlir-opt-19, then checked.
// RUN: bufopt --buffer-deallocation-simplification --split-input-file --allow-unregistered-dialect %s > %t.b && mlir-opt-19 --buffer-deallocation-simplification --split-input-file --allow-unregistered-dialect %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --buffer-deallocation-simplification --split-input-file --allow-unregistered-dialect %s | FileCheck %s

// Three distinct allocations: each gets its own dealloc, retaining only
// the select that may be it; the argument is never freed here, so its
// result is false.
// CHECK-LABEL: func @split_three
//  CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: memref<4xf32>)
//       CHECK: %[[FALSE:.*]] = arith.constant false
//       CHECK: %[[X:.*]] = memref.alloc
//       CHECK: %[[Y:.*]] = memref.alloc
//       CHECK: %[[Z:.*]] = memref.alloc
//       CHECK: %[[S:.*]] = arith.select %[[C]], %[[X]], %[[Y]]
//       CHECK: %[[DX:.*]] = bufferization.dealloc (%[[X]] : memref<4xf32>) if (%[[C]]) retain (%[[S]] : memref<4xf32>)
//       CHECK: %[[DY:.*]] = bufferization.dealloc (%[[Y]] : memref<4xf32>) if (%[[C]]) retain (%[[S]] : memref<4xf32>)
//       CHECK: bufferization.dealloc (%[[Z]] : memref<4xf32>) if (%[[C]]){{$}}
//       CHECK: %[[OR:.*]] = arith.ori %[[DX]], %[[DY]] : i1
//       CHECK: return %[[FALSE]], %[[OR]] : i1, i1
func.func @split_three(%c: i1, %a: memref<4xf32>) -> (i1, i1) {
  %x = memref.alloc() : memref<4xf32>
  %y = memref.alloc() : memref<4xf32>
  %z = memref.alloc() : memref<4xf32>
  "test.use"(%x, %y, %z) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
  %s = arith.select %c, %x, %y : memref<4xf32>
  %d:2 = bufferization.dealloc (%x, %y, %z : memref<4xf32>, memref<4xf32>, memref<4xf32>) if (%c, %c, %c) retain (%a, %s : memref<4xf32>, memref<4xf32>)
  return %d#0, %d#1 : i1, i1
}

// -----

// Two function arguments may be one buffer: no split, and both stay
// retained against each other.
// CHECK-LABEL: func @args_may_alias
//       CHECK: %[[D:.*]]:2 = bufferization.dealloc (%arg0, %arg1 : memref<2xi8>, memref<2xi8>) if (%arg2, %arg2) retain (%arg3, %arg4 : memref<2xi8>, memref<2xi8>)
//       CHECK: return %[[D]]#0, %[[D]]#1
func.func @args_may_alias(%a: memref<2xi8>, %b: memref<2xi8>, %c: i1, %r0: memref<2xi8>, %r1: memref<2xi8>) -> (i1, i1) {
  %d:2 = bufferization.dealloc (%a, %b : memref<2xi8>, memref<2xi8>) if (%c, %c) retain (%r0, %r1 : memref<2xi8>, memref<2xi8>)
  return %d#0, %d#1 : i1, i1
}

// -----

// A memref that two retained views must alias is dropped, and so is its
// base buffer: each result becomes the disjunction of both conditions (the
// later memref's first), and the empty dealloc goes away.
// CHECK-LABEL: func @contained_twice
//  CHECK-SAME: (%{{.*}}: memref<8xi32>, %{{.*}}: memref<8xi32>, %[[C0:.*]]: i1, %[[C1:.*]]: i1)
//  CHECK-NEXT: %[[O0:.*]] = arith.ori %[[C1]], %[[C0]] : i1
//  CHECK-NEXT: %[[O1:.*]] = arith.ori %[[C1]], %[[C0]] : i1
//  CHECK-NEXT: return %[[O0]], %[[O1]] : i1, i1
func.func @contained_twice(%a: memref<8xi32>, %b: memref<8xi32>, %c0: i1, %c1: i1) -> (i1, i1) {
  %v = memref.subview %a[0] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1]>>
  %w = memref.subview %a[4] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1], offset: 4>>
  %base, %off, %size, %stride = memref.extract_strided_metadata %a : memref<8xi32> -> memref<i32>, index, index, index
  %d:2 = bufferization.dealloc (%a, %base : memref<8xi32>, memref<i32>) if (%c0, %c1) retain (%v, %w : memref<4xi32, strided<[1]>>, memref<4xi32, strided<[1], offset: 4>>)
  return %d#0, %d#1 : i1, i1
}

// -----

// Constant-true condition: the retained value that must be the freed
// buffer reports true; the other retained value keeps the memref alive in
// the dealloc.
// CHECK-LABEL: func @always_freed_partial
//       CHECK: %[[TRUE:.*]] = arith.constant true
//       CHECK: return %[[TRUE]], %{{.*}} : i1, i1
func.func @always_freed_partial(%a: memref<2xf32>, %b: memref<2xf32>, %r: memref<2xf32>) -> (i1, i1) {
  %true = arith.constant true
  %d:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%true, %true) retain (%a, %r : memref<2xf32>, memref<2xf32>)
  return %d#0, %d#1 : i1, i1
}

// -----

// An allocation in a loop body never is the block argument of that body:
// the iteration argument's buffer is freed without retaining it.
// CHECK-LABEL: func @loop_alloc_and_iter_arg
//       CHECK: scf.for {{.*}} iter_args(%[[ITER:.*]] = %{{.*}}, %[[OWN:.*]] = %{{.*}})
//       CHECK:   %[[NEW:.*]] = memref.alloc
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[ITER]]
//       CHECK:   bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[OWN]]){{$}}
//       CHECK:   scf.yield %[[NEW]], %true
func.func @loop_alloc_and_iter_arg(%m: memref<3xf32>, %lb: index, %ub: index, %st: index) -> memref<3xf32> {
  %true = arith.constant true
  %false = arith.constant false
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%it = %m, %own = %false) -> (memref<3xf32>, i1) {
    %new = memref.alloc() : memref<3xf32>
    memref.copy %it, %new : memref<3xf32> to memref<3xf32>
    %base, %off, %size, %stride = memref.extract_strided_metadata %it : memref<3xf32> -> memref<f32>, index, index, index
    %o = bufferization.dealloc (%base, %new : memref<f32>, memref<3xf32>) if (%own, %true) retain (%new : memref<3xf32>)
    scf.yield %new, %o : memref<3xf32>, i1
  }
  return %r#0 : memref<3xf32>
}

// -----

// Results of unknown ops have unknown origins: nothing is split or pruned.
// CHECK-LABEL: func @unknown_origins
//       CHECK: %[[D:.*]] = bufferization.dealloc (%{{.*}}, %{{.*}} : memref<2xf32>, memref<2xf32>) if (%arg0, %arg0) retain (%{{.*}} : memref<2xf32>)
func.func @unknown_origins(%c: i1) -> i1 {
  %p = "test.produce"() : () -> memref<2xf32>
  %q = "test.produce"() : () -> memref<2xf32>
  %r = "test.produce"() : () -> memref<2xf32>
  %d = bufferization.dealloc (%p, %q : memref<2xf32>, memref<2xf32>) if (%c, %c) retain (%r : memref<2xf32>)
  return %d : i1
}

// -----

// A realloc may return its source: the retained realloc result may alias
// the freed source, a fresh allocation may not alias either.
// CHECK-LABEL: func @realloc_flow
//       CHECK: %[[A:.*]] = memref.alloc() : memref<2xf32>
//       CHECK: %[[B:.*]] = memref.alloc() : memref<2xf32>
//       CHECK: %[[R:.*]] = memref.realloc %[[A]]
//       CHECK: %[[DA:.*]] = bufferization.dealloc (%[[A]] : memref<2xf32>) if (%arg0) retain (%[[R]] : memref<4xf32>)
//       CHECK: bufferization.dealloc (%[[B]] : memref<2xf32>) if (%arg0){{$}}
//       CHECK: return %[[R]], %[[DA]]
func.func @realloc_flow(%c: i1) -> (memref<4xf32>, i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  "test.use"(%b) : (memref<2xf32>) -> ()
  %r = memref.realloc %a : memref<2xf32> to memref<4xf32>
  %d = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c) retain (%r : memref<4xf32>)
  return %r, %d : memref<4xf32>, i1
}

// -----

// A dealloc of an allocation with no other user is erased with it (the
// canonicalization patterns run too); the retained result becomes false.
// CHECK-LABEL: func @dead_alloc
//   CHECK-NOT: memref.alloc
//   CHECK-NOT: bufferization.dealloc
//       CHECK: return %false
func.func @dead_alloc(%c: i1, %r: memref<2xf32>) -> i1 {
  %a = memref.alloc() : memref<2xf32>
  %d = bufferization.dealloc (%a : memref<2xf32>) if (%c) retain (%r : memref<2xf32>)
  return %d : i1
}
