// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// An unstructured loop in cf: a counted loop with a pass-through block, a
// constant-condition branch and a dead loop-carried value.
func.func @cf_loop(%m: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %true = arith.constant true
  cf.br ^header(%c0, %zero, %c0 : index, f32, index)
^header(%i: index, %acc: f32, %dead: index):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %v = memref.load %m[%i] : memref<?xf32>
  %s = arith.addf %acc, %v : f32
  %next = arith.addi %i, %c1 : index
  %d2 = arith.addi %dead, %c1 : index
  cf.cond_br %true, ^latch(%next, %s : index, f32), ^exit
^latch(%a: index, %b: f32):
  cf.br ^header(%a, %b, %d2 : index, f32, index)
^exit:
  return %acc : f32
}
