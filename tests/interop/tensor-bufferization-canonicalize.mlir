// Folders and canonicalization patterns of the tensor and bufferization
// dialects: the output of --canonicalize (and of --cse after it) must match
// mlir-opt-19's byte for byte.
// RUN: bufopt --canonicalize %s > %t.b && mlir-opt-19 --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --canonicalize --cse %s > %t.b && mlir-opt-19 --canonicalize --cse %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --cse %s > %t.b && mlir-opt-19 --cse %s > %t.m && diff -u %t.m %t.b

func.func @dims(%t: tensor<4x?xf32>, %n: index, %m: index, %f: f32) -> (index, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x3x?xf32>
  %c2 = arith.constant 2 : index
  %d1 = tensor.dim %e, %c2 : tensor<?x3x?xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %f : f32
  } : tensor<?x2xf32>
  %d2 = tensor.dim %g, %c0 : tensor<?x2xf32>
  %s = tensor.extract_slice %t[0, 0] [%n, %m] [1, 1] : tensor<4x?xf32> to tensor<?x?xf32>
  %d3 = tensor.dim %s, %c1 : tensor<?x?xf32>
  %c = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %d4 = tensor.dim %c, %c1 : tensor<?x?xf32>
  %sp = tensor.splat %f[%m] : tensor<?xf32>
  %d5 = tensor.dim %sp, %c0 : tensor<?xf32>
  return %d0, %d1, %d2, %d3, %d4, %d5 : index, index, index, index, index, index
}

func.func @extracts(%a: f32, %b: f32, %i: index) -> (f32, f32, f32, i32, tensor<2xf32>, tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %fe = tensor.from_elements %a, %b, %b, %a : tensor<2x2xf32>
  %e0 = tensor.extract %fe[%c1, %c0] : tensor<2x2xf32>
  %e1 = tensor.extract %fe[%c0, %c1] : tensor<2x2xf32>
  %cst = arith.constant dense<3.0> : tensor<4xf32>
  %e2 = tensor.extract %cst[%i] : tensor<4xf32>
  %ci = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %e3 = tensor.extract %ci[%c1] : tensor<4xi32>
  %k1 = arith.constant 1.0 : f32
  %k2 = arith.constant 2.0 : f32
  %fe2 = tensor.from_elements %k1, %k2 : tensor<2xf32>
  %k3 = arith.constant 7 : i32
  %sp = tensor.splat %k3 : tensor<4xi32>
  return %e0, %e1, %e2, %e3, %fe2, %sp : f32, f32, f32, i32, tensor<2xf32>, tensor<4xi32>
}

func.func @casts(%t: tensor<4x?xf32>, %u: tensor<*xf32>) -> (tensor<?x?xf32>, tensor<4x?xf32>, tensor<4x8xf32>, index) {
  %0 = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<?x?xf32>
  %2 = tensor.cast %0 : tensor<?x?xf32> to tensor<4x?xf32>
  %3 = tensor.cast %t : tensor<4x?xf32> to tensor<?x8xf32>
  %4 = tensor.cast %3 : tensor<?x8xf32> to tensor<4x8xf32>
  %r = tensor.rank %t : tensor<4x?xf32>
  return %1, %2, %4, %r : tensor<?x?xf32>, tensor<4x?xf32>, tensor<4x8xf32>, index
}

func.func @slices(%t: tensor<8x8xf32>, %s: tensor<4x4xf32>, %i: index) -> (tensor<8x8xf32>, tensor<4x4xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [8, 8] [1, 1] : tensor<8x8xf32> to tensor<8x8xf32>
  %1 = tensor.insert_slice %s into %t[%i, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  %2 = tensor.extract_slice %1[%i, 0] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
  %3 = tensor.insert_slice %s into %1[%i, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  %4 = tensor.extract_slice %t[%i, 0] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
  %5 = tensor.insert_slice %4 into %t[%i, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  return %0, %2, %3, %5 : tensor<8x8xf32>, tensor<4x4xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

func.func @reshapes(%t: tensor<2x3xf32>, %c: tensor<4x?xf32>) -> (tensor<2x3xf32>, tensor<6xf32>, tensor<4x?xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %cc = tensor.concat dim(0) %t : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %cd = tensor.concat dim(1) %c : (tensor<4x?xf32>) -> tensor<4x?xf32>
  %cst = arith.constant dense<1.0> : tensor<2x3xf32>
  %2 = tensor.collapse_shape %cst [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  return %1, %2, %cd : tensor<2x3xf32>, tensor<6xf32>, tensor<4x?xf32>
}

func.func @buf(%t: tensor<4xf32>, %m: memref<4xf32>, %m2: memref<?xf32>, %c: i1, %c2: i1) -> (tensor<4xf32>, memref<4xf32>, memref<?xf32>, i1, i1, f32, index) {
  %0 = bufferization.to_memref %t : memref<4xf32>
  %1 = bufferization.to_tensor %0 : memref<4xf32>
  %2 = bufferization.to_tensor %m : memref<4xf32>
  %3 = bufferization.to_memref %2 : memref<4xf32>
  %t2b = bufferization.to_tensor %m2 : memref<?xf32>
  %4 = bufferization.to_memref %t2b : memref<?xf32>
  %false = arith.constant false
  %r:2 = bufferization.dealloc (%m, %m, %m2 : memref<4xf32>, memref<4xf32>, memref<?xf32>) if (%c, %c2, %false) retain (%m2, %m2 : memref<?xf32>, memref<?xf32>)
  %e:2 = bufferization.dealloc retain (%m, %m2 : memref<4xf32>, memref<?xf32>)
  %a = memref.alloc() : memref<2xf32>
  bufferization.dealloc (%a, %m : memref<2xf32>, memref<4xf32>) if (%c, %c)
  %c0 = arith.constant 0 : index
  %tm = bufferization.to_memref %t : memref<4xf32>
  %ld = memref.load %tm[%c0] : memref<4xf32>
  %tt = bufferization.to_tensor %m2 : memref<?xf32>
  %dd = tensor.dim %tt, %c0 : tensor<?xf32>
  return %1, %3, %4, %r#1, %e#0, %ld, %dd : tensor<4xf32>, memref<4xf32>, memref<?xf32>, i1, i1, f32, index
}

func.func @chains(%t: tensor<4xf32>, %s: tensor<?xf32>) -> (tensor<4xi32>, memref<4xf32>) {
  %0 = tensor.bitcast %t : tensor<4xf32> to tensor<4xui32>
  %1 = tensor.bitcast %0 : tensor<4xui32> to tensor<4xi32>
  %2 = tensor.cast %s : tensor<?xf32> to tensor<4xf32>
  %3 = bufferization.to_memref %2 : memref<4xf32>
  return %1, %3 : tensor<4xi32>, memref<4xf32>
}
