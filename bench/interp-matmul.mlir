// Interpreter benchmark: a 256x256x256 f32 linalg.matmul on tensors whose
// inputs are small integers (so every sum is exact), followed by an f64
// checksum of the result (the sum of the squares of its elements, exact),
// printed with printI64, and two elements of the result.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %n = arith.constant 256 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %a = tensor.generate {
  ^bb0(%i: index, %k: index):
    %s = arith.addi %i, %k : index
    %r = arith.remui %s, %c7 : index
    %v = arith.index_cast %r : index to i32
    %f = arith.sitofp %v : i32 to f32
    %three = arith.constant 3.0 : f32
    %g = arith.subf %f, %three : f32
    tensor.yield %g : f32
  } : tensor<256x256xf32>
  %b = tensor.generate {
  ^bb0(%k: index, %j: index):
    %p = arith.muli %k, %j : index
    %r = arith.remui %p, %c5 : index
    %v = arith.index_cast %r : index to i32
    %f = arith.sitofp %v : i32 to f32
    %two = arith.constant 2.0 : f32
    %g = arith.subf %f, %two : f32
    tensor.yield %g : f32
  } : tensor<256x256xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %c = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  %dz = arith.constant 0.0 : f64
  %se = tensor.empty() : tensor<f64>
  %sinit = linalg.fill ins(%dz : f64) outs(%se : tensor<f64>) -> tensor<f64>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
                         iterator_types = ["reduction", "reduction"]}
      ins(%c : tensor<256x256xf32>) outs(%sinit : tensor<f64>) {
  ^bb0(%x: f32, %acc: f64):
    %xd = arith.extf %x : f32 to f64
    %xx = arith.mulf %xd, %xd : f64
    %t = arith.addf %acc, %xx : f64
    linalg.yield %t : f64
  } -> tensor<f64>
  %sv = tensor.extract %sum[] : tensor<f64>
  %si = arith.fptosi %sv : f64 to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  %c17 = arith.constant 17 : index
  %c42 = arith.constant 42 : index
  %c255 = arith.constant 255 : index
  %x0 = tensor.extract %c[%c17, %c42] : tensor<256x256xf32>
  %x1 = tensor.extract %c[%c255, %c255] : tensor<256x256xf32>
  %i0 = arith.fptosi %x0 : f32 to i64
  %i1 = arith.fptosi %x1 : f32 to i64
  call @printI64(%i0) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%i1) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
