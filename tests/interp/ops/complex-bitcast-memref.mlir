// complex.bitcast moves bits (the real part in the low half, as LLVM lays
// out the struct; MLIR 19 has no lowering of it, so this is not a
// differential program), and complex<f32> values live in memrefs like any
// scalar: stored, loaded back and summed through a loop.
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// RUN: bufopt %s | mlir-opt-19 -o /dev/null

func.func @main() {
  %z = complex.constant [3.0 : f32, -0.5 : f32] : complex<f32>
  %bits = complex.bitcast %z : complex<f32> to i64
  // 0xBF000000_40400000
  // CHECK: -4683743611387379712
  vector.print %bits : i64
  %f = complex.bitcast %z : complex<f32> to f64
  %i = arith.bitcast %f : f64 to i64
  // CHECK-NEXT: -4683743611387379712
  vector.print %i : i64
  %back = complex.bitcast %bits : i64 to complex<f32>
  %re = complex.re %back : complex<f32>
  %im = complex.im %back : complex<f32>
  // CHECK-NEXT: 3
  // CHECK-NEXT: -0.5
  vector.print %re : f32
  vector.print %im : f32

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<4xcomplex<f32>>
  scf.for %k = %c0 to %c4 step %c1 {
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %w = complex.create %kf, %kf : complex<f32>
    %p = complex.mul %w, %z : complex<f32>
    memref.store %p, %m[%k] : memref<4xcomplex<f32>>
  }
  %zero = complex.constant [0.0 : f32, 0.0 : f32] : complex<f32>
  %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (complex<f32>) {
    %v = memref.load %m[%k] : memref<4xcomplex<f32>>
    %n = complex.add %acc, %v : complex<f32>
    scf.yield %n : complex<f32>
  }
  memref.dealloc %m : memref<4xcomplex<f32>>
  // (0+1+2+3)(1+i)(3-0.5i) = 6(3.5+2.5i)
  %sre = complex.re %sum : complex<f32>
  %sim = complex.im %sum : complex<f32>
  // CHECK-NEXT: 21
  // CHECK-NEXT: 15
  vector.print %sre : f32
  vector.print %sim : f32
  return
}
