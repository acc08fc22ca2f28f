// Canonicalization patterns of bufferization.dealloc and of the
// to_memref/to_tensor conversions that create or erase other ops
// (arith.ori, arith.constant, memref.cast, memref allocations): the output
// of --canonicalize must match mlir-opt-19's byte for byte.
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b

func.func @pairs(%m: memref<4xf32>, %c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %b[%c0] : memref<2xf32>
  "test.use"(%x) : (f32) -> ()
  bufferization.dealloc (%a, %b, %m : memref<2xf32>, memref<2xf32>, memref<4xf32>) if (%c, %c, %c)
  return
}

func.func @metadata(%c: i1) {
  %a = memref.alloc() : memref<2x4xf32>
  %sv = memref.subview %a[0, 0] [2, 2] [1, 1] : memref<2x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %sv : memref<2x2xf32, strided<[4, 1]>> -> memref<f32>, index, index, index, index, index
  "test.use"(%sv) : (memref<2x2xf32, strided<[4, 1]>>) -> ()
  bufferization.dealloc (%base : memref<f32>) if (%c)
  %b = memref.alloc() : memref<8xi8>
  "test.use"(%b) : (memref<8xi8>) -> ()
  %base2, %off2, %size2, %stride2 = memref.extract_strided_metadata %b : memref<8xi8> -> memref<i8>, index, index, index
  bufferization.dealloc (%base2 : memref<i8>) if (%c)
  return
}

func.func @empty_dealloc(%m: memref<4xf32>, %c: i1) -> (i1, i1) {
  %false = arith.constant false
  %r:2 = bufferization.dealloc (%m : memref<4xf32>) if (%false) retain (%m, %m : memref<4xf32>, memref<4xf32>)
  return %r#0, %r#1 : i1, i1
}

func.func @tm(%t: tensor<?xf32>, %u: memref<*xf32>) -> (memref<4xf32>, memref<*xf32>, memref<4xf32, strided<[1], offset: ?>>) {
  %c = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  %0 = bufferization.to_memref %c : memref<4xf32>
  %1 = bufferization.to_tensor %u : memref<*xf32>
  %2 = bufferization.to_memref %1 : memref<*xf32>
  %m = memref.alloc() : memref<4xf32>
  %3 = bufferization.to_tensor %m : memref<4xf32>
  %4 = bufferization.to_memref %3 : memref<4xf32, strided<[1], offset: ?>>
  return %0, %2, %4 : memref<4xf32>, memref<*xf32>, memref<4xf32, strided<[1], offset: ?>>
}
