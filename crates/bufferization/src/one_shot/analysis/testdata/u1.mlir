func.func @old_read(%f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = tensor.insert %f into %e[%c0] : tensor<8xf32>
  %0 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %1 = tensor.insert %f into %0[%c0] : tensor<8xf32>
  %x = tensor.extract %0[%c0] : tensor<8xf32>
  return %1, %x : tensor<8xf32>, f32
}
func.func @cross_pair(%f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = tensor.insert %f into %e[%c0] : tensor<8xf32>
  %0 = tensor.extract_slice %t[0][4][1] : tensor<8xf32> to tensor<4xf32>
  %1 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %2 = tensor.extract %0[%c0] : tensor<4xf32>
  return %1, %2 : tensor<8xf32>, f32
}
func.func @const(%f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<0.0> : tensor<4xf32>
  %0 = tensor.insert %f into %cst[%c0] : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @subset(%f: f32, %t: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %u = tensor.insert_slice %t into %e[0][8][1] : tensor<8xf32> into tensor<8xf32>
  %s = tensor.extract_slice %u[2][4][1] : tensor<8xf32> to tensor<4xf32>
  %i = tensor.insert %f into %s[%c0] : tensor<4xf32>
  %r = tensor.insert_slice %i into %u[2][4][1] : tensor<4xf32> into tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %u2 = tensor.insert %f into %e2[%c0] : tensor<8xf32>
  %s2 = tensor.extract_slice %u2[2][4][1] : tensor<8xf32> to tensor<4xf32>
  %i2 = tensor.insert %f into %s2[%c0] : tensor<4xf32>
  %r2 = tensor.insert_slice %i2 into %u2[3][4][1] : tensor<4xf32> into tensor<8xf32>
  return %r, %r2 : tensor<8xf32>, tensor<8xf32>
}
func.func @select_alias(%f: f32, %c: i1) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = tensor.insert %f into %e[%c0] : tensor<8xf32>
  %0 = tensor.insert %f into %t[%c0] : tensor<8xf32>
  %1 = tensor.extract_slice %0[0][4][1] : tensor<8xf32> to tensor<4xf32>
  %2 = tensor.insert %f into %1[%c0] : tensor<4xf32>
  %3 = tensor.insert_slice %2 into %0[0][4][1] : tensor<4xf32> into tensor<8xf32>
  %4 = arith.select %c, %3, %0 : tensor<8xf32>
  %5 = tensor.extract %t[%c0] : tensor<8xf32>
  %6 = tensor.insert %5 into %4[%c0] : tensor<8xf32>
  return %6 : tensor<8xf32>
}
