// The terminators of parallel loops free what their block owns like a
// return: scf.forall.in_parallel (with an empty body) and
// scf.reduce.return (of a non-memref). Compared with mlir-opt-19; the
// program runs leak-free.
// RUN: bufopt --ownership-based-buffer-deallocation %s > %t.b && mlir-opt-19 --ownership-based-buffer-deallocation %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: bufopt --ownership-based-buffer-deallocation %s | bufopt-run --strict --stats 2>&1 | FileCheck %s --check-prefix=EXEC

func.func private @printF32(f32)
func.func private @printNewline()

// CHECK-LABEL: func.func @forall(
//       CHECK: scf.forall
//       CHECK:   memref.alloc()
//       CHECK:   bufferization.dealloc ({{.*}}) if (%true{{.*}})
//  CHECK-NEXT: }
func.func @forall(%out: memref<8xf32>) {
  scf.forall (%i) in (8) {
    %a = memref.alloc() : memref<2xf32>
    %one = arith.constant 1.0 : f32
    %c0 = arith.constant 0 : index
    memref.store %one, %a[%c0] : memref<2xf32>
    %v = memref.load %a[%c0] : memref<2xf32>
    memref.store %v, %out[%i] : memref<8xf32>
  }
  return
}

// CHECK-LABEL: func.func @par(
//       CHECK: scf.reduce(
//       CHECK:   memref.alloc()
//       CHECK:   bufferization.dealloc ({{.*}}) if (%true{{.*}})
//  CHECK-NEXT:   scf.reduce.return
func.func @par(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f32 {
    %a = memref.alloc() : memref<2xf32>
    %two = arith.constant 2.0 : f32
    memref.store %two, %a[%c0] : memref<2xf32>
    %v = memref.load %a[%c0] : memref<2xf32>
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %t = memref.alloc() : memref<2xf32>
      memref.store %x, %t[%c0] : memref<2xf32>
      %x2 = memref.load %t[%c0] : memref<2xf32>
      %s = arith.addf %x2, %y : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// EXEC: 8
// EXEC-NEXT: 6
// EXEC-NOT: error
// EXEC: allocations: [[N:[0-9]+]]
// EXEC: deallocations: [[N]]
func.func @main() {
  %out = memref.alloc() : memref<8xf32>
  call @forall(%out) : (memref<8xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %out[%i] : memref<8xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  call @printF32(%sum) : (f32) -> ()
  call @printNewline() : () -> ()
  %c3 = arith.constant 3 : index
  %p = call @par(%c3) : (index) -> f32
  call @printF32(%p) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
