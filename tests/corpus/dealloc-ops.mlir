// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// bufferization.dealloc with duplicate memrefs, constant conditions and
// retained values, as the ownership-based deallocation pass emits them.
func.func @dealloc(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1, %r: memref<2xf32>) -> (i1, i1) {
  %true = arith.constant true
  %false = arith.constant false
  bufferization.dealloc (%a, %a : memref<2xf32>, memref<2xf32>) if (%c, %true)
  bufferization.dealloc (%b : memref<2xf32>) if (%false)
  %o:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c) retain (%r, %r : memref<2xf32>, memref<2xf32>)
  bufferization.dealloc
  return %o#0, %o#1 : i1, i1
}
