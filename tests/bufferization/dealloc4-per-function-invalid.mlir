// Run on each function apart, the ownership pass still stops at the first
// function it fails on, as upstream's module pass does: the loop of blocks
// in @bad2 is not reported (checked against mlir-opt-19 too), threaded or
// not.
// RUN: bufopt --allow-unregistered-dialect -ownership-based-buffer-deallocation -verify-diagnostics %s
// RUN: bufopt --mlir-disable-threading --allow-unregistered-dialect -ownership-based-buffer-deallocation -verify-diagnostics %s
// RUN: mlir-opt-19 --allow-unregistered-dialect -ownership-based-buffer-deallocation -verify-diagnostics %s

func.func @ok() {
  %a = memref.alloc() : memref<4xf32>
  return
}

func.func @bad1() {
  %a = memref.alloc() : memref<4xf32>
  // expected-error @below {{ops with unknown memory side effects are not supported}}
  "test.use"(%a) : (memref<4xf32>) -> ()
  return
}

func.func @bad2(%c: i1) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}
