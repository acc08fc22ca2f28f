// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

#lb = affine_map<(d0)[s0] -> (d0, s0 + 2)>
#set = affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 == 0)>
func.func @affine(%m: memref<16x?xf32>, %n: index, %k: index, %x: f32) -> f32 {
  %c3 = arith.constant 3 : index
  %a = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%n)[%k]
  %b = affine.apply affine_map<() -> (7)>()
  affine.for %i = 0 to 16 {
    %v = affine.load %m[%i + 1, symbol(%n)] : memref<16x?xf32>
    affine.store %v, %m[%i floordiv 2, %i * 3 - symbol(%k)] : memref<16x?xf32>
    %w = affine.load %m[-%i + 4, %i mod 4] {foo} : memref<16x?xf32>
  }
  affine.for %i = %n to %k step 2 {
  }
  affine.for %i = max #lb(%n)[%k] to min affine_map<()[s0] -> (s0, 100)>()[%k] {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 10)>(%i) {
      "test.use"(%j) : (index) -> ()
    }
  }
  %s = affine.for %i = 0 to 10 iter_args(%acc = %x) -> (f32) {
    %y = arith.addf %acc, %acc : f32
    affine.yield %y : f32
  }
  affine.if #set(%n)[%k] {
    "test.use"(%n) : (index) -> ()
  }
  %r = affine.if affine_set<(d0) : (d0 >= 0)>(%n) -> f32 {
    affine.yield %x : f32
  } else {
    affine.yield %s : f32
  }
  %p:2 = affine.parallel (%i, %j) = (0, max(%n, %k + 1)) to (%n, 16) step (2, 1) reduce ("addf", "maximumf") -> (f32, f32) {
    %v = affine.load %m[%i, %j] : memref<16x?xf32>
    affine.yield %v, %v : f32, f32
  }
  affine.parallel (%i) = (0) to (min(%n, 8)) {
    affine.store %x, %m[%i, %i] : memref<16x?xf32>
  }
  return %r : f32
}
