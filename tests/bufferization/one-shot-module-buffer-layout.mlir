// A `bufferization.buffer_layout` identity map with symbols gives an
// argument type of its own that prints like the default layout (as
// upstream's MemRefType::get keeps the map): a buffer of the default
// layout passed to it is cast, as mlir-opt-19 does, and the cast stays
// through canonicalization.
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" -canonicalize | FileCheck %s

// CHECK-NOT: #map
// CHECK-LABEL: func.func @callee(
//  CHECK-SAME:     %{{.*}}: memref<?xf32>)
// CHECK-LABEL: func.func @entry(
//  CHECK-SAME:     %[[A:.*]]: memref<?xf32, strided<[?], offset: ?>>)
//       CHECK:   %[[ALLOC:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
//       CHECK:   memref.copy %[[A]], %[[ALLOC]]
//       CHECK:   %[[CAST:.*]] = memref.cast %[[ALLOC]] : memref<?xf32> to memref<?xf32>
//       CHECK:   call @callee(%[[CAST]]) : (memref<?xf32>) -> ()

func.func private @external_func(tensor<?xf32>)

func.func @callee(%A : tensor<?xf32> {bufferization.buffer_layout = affine_map<(i)[s0] -> (i)>}) {
  call @external_func(%A) : (tensor<?xf32>) -> ()
  return
}

func.func @entry(%A : tensor<?xf32> {bufferization.writable = false}) {
  call @callee(%A) : (tensor<?xf32>) -> ()
  return
}
