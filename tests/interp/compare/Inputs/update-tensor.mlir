// Tensor program: overwrite element 1 of the input with 10, then combine
// the OLD element 1 with the new tensor. A bufferization may write in place
// only after copying, because the old value is read after the write.
func.func private @printMemrefF32(memref<*xf32>)

func.func @update(%t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c1 = arith.constant 1 : index
  %ten = arith.constant 10.0 : f32
  %new = tensor.insert %ten into %t[%c1] : tensor<4xf32>
  %old = tensor.extract %t[%c1] : tensor<4xf32>
  %x = tensor.extract %new[%c1] : tensor<4xf32>
  %s = arith.addf %old, %x : f32
  return %new, %s : tensor<4xf32>, f32
}

func.func @main(%t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %r:2 = call @update(%t) : (tensor<4xf32>) -> (tensor<4xf32>, f32)
  return %r#0, %r#1 : tensor<4xf32>, f32
}
