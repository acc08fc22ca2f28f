// The remaining memref ops round-tripped against mlir-opt-19: transpose,
// atomic_rmw, generic_atomic_rmw with atomic_yield, and prefetch.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @transposes(%a: memref<?x?xf32>, %b: memref<2x3x4xf32, strided<[12, 4, 1], offset: 5>>) {
  %0 = memref.transpose %a (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %1 = memref.transpose %b (d0, d1, d2) -> (d2, d0, d1) {t} : memref<2x3x4xf32, strided<[12, 4, 1], offset: 5>> to memref<4x2x3xf32, strided<[1, 12, 4], offset: 5>>
  %2 = memref.transpose %a (d0, d1) -> (d0, d1) : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  return
}

func.func @atomics(%m: memref<10xf32>, %n: memref<4x4xi32>, %i: index, %v: f32, %w: i32) -> (f32, i32) {
  %0 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  %1 = memref.atomic_rmw maxs %w, %n[%i, %i] {rmw} : (i32, memref<4x4xi32>) -> i32
  %2 = memref.atomic_rmw assign %v, %m[%i] : (f32, memref<10xf32>) -> f32
  %3 = memref.atomic_rmw minnumf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  %4 = memref.atomic_rmw andi %w, %n[%i, %i] : (i32, memref<4x4xi32>) -> i32
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    %c1 = arith.constant 1.0 : f32
    %inc = arith.addf %c1, %cur : f32
    memref.atomic_yield %inc : f32
  }
  %y = memref.generic_atomic_rmw %n[%i, %i] : memref<4x4xi32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %cur {y} : i32
  } {g}
  return %x, %y : f32, i32
}

func.func @prefetches(%m: memref<10xf32>, %n: memref<4x4xi32, 1>, %i: index) {
  memref.prefetch %m[%i], read, locality<3>, data : memref<10xf32>
  memref.prefetch %n[%i, %i], write, locality<0>, instr : memref<4x4xi32, 1>
  return
}
