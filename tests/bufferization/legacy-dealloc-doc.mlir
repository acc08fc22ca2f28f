// The MLIR examples of the "Buffer Deallocation - Internals" document (and
// of the older document's "Buffer Deallocation - Internal Functionality",
// which shows the same inputs with copies where today's pass clones), in
// today's syntax: `use(%x)` and `partial_write` are `test.buffer_based`,
// `custom.region_if` is `test.region_if`. The output is mlir-opt-19's
// (compared as a whole) and the clones and deallocs the document shows are
// checked.
// RUN: bufopt -buffer-deallocation -split-input-file %s > %t.b && mlir-opt-19 -buffer-deallocation -split-input-file %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -buffer-deallocation -split-input-file %s | FileCheck %s

// Detection of buffer allocations: %0 is freed after its last use in ^bb3.
// CHECK-LABEL: func @condBranch(
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: ^bb3:
// CHECK-NEXT: test.copy(%[[A]], %{{.*}})
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  test.buffer_based in(%0: memref<2xf32>) out(%0: memref<2xf32>)
  cf.br ^bb3
^bb3:
  test.copy(%0, %arg1) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

// An alloca and an alloc merge in ^bb3 (the document lists %2 as an alias
// of both). Both definitions dominate the merge, so mlir-opt-19 adds no
// clone: the alloc is freed after the last use of its alias %2, the alloca
// is never freed.
// CHECK-LABEL: func @mixedAllocation(
// CHECK: %[[S:.*]] = memref.alloca()
// CHECK: %[[H:.*]] = memref.alloc()
// CHECK-NOT: bufferization.clone
// CHECK: ^bb3(%[[M:.*]]: memref<2xf32>):
// CHECK-NEXT: test.copy(%[[M]], %arg1)
// CHECK-NEXT: memref.dealloc %[[H]]
// CHECK-NEXT: return
func.func @mixedAllocation(%arg0: i1, %out: memref<2xf32>) {
  %0 = memref.alloca() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  test.buffer_based in(%0: memref<2xf32>) out(%0: memref<2xf32>)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  test.buffer_based in(%1: memref<2xf32>) out(%1: memref<2xf32>)
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  test.copy(%2, %out) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

// Movement and placement of allocations: the allocation in ^bb2 (not moved
// by this pass) reaches ^bb3 with %arg1; both incoming values are cloned
// and the merged buffer is freed after the copy.
// CHECK-LABEL: func @condBranchMerge(
// CHECK: ^bb1:
// CHECK-NEXT: %[[C0:.*]] = bufferization.clone %arg1
// CHECK-NEXT: cf.br ^bb3(%[[C0]] :
// CHECK: ^bb2:
// CHECK-NEXT: %[[A:.*]] = memref.alloc()
// CHECK-NEXT: test.buffer_based
// CHECK-NEXT: %[[C1:.*]] = bufferization.clone %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: cf.br ^bb3(%[[C1]] :
// CHECK: ^bb3(%[[M:.*]]: memref<2xf32>):
// CHECK-NEXT: test.copy(%[[M]], %arg2)
// CHECK-NEXT: memref.dealloc %[[M]]
func.func @condBranchMerge(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  test.buffer_based in(%arg1: memref<2xf32>) out(%0: memref<2xf32>)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  test.copy(%1, %arg2) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

// The same with the allocation already in the entry block (the document's
// placement after hoisting): %0 dominates the merge, so no clone is needed
// and %0 is freed in ^bb3 after the last use of its alias.
// CHECK-LABEL: func @condBranchHoisted(
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK-NOT: bufferization.clone
// CHECK: ^bb3(%[[M:.*]]: memref<2xf32>):
// CHECK-NEXT: test.copy(%[[M]], %arg2)
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return
func.func @condBranchHoisted(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  test.buffer_based in(%arg1: memref<2xf32>) out(%0: memref<2xf32>)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  test.copy(%1, %arg2) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

// A dynamic allocation depending on a block argument stays in ^bb2.
// CHECK-LABEL: func @condBranchDynamicType(
// CHECK: ^bb2(%[[N:.*]]: index):
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%[[N]])
// CHECK-NEXT: test.buffer_based
// CHECK-NEXT: %[[C:.*]] = bufferization.clone %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: ^bb3(%[[M:.*]]: memref<?xf32>):
// CHECK-NEXT: test.copy(%[[M]], %arg2)
// CHECK-NEXT: memref.dealloc %[[M]]
func.func @condBranchDynamicType(%arg0: i1, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  test.buffer_based in(%arg1: memref<?xf32>) out(%1: memref<?xf32>)
  cf.br ^bb3(%1 : memref<?xf32>)
^bb3(%2: memref<?xf32>):
  test.copy(%2, %arg2) : (memref<?xf32>, memref<?xf32>)
  return
}

// -----

// Introduction of clones: %2 is a critical alias of %0 and %1. The
// document's output: %1 freed in ^bb1 after its clone, %0 cloned in ^bb2,
// and %2 and %0 freed in ^bb3.
// CHECK-LABEL: func @branch(
// CHECK: %[[A0:.*]] = memref.alloc()
// CHECK: ^bb1:
// CHECK-NEXT: %[[A1:.*]] = memref.alloc()
// CHECK-NEXT: %[[C1:.*]] = bufferization.clone %[[A1]]
// CHECK-NEXT: memref.dealloc %[[A1]]
// CHECK-NEXT: cf.br ^bb3(%[[C1]] :
// CHECK: ^bb2:
// CHECK-NEXT: test.buffer_based
// CHECK-NEXT: %[[C0:.*]] = bufferization.clone %[[A0]]
// CHECK-NEXT: cf.br ^bb3(%[[C0]] :
// CHECK: ^bb3(%[[M:.*]]: memref<2xf32>):
// CHECK-NEXT: test.copy(%[[M]], %arg1)
// CHECK-NEXT: memref.dealloc %[[M]]
// CHECK-NEXT: memref.dealloc %[[A0]]
// CHECK-NEXT: return
func.func @branch(%arg0: i1, %arg1: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%1 : memref<2xf32>)
^bb2:
  test.buffer_based in(%0: memref<2xf32>) out(%0: memref<2xf32>)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  test.copy(%2, %arg1) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

// Critical and non-critical aliases: %2 (dominated by %1) and %4 (dominated
// by %3) are not critical, %3 is. The document's output: %arg1 cloned in
// ^bb1, %1 cloned and freed in ^bb5, %3 freed after the copy.
// CHECK-LABEL: func @condBranchDynamicTypeNested(
// CHECK: ^bb1:
// CHECK-NEXT: %[[C0:.*]] = bufferization.clone %arg1
// CHECK-NEXT: cf.br ^bb6(%[[C0]] :
// CHECK: ^bb2(%[[N:.*]]: index):
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%[[N]])
// CHECK: ^bb5(%[[B5:.*]]: memref<?xf32>):
// CHECK-NEXT: %[[C1:.*]] = bufferization.clone %[[B5]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: cf.br ^bb6(%[[C1]] :
// CHECK: ^bb6(%[[B6:.*]]: memref<?xf32>):
// CHECK-NEXT: cf.br ^bb7(%[[B6]] :
// CHECK: ^bb7(%[[B7:.*]]: memref<?xf32>):
// CHECK-NEXT: test.copy(%[[B7]], %arg2)
// CHECK-NEXT: memref.dealloc %[[B6]]
// CHECK-NEXT: return
func.func @condBranchDynamicTypeNested(%arg0: i1, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb6(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  test.buffer_based in(%arg1: memref<?xf32>) out(%1: memref<?xf32>)
  cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):
  cf.br ^bb6(%2 : memref<?xf32>)
^bb6(%3: memref<?xf32>):
  cf.br ^bb7(%3 : memref<?xf32>)
^bb7(%4: memref<?xf32>):
  test.copy(%4, %arg2) : (memref<?xf32>, memref<?xf32>)
  return
}

// -----

// Region-branch ops: the region_if only forwards %0, which is returned; no
// clone and no dealloc are needed.
// CHECK-LABEL: func @inner_region_control_flow(
// CHECK-NOT: bufferization.clone
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @inner_region_control_flow(%arg0 : index, %arg1 : index) -> memref<?x?xf32> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = test.region_if %0 : memref<?x?xf32> -> (memref<?x?xf32>) then {
  ^bb0(%arg2 : memref<?x?xf32>):
    test.region_if_yield %arg2 : memref<?x?xf32>
  } else {
  ^bb0(%arg3 : memref<?x?xf32>):
    test.region_if_yield %arg3 : memref<?x?xf32>
  } join {
  ^bb0(%arg4 : memref<?x?xf32>):
    test.region_if_yield %arg4 : memref<?x?xf32>
  }
  return %1 : memref<?x?xf32>
}

