// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// A diamond and a chain of pass-through blocks in cf, with a branch on
// the same condition twice and block arguments that become selects.
func.func @diamond(%c: i1, %a: f32, %b: f32, %m: memref<f32>) -> f32 {
  cf.cond_br %c, ^t, ^f
^t:
  %x = arith.addf %a, %b : f32
  cf.br ^join(%x : f32)
^f:
  cf.br ^pass
^pass:
  cf.br ^join(%b : f32)
^join(%r: f32):
  cf.cond_br %c, ^store, ^done
^store:
  memref.store %r, %m[] : memref<f32>
  cf.br ^done
^done:
  return %r : f32
}

func.func @same_target(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%v: i32):
  %s = arith.addi %v, %v : i32
  return %s : i32
}
