// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// scf.execute_region with one block and with a multi-block body inside a
// function (inlined as unstructured control flow).
func.func @exec(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  %x = scf.execute_region -> i32 {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  }
  %y = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %m = arith.muli %x, %a : i32
    scf.yield %m : i32
  ^bb2:
    scf.yield %b : i32
  }
  return %x, %y : i32, i32
}
