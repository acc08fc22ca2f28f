// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @odd(%m: memref<?x?xvector<4xf32>>, %i: index, %pv: vector<4xf32>, %s: memref<?x?xf32>, %p: f32, %mk: vector<[4]x2xi1>, %t: tensor<?x?x?xf32>) {
  %v = vector.transfer_read %m[%i, %i], %pv : memref<?x?xvector<4xf32>>, vector<1x1x4xf32>
  %w = vector.transfer_read %s[%i, %i], %p, %mk : memref<?x?xf32>, vector<[4]x2xf32>
  %x = vector.transfer_read %t[%i, %i, %i], %p {permutation_map = affine_map<(d0, d1, d2) -> (d2, 0, d0)>, in_bounds = [false, true, false]} : tensor<?x?x?xf32>, vector<3x2x5xf32>
  %y = vector.transfer_read %t[%i, %i, %i], %p {in_bounds = [true]} : tensor<?x?x?xf32>, vector<7xf32>
  vector.transfer_write %w, %s[%i, %i], %mk {in_bounds = [true, true]} : vector<[4]x2xf32>, memref<?x?xf32>
  vector.print %x : vector<3x2x5xf32> punctuation <no_punctuation>
  vector.print str "a \"quoted\" str"
  vector.print punctuation <close> {x = 1 : i32}
  %e = vector.extract %x[2, 1, 4] : f32 from vector<3x2x5xf32>
  %e2 = vector.extract %w[0] : vector<2xf32> from vector<[4]x2xf32>
  %b = vector.broadcast %e2 : vector<2xf32> to vector<[4]x2xf32>
  %b2 = vector.broadcast %i : index to vector<2xindex>
  %cm = vector.constant_mask [0] : vector<[8]xi1>
  %cm0 = vector.constant_mask [1] : vector<i1>
  %cr = vector.create_mask %i : vector<i1>
  return
}
