// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Branches on conditions that fold to constants after arith folding.
func.func @static(%m: memref<4xf32>, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %lt = arith.cmpi ult, %c3, %c4 : index
  %r = scf.if %lt -> f32 {
    %v = memref.load %m[%c3] : memref<4xf32>
    scf.yield %v : f32
  } else {
    scf.yield %x : f32
  }
  %ge = arith.cmpi uge, %c3, %c4 : index
  scf.if %ge {
    memref.store %x, %m[%c0] : memref<4xf32>
  }
  %n = arith.xori %lt, %ge : i1
  %s = scf.if %n -> f32 {
    scf.yield %r : f32
  } else {
    scf.yield %x : f32
  }
  return %s : f32
}
