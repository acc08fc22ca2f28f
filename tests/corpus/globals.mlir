// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// memref.global / get_global: a constant lookup table read in a loop, and
// a mutable global accumulator.
memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>
memref.global @counter : memref<i32> = dense<0>

func.func @lookup(%i: index) -> i32 {
  %t = memref.get_global @table : memref<4xi32>
  %v = memref.load %t[%i] : memref<4xi32>
  return %v : i32
}

func.func @accumulate(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = memref.get_global @counter : memref<i32>
  %t = memref.get_global @table : memref<4xi32>
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %n step %c1 {
    %idx = arith.remui %i, %c4 : index
    %v = memref.load %t[%idx] : memref<4xi32>
    %old = memref.load %g[] : memref<i32>
    %new = arith.addi %old, %v : i32
    memref.store %new, %g[] : memref<i32>
  }
  return
}
