// func-bufferize converts the arguments of every block of a function, so
// a terminator of the body that is neither a branch nor return-like cannot
// be updated: upstream's error, and no output (checked against
// mlir-opt-19 too).
// RUN: bufopt --allow-unregistered-dialect -func-bufferize -verify-diagnostics %s
// RUN: not bufopt --allow-unregistered-dialect -func-bufferize %s -o %t.out 2>/dev/null
// RUN: not test -s %t.out
// RUN: mlir-opt-19 --allow-unregistered-dialect -func-bufferize -verify-diagnostics %s

func.func @opaque_terminator(%a: tensor<2xf32>) -> tensor<2xf32> {
  %c = arith.constant false
  cf.cond_br %c, ^bb1(%a : tensor<2xf32>), ^bb2(%a : tensor<2xf32>)
^bb1(%x: tensor<2xf32>):
  // expected-error @+1 {{failed to legalize operation 'test.stop'}}
  "test.stop"(%x) : (tensor<2xf32>) -> ()
^bb2(%y: tensor<2xf32>):
  return %y : tensor<2xf32>
}
