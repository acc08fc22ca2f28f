// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// tensor.extract_slice / insert_slice with static, strided and dynamic
// parameters, including rank-reducing slices, on a constant tensor.
func.func private @printMemrefI32(tensor<*xi32>) attributes {llvm.emit_c_interface}

func.func @show(%t: tensor<?x?xi32>) {
  %u = tensor.cast %t : tensor<?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  %src = arith.constant dense<[[0, 1, 2, 3, 4], [10, 11, 12, 13, 14], [20, 21, 22, 23, 24], [30, 31, 32, 33, 34]]> : tensor<4x5xi32>
  %a = tensor.extract_slice %src[1, 1] [2, 3] [1, 1] : tensor<4x5xi32> to tensor<2x3xi32>
  %ad = tensor.cast %a : tensor<2x3xi32> to tensor<?x?xi32>
  call @show(%ad) : (tensor<?x?xi32>) -> ()
  %b = tensor.extract_slice %src[0, 0] [2, 3] [2, 2] : tensor<4x5xi32> to tensor<2x3xi32>
  %bd = tensor.cast %b : tensor<2x3xi32> to tensor<?x?xi32>
  call @show(%bd) : (tensor<?x?xi32>) -> ()
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d = tensor.extract_slice %src[%c2, %c1] [%c2, %c3] [1, 1] : tensor<4x5xi32> to tensor<?x?xi32>
  call @show(%d) : (tensor<?x?xi32>) -> ()
  // A row as a rank-1 slice, negated, written back as a column.
  %row = tensor.extract_slice %src[3, 1] [1, 4] [1, 1] : tensor<4x5xi32> to tensor<4xi32>
  %zero = arith.constant dense<0> : tensor<4xi32>
  %neg = arith.subi %zero, %row : tensor<4xi32>
  %ins = tensor.insert_slice %neg into %src[0, 4] [4, 1] [1, 1] : tensor<4xi32> into tensor<4x5xi32>
  %insd = tensor.cast %ins : tensor<4x5xi32> to tensor<?x?xi32>
  call @show(%insd) : (tensor<?x?xi32>) -> ()
  // Insert a 2x2 block with a stride.
  %blk = arith.constant dense<[[-1, -2], [-3, -4]]> : tensor<2x2xi32>
  %ins2 = tensor.insert_slice %blk into %ins[%c1, 0] [2, 2] [2, %c3] : tensor<2x2xi32> into tensor<4x5xi32>
  %ins2d = tensor.cast %ins2 : tensor<4x5xi32> to tensor<?x?xi32>
  call @show(%ins2d) : (tensor<?x?xi32>) -> ()
  // The source is unchanged.
  %srcd = tensor.cast %src : tensor<4x5xi32> to tensor<?x?xi32>
  call @show(%srcd) : (tensor<?x?xi32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}11,   12,   13], 
// CHECK-NEXT:  [21,   22,   23]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   2,   4], 
// CHECK-NEXT:  [20,   22,   24]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}21,   22,   23], 
// CHECK-NEXT:  [31,   32,   33]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   1,   2,   3,   -31], 
// CHECK-NEXT:  [10,   11,   12,   13,   -32], 
// CHECK-NEXT:  [20,   21,   22,   23,   -33], 
// CHECK-NEXT:  [30,   31,   32,   33,   -34]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   1,   2,   3,   -31], 
// CHECK-NEXT:  [-1,   11,   12,   -2,   -32], 
// CHECK-NEXT:  [20,   21,   22,   23,   -33], 
// CHECK-NEXT:  [-3,   31,   32,   -4,   -34]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   1,   2,   3,   4], 
// CHECK-NEXT:  [10,   11,   12,   13,   14], 
// CHECK-NEXT:  [20,   21,   22,   23,   24], 
// CHECK-NEXT:  [30,   31,   32,   33,   34]]
