// memref.global and memref.get_global round-tripped against mlir-opt-19:
// visibility, constant, uninitialized and declared globals, dense, splat,
// string-free element kinds, alignment and extra attributes.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]>
memref.global @z : memref<3xf16> = uninitialized
memref.global "private" @decl : memref<4xi32>
memref.global @splat : memref<2x3xi8> = dense<7> {alignment = 64 : i64}
memref.global "nested" constant @scalar : memref<f64> = dense<3.5>
memref.global "public" @pub : memref<2xi1> = dense<[true, false]>
memref.global constant @cplx : memref<2xcomplex<f32>> = dense<[(1.0, 2.0), (3.0, 4.0)]>
memref.global @ints : memref<2x2xi64> = dense<[[1, -2], [3, 4]]> {foo = "bar"}
memref.global "private" @space : memref<4xf32, 1> = dense<0.0>
memref.global @strided : memref<4xf32, strided<[2]>> = uninitialized
memref.global @idx : memref<3xindex> = dense<[0, 1, 2]>
memref.global @empty : memref<0xf32> = dense<>
memref.global @hex : memref<2xi32> = dense<"0x0100000002000000">

func.func @get() -> (memref<2xf32>, memref<f64>) {
  %0 = memref.get_global @c : memref<2xf32>
  %1 = memref.get_global @scalar : memref<f64> {g}
  %2 = memref.get_global @space : memref<4xf32, 1>
  %3 = memref.get_global @z : memref<3xf16>
  %4 = memref.get_global @strided : memref<4xf32, strided<[2]>>
  return %0, %1 : memref<2xf32>, memref<f64>
}
