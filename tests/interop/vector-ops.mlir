// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @transfer(%m: memref<?x8xf32>, %t: tensor<4x8xf32>, %i: index, %j: index, %p: f32, %mask: vector<4xi1>, %mask2: vector<8x4xi1>) -> tensor<4x8xf32> {
  %v = vector.transfer_read %m[%i, %j], %p : memref<?x8xf32>, vector<4xf32>
  %v2 = vector.transfer_read %t[%i, %j], %p {in_bounds = [true, false]} : tensor<4x8xf32>, vector<2x4xf32>
  %v3 = vector.transfer_read %m[%i, %j], %p, %mask {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x8xf32>, vector<4xf32>
  %v4 = vector.transfer_read %m[%i, %j], %p {permutation_map = affine_map<(d0, d1) -> (0, d1)>, in_bounds = [true, false]} : memref<?x8xf32>, vector<3x4xf32>
  %v5 = vector.transfer_read %m[%i, %j], %p, %mask2 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x8xf32>, vector<4x8xf32>
  vector.transfer_write %v, %m[%i, %j] : vector<4xf32>, memref<?x8xf32>
  vector.transfer_write %v, %m[%i, %j], %mask {in_bounds = [true]} : vector<4xf32>, memref<?x8xf32>
  %w = vector.transfer_write %v2, %t[%i, %j] : vector<2x4xf32>, tensor<4x8xf32>
  %w2 = vector.transfer_write %v3, %w[%i, %j] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, tensor<4x8xf32>
  return %w2 : tensor<4x8xf32>
}

func.func @zero_d(%m: memref<f32>, %t: tensor<f32>, %p: f32) {
  %v = vector.transfer_read %m[], %p : memref<f32>, vector<f32>
  %v1 = vector.transfer_read %t[], %p {in_bounds = [true]} : tensor<f32>, vector<1xf32>
  vector.transfer_write %v, %m[] : vector<f32>, memref<f32>
  return
}

func.func @misc(%x: f32, %v: vector<4xf32>, %w: vector<2x4xf32>, %i: index, %k: i32) {
  %b = vector.broadcast %x : f32 to vector<4xf32>
  %b2 = vector.broadcast %v : vector<4xf32> to vector<3x4xf32>
  %s = vector.splat %x : vector<2x4xf32>
  %s2 = vector.splat %k : vector<[4]xi32>
  %e = vector.extract %w[1] : vector<4xf32> from vector<2x4xf32>
  %e2 = vector.extract %w[1, %i] : f32 from vector<2x4xf32>
  %e3 = vector.extract %w[%i, 2] : f32 from vector<2x4xf32>
  %e4 = vector.extract %w[] : vector<2x4xf32> from vector<2x4xf32>
  %n = vector.insert %x, %w[0, 1] : f32 into vector<2x4xf32>
  %n2 = vector.insert %v, %w[%i] : vector<4xf32> into vector<2x4xf32>
  %cm = vector.constant_mask [3, 2] : vector<4x3xi1>
  %cr = vector.create_mask %i, %i : vector<4x3xi1>
  vector.print %v : vector<4xf32>
  vector.print %x : f32 punctuation <comma>
  vector.print punctuation <newline>
  vector.print punctuation <open>
  vector.print str "hello\n"
  vector.print
  vector.print %i : index {foo}
  return
}
