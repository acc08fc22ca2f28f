// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Elementwise arith/math on whole tensors (select with a tensor condition,
// absf, cmpf, sitofp, bitcast), tensor.splat with a dynamic size,
// tensor.rank, and memref.assume_alignment on a printed buffer.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @showf(%t: tensor<?xf32>) {
  %m = bufferization.to_memref %t read_only : memref<?xf32, strided<[?], offset: ?>>
  %u = memref.cast %m : memref<?xf32, strided<[?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[-1.5, 2.0, -0.0, 4.25, -8.0]> : tensor<5xf32>
  %b = arith.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<5xf32>
  %abs = math.absf %a : tensor<5xf32>
  %gt = arith.cmpf ogt, %a, %b : tensor<5xf32>
  %sel = arith.select %gt, %a, %abs : tensor<5xi1>, tensor<5xf32>
  %seld = tensor.cast %sel : tensor<5xf32> to tensor<?xf32>
  call @showf(%seld) : (tensor<?xf32>) -> ()
  %sum = arith.addf %sel, %a : tensor<5xf32>
  %sumd = tensor.cast %sum : tensor<5xf32> to tensor<?xf32>
  call @showf(%sumd) : (tensor<?xf32>) -> ()
  %ints = arith.constant dense<[3, -7, 0, 2147483647, -2147483648]> : tensor<5xi32>
  %f = arith.sitofp %ints : tensor<5xi32> to tensor<5xf32>
  %fd = tensor.cast %f : tensor<5xf32> to tensor<?xf32>
  call @showf(%fd) : (tensor<?xf32>) -> ()
  // The bit patterns of a few floats, as i32.
  %bits = arith.bitcast %b : tensor<5xf32> to tensor<5xi32>
  %bm = bufferization.to_memref %bits read_only : memref<5xi32>
  memref.assume_alignment %bm, 4 : memref<5xi32>
  %bu = memref.cast %bm : memref<5xi32> to memref<*xi32>
  call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  %r = tensor.rank %ints : tensor<5xi32>
  %rf = arith.index_cast %r : index to i32
  %rff = arith.sitofp %rf : i32 to f32
  %c3 = arith.constant 3 : index
  %splat = tensor.splat %rff[%c3] : tensor<?xf32>
  call @showf(%splat) : (tensor<?xf32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [1.5,  2,  0,  4.25,  8]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [0,  4,  0,  8.5,  0]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [3,  -7,  0,  2.14748e+09,  -2.14748e+09]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [1065353216,  1065353216,  1065353216,  1065353216,  1065353216]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [3] strides = [1] data = 
// CHECK-NEXT: [1,  1,  1]
