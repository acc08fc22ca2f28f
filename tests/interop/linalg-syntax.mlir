// Less common spellings of the linalg custom syntax, against mlir-opt-19:
// named-op properties in `<{...}>` (which upstream's region builder does
// not see: the body keeps the signed casts), a parenthesized result list,
// an empty `attrs = {}`, a discardable dictionary after the trait
// dictionary, and a user-given memoized-maps attribute.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @spellings(%a: tensor<4x4xi8>, %c: tensor<4x4xi32>, %m: memref<4x4xf32>) -> tensor<4x4xi32> {
  %0 = linalg.matmul <{cast = #linalg.type_fn<cast_unsigned>}> ins(%a, %a : tensor<4x4xi8>, tensor<4x4xi8>) outs(%c : tensor<4x4xi32>) -> (tensor<4x4xi32>)
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<4x4xi32>) attrs = {} {
  ^bb0(%o: i32):
    linalg.yield %o : i32
  } -> tensor<4x4xi32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} {extra = 1} outs(%m : memref<4x4xf32>) {
  ^bb0(%o: f32):
    linalg.yield %o : f32
  }
  %2 = linalg.matmul {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]} ins(%a, %a : tensor<4x4xi8>, tensor<4x4xi8>) outs(%c : tensor<4x4xi32>) -> tensor<4x4xi32>
  return %1 : tensor<4x4xi32>
}
