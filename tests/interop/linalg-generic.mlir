// linalg.generic round-tripped against mlir-opt-19: tensor and memref
// forms, static and dynamic shapes, integer and float bodies, trait
// dictionaries given inline or through an alias, doc/library_call,
// extra attributes after `attrs =`, several ins/outs and results,
// linalg.index, broadcasting maps and an empty-loop (rank 0) generic.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

#row = affine_map<(r, c) -> (r, c)>
#col = affine_map<(r, c) -> (c, r)>
#first = affine_map<(r, c) -> (r)>
#scalar = affine_map<(r, c) -> ()>
#rowsum = {
  indexing_maps = [#row, #first],
  iterator_types = ["parallel", "reduction"],
  doc = "sums every row",
  library_call = "row_sum"
}

func.func @transpose_add(%x: tensor<3x5xf32>, %y: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %r = linalg.generic {indexing_maps = [#col, #row], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<3x5xf32>) outs(%y : tensor<5x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

func.func @row_sum_buffers(%m: memref<?x?xi64>, %acc: memref<?xi64>) {
  linalg.generic #rowsum ins(%m : memref<?x?xi64>) outs(%acc : memref<?xi64>) attrs = {tag = "keep", flag} {
  ^bb0(%v: i64, %s: i64):
    %n = arith.addi %v, %s : i64
    linalg.yield %n : i64
  }
  return
}

func.func @indices(%t: tensor<?x8xindex>) -> tensor<?x8xindex> {
  %r = linalg.generic {indexing_maps = [#row], iterator_types = ["parallel", "parallel"]} outs(%t : tensor<?x8xindex>) {
  ^bb0(%o: index):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %j : index
    %l = arith.addi %k, %o : index
    linalg.yield %l : index
  } -> tensor<?x8xindex>
  return %r : tensor<?x8xindex>
}

func.func @two_results(%a: tensor<4x4xi32>, %s: i32, %o1: tensor<4x4xi32>, %o2: tensor<4x4xi1>) -> (tensor<4x4xi32>, tensor<4x4xi1>) {
  %r:2 = linalg.generic {indexing_maps = [#row, #scalar, #row, #row], iterator_types = ["parallel", "parallel"]}
      ins(%a, %s : tensor<4x4xi32>, i32) outs(%o1, %o2 : tensor<4x4xi32>, tensor<4x4xi1>) {
  ^bb0(%x: i32, %y: i32, %p: i32, %q: i1):
    %m = arith.muli %x, %y : i32
    %c = arith.cmpi sgt, %m, %p : i32
    linalg.yield %m, %c : i32, i1
  } -> (tensor<4x4xi32>, tensor<4x4xi1>)
  return %r#0, %r#1 : tensor<4x4xi32>, tensor<4x4xi1>
}

func.func @mixed_buffers(%a: memref<8xf16>, %b: memref<8x2xf64, strided<[2, 1], offset: ?>>) {
  linalg.generic {indexing_maps = [#first, #row], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<8xf16>) outs(%b : memref<8x2xf64, strided<[2, 1], offset: ?>>) {
  ^bb0(%h: f16, %d: f64):
    %e = arith.extf %h : f16 to f64
    linalg.yield %e : f64
  }
  return
}

func.func @rank_zero(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %r = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%a : tensor<f32>) outs(%b : tensor<f32>) {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

func.func @nested_use_from_above(%a: tensor<2x2xf32>, %k: f32) -> tensor<2x2xf32> {
  %r = linalg.generic {indexing_maps = [#row], iterator_types = ["parallel", "parallel"]} outs(%a : tensor<2x2xf32>) {
  ^bb0(%x: f32):
    %m = arith.mulf %x, %k fastmath<fast> : f32
    linalg.yield %m : f32
  } -> tensor<2x2xf32>
  %s = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<2x2xf32>) outs(%a : tensor<2x2xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<2x2xf32>
  return %s : tensor<2x2xf32>
}
