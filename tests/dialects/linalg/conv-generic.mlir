// The convolution and pooling ops' generic form: the indexing maps
// mlir-opt-19 memoizes (strides and dilations substituted and simplified,
// empty maps for the zero points of the quantized ops) and the bodies it
// builds (mulf/addf, sign or zero extension to the output type, the
// zero-point subtractions, the pooling reductions that ignore the window
// operand). Read back from the generic form, the op prints the same.
// RUN: bufopt --mlir-print-op-generic %s | FileCheck %s
// RUN: bufopt --mlir-print-op-generic %s | bufopt --mlir-print-op-generic | FileCheck %s
// RUN: mlir-opt-19 --mlir-print-op-generic %s | FileCheck %s

// CHECK-DAG: #[[STRIDED:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4 * 2, d2 * 3 + d5, d6)>
// CHECK-DAG: #[[HWCF:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-DAG: #[[NHWF:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[IN2D:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>
// CHECK-DAG: #[[K2D:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
// CHECK-DAG: #[[O2D:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-DAG: #[[QIN:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// CHECK-DAG: #[[ZP:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> ()>
// CHECK-DAG: #[[PIN:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)>
// CHECK-DAG: #[[WIN:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG: #[[POUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[NCHW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4 * 2, d3 + d5 * 2)>


// CHECK-LABEL: sym_name = "strided"
// CHECK: "linalg.conv_2d_nhwc_hwcf"(%{{.*}}, %{{.*}}, %{{.*}}) <{dilations = dense<[2, 1]> : tensor<2xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<[2, 3]> : tensor<2xi64>}> ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: f32, %[[K:.*]]: f32, %[[O:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = "arith.mulf"(%[[I]], %[[K]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: %[[S:.*]] = "arith.addf"(%[[O]], %[[M]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "linalg.yield"(%[[S]]) : (f32) -> ()
// CHECK-NEXT: }) {linalg.memoized_indexing_maps = [#[[STRIDED]], #[[HWCF]], #[[NHWF]]]}
func.func @strided(%i: tensor<1x9x9x3xf32>, %k: tensor<3x3x3x8xf32>, %o: tensor<1x3x3x8xf32>) -> tensor<1x3x3x8xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x3x3x8xf32>) -> tensor<1x3x3x8xf32>
  return %0 : tensor<1x3x3x8xf32>
}

// CHECK-LABEL: sym_name = "no_attrs"
// CHECK: "linalg.conv_2d"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: i8, %[[K:.*]]: i8, %[[O:.*]]: i32):
// CHECK-NEXT: %[[CI:.*]] = "arith.extsi"(%[[I]]) : (i8) -> i32
// CHECK-NEXT: %[[CK:.*]] = "arith.extsi"(%[[K]]) : (i8) -> i32
// CHECK-NEXT: %[[M:.*]] = "arith.muli"(%[[CI]], %[[CK]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: %[[S:.*]] = "arith.addi"(%[[O]], %[[M]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: "linalg.yield"(%[[S]]) : (i32) -> ()
// CHECK-NEXT: }) {linalg.memoized_indexing_maps = [#[[IN2D]], #[[K2D]], #[[O2D]]]}
func.func @no_attrs(%i: memref<6x6xi8>, %k: memref<3x3xi8>, %o: memref<4x4xi32>) {
  linalg.conv_2d ins(%i, %k : memref<6x6xi8>, memref<3x3xi8>) outs(%o : memref<4x4xi32>)
  return
}