// -----

// A nested allocation in a divergent branch is freed in that branch.
// CHECK-LABEL: func @nested_region_control_flow(
// CHECK: scf.if
// CHECK: } else {
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%arg0, %arg1)
// CHECK-NEXT: test.buffer_based
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: scf.yield
func.func @nested_region_control_flow(%arg0 : index, %arg1 : index) -> memref<?x?xf32> {
  %0 = arith.cmpi eq, %arg0, %arg1 : index
  %1 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %2 = scf.if %0 -> (memref<?x?xf32>) {
    scf.yield %1 : memref<?x?xf32>
  } else {
    %3 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    test.buffer_based in(%1: memref<?x?xf32>) out(%3: memref<?x?xf32>)
    scf.yield %1 : memref<?x?xf32>
  }
  return %2 : memref<?x?xf32>
}

// -----

// A divergent allocation yielded by one region of a region_if: every
// region's yield is cloned, the allocation and the join argument are freed
// after their clones, and %0 after the op.
// CHECK-LABEL: func @inner_region_control_flow_div(
// CHECK: %[[A0:.*]] = memref.alloc(%arg0, %arg0)
// CHECK: test.region_if
// CHECK: %[[C0:.*]] = bufferization.clone
// CHECK-NEXT: test.region_if_yield %[[C0]]
// CHECK: %[[A2:.*]] = memref.alloc(%arg0, %arg1)
// CHECK-NEXT: %[[C2:.*]] = bufferization.clone %[[A2]]
// CHECK-NEXT: memref.dealloc %[[A2]]
// CHECK-NEXT: test.region_if_yield %[[C2]]
// CHECK: } join {
// CHECK-NEXT: ^bb0(%[[J:.*]]: memref<?x?xf32>):
// CHECK-NEXT: %[[C4:.*]] = bufferization.clone %[[J]]
// CHECK-NEXT: memref.dealloc %[[J]]
// CHECK-NEXT: test.region_if_yield %[[C4]]
// CHECK: memref.dealloc %[[A0]]
// CHECK-NEXT: return
func.func @inner_region_control_flow_div(%arg0 : index, %arg1 : index) -> memref<?x?xf32> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = test.region_if %0 : memref<?x?xf32> -> (memref<?x?xf32>) then {
  ^bb0(%arg2 : memref<?x?xf32>):
    test.region_if_yield %arg2 : memref<?x?xf32>
  } else {
  ^bb0(%arg3 : memref<?x?xf32>):
    %2 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    test.region_if_yield %2 : memref<?x?xf32>
  } join {
  ^bb0(%arg4 : memref<?x?xf32>):
    test.region_if_yield %arg4 : memref<?x?xf32>
  }
  return %1 : memref<?x?xf32>
}

