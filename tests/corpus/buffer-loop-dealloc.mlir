// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// A memref-level loop as buffer deallocation emits it: a buffer swapped
// through iter_args with clones and deallocs, and a test op writing it.
func.func @loop(%lb: index, %ub: index, %step: index, %buf: memref<2xf32>, %res: memref<2xf32>) {
  %r = scf.for %i = %lb to %ub step %step iter_args(%iter = %buf) -> memref<2xf32> {
    %cond = arith.cmpi eq, %i, %ub : index
    %next = scf.if %cond -> memref<2xf32> {
      %a = memref.alloc() : memref<2xf32>
      test.buffer_based in(%iter: memref<2xf32>) out(%a: memref<2xf32>)
      scf.yield %a : memref<2xf32>
    } else {
      scf.yield %iter : memref<2xf32>
    }
    scf.yield %next : memref<2xf32>
  }
  test.copy(%r, %res) : (memref<2xf32>, memref<2xf32>)
  return
}
