// Result-name hints of the memref dialect (getAsmResultNames), checked on
// bufopt's output and, as a reference, on mlir-opt-19's.
// RUN: bufopt %s | FileCheck %s
// RUN: mlir-opt-19 %s | FileCheck %s

// CHECK-LABEL: func.func @names
func.func @names(%n: index, %m: memref<8x8xf32>, %u: memref<*xf32>, %b: memref<64xi8>, %s: memref<2xindex>) {
  // CHECK: %alloc = memref.alloc(%arg0) : memref<?xf32>
  %0 = memref.alloc(%n) : memref<?xf32>
  // CHECK: %alloc_0 = memref.alloc() : memref<4xf32>
  %1 = memref.alloc() : memref<4xf32>
  // CHECK: %alloca = memref.alloca() : memref<4xf32>
  %2 = memref.alloca() : memref<4xf32>
  // CHECK: %alloca_1 = memref.alloca(%arg0) : memref<?xf32>
  %3 = memref.alloca(%n) : memref<?xf32>
  // CHECK: %subview = memref.subview %arg1[0, 0] [4, 4] [1, 1]
  %4 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  // CHECK: %cast = memref.cast %arg1
  %5 = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>
  // CHECK: %dim = memref.dim %cast, %arg0
  %6 = memref.dim %5, %n : memref<?x?xf32>
  // CHECK: %0 = memref.rank %arg2
  %7 = memref.rank %u : memref<*xf32>
  // CHECK: %collapse_shape = memref.collapse_shape %arg1
  %8 = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  // CHECK: %expand_shape = memref.expand_shape %collapse_shape
  %9 = memref.expand_shape %8 [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  // CHECK: %reinterpret_cast = memref.reinterpret_cast %arg2
  %10 = memref.reinterpret_cast %u to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xf32>
  // CHECK: %reshape = memref.reshape %arg1(%arg4)
  %11 = memref.reshape %m(%s) : (memref<8x8xf32>, memref<2xindex>) -> memref<4x16xf32>
  // CHECK: %view = memref.view %arg3[%arg0][]
  %12 = memref.view %b[%n][] : memref<64xi8> to memref<4xf32>
  // CHECK: %memspacecast = memref.memory_space_cast %arg1
  %13 = memref.memory_space_cast %m : memref<8x8xf32> to memref<8x8xf32, 1>
  // CHECK: %intptr = memref.extract_aligned_pointer_as_index %arg1
  %14 = memref.extract_aligned_pointer_as_index %m : memref<8x8xf32> -> index
  // CHECK: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg1
  %15:6 = memref.extract_strided_metadata %m : memref<8x8xf32> -> memref<f32>, index, index, index, index, index
  // CHECK: %alloca_2 = memref.alloca() : memref<f32>
  %z = memref.alloca() : memref<f32>
  // CHECK: %base_buffer_3, %offset_4 = memref.extract_strided_metadata %alloca_2
  %16:2 = memref.extract_strided_metadata %z : memref<f32> -> memref<f32>, index
  // CHECK: %transpose = memref.transpose %arg1 (d0, d1) -> (d1, d0)
  %t = memref.transpose %m (d0, d1) -> (d1, d0) : memref<8x8xf32> to memref<8x8xf32, strided<[1, 8]>>
  // CHECK: %1 = memref.load %arg1[%arg0, %arg0]
  %17 = memref.load %m[%n, %n] : memref<8x8xf32>
  // CHECK: %2 = memref.realloc %alloc
  %18 = memref.realloc %0 : memref<?xf32> to memref<16xf32>
  // CHECK: %3 = memref.alloca_scope -> (index)
  %19 = memref.alloca_scope -> index {
    // CHECK: %alloca_5 = memref.alloca()
    %a = memref.alloca() : memref<2xf32>
    memref.alloca_scope.return %n : index
  }
  return
}

// CHECK: memref.global "private" @g
memref.global "private" @g : memref<2xf32> = dense<0.0>
// CHECK-LABEL: func.func @globals
func.func @globals() -> memref<2xf32> {
  // CHECK: %0 = memref.get_global @g : memref<2xf32>
  %0 = memref.get_global @g : memref<2xf32>
  return %0 : memref<2xf32>
}
