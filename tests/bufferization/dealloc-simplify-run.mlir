// Deallocations that the simplification splits, prunes and folds still
// free every buffer exactly once: the program runs leak-free and prints the
// same before and after the pass.
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// RUN: bufopt --buffer-deallocation-simplification %s | bufopt-run --strict - | FileCheck %s --match-full-lines
// RUN: bufopt --buffer-deallocation-simplification %s | FileCheck %s --check-prefix=IR

func.func private @printF32(f32)
func.func private @printNewline()

// IR-LABEL: func.func @make
//   IR-COUNT-2: bufferization.dealloc ({{.*}}) if ({{.*}}) retain
//       IR: bufferization.dealloc (%{{.*}} : memref<2xf32>) if (%true){{$}}
func.func @make(%c: i1) -> (memref<2xf32>, i1) {
  %true = arith.constant true
  %i0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %x = memref.alloc() : memref<2xf32>
  %y = memref.alloc() : memref<2xf32>
  %z = memref.alloc() : memref<2xf32>
  memref.store %one, %x[%i0] : memref<2xf32>
  memref.store %two, %y[%i0] : memref<2xf32>
  memref.store %three, %z[%i0] : memref<2xf32>
  %s = arith.select %c, %x, %y : memref<2xf32>
  %own = bufferization.dealloc (%x, %y, %z : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%true, %true, %true) retain (%s : memref<2xf32>)
  return %s, %own : memref<2xf32>, i1
}

// A buffer carried around a loop, replaced each iteration: the new
// allocation is never the iteration argument, so it is not retained.
// IR-LABEL: func.func @loop
//       IR: scf.for
//       IR:   bufferization.dealloc (%{{.*}} : memref<2xf32>) if (%{{.*}}){{$}}
//       IR:   scf.yield %{{.*}}, %true
func.func @loop(%n: index) -> f32 {
  %true = arith.constant true
  %false = arith.constant false
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %init = memref.alloc() : memref<2xf32>
  %zero = arith.constant 0.0 : f32
  memref.store %zero, %init[%i0] : memref<2xf32>
  %r:2 = scf.for %i = %i0 to %n step %i1 iter_args(%it = %init, %own = %true) -> (memref<2xf32>, i1) {
    %new = memref.alloc() : memref<2xf32>
    memref.copy %it, %new : memref<2xf32> to memref<2xf32>
    %v = memref.load %new[%i0] : memref<2xf32>
    %one = arith.constant 1.0 : f32
    %w = arith.addf %v, %one : f32
    memref.store %w, %new[%i0] : memref<2xf32>
    %o = bufferization.dealloc (%it, %new : memref<2xf32>, memref<2xf32>) if (%own, %true) retain (%new : memref<2xf32>)
    scf.yield %new, %o : memref<2xf32>, i1
  }
  %res = memref.load %r#0[%i0] : memref<2xf32>
  bufferization.dealloc (%r#0 : memref<2xf32>) if (%r#1)
  return %res : f32
}

func.func @main() {
  %i0 = arith.constant 0 : index
  %t = arith.constant true
  %f = arith.constant false
  %a, %oa = call @make(%t) : (i1) -> (memref<2xf32>, i1)
  %va = memref.load %a[%i0] : memref<2xf32>
  call @printF32(%va) : (f32) -> ()
  call @printNewline() : () -> ()
  bufferization.dealloc (%a : memref<2xf32>) if (%oa)
  %b, %ob = call @make(%f) : (i1) -> (memref<2xf32>, i1)
  %vb = memref.load %b[%i0] : memref<2xf32>
  call @printF32(%vb) : (f32) -> ()
  call @printNewline() : () -> ()
  bufferization.dealloc (%b : memref<2xf32>) if (%ob)
  %n = arith.constant 5 : index
  %l = call @loop(%n) : (index) -> f32
  call @printF32(%l) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
// CHECK: 1
// CHECK-NEXT: 2
// CHECK-NEXT: 5
