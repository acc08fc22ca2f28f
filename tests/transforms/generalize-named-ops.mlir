// linalg-generalize-named-ops: each named structured op becomes a
// linalg.generic with its maps, iterators and body; linalg.map and
// linalg.generic stay. Output compared with mlir-opt-19 in both forms.
// RUN: bufopt -split-input-file -linalg-generalize-named-ops %s > %t.b && mlir-opt-19 -split-input-file -linalg-generalize-named-ops %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -split-input-file -linalg-generalize-named-ops --mlir-print-op-generic %s > %t.b && mlir-opt-19 -split-input-file -linalg-generalize-named-ops --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -split-input-file -linalg-generalize-named-ops %s | mlir-opt-19 -split-input-file > /dev/null
// RUN: bufopt -split-input-file -linalg-generalize-named-ops %s | FileCheck %s

// CHECK-DAG: #[[$MV_A:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$MV_V:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$MV_O:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @matvec_buffers(
// CHECK-NOT: linalg.matvec
// CHECK: linalg.generic {indexing_maps = [#[[$MV_A]], #[[$MV_V]], #[[$MV_O]]], iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : memref<4x6xi8>, memref<6xi8>) outs(%arg2 : memref<4xi32>) {
// CHECK-NEXT: ^bb0(%[[IN:.+]]: i8, %[[IN0:.+]]: i8, %[[OUT:.+]]: i32):
// CHECK-NEXT:   %[[X:.+]] = arith.extsi %[[IN]] : i8 to i32
// CHECK-NEXT:   %[[Y:.+]] = arith.extsi %[[IN0]] : i8 to i32
// CHECK-NEXT:   %[[M:.+]] = arith.muli %[[X]], %[[Y]] : i32
// CHECK-NEXT:   %[[S:.+]] = arith.addi %[[OUT]], %[[M]] : i32
// CHECK-NEXT:   linalg.yield %[[S]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @matvec_buffers(%m: memref<4x6xi8>, %v: memref<6xi8>, %acc: memref<4xi32>) {
  linalg.matvec ins(%m, %v : memref<4x6xi8>, memref<6xi8>) outs(%acc : memref<4xi32>)
  return
}

// -----

// The discardable attribute is dropped, as upstream's builder does.
// CHECK-DAG: #[[$BM_A:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[$BM_B:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[$BM_C:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batch_matmul_tensors(
// CHECK: %[[R:.+]] = linalg.generic {indexing_maps = [#[[$BM_A]], #[[$BM_B]], #[[$BM_C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x3x5xf16>, tensor<2x5x7xf16>) outs(%arg2 : tensor<2x3x7xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.+]]: f16, %[[IN0:.+]]: f16, %[[OUT:.+]]: f32):
// CHECK-NEXT:   %[[X:.+]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:   %[[Y:.+]] = arith.extf %[[IN0]] : f16 to f32
// CHECK-NEXT:   %[[M:.+]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:   %[[S:.+]] = arith.addf %[[OUT]], %[[M]] : f32
// CHECK-NEXT:   linalg.yield %[[S]] : f32
// CHECK-NEXT: } -> tensor<2x3x7xf32>
// CHECK-NOT: my.tag
// CHECK: return %[[R]] : tensor<2x3x7xf32>
func.func @batch_matmul_tensors(%a: tensor<2x3x5xf16>, %b: tensor<2x5x7xf16>, %c: tensor<2x3x7xf32>) -> tensor<2x3x7xf32> {
  %r = linalg.batch_matmul {my.tag = 7 : i32} ins(%a, %b : tensor<2x3x5xf16>, tensor<2x5x7xf16>) outs(%c : tensor<2x3x7xf32>) -> tensor<2x3x7xf32>
  return %r : tensor<2x3x7xf32>
}

// -----

