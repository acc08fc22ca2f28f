// Reassociative reshapes and casts of the memref dialect round-tripped
// against mlir-opt-19: collapse_shape and expand_shape on identity, strided
// and affine layouts, cast between ranked and unranked memrefs and layouts,
// and memory_space_cast.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @collapse(%a: memref<4x8x16xf32>, %b: memref<?x8x16xf32, strided<[256, 16, 1], offset: 3>>, %c: memref<4x1x16xf32, strided<[64, 7, 1]>>, %d: memref<1x1xf32>, %e: memref<4x?x16xf32, strided<[?, 16, 1]>, 1>) {
  %0 = memref.collapse_shape %a [[0, 1], [2]] : memref<4x8x16xf32> into memref<32x16xf32>
  %1 = memref.collapse_shape %a [[0, 1, 2]] : memref<4x8x16xf32> into memref<512xf32>
  %2 = memref.collapse_shape %b [[0], [1, 2]] : memref<?x8x16xf32, strided<[256, 16, 1], offset: 3>> into memref<?x128xf32, strided<[256, 1], offset: 3>>
  %3 = memref.collapse_shape %c [[0, 1], [2]] {cs} : memref<4x1x16xf32, strided<[64, 7, 1]>> into memref<4x16xf32, strided<[64, 1]>>
  %4 = memref.collapse_shape %d [] : memref<1x1xf32> into memref<f32>
  %5 = memref.collapse_shape %e [[0, 1, 2]] : memref<4x?x16xf32, strided<[?, 16, 1]>, 1> into memref<?xf32, strided<[1]>, 1>
  %6 = memref.collapse_shape %a [[0], [1], [2]] : memref<4x8x16xf32> into memref<4x8x16xf32>
  return
}

func.func @expand(%a: memref<24x16xf32>, %d: memref<?x16xf32>, %b: memref<?x16xf32, strided<[32, 1], offset: 4>>, %c: memref<f32>, %n: index, %m: index) {
  %0 = memref.expand_shape %a [[0, 1], [2]] output_shape [2, 12, 16] : memref<24x16xf32> into memref<2x12x16xf32>
  %1 = memref.expand_shape %b [[0, 1], [2, 3]] output_shape [%n, 4, 4, 4] : memref<?x16xf32, strided<[32, 1], offset: 4>> into memref<?x4x4x4xf32, strided<[128, 32, 4, 1], offset: 4>>
  %2 = memref.expand_shape %c [] output_shape [1, 1] {es} : memref<f32> into memref<1x1xf32>
  %3 = memref.expand_shape %d [[0, 1], [2]] output_shape [%n, %m, 16] : memref<?x16xf32> into memref<?x?x16xf32>
  %4 = memref.expand_shape %b [[0], [1, 2]] output_shape [%n, 16, 1] : memref<?x16xf32, strided<[32, 1], offset: 4>> into memref<?x16x1xf32, strided<[32, 1, 1], offset: 4>>
  return
}

func.func @casts(%a: memref<4x?xf32>, %u: memref<*xf32>, %s: memref<12x4xf32, strided<[4, 1], offset: 5>>, %g: memref<8xi32, 1>, %gu: memref<*xmemref<?xf32>, 5>) {
  %0 = memref.cast %a : memref<4x?xf32> to memref<?x?xf32>
  %1 = memref.cast %a : memref<4x?xf32> to memref<4x8xf32>
  %2 = memref.cast %u : memref<*xf32> to memref<4x?xf32>
  %3 = memref.cast %a {c} : memref<4x?xf32> to memref<*xf32>
  %4 = memref.cast %s : memref<12x4xf32, strided<[4, 1], offset: 5>> to memref<12x4xf32, strided<[?, ?], offset: ?>>
  %5 = memref.cast %4 : memref<12x4xf32, strided<[?, ?], offset: ?>> to memref<12x4xf32, strided<[4, 1], offset: 5>>
  %6 = memref.cast %a : memref<4x?xf32> to memref<4x?xf32, strided<[?, 1]>>
  %7 = memref.memory_space_cast %g : memref<8xi32, 1> to memref<8xi32>
  %8 = memref.memory_space_cast %gu {msc} : memref<*xmemref<?xf32>, 5> to memref<*xmemref<?xf32>, 3>
  %9 = memref.memory_space_cast %7 : memref<8xi32> to memref<8xi32, #gpu.address_space<private>>
  return
}
