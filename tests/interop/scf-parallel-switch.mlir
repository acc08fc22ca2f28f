// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @par(%lb: index, %ub: index, %st: index, %x: f32, %y: i32) -> (f32, i32) {
  %r:2 = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) init (%x, %y) -> (f32, i32) {
    scf.reduce(%x, %y : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      scf.reduce.return %s : i32
    }
  }
  %q = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  } {foo = 1}
  scf.parallel (%i) = (%lb) to (%ub) step (%st) {
    "test.use"(%i) : (index) -> ()
  }
  %z = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %x : f32
  }
  case -5 {
    scf.yield %q : f32
  }
  default {
    scf.yield %x : f32
  }
  scf.index_switch %lb
  default {
  }
  scf.index_switch %lb {a = 1}
  case 1 {
    "test.use"(%lb) : (index) -> ()
    scf.yield
  }
  default {
    "test.use"(%lb) : (index) -> ()
  }
  return %r#0, %r#1 : f32, i32
}