// The maps carry the strides and dilations.
// CHECK-DAG: #[[$CV_I:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5 * 3, d6)>
// CHECK-DAG: #[[$CV_K:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-DAG: #[[$CV_O:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv_strided(
// CHECK: linalg.generic {indexing_maps = [#[[$CV_I]], #[[$CV_K]], #[[$CV_O]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-NOT: strides
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: } -> tensor<1x4x4x3xf32>
func.func @conv_strided(%in: tensor<1x9x10x2xf32>, %k: tensor<2x2x2x3xf32>, %out: tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 3]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%in, %k : tensor<1x9x10x2xf32>, tensor<2x2x2x3xf32>) outs(%out : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// The window operand is an input whose element the body does not read.
// CHECK-DAG: #[[$PL_I:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)>
// CHECK-DAG: #[[$PL_W:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG: #[[$PL_O:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @pool_max_unsigned(
// CHECK: linalg.generic {indexing_maps = [#[[$PL_I]], #[[$PL_W]], #[[$PL_O]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %arg1 : memref<1x6x6x1xi16>, memref<3x3xi16>) outs(%arg2 : memref<1x4x4x1xi16>) {
// CHECK-NEXT: ^bb0(%[[IN:.+]]: i16, %{{.+}}: i16, %[[OUT:.+]]: i16):
// CHECK-NEXT:   %[[M:.+]] = arith.maxui %[[OUT]], %[[IN]] : i16
// CHECK-NEXT:   linalg.yield %[[M]] : i16
// CHECK-NEXT: }
func.func @pool_max_unsigned(%in: memref<1x6x6x1xi16>, %win: memref<3x3xi16>, %out: memref<1x4x4x1xi16>) {
  linalg.pooling_nhwc_max_unsigned ins(%in, %win : memref<1x6x6x1xi16>, memref<3x3xi16>) outs(%out : memref<1x4x4x1xi16>)
  return
}

// -----

// Scalar operands get maps with no results.
// CHECK-DAG: #[[$FL_S:.+]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[$FL_O:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$QM_A:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$QM_B:.+]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$QM_S:.+]] = affine_map<(d0, d1, d2) -> ()>
// CHECK-DAG: #[[$QM_O:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @fill_then_quantized(
// CHECK: %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK: %[[E:.+]] = tensor.empty() : tensor<3x5xi32>
// CHECK: %[[F:.+]] = linalg.generic {indexing_maps = [#[[$FL_S]], #[[$FL_O]]], iterator_types = ["parallel", "parallel"]} ins(%[[ZERO]] : i32) outs(%[[E]] : tensor<3x5xi32>) {
// CHECK-NEXT: ^bb0(%[[IN:.+]]: i32, %{{.+}}: i32):
// CHECK-NEXT:   linalg.yield %[[IN]] : i32
// CHECK-NEXT: } -> tensor<3x5xi32>
// CHECK: linalg.generic {indexing_maps = [#[[$QM_A]], #[[$QM_B]], #[[$QM_S]], #[[$QM_S]], #[[$QM_O]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1, %arg2, %arg3 : tensor<3x4xi8>, tensor<4x5xi8>, i32, i32) outs(%[[F]] : tensor<3x5xi32>) {
// CHECK-NEXT: ^bb0(%[[A:.+]]: i8, %[[B:.+]]: i8, %[[ZA:.+]]: i32, %[[ZB:.+]]: i32, %[[OUT:.+]]: i32):
// CHECK-NEXT:   %[[A32:.+]] = arith.extsi %[[A]] : i8 to i32
// CHECK-NEXT:   %[[AZ:.+]] = arith.subi %[[A32]], %[[ZA]] : i32
// CHECK-NEXT:   %[[B32:.+]] = arith.extsi %[[B]] : i8 to i32
// CHECK-NEXT:   %[[BZ:.+]] = arith.subi %[[B32]], %[[ZB]] : i32
// CHECK-NEXT:   %[[M:.+]] = arith.muli %[[AZ]], %[[BZ]] : i32
// CHECK-NEXT:   %[[S:.+]] = arith.addi %[[OUT]], %[[M]] : i32
// CHECK-NEXT:   linalg.yield %[[S]] : i32
func.func @fill_then_quantized(%a: tensor<3x4xi8>, %b: tensor<4x5xi8>, %za: i32, %zb: i32) -> tensor<3x5xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3x5xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<3x5xi32>) -> tensor<3x5xi32>
  %r = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<3x4xi8>, tensor<4x5xi8>, i32, i32) outs(%f : tensor<3x5xi32>) -> tensor<3x5xi32>
  return %r : tensor<3x5xi32>
}

// -----

