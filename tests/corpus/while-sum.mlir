// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// A scf.while loop summing a memref until a bound, with a loop-invariant
// argument and a constant-true comparison feeding an scf.if.
func.func @sum_until(%m: memref<?xi32>, %limit: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = memref.dim %m, %c0 : memref<?xi32>
  %res:2 = scf.while (%i = %c0, %acc = %zero) : (index, i32) -> (index, i32) {
    %in = arith.cmpi slt, %i, %n : index
    %small = arith.cmpi slt, %acc, %limit : i32
    %go = arith.andi %in, %small : i1
    scf.condition(%go) %i, %acc : index, i32
  } do {
  ^bb0(%i2: index, %acc2: i32):
    %v = memref.load %m[%i2] : memref<?xi32>
    %s = arith.addi %acc2, %v : i32
    %next = arith.addi %i2, %c1 : index
    scf.yield %next, %s : index, i32
  }
  %same = arith.cmpi eq, %res#1, %res#1 : i32
  %r = scf.if %same -> i32 {
    scf.yield %res#1 : i32
  } else {
    scf.yield %zero : i32
  }
  return %r : i32
}
