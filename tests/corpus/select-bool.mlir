// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Boolean logic produced by lowering comparisons: negated compares,
// selects of constants, redundant selects.
func.func @logic(%a: i32, %b: i32, %c: i1, %p: i1) -> (i1, i32, i32, i1, i8) {
  %true = arith.constant true
  %false = arith.constant false
  %lt = arith.cmpi slt, %a, %b : i32
  %ge = arith.xori %lt, %true : i1
  %s1 = arith.select %c, %a, %b : i32
  %s2 = arith.select %c, %s1, %a : i32
  %nc = arith.xori %c, %true : i1
  %s3 = arith.select %nc, %a, %b : i32
  %s4 = arith.select %p, %false, %true : i1
  %one = arith.constant 1 : i8
  %zero = arith.constant 0 : i8
  %s5 = arith.select %p, %one, %zero : i8
  %and = arith.andi %ge, %true : i1
  return %and, %s2, %s3, %s4, %s5 : i1, i32, i32, i1, i8
}
