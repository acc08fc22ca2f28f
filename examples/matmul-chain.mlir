// A small tensor program: two chained matrix products behind a call.
// The matmuls are written in generic form until the linalg dialect lands.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
module attributes {test.name = "example"} {
  func.func private @init(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>

  func.func @matmul_chain(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<16x2xf32>,
                          %t0: tensor<4x16xf32>, %t1: tensor<4x2xf32>) -> tensor<4x2xf32> {
    %0 = call @init(%a) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %1 = "test.matmul"(%0, %b, %t0) {indexing = #map} : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %2 = "test.matmul"(%1, %c, %t1) {indexing = #map} : (tensor<4x16xf32>, tensor<16x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
    return %2 : tensor<4x2xf32>
  }
}
