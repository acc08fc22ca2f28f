// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// tensor.collapse_shape, tensor.expand_shape,
// tensor.reshape with a shape tensor, and tensor.cast.
func.func private @printMemrefI64(tensor<*xi64>) attributes {llvm.emit_c_interface}

func.func @main() {
  %t = arith.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi64>
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x2xi64> into tensor<6x2xi64>
  %cu = tensor.cast %c : tensor<6x2xi64> to tensor<*xi64>
  call @printMemrefI64(%cu) : (tensor<*xi64>) -> ()
  %flat = tensor.collapse_shape %t [[0, 1, 2]] : tensor<2x3x2xi64> into tensor<12xi64>
  %e = tensor.expand_shape %flat [[0, 1]] output_shape [4, 3] : tensor<12xi64> into tensor<4x3xi64>
  %eu = tensor.cast %e : tensor<4x3xi64> to tensor<*xi64>
  call @printMemrefI64(%eu) : (tensor<*xi64>) -> ()
  // (A dynamic tensor.expand_shape would be natural here, but mlir-opt-19
  // runs out of memory bufferizing one, so the oracle cannot run it.)
  %e2 = tensor.expand_shape %flat [[0, 1, 2]] output_shape [2, 2, 3] : tensor<12xi64> into tensor<2x2x3xi64>
  %e2u = tensor.cast %e2 : tensor<2x2x3xi64> to tensor<*xi64>
  call @printMemrefI64(%e2u) : (tensor<*xi64>) -> ()
  %shape = arith.constant dense<[3, 2, 2]> : tensor<3xi32>
  %r = tensor.reshape %flat(%shape) : (tensor<12xi64>, tensor<3xi32>) -> tensor<3x2x2xi64>
  %ru = tensor.cast %r : tensor<3x2x2xi64> to tensor<*xi64>
  call @printMemrefI64(%ru) : (tensor<*xi64>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [6, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   2], 
// CHECK-NEXT:  [3,   4], 
// CHECK-NEXT:  [5,   6], 
// CHECK-NEXT:  [7,   8], 
// CHECK-NEXT:  [9,   10], 
// CHECK-NEXT:  [11,   12]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   2,   3], 
// CHECK-NEXT:  [4,   5,   6], 
// CHECK-NEXT:  [7,   8,   9], 
// CHECK-NEXT:  [10,   11,   12]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [2, 2, 3] strides = [6, 3, 1] data = 
// CHECK-NEXT: {{\[\[\[}}1,    2,    3], 
// CHECK-NEXT:   [4,    5,    6]], 
// CHECK-NEXT:  {{\[\[}}7,    8,    9], 
// CHECK-NEXT:   [10,    11,    12]]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 3 offset = 0 sizes = [3, 2, 2] strides = [4, 2, 1] data = 
// CHECK-NEXT: {{\[\[\[}}1,    2], 
// CHECK-NEXT:   [3,    4]], 
// CHECK-NEXT:  {{\[\[}}5,    6], 
// CHECK-NEXT:   [7,    8]], 
// CHECK-NEXT:  {{\[\[}}9,    10], 
// CHECK-NEXT:   [11,    12]]]
