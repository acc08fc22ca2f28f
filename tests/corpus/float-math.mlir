// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Floating-point kernels with constants that fold (x*1, x+0 is kept for
// -0.0 semantics) and a math op.
func.func @poly(%x: f32, %m: memref<8xf32>) -> f32 {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %negz = arith.constant -0.0 : f32
  %a = arith.mulf %x, %one : f32
  %b = arith.addf %a, %negz : f32
  %c = arith.mulf %two, %two : f32
  %d = arith.mulf %b, %c : f32
  %e = math.sqrt %d : f32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %e) -> f32 {
    %v = memref.load %m[%i] : memref<8xf32>
    %p = arith.mulf %acc, %v : f32
    scf.yield %p : f32
  }
  return %r : f32
}
