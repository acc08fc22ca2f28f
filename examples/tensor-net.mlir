// A small tensor program of the kind a frontend emits: a dense layer
// (matmul + bias + ReLU) called twice, and a loop that accumulates row
// sums into a tensor. `bufopt --one-shot-bufferize=bufferize-function-boundaries`
// turns tensors into buffers across the calls (in place where the analysis
// allows); `--buffer-deallocation-pipeline` then frees every buffer.
// `bufopt-run --compare` runs the tensor program and the bufferized one on
// the same generated inputs: same results, no leak, no double free.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
module {
  func.func @dense(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x8xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %mm = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%acc : tensor<4x8xf32>) -> tensor<4x8xf32>
    %r = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
        ins(%b : tensor<8xf32>) outs(%mm : tensor<4x8xf32>) {
    ^bb0(%bias: f32, %v: f32):
      %s = arith.addf %v, %bias : f32
      %relu = arith.maximumf %s, %zero : f32
      linalg.yield %relu : f32
    } -> tensor<4x8xf32>
    return %r : tensor<4x8xf32>
  }

  func.func @main(%x: tensor<4x8xf32>, %w1: tensor<8x8xf32>, %w2: tensor<8x8xf32>, %b: tensor<8xf32>)
      -> (tensor<4x8xf32>, tensor<4xf32>) {
    %h = call @dense(%x, %w1, %b) : (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    %y = call @dense(%h, %w2, %b) : (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %sums = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %init) -> (tensor<4xf32>) {
      %row = tensor.extract_slice %y[%i, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<8xf32>
      %t = scf.for %j = %c0 to %c4 step %c1 iter_args(%a = %zero) -> (f32) {
        %v = tensor.extract %row[%j] : tensor<8xf32>
        %n = arith.addf %a, %v : f32
        scf.yield %n : f32
      }
      %s2 = tensor.insert %t into %s[%i] : tensor<4xf32>
      scf.yield %s2 : tensor<4xf32>
    }
    return %y, %sums : tensor<4x8xf32>, tensor<4xf32>
  }
}
