// A tensor program for One-Shot Bufferize: fill a tensor in a loop, add a
// constant to it with linalg.generic, insert a slice and read it back.
// `bufopt --one-shot-bufferize` turns it into buffers (in place where the
// analysis allows, with copies where it must); the tensor form and the
// bufferized form print the same values under bufopt-run.
#id = affine_map<(d0) -> (d0)>
module {
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %empty = tensor.empty() : tensor<8xf32>
    // t[i] = i
    %filled = scf.for %i = %c0 to %c8 step %c1 iter_args(%t = %empty) -> tensor<8xf32> {
      %ii = arith.index_cast %i : index to i64
      %f = arith.sitofp %ii : i64 to f32
      %t2 = tensor.insert %f into %t[%i] : tensor<8xf32>
      scf.yield %t2 : tensor<8xf32>
    }
    // u = t + bias, written into a new tensor
    %bias = arith.constant dense<[10.0, 10.0, 10.0, 10.0, 20.0, 20.0, 20.0, 20.0]> : tensor<8xf32>
    %out = tensor.empty() : tensor<8xf32>
    %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%filled, %bias : tensor<8xf32>, tensor<8xf32>) outs(%out : tensor<8xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    // Overwrite the first half of the sum with the second half of t; t is
    // still read below, so this slice is read from t's buffer, not moved.
    %hi = tensor.extract_slice %filled[4] [4] [1] : tensor<8xf32> to tensor<4xf32>
    %res = tensor.insert_slice %hi into %sum[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
    %m = bufferization.to_memref %res read_only : memref<8xf32>
    %u = memref.cast %m : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %m2 = bufferization.to_memref %filled read_only : memref<8xf32>
    %u2 = memref.cast %m2 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
    return
  }
}
