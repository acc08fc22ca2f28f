// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// linalg.fill_rng_2d: each element is min + (max - min) * 2^-32 * (2^31 - 1
// + lcg(lcg(i + seed) + j)) with lcg(x) = x * 1103515245 + 12345 in i32
// (wrapping), cast to the output's element type: f32 and f64 on memrefs
// with two seeds and ranges, and an i32 tensor (fptosi of the double).
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %min = arith.constant -1.0 : f64
  %max = arith.constant 1.0 : f64
  %seed = arith.constant 42 : i32
  %a = memref.alloc() : memref<3x5xf32>
  linalg.fill_rng_2d ins(%min, %max, %seed : f64, f64, i32) outs(%a : memref<3x5xf32>)
  %au = memref.cast %a : memref<3x5xf32> to memref<*xf32>
  call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  %lo = arith.constant 10.0 : f64
  %hi = arith.constant 1000.0 : f64
  %seed2 = arith.constant -7 : i32
  %b = memref.alloc() : memref<2x3xf64>
  linalg.fill_rng_2d ins(%lo, %hi, %seed2 : f64, f64, i32) outs(%b : memref<2x3xf64>)
  %bu = memref.cast %b : memref<2x3xf64> to memref<*xf64>
  call @printMemrefF64(%bu) : (memref<*xf64>) -> ()
  %e = tensor.empty() : tensor<4x2xi32>
  %t = linalg.fill_rng_2d ins(%lo, %hi, %seed : f64, f64, i32) outs(%e : tensor<4x2xi32>) -> tensor<4x2xi32>
  %tm = bufferization.to_memref %t read_only : memref<4x2xi32>
  %tu = memref.cast %tm : memref<4x2xi32> to memref<*xi32>
  call @printMemrefI32(%tu) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<3x5xf32>
  memref.dealloc %b : memref<2x3xf64>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 5] strides = [5, 1] data = 
// CHECK-NEXT: {{\[\[}}-0.480181,   0.0336831,   0.547547,   -0.938588,   -0.424724], 
// CHECK-NEXT:  [-0.959594,   -0.44573,   0.0681346,   0.581999,   -0.904137], 
// CHECK-NEXT:  [0.560993,   -0.925142,   -0.411278,   0.102586,   0.616451]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}15.4664,   269.829,   524.192], 
// CHECK-NEXT:  [768.157,   32.5199,   286.883]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [4, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}267,   521], 
// CHECK-NEXT:  [30,   284], 
// CHECK-NEXT:  [782,   47], 
// CHECK-NEXT:  [545,   799]]
