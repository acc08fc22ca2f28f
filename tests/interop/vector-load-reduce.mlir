// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @more(%m: memref<8x?xf32>, %i: index, %v: vector<4xf32>, %w: vector<4xi32>, %acc: f32, %mv: memref<4xvector<4xf32>>) -> (f32, i32) {
  %a = vector.load %m[%i, %i] : memref<8x?xf32>, vector<4xf32>
  %b = vector.load %m[%i, %i] {nontemporal = true} : memref<8x?xf32>, vector<2x4xf32>
  %c = vector.load %mv[%i] : memref<4xvector<4xf32>>, vector<4xf32>
  vector.store %a, %m[%i, %i] : memref<8x?xf32>, vector<4xf32>
  vector.store %c, %mv[%i] {nontemporal = false} : memref<4xvector<4xf32>>, vector<4xf32>
  %f = vector.fma %a, %v, %a : vector<4xf32>
  %r = vector.reduction <add>, %v : vector<4xf32> into f32
  %r2 = vector.reduction <maximumf>, %v, %acc fastmath<nnan,ninf> : vector<4xf32> into f32
  %r3 = vector.reduction <xor>, %w : vector<4xi32> into i32
  %r4 = vector.reduction <minsi>, %w {foo} : vector<4xi32> into i32
  return %r2, %r4 : f32, i32
}
