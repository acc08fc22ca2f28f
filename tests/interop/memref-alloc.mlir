// Allocation ops of the memref dialect, round-tripped against mlir-opt-19:
// alloc, alloca, dealloc, realloc and alloca_scope with every operand and
// attribute form, layouts and memory spaces.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

#map = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>

func.func @alloc(%n: index, %m: index, %s: index) {
  %0 = memref.alloc() : memref<8x64xf32>
  %1 = memref.alloc(%n) : memref<?xf32>
  %2 = memref.alloc(%n, %m) {alignment = 64 : i64} : memref<?x4x?xi8>
  %3 = memref.alloc()[%s] : memref<8x64xf32, #map>
  %4 = memref.alloc(%n)[%s] : memref<?x64xf32, affine_map<(d0, d1)[s0] -> (d0 * 64 + d1 + s0)>, 1>
  %5 = memref.alloc() : memref<f32>
  %6 = memref.alloc() {alignment = 16} : memref<4xvector<4xf32>>
  %7 = memref.alloc() : memref<2x3xi32, strided<[3, 1], offset: 0>>
  %8 = memref.alloc() : memref<2x3xi32, strided<[6, 2], offset: 5>, "gpu">
  %9 = memref.alloc() {foo = "bar", alignment = 8 : i64} : memref<0xcomplex<f32>, 2>
  %10 = memref.alloc() : memref<4xmemref<2xf32>>
  %11 = memref.alloc() : memref<4x4xindex, #gpu.address_space<workgroup>>
  memref.dealloc %0 : memref<8x64xf32>
  memref.dealloc %1 {dealloc_attr} : memref<?xf32>
  return
}

func.func @alloca(%n: index, %s: index) -> memref<?xf32> {
  %0 = memref.alloca() : memref<4x4xf32>
  %1 = memref.alloca(%n) {alignment = 32 : i64} : memref<?xf32>
  %2 = memref.alloca()[%s] : memref<8xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %3 = memref.alloca(%n, %n) : memref<?x?xf16, 3>
  %4 = memref.alloca() : memref<1xbf16>
  return %1 : memref<?xf32>
}

func.func @realloc(%src: memref<64xf32>, %d: memref<?xi8, 1>, %n: index) {
  %0 = memref.realloc %src : memref<64xf32> to memref<124xf32>
  %1 = memref.realloc %d(%n) : memref<?xi8, 1> to memref<?xi8, 1>
  %2 = memref.realloc %0 {alignment = 8 : i64} : memref<124xf32> to memref<256xf32>
  %3 = memref.realloc %d : memref<?xi8, 1> to memref<16xi8, 1>
  memref.dealloc %2 : memref<256xf32>
  return
}

func.func @scopes(%n: index) -> (index, f32) {
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xf32>
  }
  memref.alloca_scope {
  }
  memref.alloca_scope {
    memref.alloca_scope.return
  } {scope_attr = 1 : i32}
  %r = memref.alloca_scope -> (index) {
    %b = memref.alloca(%n) : memref<?xf32>
    memref.alloca_scope.return %n : index
  }
  %x, %y = memref.alloca_scope -> (index, f32) {
    %c = memref.alloca() : memref<f32>
    %v = memref.load %c[] : memref<f32>
    %inner = memref.alloca_scope -> index {
      memref.alloca_scope.return {ret_attr} %n : index
    }
    memref.alloca_scope.return %inner, %v : index, f32
  }
  return %x, %y : index, f32
}
