// Element and shape ops of the tensor dialect, round-tripped against
// mlir-opt-19: empty, extract, insert, dim, rank, cast, bitcast,
// from_elements, splat and concat, with dynamic sizes, encodings, unranked
// tensors and discardable attributes.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

#enc = {levels = ["dense", "compressed"]}

func.func @empty(%n: index, %m: index) -> (tensor<4x5xf32>, tensor<?x3x?xf32, "enc">) {
  %0 = tensor.empty() : tensor<4x5xf32>
  %1 = tensor.empty(%n, %m) : tensor<?x3x?xf32, "enc">
  %2 = tensor.empty(%n) {tag = "x"} : tensor<?xi8, #enc>
  %3 = tensor.empty() : tensor<f64>
  %4 = tensor.empty() : tensor<0x4xcomplex<f32>>
  return %0, %1 : tensor<4x5xf32>, tensor<?x3x?xf32, "enc">
}

func.func @extract_insert(%t: tensor<8x16xf32>, %d: tensor<?x?xi32>, %s: tensor<f32>, %i: index, %j: index, %f: f32, %k: i32) -> f32 {
  %0 = tensor.extract %t[%i, %j] : tensor<8x16xf32>
  %1 = tensor.extract %d[%j, %i] {note} : tensor<?x?xi32>
  %2 = tensor.extract %s[] : tensor<f32>
  %3 = tensor.insert %f into %t[%i, %j] : tensor<8x16xf32>
  %4 = tensor.insert %k into %d[%i, %i] {note = 1 : i8} : tensor<?x?xi32>
  %5 = tensor.insert %2 into %s[] : tensor<f32>
  %6 = tensor.extract %3[%j, %j] : tensor<8x16xf32>
  return %6 : f32
}

func.func @dim_rank(%t: tensor<4x?xf32>, %u: tensor<*xi1>, %i: index) -> index {
  %0 = tensor.dim %t, %i : tensor<4x?xf32>
  %1 = tensor.dim %u, %0 : tensor<*xi1>
  %2 = tensor.dim {flag} %t, %1 : tensor<4x?xf32>
  %3 = tensor.rank %u : tensor<*xi1>
  %4 = tensor.rank %t {flag} : tensor<4x?xf32>
  return %4 : index
}

func.func @casts(%t: tensor<4x?xf32>, %u: tensor<*xf32>) -> tensor<?x?xf32> {
  %0 = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<4x8xf32>
  %2 = tensor.cast %1 : tensor<4x8xf32> to tensor<*xf32>
  %3 = tensor.cast %u {tag} : tensor<*xf32> to tensor<2x2x2xf32>
  %4 = tensor.bitcast %t : tensor<4x?xf32> to tensor<4x?xi32>
  %5 = tensor.bitcast %4 {tag} : tensor<4x?xi32> to tensor<?x?xui32>
  %6 = tensor.bitcast %u : tensor<*xf32> to tensor<*xi32>
  %7 = tensor.cast %t : tensor<4x?xf32> to tensor<4x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @from_elements_splat(%a: f32, %b: f32, %x: index, %n: index, %m: index) -> tensor<2x3xf32> {
  %0 = tensor.from_elements %a, %b, %a, %b, %a, %b : tensor<2x3xf32>
  %1 = tensor.from_elements %x : tensor<index>
  %2 = tensor.from_elements %a, %b {tag} : tensor<2xf32>
  %3 = tensor.from_elements %x, %x, %x, %x : tensor<1x2x2xindex, "layout">
  %4 = tensor.splat %a : tensor<8x16xf32>
  %5 = tensor.splat %x[%n, %m] : tensor<?x4x?xindex>
  %6 = tensor.splat %b[%n] {tag = 2} : tensor<?xf32>
  %7 = tensor.splat %a : tensor<f32>
  return %0 : tensor<2x3xf32>
}

func.func @concat(%a: tensor<3x6xf32>, %b: tensor<3x?xf32>, %c: tensor<1x6xf32>) -> tensor<7x6xf32> {
  %0 = tensor.concat dim(0) %a, %a, %c : (tensor<3x6xf32>, tensor<3x6xf32>, tensor<1x6xf32>) -> tensor<7x6xf32>
  %1 = tensor.concat dim(1) %a, %b, %a : (tensor<3x6xf32>, tensor<3x?xf32>, tensor<3x6xf32>) -> tensor<3x?xf32>
  %2 = tensor.concat dim(1) %b, %b {tag} : (tensor<3x?xf32>, tensor<3x?xf32>) -> tensor<3x20xf32>
  %3 = tensor.concat dim(0) %a : (tensor<3x6xf32>) -> tensor<3x6xf32>
  return %0 : tensor<7x6xf32>
}
