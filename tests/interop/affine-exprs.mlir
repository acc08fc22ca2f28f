// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @more(%m: memref<8x8xf32>, %z: memref<f32>, %n: index, %k: index) {
  %c2 = arith.constant 2 : index
  affine.for %i = 0 to 8 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%i)[%n] step 3 {
      %a = affine.load %m[(%i + %j) floordiv 4, %j * symbol(%n) + %i ceildiv 2] : memref<8x8xf32>
      %b = affine.load %m[%i mod symbol(%k), -3 + %j - %i] : memref<8x8xf32>
      %c = affine.load %z[] : memref<f32>
      affine.store %c, %z[] : memref<f32>
      %d = affine.apply affine_map<(d0, d1) -> (d0 - d1)>(%i, %j)
      %e = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%n]
      affine.store %a, %m[%d, symbol(%e) - 1] : memref<8x8xf32>
    }
  }
  %r:2 = affine.for %i = 0 to 4 iter_args(%x = %n, %y = %k) -> (index, index) {
    affine.yield %y, %x : index, index
  }
  affine.parallel (%i, %j) = (symbol(%n), 0) to (min(symbol(%k), 8, %n + 2), symbol(%k) * 2) {
    %u = affine.load %m[%i, %j] : memref<8x8xf32>
    affine.store %u, %m[%i, %j] : memref<8x8xf32>
  }
  affine.parallel () = () to () {
  }
  affine.if affine_set<()[s0] : (s0 - 4 == 0)>()[%n] {
    affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%n, %k) {
    } else {
      "test.use"(%n) : (index) -> ()
    }
  }
  return
}
func.func @cst() -> f32 {
  %c0f = arith.constant 0.0 : f32
  return %c0f : f32
}
