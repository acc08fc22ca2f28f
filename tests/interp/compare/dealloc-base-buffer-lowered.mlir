// A callee returning three buffers, two of which may be the same, through
// mlir-opt-19's buffer-deallocation-pipeline: the caller frees the results
// through the generic lowering (dealloc_helper, then memref.dealloc of the
// base buffers of memref.extract_strided_metadata). bufopt-run must run the
// lowered program with every buffer freed exactly once.
// RUN: mlir-opt-19 %s -buffer-deallocation-pipeline | FileCheck %s --check-prefix=LOWERED
// RUN: mlir-opt-19 %s -buffer-deallocation-pipeline | bufopt-run --strict --stats - 2>&1 | FileCheck %s

// LOWERED: call @dealloc_helper
// LOWERED: memref.dealloc %base_buffer : memref<f32>

// CHECK-NOT: {{error|warning}}
// CHECK: [2,  2,  2]
// CHECK-NEXT: Unranked
// CHECK-NEXT: [2,  2,  2]
// CHECK-NEXT: Unranked
// CHECK-NEXT: [1,  1,  1]
// CHECK-NOT: {{error|warning}}
// CHECK: allocations: [[N:[0-9]+]]
// CHECK: deallocations: [[N]]
func.func private @printMemrefF32(memref<*xf32>)

func.func @three(%c: i1, %n: index) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>) {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  linalg.fill ins(%two : f32) outs(%a : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%b : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%d : memref<?xf32>)
  %s = arith.select %c, %a, %b : memref<?xf32>
  return %a, %s, %d : memref<?xf32>, memref<?xf32>, memref<?xf32>
}

func.func @main() {
  %t = arith.constant true
  %c3 = arith.constant 3 : index
  %x:3 = call @three(%t, %c3) : (i1, index) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>)
  %u0 = memref.cast %x#0 : memref<?xf32> to memref<*xf32>
  %u1 = memref.cast %x#1 : memref<?xf32> to memref<*xf32>
  %u2 = memref.cast %x#2 : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  return
}
