// Ops of the bufferization dialect, round-tripped against mlir-opt-19:
// alloc_tensor (dynamic sizes, copy, size_hint, memory_space), clone,
// to_memref (read_only), to_tensor (restrict, writable),
// materialize_in_destination and dealloc_tensor, with layouts, memory
// spaces, unranked types and discardable attributes.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

#ws = #gpu.address_space<workgroup>

func.func @alloc_tensor(%t: tensor<4x?xf32>, %n: index, %m: index) -> tensor<?x?xf32> {
  %0 = bufferization.alloc_tensor() : tensor<4xf32>
  %1 = bufferization.alloc_tensor(%n, %m) : tensor<?x?xf32>
  %2 = bufferization.alloc_tensor() copy(%t) : tensor<4x?xf32>
  %3 = bufferization.alloc_tensor(%n) size_hint=%m : tensor<?xf32>
  %4 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %5 = bufferization.alloc_tensor() copy(%t) size_hint=%n {memory_space = "gpu", tag} : tensor<4x?xf32>
  %6 = bufferization.alloc_tensor() : tensor<f64>
  %7 = bufferization.alloc_tensor(%n) {memory_space = #ws} : tensor<?x8xi8, "enc">
  return %1 : tensor<?x?xf32>
}

func.func @clone(%m: memref<4xf32>, %u: memref<*xf32>, %s: memref<?xf32, strided<[?], offset: ?>, 3>) -> memref<4xf32> {
  %0 = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  %1 = bufferization.clone %u {tag} : memref<*xf32> to memref<*xf32>
  %2 = bufferization.clone %s : memref<?xf32, strided<[?], offset: ?>, 3> to memref<?xf32, strided<[?], offset: ?>, 3>
  %3 = bufferization.clone %m : memref<4xf32> to memref<?xf32>
  return %0 : memref<4xf32>
}

func.func @conversions(%t: tensor<4x?xf32>, %u: tensor<*xi8>, %m: memref<4x?xf32>, %mu: memref<*xi8, 1>, %ms: memref<4x?xf32, strided<[?, 1], offset: ?>, "gpu">) -> tensor<4x?xf32> {
  %0 = bufferization.to_memref %t : memref<4x?xf32>
  %1 = bufferization.to_memref %t read_only : memref<4x?xf32, strided<[?, 1], offset: ?>, "gpu">
  %2 = bufferization.to_memref %u {tag} : memref<*xi8, 1>
  %3 = bufferization.to_memref %u read_only {tag = 0 : i8} : memref<*xi8>
  %4 = bufferization.to_tensor %m : memref<4x?xf32>
  %5 = bufferization.to_tensor %m restrict : memref<4x?xf32>
  %6 = bufferization.to_tensor %m writable : memref<4x?xf32>
  %7 = bufferization.to_tensor %ms restrict writable {tag} : memref<4x?xf32, strided<[?, 1], offset: ?>, "gpu">
  %8 = bufferization.to_tensor %mu : memref<*xi8, 1>
  return %4 : tensor<4x?xf32>
}

func.func @materialize(%t: tensor<4x?xf32>, %d: tensor<?x?xf32>, %m: memref<4x8xf32>, %u: tensor<*xf32>, %mu: memref<*xf32>) -> tensor<?x?xf32> {
  %0 = bufferization.materialize_in_destination %t in %d : (tensor<4x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  bufferization.materialize_in_destination %t in writable %m : (tensor<4x?xf32>, memref<4x8xf32>) -> ()
  bufferization.materialize_in_destination %t in restrict writable %m {tag} : (tensor<4x?xf32>, memref<4x8xf32>) -> ()
  %1 = bufferization.materialize_in_destination %u in %u : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  bufferization.materialize_in_destination %u in writable %mu : (tensor<*xf32>, memref<*xf32>) -> ()
  return %0 : tensor<?x?xf32>
}

func.func @dealloc_tensor(%t: tensor<4xf32>, %u: tensor<*xf32>) {
  bufferization.dealloc_tensor %t : tensor<4xf32>
  bufferization.dealloc_tensor %u {tag} : tensor<*xf32>
  return
}
