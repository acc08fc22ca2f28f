// The deallocation pipeline on gpu.launch bodies: a buffer allocated in
// the body is freed before gpu.terminator (the terminator frees what its
// block owns, like a return); a buffer of the enclosing function used in
// the body is not owned there and is freed after the launch; allocations
// in nested regions and behind a branch inside the body (the pipeline's
// canonicalization merges the blocks afterwards); an async launch.
// Identical to mlir-opt-19. (Memory attributions are rejected: see
// dialects-ext-gpu-dealloc-invalid.mlir.)
// RUN: bufopt %s -buffer-deallocation-pipeline --allow-unregistered-dialect > %t.b && mlir-opt-19 %s -buffer-deallocation-pipeline --allow-unregistered-dialect > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -ownership-based-buffer-deallocation --allow-unregistered-dialect > %t.b && mlir-opt-19 %s -ownership-based-buffer-deallocation --allow-unregistered-dialect > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -buffer-deallocation-pipeline --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @inside_and_outside
//       CHECK:   %[[OUT:.*]] = memref.alloc() : memref<8xf32>
//       CHECK:   gpu.launch
//       CHECK:     %[[IN:.*]] = memref.alloc() : memref<2xf32>
//       CHECK:     "test.read_buffer"(%[[OUT]])
//       CHECK:     memref.dealloc %[[IN]] : memref<2xf32>
//  CHECK-NEXT:     gpu.terminator
//       CHECK:   }
//  CHECK-NEXT:   memref.dealloc %[[OUT]] : memref<8xf32>
//  CHECK-NEXT:   return
func.func @inside_and_outside(%n: index) {
  %c1 = arith.constant 1 : index
  %outer = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %inner = memref.alloc() : memref<2xf32>
    "test.read_buffer"(%inner) : (memref<2xf32>) -> ()
    "test.read_buffer"(%outer) : (memref<8xf32>) -> ()
    gpu.terminator
  }
  return
}

// CHECK-LABEL: func.func @nested_and_branching
//       CHECK:   gpu.launch
//       CHECK:     scf.if
//       CHECK:       %[[A:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
//       CHECK:       memref.dealloc %[[A]]
//       CHECK:     }
//       CHECK:     %[[B:.*]] = memref.alloc() : memref<4xi8>
//       CHECK:     "test.read_buffer"(%[[B]])
//  CHECK-NEXT:     memref.dealloc %[[B]]
//  CHECK-NEXT:     gpu.terminator
func.func @nested_and_branching(%n: index, %c: i1) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    scf.if %c {
      %a = memref.alloc(%tx) : memref<?xf32>
      "test.read_buffer"(%a) : (memref<?xf32>) -> ()
    }
    %b = memref.alloc() : memref<4xi8>
    cf.br ^bb1
  ^bb1:
    "test.read_buffer"(%b) : (memref<4xi8>) -> ()
    gpu.terminator
  }
  return
}

// CHECK-LABEL: func.func @async
//       CHECK:   gpu.launch async
//       CHECK:     memref.alloc
//       CHECK:     memref.dealloc
//  CHECK-NEXT:     gpu.terminator
func.func @async(%n: index, %d: !gpu.async.token) -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  %t = gpu.launch async [%d] blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %a = memref.alloc() : memref<3xf32>
    "test.read_buffer"(%a) : (memref<3xf32>) -> ()
    gpu.terminator
  }
  return %t : !gpu.async.token
}