// transpose, broadcast and reduce are structured ops too.
// CHECK-DAG: #[[$T_IN:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[$ID2:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$B_IN:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$ID3:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$R_OUT:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @transpose_broadcast_reduce(
// CHECK: %[[T:.+]] = linalg.generic {indexing_maps = [#[[$T_IN]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<3x4xf32>) outs(%arg1 : tensor<4x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:   linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<4x3xf32>
// CHECK: %[[B:.+]] = linalg.generic {indexing_maps = [#[[$B_IN]], #[[$ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<3x4xf32>) outs(%arg2 : tensor<3x2x4xf32>) {
// CHECK: } -> tensor<3x2x4xf32>
// CHECK: %[[R:.+]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$R_OUT]]], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<3x4xf32>) outs(%arg3 : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.+]]: f32, %[[OUT:.+]]: f32):
// CHECK-NEXT:   %[[M:.+]] = arith.maximumf %[[IN]], %[[OUT]] : f32
// CHECK-NEXT:   linalg.yield %[[M]] : f32
// CHECK-NEXT: } -> tensor<4xf32>
// CHECK: return %[[T]], %[[B]], %[[R]]
func.func @transpose_broadcast_reduce(%x: tensor<3x4xf32>, %t: tensor<4x3xf32>, %b: tensor<3x2x4xf32>, %s: tensor<4xf32>) -> (tensor<4x3xf32>, tensor<3x2x4xf32>, tensor<4xf32>) {
  %0 = linalg.transpose ins(%x : tensor<3x4xf32>) outs(%t : tensor<4x3xf32>) permutation = [1, 0]
  %1 = linalg.broadcast ins(%x : tensor<3x4xf32>) outs(%b : tensor<3x2x4xf32>) dimensions = [1]
  %2 = linalg.reduce ins(%x : tensor<3x4xf32>) outs(%s : tensor<4xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  return %0, %1, %2 : tensor<4x3xf32>, tensor<3x2x4xf32>, tensor<4xf32>
}

// -----

// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @elementwise(
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel"]} ins(%arg0, %arg1 : memref<8xf32>, memref<8xf32>) outs(%arg2 : memref<8xf32>) {
// CHECK: arith.subf
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel"]} ins(%arg2 : memref<8xf32>) outs(%arg1 : memref<8xf32>) {
// CHECK: math.exp
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel"]} ins(%arg1 : memref<8xf32>) outs(%arg0 : memref<8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:   linalg.yield %[[IN]] : f32
func.func @elementwise(%x: memref<8xf32>, %y: memref<8xf32>, %z: memref<8xf32>) {
  linalg.elemwise_binary {fun = #linalg.binary_fn<sub>} ins(%x, %y : memref<8xf32>, memref<8xf32>) outs(%z : memref<8xf32>)
  linalg.exp ins(%z : memref<8xf32>) outs(%y : memref<8xf32>)
  linalg.copy ins(%y : memref<8xf32>) outs(%x : memref<8xf32>)
  return
}

// -----

// linalg.map and linalg.generic stay; the greedy driver still folds: the
// constant in the body is merged with the function's and hoisted, the dead
// addf is erased.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NEXT: %[[C1:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[M:.+]] = linalg.map { math.absf } ins(%arg0 : tensor<8xf32>) outs(%arg1 : tensor<8xf32>)
// CHECK-NEXT: %[[G:.+]] = linalg.generic
// CHECK-NEXT: ^bb0(%[[OUT:.+]]: f32):
// CHECK-NEXT:   %[[A:.+]] = arith.addf %[[OUT]], %[[C1]] : f32
// CHECK-NEXT:   linalg.yield %[[A]] : f32
// CHECK-NEXT: } -> tensor<8xf32>
// CHECK-NEXT: return %[[M]], %[[G]]
func.func @left_alone(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %c1 = arith.constant 1.0 : f32
  %0 = linalg.map { math.absf } ins(%x : tensor<8xf32>) outs(%y : tensor<8xf32>)
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%0 : tensor<8xf32>) {
  ^bb0(%o: f32):
    %c1b = arith.constant 1.0 : f32
    %a = arith.addf %o, %c1b : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %unused = arith.addf %c1, %c1 : f32
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Nested in a loop, with dynamic shapes.
// CHECK-DAG: #[[$TB_A:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$TB_B:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$TB_C:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @dynamic_matmul_in_loop(
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %arg2) -> (tensor<?x?xf32>) {
// CHECK-NEXT: %[[G:.+]] = linalg.generic {indexing_maps = [#[[$TB_A]], #[[$TB_B]], #[[$TB_C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%[[ACC]] : tensor<?x?xf32>) {
// CHECK: } -> tensor<?x?xf32>
// CHECK-NEXT: scf.yield %[[G]] : tensor<?x?xf32>
func.func @dynamic_matmul_in_loop(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> tensor<?x?xf32> {
    %m = linalg.matmul_transpose_b ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%acc : tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.yield %m : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
