// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Every elementwise named linalg op of MLIR 19: the float unary ops on a
// tensor, the binary ops on f64 buffers and on i32 buffers (signed and
// unsigned division, signed max/min), i1 add/mul (or/and), and select.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @show(%t: tensor<6xf32>) {
  %m = bufferization.to_memref %t read_only : memref<6xf32, strided<[?], offset: ?>>
  %u = memref.cast %m : memref<6xf32, strided<[?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @unary(%x: tensor<6xf32>, %p: tensor<6xf32>) {
  %e = tensor.empty() : tensor<6xf32>
  %0 = linalg.exp ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%0) : (tensor<6xf32>) -> ()
  %1 = linalg.log ins(%p : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%1) : (tensor<6xf32>) -> ()
  %2 = linalg.abs ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%2) : (tensor<6xf32>) -> ()
  %3 = linalg.ceil ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%3) : (tensor<6xf32>) -> ()
  %4 = linalg.floor ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%4) : (tensor<6xf32>) -> ()
  %5 = linalg.negf ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%5) : (tensor<6xf32>) -> ()
  %6 = linalg.reciprocal ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%6) : (tensor<6xf32>) -> ()
  %7 = linalg.round ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%7) : (tensor<6xf32>) -> ()
  %8 = linalg.sqrt ins(%p : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%8) : (tensor<6xf32>) -> ()
  %9 = linalg.rsqrt ins(%p : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%9) : (tensor<6xf32>) -> ()
  %10 = linalg.square ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%10) : (tensor<6xf32>) -> ()
  %11 = linalg.tanh ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%11) : (tensor<6xf32>) -> ()
  %12 = linalg.erf ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  call @show(%12) : (tensor<6xf32>) -> ()
  return
}

func.func @binary_f64() {
  %a = memref.alloc() : memref<2x2xf64>
  %b = memref.alloc() : memref<2x2xf64>
  %o = memref.alloc() : memref<2x2xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v0 = arith.constant 1.5 : f64
  %v1 = arith.constant -2.0 : f64
  %v2 = arith.constant 3.0 : f64
  %v3 = arith.constant 0.5 : f64
  memref.store %v0, %a[%c0, %c0] : memref<2x2xf64>
  memref.store %v1, %a[%c0, %c1] : memref<2x2xf64>
  memref.store %v2, %a[%c1, %c0] : memref<2x2xf64>
  memref.store %v3, %a[%c1, %c1] : memref<2x2xf64>
  memref.store %v3, %b[%c0, %c0] : memref<2x2xf64>
  memref.store %v2, %b[%c0, %c1] : memref<2x2xf64>
  memref.store %v1, %b[%c1, %c0] : memref<2x2xf64>
  memref.store %v0, %b[%c1, %c1] : memref<2x2xf64>
  %u = memref.cast %o : memref<2x2xf64> to memref<*xf64>
  linalg.add ins(%a, %b : memref<2x2xf64>, memref<2x2xf64>) outs(%o : memref<2x2xf64>)
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  linalg.sub ins(%a, %b : memref<2x2xf64>, memref<2x2xf64>) outs(%o : memref<2x2xf64>)
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  linalg.mul ins(%a, %b : memref<2x2xf64>, memref<2x2xf64>) outs(%o : memref<2x2xf64>)
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  linalg.div ins(%a, %b : memref<2x2xf64>, memref<2x2xf64>) outs(%o : memref<2x2xf64>)
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  linalg.max ins(%a, %b : memref<2x2xf64>, memref<2x2xf64>) outs(%o : memref<2x2xf64>)
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  linalg.min ins(%a, %b : memref<2x2xf64>, memref<2x2xf64>) outs(%o : memref<2x2xf64>)
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  linalg.abs ins(%a : memref<2x2xf64>) outs(%b : memref<2x2xf64>)
  linalg.powf ins(%b, %a : memref<2x2xf64>, memref<2x2xf64>) outs(%o : memref<2x2xf64>)
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  memref.dealloc %a : memref<2x2xf64>
  memref.dealloc %b : memref<2x2xf64>
  memref.dealloc %o : memref<2x2xf64>
  return
}

func.func @binary_i32(%a: memref<4xi32>, %b: memref<4xi32>) {
  %o = memref.alloc() : memref<4xi32>
  %u = memref.cast %o : memref<4xi32> to memref<*xi32>
  linalg.add ins(%a, %b : memref<4xi32>, memref<4xi32>) outs(%o : memref<4xi32>)
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  linalg.sub ins(%a, %b : memref<4xi32>, memref<4xi32>) outs(%o : memref<4xi32>)
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  linalg.mul ins(%a, %b : memref<4xi32>, memref<4xi32>) outs(%o : memref<4xi32>)
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  linalg.div ins(%a, %b : memref<4xi32>, memref<4xi32>) outs(%o : memref<4xi32>)
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  linalg.div_unsigned ins(%a, %b : memref<4xi32>, memref<4xi32>) outs(%o : memref<4xi32>)
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  linalg.max ins(%a, %b : memref<4xi32>, memref<4xi32>) outs(%o : memref<4xi32>)
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  linalg.min ins(%a, %b : memref<4xi32>, memref<4xi32>) outs(%o : memref<4xi32>)
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %o : memref<4xi32>
  return
}

