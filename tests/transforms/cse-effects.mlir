// RUN: bufopt --allow-unregistered-dialect --cse %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect --cse %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --cse %s > %t.m && diff -u %t.m %t.b

// Reads are merged only when nothing in between may write; allocations
// are never merged, and unused ones are erased.
// CHECK-LABEL: func.func @reads
// CHECK-NEXT:    %[[L0:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    %[[L2:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT:    "foo.unknown"
// CHECK-NEXT:    %[[L3:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT:    %[[A:.*]] = memref.alloc()
// CHECK-NEXT:    %[[B:.*]] = memref.alloc()
// CHECK-NEXT:    "foo.sink"(%[[A]], %[[B]])
// CHECK-NEXT:    return %[[L0]], %[[L0]], %[[L2]], %[[L3]]
func.func @reads(%m: memref<4xf32>, %i: index, %v: f32) -> (f32, f32, f32, f32) {
  %0 = memref.load %m[%i] : memref<4xf32>
  %1 = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  %2 = memref.load %m[%i] : memref<4xf32>
  "foo.unknown"() : () -> ()
  %3 = memref.load %m[%i] : memref<4xf32>
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %dead = memref.alloc() : memref<4xf32>
  "foo.sink"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

// A read in another block is not reused.
// CHECK-LABEL: func.func @reads_across_blocks
// CHECK:         memref.load
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.load
func.func @reads_across_blocks(%m: memref<4xf32>, %i: index) -> f32 {
  %0 = memref.load %m[%i] : memref<4xf32>
  cf.br ^bb1
^bb1:
  %1 = memref.load %m[%i] : memref<4xf32>
  %2 = arith.addf %0, %1 : f32
  return %2 : f32
}
