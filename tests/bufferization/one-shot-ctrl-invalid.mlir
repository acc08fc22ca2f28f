// One-Shot Bufferize errors of the scf models, with upstream's wording:
// loops whose yields are not equivalent to their iter bbArgs, an
// execute_region with two yields, and branches, cases or blocks whose values bufferize to different memory spaces (19.1.7 says
// the same for all but the last, where it produces an invalid branch
// instead of the error).
// RUN: bufopt --split-input-file --verify-diagnostics --one-shot-bufferize %s

func.func @not_equivalent(%t: tensor<8xf32>, %u: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<8xf32>) {
    // expected-error @below {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %u : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
// -----

func.func @swapped(%t: tensor<8xf32>, %u: tensor<8xf32>, %c: i1) -> tensor<8xf32> {
  %r:2 = scf.while (%a = %t, %b = %u) : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    // expected-error @below {{Condition arg #0 is not equivalent to the corresponding iter bbArg}}
    scf.condition(%c) %b, %a : tensor<8xf32>, tensor<8xf32>
  } do {
  ^bb0(%x: tensor<8xf32>, %y: tensor<8xf32>):
    scf.yield %x, %y : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0 : tensor<8xf32>
}
// -----

func.func @after_swapped(%t: tensor<8xf32>, %u: tensor<8xf32>, %c: i1) -> tensor<8xf32> {
  %r:2 = scf.while (%a = %t, %b = %u) : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    scf.condition(%c) %a, %b : tensor<8xf32>, tensor<8xf32>
  } do {
  ^bb0(%x: tensor<8xf32>, %y: tensor<8xf32>):
    // expected-error @below {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %y, %x : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0 : tensor<8xf32>
}
// -----

func.func @two_yields(%t: tensor<8xf32>, %c: i1) -> tensor<8xf32> {
  // expected-error @below {{'scf.execute_region' op op without unique scf.yield is not supported}}
  %r = scf.execute_region -> tensor<8xf32> {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %t : tensor<8xf32>
  ^bb2:
    scf.yield %t : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
// -----

func.func @spaces(%c: i1) -> tensor<8xf32> {
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
  %b = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<8xf32>
  // expected-error @below {{inconsistent memory space on then/else branches}}
  %r = scf.if %c -> tensor<8xf32> {
    // expected-error @below {{failed to bufferize op}}
    scf.yield %a : tensor<8xf32>
  } else {
    scf.yield %b : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
// -----

func.func @switch_spaces(%c: index) -> tensor<8xf32> {
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
  %b = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<8xf32>
  // expected-error @below {{inconsistent memory space on switch cases}}
  %r = scf.index_switch %c -> tensor<8xf32>
  case 0 {
    scf.yield %a : tensor<8xf32>
  }
  default {
    // expected-error @below {{failed to bufferize op}}
    scf.yield %b : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
// -----

func.func @block_spaces(%c: i1) -> tensor<8xf32> {
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
  %b = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<8xf32>
  // expected-error @below {{'scf.execute_region' op incoming operands of block argument have inconsistent memory spaces}}
  %r = scf.execute_region -> tensor<8xf32> {
    cf.cond_br %c, ^bb1(%a : tensor<8xf32>), ^bb1(%b : tensor<8xf32>)
  ^bb1(%x: tensor<8xf32>):
    // expected-error @below {{failed to bufferize op}}
    scf.yield %x : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
