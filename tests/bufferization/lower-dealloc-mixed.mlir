// Deallocs of every shape (0 to 4 memrefs, 0 to 3 retained values, ranked,
// unranked, 0-d, strided and memory-space memrefs, conditions produced by
// earlier deallocs, a dealloc nested in scf.if), from a seeded random
// generator; lowered by both passes and compared with mlir-opt-19.
// RUN: bufopt -bufferization-lower-deallocations %s > %t.b && mlir-opt-19 -bufferization-lower-deallocations %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -bufferization-lower-deallocations --mlir-print-op-generic %s > %t.b && mlir-opt-19 -bufferization-lower-deallocations --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -convert-bufferization-to-memref %s > %t.b && mlir-opt-19 -convert-bufferization-to-memref %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -convert-bufferization-to-memref %s | FileCheck %s
// CHECK-NOT: bufferization.

func.func @t0(%m0: memref<?xi8>, %m1: memref<4xf32, strided<[2], offset: ?>>, %m2: memref<?xi8>, %m3: memref<?xi8>, %m4: memref<4xf32, strided<[2], offset: ?>>, %m5: memref<4xf32, strided<[2], offset: ?>>, %c: i1, %d: i1) -> i1 {
  %r0:3 = bufferization.dealloc (%m5 : memref<4xf32, strided<[2], offset: ?>>) if (%d) retain (%m4, %m1, %m0 : memref<4xf32, strided<[2], offset: ?>>, memref<4xf32, strided<[2], offset: ?>>, memref<?xi8>)
  bufferization.dealloc (%m4 : memref<4xf32, strided<[2], offset: ?>>) if (%r0#1)
  return %r0#1 : i1
}

func.func @t1(%m0: memref<4xf32, strided<[2], offset: ?>>, %m1: memref<?xi8>, %m2: memref<?xi8>, %m3: memref<2xf32, 1>, %m4: memref<2xf32, 1>, %m5: memref<4xf32, strided<[2], offset: ?>>, %c: i1, %d: i1) -> i1 {
  bufferization.dealloc (%m4, %m0, %m5, %m3 : memref<2xf32, 1>, memref<4xf32, strided<[2], offset: ?>>, memref<4xf32, strided<[2], offset: ?>>, memref<2xf32, 1>) if (%c, %c, %c, %d)
  %r1:3 = bufferization.dealloc (%m4, %m1 : memref<2xf32, 1>, memref<?xi8>) if (%d, %c) retain (%m4, %m1, %m2 : memref<2xf32, 1>, memref<?xi8>, memref<?xi8>)
  scf.if %r1#2 {
    bufferization.dealloc (%m5, %m2 : memref<4xf32, strided<[2], offset: ?>>, memref<?xi8>) if (%c, %r1#2)
  }
  return %r1#2 : i1
}

func.func @t2(%m0: memref<?xi8>, %m1: memref<4xf32, strided<[2], offset: ?>>, %m2: memref<2xf32>, %m3: memref<2xf32, 1>, %m4: memref<*xf32>, %m5: memref<*xf32>, %c: i1, %d: i1) -> i1 {
  %r0:2 = bufferization.dealloc (%m0, %m5, %m4, %m1 : memref<?xi8>, memref<*xf32>, memref<*xf32>, memref<4xf32, strided<[2], offset: ?>>) if (%d, %c, %c, %c) retain (%m0, %m2 : memref<?xi8>, memref<2xf32>)
  bufferization.dealloc (%m3 : memref<2xf32, 1>) if (%d)
  return %r0#0 : i1
}

func.func @t3(%m0: memref<?xi8>, %m1: memref<?xi8>, %m2: memref<2xf32>, %m3: memref<4xf32, strided<[2], offset: ?>>, %m4: memref<2xf32, 1>, %m5: memref<f32>, %c: i1, %d: i1) -> i1 {
  bufferization.dealloc (%m2, %m5 : memref<2xf32>, memref<f32>) if (%c, %d)
  %r1 = bufferization.dealloc retain (%m1 : memref<?xi8>)
  bufferization.dealloc
  scf.if %r1 {
    bufferization.dealloc (%m3, %m1 : memref<4xf32, strided<[2], offset: ?>>, memref<?xi8>) if (%c, %r1)
  }
  return %r1 : i1
}

func.func @t4(%m0: memref<2xf32, 1>, %m1: memref<4xf32, strided<[2], offset: ?>>, %m2: memref<f32>, %m3: memref<?xi8>, %m4: memref<4xf32, strided<[2], offset: ?>>, %m5: memref<f32>, %c: i1, %d: i1) -> i1 {
  %r0:3 = bufferization.dealloc (%m0, %m3, %m4 : memref<2xf32, 1>, memref<?xi8>, memref<4xf32, strided<[2], offset: ?>>) if (%d, %c, %c) retain (%m1, %m0, %m2 : memref<4xf32, strided<[2], offset: ?>>, memref<2xf32, 1>, memref<f32>)
  bufferization.dealloc (%m0, %m1, %m4 : memref<2xf32, 1>, memref<4xf32, strided<[2], offset: ?>>, memref<4xf32, strided<[2], offset: ?>>) if (%d, %d, %c)
  return %r0#0 : i1
}

func.func @t5(%m0: memref<*xf32>, %m1: memref<*xf32>, %m2: memref<?xi8>, %m3: memref<2xf32>, %m4: memref<2xf32>, %m5: memref<2xf32>, %c: i1, %d: i1) -> i1 {
  %r0 = bufferization.dealloc (%m0, %m4, %m2, %m1 : memref<*xf32>, memref<2xf32>, memref<?xi8>, memref<*xf32>) if (%d, %c, %d, %c) retain (%m4 : memref<2xf32>)
  %r1 = bufferization.dealloc (%m5, %m1, %m2 : memref<2xf32>, memref<*xf32>, memref<?xi8>) if (%r0, %c, %r0) retain (%m1 : memref<*xf32>)
  scf.if %r1 {
    bufferization.dealloc (%m5, %m4 : memref<2xf32>, memref<2xf32>) if (%c, %r1)
  }
  return %r1 : i1
}

func.func @t6(%m0: memref<f32>, %m1: memref<2xf32, 1>, %m2: memref<?xi8>, %m3: memref<?xi8>, %m4: memref<4xf32, strided<[2], offset: ?>>, %m5: memref<2xf32>, %c: i1, %d: i1) -> i1 {
  bufferization.dealloc
  bufferization.dealloc
  %r2:2 = bufferization.dealloc (%m1, %m3, %m2, %m5 : memref<2xf32, 1>, memref<?xi8>, memref<?xi8>, memref<2xf32>) if (%d, %c, %c, %c) retain (%m4, %m3 : memref<4xf32, strided<[2], offset: ?>>, memref<?xi8>)
  bufferization.dealloc (%m2, %m1, %m4 : memref<?xi8>, memref<2xf32, 1>, memref<4xf32, strided<[2], offset: ?>>) if (%r2#0, %c, %c)
  scf.if %r2#0 {
    bufferization.dealloc (%m3, %m1 : memref<?xi8>, memref<2xf32, 1>) if (%c, %r2#0)
  }
  return %r2#0 : i1
}

func.func @t7(%m0: memref<2xf32>, %m1: memref<2xf32>, %m2: memref<f32>, %m3: memref<*xf32>, %m4: memref<*xf32>, %m5: memref<4xf32, strided<[2], offset: ?>>, %c: i1, %d: i1) -> i1 {
  bufferization.dealloc (%m2 : memref<f32>) if (%c)
  %r1:2 = bufferization.dealloc (%m5, %m4, %m1 : memref<4xf32, strided<[2], offset: ?>>, memref<*xf32>, memref<2xf32>) if (%c, %d, %d) retain (%m4, %m0 : memref<*xf32>, memref<2xf32>)
  bufferization.dealloc
  bufferization.dealloc (%m3, %m0, %m2, %m1 : memref<*xf32>, memref<2xf32>, memref<f32>, memref<2xf32>) if (%c, %c, %c, %d)
  %r4:2 = bufferization.dealloc (%m5, %m0, %m1, %m3 : memref<4xf32, strided<[2], offset: ?>>, memref<2xf32>, memref<2xf32>, memref<*xf32>) if (%r1#1, %d, %c, %d) retain (%m2, %m0 : memref<f32>, memref<2xf32>)
  return %r4#0 : i1
}

func.func @t8(%m0: memref<4xf32, strided<[2], offset: ?>>, %m1: memref<2xf32>, %m2: memref<4xf32, strided<[2], offset: ?>>, %m3: memref<2xf32, 1>, %m4: memref<?xi8>, %m5: memref<?xi8>, %c: i1, %d: i1) -> i1 {
  bufferization.dealloc
  bufferization.dealloc
  %r2:2 = bufferization.dealloc retain (%m3, %m2 : memref<2xf32, 1>, memref<4xf32, strided<[2], offset: ?>>)
  %r3:3 = bufferization.dealloc (%m3, %m5, %m0, %m2 : memref<2xf32, 1>, memref<?xi8>, memref<4xf32, strided<[2], offset: ?>>, memref<4xf32, strided<[2], offset: ?>>) if (%r2#1, %c, %d, %c) retain (%m4, %m0, %m2 : memref<?xi8>, memref<4xf32, strided<[2], offset: ?>>, memref<4xf32, strided<[2], offset: ?>>)
  %r4:3 = bufferization.dealloc retain (%m4, %m3, %m2 : memref<?xi8>, memref<2xf32, 1>, memref<4xf32, strided<[2], offset: ?>>)
  scf.if %r4#0 {
    bufferization.dealloc (%m1, %m4 : memref<2xf32>, memref<?xi8>) if (%c, %r4#0)
  }
  return %r4#0 : i1
}

func.func @t9(%m0: memref<f32>, %m1: memref<4xf32, strided<[2], offset: ?>>, %m2: memref<f32>, %m3: memref<*xf32>, %m4: memref<2xf32, 1>, %m5: memref<?xi8>, %c: i1, %d: i1) -> i1 {
  %r0:2 = bufferization.dealloc (%m3 : memref<*xf32>) if (%c) retain (%m5, %m2 : memref<?xi8>, memref<f32>)
  %r1 = bufferization.dealloc (%m3 : memref<*xf32>) if (%r0#1) retain (%m1 : memref<4xf32, strided<[2], offset: ?>>)
  %r2 = bufferization.dealloc (%m1, %m5 : memref<4xf32, strided<[2], offset: ?>>, memref<?xi8>) if (%r0#1, %c) retain (%m3 : memref<*xf32>)
  %r3:2 = bufferization.dealloc retain (%m1, %m0 : memref<4xf32, strided<[2], offset: ?>>, memref<f32>)
  return %r3#1 : i1
}

func.func @t10(%m0: memref<f32>, %m1: memref<?xi8>, %m2: memref<?xi8>, %m3: memref<2xf32, 1>, %m4: memref<4xf32, strided<[2], offset: ?>>, %m5: memref<?xi8>, %c: i1, %d: i1) -> i1 {
  %r0:3 = bufferization.dealloc (%m2, %m0, %m4, %m1 : memref<?xi8>, memref<f32>, memref<4xf32, strided<[2], offset: ?>>, memref<?xi8>) if (%d, %d, %c, %c) retain (%m4, %m0, %m2 : memref<4xf32, strided<[2], offset: ?>>, memref<f32>, memref<?xi8>)
  %r1 = bufferization.dealloc (%m0, %m2, %m1 : memref<f32>, memref<?xi8>, memref<?xi8>) if (%c, %r0#1, %c) retain (%m1 : memref<?xi8>)
  bufferization.dealloc (%m5, %m4, %m2 : memref<?xi8>, memref<4xf32, strided<[2], offset: ?>>, memref<?xi8>) if (%c, %d, %d)
  return %r1 : i1
}

func.func @t11(%m0: memref<*xf32>, %m1: memref<f32>, %m2: memref<2xf32, 1>, %m3: memref<2xf32>, %m4: memref<?xi8>, %m5: memref<4xf32, strided<[2], offset: ?>>, %c: i1, %d: i1) -> i1 {
  %r0 = bufferization.dealloc (%m2 : memref<2xf32, 1>) if (%c) retain (%m2 : memref<2xf32, 1>)
  scf.if %r0 {
    bufferization.dealloc (%m5, %m1 : memref<4xf32, strided<[2], offset: ?>>, memref<f32>) if (%c, %r0)
  }
  return %r0 : i1
}

func.func @t12(%m0: memref<2xf32>, %m1: memref<?xi8>, %m2: memref<2xf32, 1>, %m3: memref<?xi8>, %m4: memref<f32>, %m5: memref<?xi8>, %c: i1, %d: i1) -> i1 {
  bufferization.dealloc (%m3 : memref<?xi8>) if (%d)
  %r1:2 = bufferization.dealloc (%m5, %m1, %m0 : memref<?xi8>, memref<?xi8>, memref<2xf32>) if (%c, %c, %d) retain (%m5, %m0 : memref<?xi8>, memref<2xf32>)
  %r2:2 = bufferization.dealloc (%m2, %m0 : memref<2xf32, 1>, memref<2xf32>) if (%c, %c) retain (%m2, %m4 : memref<2xf32, 1>, memref<f32>)
  %r3:3 = bufferization.dealloc (%m2, %m3 : memref<2xf32, 1>, memref<?xi8>) if (%r2#1, %c) retain (%m0, %m1, %m5 : memref<2xf32>, memref<?xi8>, memref<?xi8>)
  return %r3#0 : i1
}

func.func @t13(%m0: memref<2xf32, 1>, %m1: memref<f32>, %m2: memref<?xi8>, %m3: memref<f32>, %m4: memref<4xf32, strided<[2], offset: ?>>, %m5: memref<2xf32, 1>, %c: i1, %d: i1) -> i1 {
  %r0:3 = bufferization.dealloc (%m4, %m0, %m1 : memref<4xf32, strided<[2], offset: ?>>, memref<2xf32, 1>, memref<f32>) if (%c, %d, %d) retain (%m3, %m4, %m2 : memref<f32>, memref<4xf32, strided<[2], offset: ?>>, memref<?xi8>)
  %r1 = bufferization.dealloc (%m2, %m1, %m5 : memref<?xi8>, memref<f32>, memref<2xf32, 1>) if (%d, %c, %d) retain (%m4 : memref<4xf32, strided<[2], offset: ?>>)
  bufferization.dealloc (%m4, %m0, %m3, %m5 : memref<4xf32, strided<[2], offset: ?>>, memref<2xf32, 1>, memref<f32>, memref<2xf32, 1>) if (%c, %r1, %c, %r1)
  %r3 = bufferization.dealloc retain (%m0 : memref<2xf32, 1>)
  %r4:3 = bufferization.dealloc (%m3, %m5, %m2, %m0 : memref<f32>, memref<2xf32, 1>, memref<?xi8>, memref<2xf32, 1>) if (%r0#2, %r1, %r1, %r3) retain (%m3, %m5, %m1 : memref<f32>, memref<2xf32, 1>, memref<f32>)
  scf.if %r4#1 {
    bufferization.dealloc (%m3, %m4 : memref<f32>, memref<4xf32, strided<[2], offset: ?>>) if (%c, %r4#1)
  }
  return %r4#1 : i1
}

func.func @t14(%m0: memref<2xf32>, %m1: memref<*xf32>, %m2: memref<f32>, %m3: memref<2xf32, 1>, %m4: memref<2xf32>, %m5: memref<2xf32>, %c: i1, %d: i1) -> i1 {
  %r0 = bufferization.dealloc (%m0 : memref<2xf32>) if (%d) retain (%m5 : memref<2xf32>)
  %r1:2 = bufferization.dealloc (%m1, %m4 : memref<*xf32>, memref<2xf32>) if (%d, %r0) retain (%m3, %m0 : memref<2xf32, 1>, memref<2xf32>)
  return %r1#0 : i1
}

func.func @t15(%m0: memref<4xf32, strided<[2], offset: ?>>, %m1: memref<*xf32>, %m2: memref<2xf32, 1>, %m3: memref<f32>, %m4: memref<2xf32, 1>, %m5: memref<4xf32, strided<[2], offset: ?>>, %c: i1, %d: i1) -> i1 {
  %r0:3 = bufferization.dealloc retain (%m5, %m3, %m1 : memref<4xf32, strided<[2], offset: ?>>, memref<f32>, memref<*xf32>)
  %r1 = bufferization.dealloc (%m4 : memref<2xf32, 1>) if (%r0#2) retain (%m1 : memref<*xf32>)
  %r2 = bufferization.dealloc (%m1, %m2, %m5, %m3 : memref<*xf32>, memref<2xf32, 1>, memref<4xf32, strided<[2], offset: ?>>, memref<f32>) if (%r0#2, %d, %d, %d) retain (%m4 : memref<2xf32, 1>)
  %r3 = bufferization.dealloc retain (%m1 : memref<*xf32>)
  scf.if %r3 {
    bufferization.dealloc (%m0, %m2 : memref<4xf32, strided<[2], offset: ?>>, memref<2xf32, 1>) if (%c, %r3)
  }
  return %r3 : i1
}

func.func @t16(%m0: memref<?xi8>, %m1: memref<2xf32>, %m2: memref<?xi8>, %m3: memref<?xi8>, %m4: memref<4xf32, strided<[2], offset: ?>>, %m5: memref<2xf32, 1>, %c: i1, %d: i1) -> i1 {
  %r0:3 = bufferization.dealloc (%m5 : memref<2xf32, 1>) if (%c) retain (%m5, %m0, %m4 : memref<2xf32, 1>, memref<?xi8>, memref<4xf32, strided<[2], offset: ?>>)
  %r1:2 = bufferization.dealloc (%m0, %m4 : memref<?xi8>, memref<4xf32, strided<[2], offset: ?>>) if (%r0#2, %r0#2) retain (%m5, %m2 : memref<2xf32, 1>, memref<?xi8>)
  return %r1#0 : i1
}

func.func @t17(%m0: memref<?xi8>, %m1: memref<2xf32>, %m2: memref<2xf32>, %m3: memref<2xf32>, %m4: memref<4xf32, strided<[2], offset: ?>>, %m5: memref<4xf32, strided<[2], offset: ?>>, %c: i1, %d: i1) -> i1 {
  %r0:3 = bufferization.dealloc (%m1, %m5, %m4, %m0 : memref<2xf32>, memref<4xf32, strided<[2], offset: ?>>, memref<4xf32, strided<[2], offset: ?>>, memref<?xi8>) if (%d, %c, %c, %c) retain (%m1, %m5, %m4 : memref<2xf32>, memref<4xf32, strided<[2], offset: ?>>, memref<4xf32, strided<[2], offset: ?>>)
  bufferization.dealloc (%m0, %m2, %m3 : memref<?xi8>, memref<2xf32>, memref<2xf32>) if (%d, %d, %r0#2)
  %r2:3 = bufferization.dealloc (%m1, %m4 : memref<2xf32>, memref<4xf32, strided<[2], offset: ?>>) if (%c, %c) retain (%m2, %m0, %m4 : memref<2xf32>, memref<?xi8>, memref<4xf32, strided<[2], offset: ?>>)
  %r3:2 = bufferization.dealloc (%m5, %m2, %m3 : memref<4xf32, strided<[2], offset: ?>>, memref<2xf32>, memref<2xf32>) if (%d, %c, %c) retain (%m1, %m4 : memref<2xf32>, memref<4xf32, strided<[2], offset: ?>>)
  %r4:3 = bufferization.dealloc retain (%m4, %m5, %m1 : memref<4xf32, strided<[2], offset: ?>>, memref<4xf32, strided<[2], offset: ?>>, memref<2xf32>)
  return %r4#2 : i1
}

func.func @t18(%m0: memref<*xf32>, %m1: memref<*xf32>, %m2: memref<*xf32>, %m3: memref<2xf32>, %m4: memref<2xf32, 1>, %m5: memref<2xf32, 1>, %c: i1, %d: i1) -> i1 {
  %r0 = bufferization.dealloc (%m2, %m4, %m5 : memref<*xf32>, memref<2xf32, 1>, memref<2xf32, 1>) if (%c, %d, %c) retain (%m3 : memref<2xf32>)
  bufferization.dealloc (%m2 : memref<*xf32>) if (%d)
  return %r0 : i1
}

func.func @t19(%m0: memref<2xf32>, %m1: memref<*xf32>, %m2: memref<2xf32, 1>, %m3: memref<4xf32, strided<[2], offset: ?>>, %m4: memref<2xf32>, %m5: memref<f32>, %c: i1, %d: i1) -> i1 {
  %r0:2 = bufferization.dealloc (%m1, %m3 : memref<*xf32>, memref<4xf32, strided<[2], offset: ?>>) if (%c, %d) retain (%m4, %m1 : memref<2xf32>, memref<*xf32>)
  bufferization.dealloc (%m3 : memref<4xf32, strided<[2], offset: ?>>) if (%r0#1)
  bufferization.dealloc
  return %r0#1 : i1
}
