// bufferization.dealloc round-tripped against mlir-opt-19: every
// combination of the optional memref/condition and retain groups, result
// groups, unranked and strided memrefs, and discardable attributes.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @dealloc(%a: memref<2xf32>, %b: memref<*xi32>, %r: memref<?xf32, strided<[?], offset: ?>>, %c0: i1, %c1: i1) -> (i1, i1) {
  bufferization.dealloc (%a : memref<2xf32>) if (%c0)
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<*xi32>) if (%c0, %c1)
  %0 = bufferization.dealloc (%a : memref<2xf32>) if (%c1) retain (%r : memref<?xf32, strided<[?], offset: ?>>)
  %1:2 = bufferization.dealloc (%a, %a : memref<2xf32>, memref<2xf32>) if (%c0, %c1) retain (%b, %r : memref<*xi32>, memref<?xf32, strided<[?], offset: ?>>)
  %2:3 = bufferization.dealloc retain (%a, %b, %a : memref<2xf32>, memref<*xi32>, memref<2xf32>)
  bufferization.dealloc
  bufferization.dealloc {tag}
  %3 = bufferization.dealloc (%b : memref<*xi32>) if (%c0) retain (%a : memref<2xf32>) {tag = "d"}
  return %1#0, %2#2 : i1, i1
}
