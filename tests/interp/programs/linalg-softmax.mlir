// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Row-wise softmax of a 2x4 tensor with linalg.generic: a max reduction,
// exp of the shifted values, a sum reduction and a division (math.exp and
// arith.maximumf inside region bodies).
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

#id = affine_map<(i, j) -> (i, j)>
#r = affine_map<(i, j) -> (i)>

func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<2xf32>
  %minit = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %max = linalg.generic {indexing_maps = [#id, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x4xf32>) outs(%minit : tensor<2xf32>) {
  ^bb0(%a: f32, %m: f32):
    %n = arith.maximumf %a, %m : f32
    linalg.yield %n : f32
  } -> tensor<2xf32>
  %e2 = tensor.empty() : tensor<2x4xf32>
  %ex = linalg.generic {indexing_maps = [#id, #r, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<2x4xf32>, tensor<2xf32>) outs(%e2 : tensor<2x4xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<2x4xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %sum = linalg.generic {indexing_maps = [#id, #r], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<2x4xf32>) outs(%sinit : tensor<2xf32>) {
  ^bb0(%a: f32, %s: f32):
    %n = arith.addf %a, %s : f32
    linalg.yield %n : f32
  } -> tensor<2xf32>
  %res = linalg.generic {indexing_maps = [#id, #r, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<2x4xf32>, tensor<2xf32>) outs(%e2 : tensor<2x4xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<2x4xf32>
  return %res : tensor<2x4xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [-1.0, 0.0, 1.0e3, 999.0]]> : tensor<2x4xf32>
  %s = call @softmax(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %m = bufferization.to_memref %s read_only : memref<2x4xf32, strided<[?, ?], offset: ?>>
  %u = memref.cast %m : memref<2x4xf32, strided<[?, ?], offset: ?>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 4] strides = [4, 1] data = 
// CHECK-NEXT: {{\[\[}}0.0320586,   0.0871443,   0.236883,   0.643914], 
// CHECK-NEXT:  [0,   0,   0.731059,   0.268941]]
