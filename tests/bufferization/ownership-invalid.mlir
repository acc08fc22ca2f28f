// Input the ownership-based deallocation cannot handle gets upstream's
// located errors, word for word (checked against mlir-opt-19 too).
// RUN: bufopt --allow-unregistered-dialect -ownership-based-buffer-deallocation -split-input-file -verify-diagnostics %s
// RUN: mlir-opt-19 --allow-unregistered-dialect -ownership-based-buffer-deallocation -split-input-file -verify-diagnostics %s

func.func @unknown_effects() {
  // expected-error @below {{ops with unknown memory side effects are not supported}}
  %m = "my.make_buffer"() : () -> memref<2xf32>
  return
}

// -----

func.func @nested_free(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    // expected-error @below {{memory free side-effect on MemRef value not supported!}}
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// -----

// expected-error @below {{Only structured control-flow loops are supported.}}
func.func @self_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0 : index)
^head(%i: index):
  %a = memref.alloc() : memref<2xf32>
  "test.read_buffer"(%a) : (memref<2xf32>) -> ()
  %next = arith.addi %i, %c1 : index
  %go = arith.cmpi slt, %next, %n : index
  cf.cond_br %go, ^head(%next : index), ^exit
^exit:
  return
}
