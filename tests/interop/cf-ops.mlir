// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @f(%c: i1, %a: i32, %f: i32) -> i32 {
  cf.assert %c, "expected \"true\""
  cf.cond_br %c, ^bb1(%a : i32), ^bb2 {branch_weights = array<i32: 3, 5>}
^bb1(%x: i32):
  cf.br ^bb3(%x, %x : i32, i32)
^bb2:
  cf.switch %f : i32, [
    default: ^bb3(%a, %a : i32, i32),
    42: ^bb1(%a : i32),
    43: ^bb4
  ]
^bb3(%y: i32, %z: i32):
  return %y : i32
^bb4:
  cf.br ^bb2
}

func.func @loops(%n: index, %c: i1, %x: i64) {
  cf.br ^header(%n : index)
^header(%i: index):
  cf.cond_br %c, ^body, ^exit
^body:
  cf.switch %x : i64, [
    default: ^header(%i : index),
    -1: ^exit,
    9223372036854775807: ^body
  ]
^exit:
  cf.assert %c, "done"
  return
}

func.func @dead_blocks() {
  return
^unreachable:
  cf.br ^unreachable
}

// A single case value is stored as a splat (generic form prints dense<5>).
func.func @switch_one_case(%x: i32) {
  cf.switch %x : i32, [
    default: ^bb1,
    5: ^bb2
  ]
^bb1:
  return
^bb2:
  return
}
