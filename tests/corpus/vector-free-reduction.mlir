// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// A dot product and an argmax over dynamic memrefs with scf.for and
// scf.if carrying two values.
func.func @dot(%a: memref<?xf32>, %b: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = memref.load %b[%i] : memref<?xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    scf.yield %s : f32
  }
  return %r : f32
}

func.func @argmax(%a: memref<?xf32>) -> (index, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %first = memref.load %a[%c0] : memref<?xf32>
  %r:2 = scf.for %i = %c1 to %n step %c1 iter_args(%bi = %c0, %bv = %first) -> (index, f32) {
    %v = memref.load %a[%i] : memref<?xf32>
    %gt = arith.cmpf ogt, %v, %bv : f32
    %nb:2 = scf.if %gt -> (index, f32) {
      scf.yield %i, %v : index, f32
    } else {
      scf.yield %bi, %bv : index, f32
    }
    scf.yield %nb#0, %nb#1 : index, f32
  }
  return %r#0, %r#1 : index, f32
}