// CHECK-LABEL: sym_name = "quantized"
// CHECK: "linalg.conv_2d_nhwc_hwcf_q"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 4, 1>}> ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: i8, %[[K:.*]]: i8, %[[IZ:.*]]: i32, %[[KZ:.*]]: i32, %[[O:.*]]: i32):
// CHECK-NEXT: %[[CI:.*]] = "arith.extsi"(%[[I]]) : (i8) -> i32
// CHECK-NEXT: %[[SI:.*]] = "arith.subi"(%[[CI]], %[[IZ]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: %[[CK:.*]] = "arith.extsi"(%[[K]]) : (i8) -> i32
// CHECK-NEXT: %[[SK:.*]] = "arith.subi"(%[[CK]], %[[KZ]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: %[[M:.*]] = "arith.muli"(%[[SI]], %[[SK]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: %[[S:.*]] = "arith.addi"(%[[O]], %[[M]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: "linalg.yield"(%[[S]]) : (i32) -> ()
// CHECK-NEXT: }) {linalg.memoized_indexing_maps = [#[[QIN]], #[[HWCF]], #[[ZP]], #[[ZP]], #[[NHWF]]]}
func.func @quantized(%i: tensor<1x4x4x2xi8>, %k: tensor<2x2x2x3xi8>, %izp: i32, %kzp: i32, %o: tensor<1x3x3x3xi32>) -> tensor<1x3x3x3xi32> {
  %0 = linalg.conv_2d_nhwc_hwcf_q ins(%i, %k, %izp, %kzp : tensor<1x4x4x2xi8>, tensor<2x2x2x3xi8>, i32, i32) outs(%o : tensor<1x3x3x3xi32>) -> tensor<1x3x3x3xi32>
  return %0 : tensor<1x3x3x3xi32>
}

// CHECK-LABEL: sym_name = "max_unsigned"
// CHECK: "linalg.pooling_nhwc_max_unsigned"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: i8, %{{.*}}: i8, %[[O:.*]]: i32):
// CHECK-NEXT: %[[CI:.*]] = "arith.extui"(%[[I]]) : (i8) -> i32
// CHECK-NEXT: %[[R:.*]] = "arith.maxui"(%[[O]], %[[CI]]) : (i32, i32) -> i32
// CHECK-NEXT: "linalg.yield"(%[[R]]) : (i32) -> ()
// CHECK-NEXT: }) {linalg.memoized_indexing_maps = [#[[PIN]], #[[WIN]], #[[POUT]]]}
func.func @max_unsigned(%i: memref<1x4x4x2xi8>, %w: memref<2x2xi8>, %o: memref<1x3x3x2xi32>) {
  linalg.pooling_nhwc_max_unsigned ins(%i, %w : memref<1x4x4x2xi8>, memref<2x2xi8>) outs(%o : memref<1x3x3x2xi32>)
  return
}

// CHECK-LABEL: sym_name = "nchw_max"
// CHECK: "linalg.pooling_nchw_max"(%{{.*}}, %{{.*}}, %{{.*}}) <{dilations = dense<2> : tensor<2xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>}> ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: f32, %{{.*}}: f32, %[[O:.*]]: f32):
// CHECK-NEXT: %[[R:.*]] = "arith.maximumf"(%[[O]], %[[I]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "linalg.yield"(%[[R]]) : (f32) -> ()
// CHECK-NEXT: }) {linalg.memoized_indexing_maps = [#[[NCHW]], #[[WIN]], #[[POUT]]]}
func.func @nchw_max(%i: memref<1x2x4x4xf32>, %w: memref<2x2xf32>, %o: memref<1x2x2x2xf32>) {
  linalg.pooling_nchw_max {strides = dense<1> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>} ins(%i, %w : memref<1x2x4x4xf32>, memref<2x2xf32>) outs(%o : memref<1x2x2x2xf32>)
  return
}

// Only the ops that declare `cast` (matmul, copy, elemwise_*) read it: a
// `cast` attribute on a convolution or on batch_matmul is a discardable
// attribute and the body sign-extends.
// CHECK-LABEL: sym_name = "cast_ignored"
// CHECK: "linalg.batch_matmul"
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: "arith.extsi"
// CHECK-NEXT: "arith.extsi"
// CHECK: "linalg.conv_2d"
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: "arith.extsi"
// CHECK-NEXT: "arith.extsi"
// CHECK: cast = #linalg.type_fn<cast_unsigned>
func.func @cast_ignored(%a: memref<2x3x4xi8>, %b: memref<2x4x5xi8>, %c: memref<2x3x5xi32>, %i: memref<4x4xi8>, %k: memref<2x2xi8>, %o: memref<3x3xi32>) {
  linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<2x3x4xi8>, memref<2x4x5xi8>) outs(%c : memref<2x3x5xi32>)
  linalg.conv_2d {cast = #linalg.type_fn<cast_unsigned>} ins(%i, %k : memref<4x4xi8>, memref<2x2xi8>) outs(%o : memref<3x3xi32>)
  return
}
