// The examples of the buffer deallocation internals document, section
// "Movement and Placement of Allocations" (and the mixed alloc/alloca
// example of "Detection of Buffer Allocations"), in today's syntax, run
// through buffer-hoisting (`use` is test.read_buffer).
// RUN: bufopt -buffer-hoisting -split-input-file %s | FileCheck %s

// The alloc of bb2 moves to the entry block, which dominates all its
// aliases (the argument of bb3) and their users.
// CHECK-LABEL: func.func @condBranch
// CHECK-NEXT: %[[ALLOC:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: cf.cond_br
// CHECK: ^bb2:
// CHECK-NEXT: "test.read_buffer"(%[[ALLOC]])
// CHECK-NEXT: cf.br ^bb3(%[[ALLOC]] : memref<2xf32>)
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  "test.read_buffer"(%0) : (memref<2xf32>) -> ()
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  test.copy(%1, %arg2) : (memref<2xf32>, memref<2xf32>)
  return
}

// -----

// The size is a block argument of bb2: the alloc stays there.
// CHECK-LABEL: func.func @condBranchDynamicType
// CHECK-NEXT: cf.cond_br
// CHECK: ^bb2(%[[SIZE:.*]]: index):
// CHECK-NEXT: %[[ALLOC:.*]] = memref.alloc(%[[SIZE]]) : memref<?xf32>
// CHECK-NEXT: "test.read_buffer"(%[[ALLOC]])
func.func @condBranchDynamicType(%arg0: i1, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  "test.read_buffer"(%1) : (memref<?xf32>) -> ()
  cf.br ^bb3(%1 : memref<?xf32>)
^bb3(%2: memref<?xf32>):
  test.copy(%2, %arg2) : (memref<?xf32>, memref<?xf32>)
  return
}

// -----

// Allocs and allocas mixed: both are already in the entry block, which
// dominates their uses; nothing moves.
// CHECK-LABEL: func.func @mixedAllocation
// CHECK-NEXT: memref.alloca() : memref<2xf32>
// CHECK-NEXT: memref.alloc() : memref<2xf32>
// CHECK-NEXT: cf.cond_br
func.func @mixedAllocation(%arg0: i1) {
  %0 = memref.alloca() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  "test.read_buffer"(%0) : (memref<2xf32>) -> ()
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  "test.read_buffer"(%1) : (memref<2xf32>) -> ()
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  "test.read_buffer"(%2) : (memref<2xf32>) -> ()
  return
}
