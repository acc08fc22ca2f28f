// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// A function over dynamically shaped tensors (matmul of ?x? by ?x? into a
// zero-filled tensor.empty sized with tensor.dim) called with two shapes;
// the arguments are built with tensor.generate.
func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}

func.func @matmul(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64>
  %n = tensor.dim %b, %c1 : tensor<?x?xf64>
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty(%m, %n) : tensor<?x?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%e : tensor<?x?xf64>) -> tensor<?x?xf64>
  %c = linalg.matmul ins(%a, %b : tensor<?x?xf64>, tensor<?x?xf64>) outs(%init : tensor<?x?xf64>) -> tensor<?x?xf64>
  return %c : tensor<?x?xf64>
}

func.func @iota(%r: index, %c: index, %scale: f64) -> tensor<?x?xf64> {
  %t = tensor.generate %r, %c {
  ^bb0(%i: index, %j: index):
    %k = arith.muli %i, %c : index
    %l = arith.addi %k, %j : index
    %li = arith.index_cast %l : index to i64
    %f = arith.sitofp %li : i64 to f64
    %s = arith.mulf %f, %scale : f64
    tensor.yield %s : f64
  } : tensor<?x?xf64>
  return %t : tensor<?x?xf64>
}

func.func @show(%t: tensor<?x?xf64>) {
  %m = bufferization.to_memref %t read_only : memref<?x?xf64, strided<[?, ?], offset: ?>>
  %u = memref.cast %m : memref<?x?xf64, strided<[?, ?], offset: ?>> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f64
  %tenth = arith.constant 0.1 : f64
  %a = call @iota(%c2, %c3, %one) : (index, index, f64) -> tensor<?x?xf64>
  %b = call @iota(%c3, %c4, %tenth) : (index, index, f64) -> tensor<?x?xf64>
  %c = call @matmul(%a, %b) : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  call @show(%c) : (tensor<?x?xf64>) -> ()
  %v = call @iota(%c4, %c1, %one) : (index, index, f64) -> tensor<?x?xf64>
  %d = call @matmul(%b, %v) : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  call @show(%d) : (tensor<?x?xf64>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 4] strides = [4, 1] data = 
// CHECK-NEXT: {{\[\[}}2,   2.3,   2.6,   2.9], 
// CHECK-NEXT:  [5.6,   6.8,   8,   9.2]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 1] strides = [1, 1] data = 
// CHECK-NEXT: {{\[\[}}1.4], 
// CHECK-NEXT:  [3.8], 
// CHECK-NEXT:  [6.2]]
