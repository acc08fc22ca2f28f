// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Tensor values: from_elements, extract, insert (value semantics: the
// original is unchanged), tensor.empty filled by a loop, tensor.dim and
// printing through an unranked tensor passed to the runtime.
func.func private @printMemrefF32(tensor<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(tensor<*xi64>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = arith.constant 1.0 : f32
  %b = arith.constant -2.5 : f32
  %c = arith.constant 1.0e-3 : f32
  %t = tensor.from_elements %a, %b, %c, %a, %a, %b : tensor<2x3xf32>
  %x = tensor.extract %t[%c1, %c2] : tensor<2x3xf32>
  %y = arith.addf %x, %c : f32
  %t2 = tensor.insert %y into %t[%c0, %c0] : tensor<2x3xf32>
  %u = tensor.cast %t : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %t2 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %c4 = arith.constant 4 : index
  %e = tensor.empty(%c4) : tensor<?xi64>
  %filled = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %e) -> (tensor<?xi64>) {
    %v = arith.index_cast %i : index to i64
    %w = arith.muli %v, %v : i64
    %n = tensor.insert %w into %acc[%i] : tensor<?xi64>
    scf.yield %n : tensor<?xi64>
  }
  %d = tensor.dim %filled, %c0 : tensor<?xi64>
  %di = arith.index_cast %d : index to i64
  %withdim = tensor.insert %di into %filled[%c0] : tensor<?xi64>
  %fu = tensor.cast %withdim : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%fu) : (tensor<*xi64>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   -2.5,   0.001], 
// CHECK-NEXT:  [1,   1,   -2.5]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}-2.499,   -2.5,   0.001], 
// CHECK-NEXT:  [1,   1,   -2.5]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data = 
// CHECK-NEXT: [4,  1,  4,  9]