// -----

// Back edges of structured loops: the iteration argument, the if result
// and the loop result get own buffers; the clone of %buf enters the loop.
// CHECK-LABEL: func @loop_nested_if(
// CHECK: %[[C4:.*]] = bufferization.clone %arg3
// CHECK-NEXT: %[[R:.*]] = scf.for {{.*}} iter_args(%[[IT:.*]] = %[[C4]])
// CHECK: scf.if
// CHECK-NEXT: %[[A3:.*]] = memref.alloc()
// CHECK-NEXT: test.buffer_based
// CHECK-NEXT: %[[C5:.*]] = bufferization.clone %[[A3]]
// CHECK-NEXT: memref.dealloc %[[A3]]
// CHECK-NEXT: scf.yield %[[C5]]
// CHECK: } else {
// CHECK-NEXT: %[[C6:.*]] = bufferization.clone %[[IT]]
// CHECK-NEXT: scf.yield %[[C6]]
// CHECK: memref.dealloc %[[IT]]
// CHECK-NEXT: %[[C7:.*]] = bufferization.clone %[[IF:.*]] :
// CHECK-NEXT: memref.dealloc %[[IF]]
// CHECK-NEXT: scf.yield %[[C7]]
// CHECK: test.copy(%[[R]], %arg4)
// CHECK-NEXT: memref.dealloc %[[R]]
func.func @loop_nested_if(%lb: index, %ub: index, %step: index, %buf: memref<2xf32>, %res: memref<2xf32>) {
  %0 = scf.for %i = %lb to %ub step %step iter_args(%iterBuf = %buf) -> memref<2xf32> {
    %1 = arith.cmpi eq, %i, %ub : index
    %2 = scf.if %1 -> (memref<2xf32>) {
      %3 = memref.alloc() : memref<2xf32>
      test.buffer_based in(%iterBuf: memref<2xf32>) out(%3: memref<2xf32>)
      scf.yield %3 : memref<2xf32>
    } else {
      scf.yield %iterBuf : memref<2xf32>
    }
    scf.yield %2 : memref<2xf32>
  }
  test.copy(%0, %res) : (memref<2xf32>, memref<2xf32>)
  return
}