func.func @bools_and_select(%p: tensor<4xi1>, %q: tensor<4xi1>, %x: tensor<4xf32>, %y: tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xi1>
  %f = tensor.empty() : tensor<4xf32>
  %or = linalg.add ins(%p, %q : tensor<4xi1>, tensor<4xi1>) outs(%e : tensor<4xi1>) -> tensor<4xi1>
  %and = linalg.mul ins(%p, %q : tensor<4xi1>, tensor<4xi1>) outs(%e : tensor<4xi1>) -> tensor<4xi1>
  %s1 = linalg.select ins(%or, %x, %y : tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) outs(%f : tensor<4xf32>) -> tensor<4xf32>
  %s2 = linalg.select ins(%and, %x, %y : tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) outs(%f : tensor<4xf32>) -> tensor<4xf32>
  %m1 = bufferization.to_memref %s1 read_only : memref<4xf32, strided<[?], offset: ?>>
  %u1 = memref.cast %m1 : memref<4xf32, strided<[?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %m2 = bufferization.to_memref %s2 read_only : memref<4xf32, strided<[?], offset: ?>>
  %u2 = memref.cast %m2 : memref<4xf32, strided<[?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[-2.5, -0.75, 0.0, 0.5, 1.25, 3.5]> : tensor<6xf32>
  %p = arith.constant dense<[0.25, 1.0, 2.0, 4.0, 9.0, 100.0]> : tensor<6xf32>
  call @unary(%x, %p) : (tensor<6xf32>, tensor<6xf32>) -> ()
  call @binary_f64() : () -> ()
  %a = memref.alloc() : memref<4xi32>
  %b = memref.alloc() : memref<4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i7 = arith.constant 7 : i32
  %im9 = arith.constant -9 : i32
  %i100 = arith.constant 100 : i32
  %im1 = arith.constant -1 : i32
  %i2 = arith.constant 2 : i32
  %im4 = arith.constant -4 : i32
  %i3 = arith.constant 3 : i32
  memref.store %i7, %a[%c0] : memref<4xi32>
  memref.store %im9, %a[%c1] : memref<4xi32>
  memref.store %i100, %a[%c2] : memref<4xi32>
  memref.store %im1, %a[%c3] : memref<4xi32>
  memref.store %i2, %b[%c0] : memref<4xi32>
  memref.store %i2, %b[%c1] : memref<4xi32>
  memref.store %im4, %b[%c2] : memref<4xi32>
  memref.store %i3, %b[%c3] : memref<4xi32>
  call @binary_i32(%a, %b) : (memref<4xi32>, memref<4xi32>) -> ()
  memref.dealloc %a : memref<4xi32>
  memref.dealloc %b : memref<4xi32>
  %bp = arith.constant dense<[true, true, false, false]> : tensor<4xi1>
  %bq = arith.constant dense<[true, false, true, false]> : tensor<4xi1>
  %fx = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %fy = arith.constant dense<[-1.0, -2.0, -3.0, -4.0]> : tensor<4xf32>
  call @bools_and_select(%bp, %bq, %fx, %fy) : (tensor<4xi1>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [0.082085,  0.472367,  1,  1.64872,  3.49034,  33.1155]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [-1.38629,  0,  0.693147,  1.38629,  2.19722,  4.60517]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [2.5,  0.75,  0,  0.5,  1.25,  3.5]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [-2,  -0,  0,  1,  2,  4]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [-3,  -1,  0,  0,  1,  3]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [2.5,  0.75,  -0,  -0.5,  -1.25,  -3.5]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [-0.4,  -1.33333,  inf,  2,  0.8,  0.285714]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [-3,  -1,  0,  1,  1,  4]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [0.5,  1,  1.41421,  2,  3,  10]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [2,  1,  0.707107,  0.5,  0.333333,  0.1]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [6.25,  0.5625,  0,  0.25,  1.5625,  12.25]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [-0.986614,  -0.635149,  0,  0.462117,  0.848284,  0.998178]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [-0.999593,  -0.711156,  0,  0.5205,  0.9229,  0.999999]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}2,   1], 
// CHECK-NEXT:  [1,   2]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   -5], 
// CHECK-NEXT:  [5,   -1]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}0.75,   -6], 
// CHECK-NEXT:  [-6,   0.75]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}3,   -0.666667], 
// CHECK-NEXT:  [-1.5,   0.333333]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}1.5,   3], 
// CHECK-NEXT:  [3,   1.5]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}0.5,   -2], 
// CHECK-NEXT:  [-2,   0.5]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}1.83712,   0.25], 
// CHECK-NEXT:  [27,   0.707107]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [9,  -7,  96,  2]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [5,  -11,  104,  -4]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [14,  -18,  -400,  -3]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [3,  -4,  -25,  0]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [3,  2147483643,  0,  1431655765]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [7,  2,  100,  3]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [2,  -9,  -4,  -1]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [1,  2,  3,  -4]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [1,  -2,  -3,  -4]
