// Region-holding ops of the tensor dialect, round-tripped against
// mlir-opt-19: generate and pad (with nofold, dynamic paddings and bodies
// using values from above) and their tensor.yield terminators. Sibling
// regions check block argument numbering in both forms.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @generate(%m: index, %n: index, %f: f32, %t: tensor<?xindex>) -> tensor<?x3x?xf32> {
  %0 = tensor.generate %m, %n {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %f : f32
  } : tensor<?x3x?xf32>
  %1 = tensor.generate {
  ^bb0(%i: index):
    %e = tensor.extract %t[%i] : tensor<?xindex>
    tensor.yield %e : index
  } {tag} : tensor<16xindex>
  %2 = tensor.generate %m {
  ^bb0(%i: index, %j: index):
    %d = tensor.dim %t, %j : tensor<?xindex>
    tensor.yield %d : index
  } : tensor<?x2xindex>
  %3 = tensor.generate  {
  ^bb0:
    tensor.yield %f : f32
  } : tensor<f32>
  return %0 : tensor<?x3x?xf32>
}

func.func @pad(%t: tensor<?x?xf32>, %s: tensor<4x4xi8>, %l: index, %h: index, %f: f32, %c: i8) -> tensor<?x?xf32> {
  %0 = tensor.pad %t low[1, %l] high[%h, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %f : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %1 = tensor.pad %s nofold low[0, 0] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : i8
  } : tensor<4x4xi8> to tensor<5x5xi8>
  %2 = tensor.pad %s low[%l, 1] high[%h, 0] {
  ^bb0(%i: index, %j: index):
    %e = tensor.extract %s[%j, %i] : tensor<4x4xi8>
    tensor.yield %e : i8
  } {tag = "p"} : tensor<4x4xi8> to tensor<?x5xi8>
  %3 = tensor.pad %s nofold low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : i8
  } : tensor<4x4xi8> to tensor<4x4xi8>
  return %0 : tensor<?x?xf32>
}

func.func @nested(%n: index, %f: f32) -> tensor<?x4xf32> {
  %0 = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %inner = tensor.generate %i {
    ^bb0(%k: index):
      tensor.yield %f : f32
    } : tensor<?xf32>
    %e = tensor.extract %inner[%j] : tensor<?xf32>
    tensor.yield %e : f32
  } : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
