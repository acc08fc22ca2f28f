// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Index arithmetic as tiling emits it: offsets reassociated with
// constants, index_cast chains, min/max of constants and selects.
func.func @offsets(%i: index, %j: index, %x: i32) -> (index, index, index, i32, index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %a = arith.addi %i, %c4 : index
  %b = arith.addi %a, %c8 : index
  %d = arith.subi %b, %c1 : index
  %m = arith.muli %j, %c4 : index
  %m2 = arith.muli %m, %c8 : index
  %e = arith.minsi %c4, %c8 : index
  %f = arith.maxui %d, %d : index
  %ix = arith.index_cast %x : i32 to index
  %back = arith.index_cast %ix : index to i32
  %neg = arith.constant -1 : index
  %nj = arith.muli %j, %neg : index
  %diff = arith.addi %i, %nj : index
  return %f, %m2, %e, %back, %diff : index, index, index, i32, index
}
