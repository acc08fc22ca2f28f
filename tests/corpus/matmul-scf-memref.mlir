// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// A naive matmul over memrefs with scf.for loops and a zero-initialised
// accumulator loop; constant bounds, an unused iter_arg and a loop that
// runs once.
func.func @matmul(%A: memref<8x16xf32>, %B: memref<16x4xf32>, %C: memref<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %acc = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %zero) -> f32 {
        %a = memref.load %A[%i, %k] : memref<8x16xf32>
        %b = memref.load %B[%k, %j] : memref<16x4xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %s, %p : f32
        scf.yield %n : f32
      }
      memref.store %acc, %C[%i, %j] : memref<8x4xf32>
    }
  }
  %once:2 = scf.for %t = %c0 to %c1 step %c1 iter_args(%u = %zero, %v = %zero) -> (f32, f32) {
    %x = memref.load %C[%t, %t] : memref<8x4xf32>
    scf.yield %x, %v : f32, f32
  }
  memref.store %once#0, %C[%c0, %c0] : memref<8x4xf32>
  return
}
