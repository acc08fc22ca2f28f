// The named ops' implicit regions are materialised when parsed: the
// generic form shows the scalar body (casts to the output element type,
// the payload chosen by `fun`/`cast`, the yield) and the memoized maps
// of the contraction ops. Also the result and block-argument name hints
// of the custom form. The same CHECK lines hold for mlir-opt-19.
// RUN: bufopt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// RUN: mlir-opt-19 --mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// RUN: bufopt %s | FileCheck %s --check-prefix=NAMES
// RUN: mlir-opt-19 %s | FileCheck %s --check-prefix=NAMES

// GEN-DAG: #[[LHS:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// GEN-DAG: #[[RHS:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// GEN-DAG: #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>

// GEN-LABEL: sym_name = "mixed_matmul"
func.func @mixed_matmul(%a: tensor<4x8xi8>, %b: tensor<8x2xf16>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // GEN: "linalg.matmul"(%{{.*}}, %{{.*}}, %{{.*}}) <{cast = #linalg.type_fn<cast_unsigned>, operandSegmentSizes = array<i32: 2, 1>}> ({
  // GEN-NEXT: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: f16, %[[C:.*]]: f32):
  // GEN-NEXT: %[[CA:.*]] = "arith.uitofp"(%[[A]]) : (i8) -> f32
  // GEN-NEXT: %[[CB:.*]] = "arith.extf"(%[[B]]) : (f16) -> f32
  // GEN-NEXT: %[[M:.*]] = "arith.mulf"(%[[CA]], %[[CB]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  // GEN-NEXT: %[[S:.*]] = "arith.addf"(%[[C]], %[[M]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  // GEN-NEXT: "linalg.yield"(%[[S]]) : (f32) -> ()
  // GEN-NEXT: }) {linalg.memoized_indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]]}
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<4x8xi8>, tensor<8x2xf16>) outs(%c : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// GEN-LABEL: sym_name = "unary_reciprocal"
func.func @unary_reciprocal(%a: memref<?xf64>, %b: memref<?xf32>) {
  // GEN: "linalg.elemwise_unary"
  // GEN-NEXT: ^bb0(%[[X:.*]]: f64, %{{.*}}: f32):
  // GEN-NEXT: %[[T:.*]] = "arith.truncf"(%[[X]]) : (f64) -> f32
  // GEN-NEXT: %[[ONE:.*]] = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
  // GEN-NEXT: %[[D:.*]] = "arith.divf"(%[[ONE]], %[[T]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  // GEN-NEXT: "linalg.yield"(%[[D]]) : (f32) -> ()
  // GEN-NOT: memoized
  // GEN: : (memref<?xf64>, memref<?xf32>) -> ()
  linalg.elemwise_unary {fun = #linalg.unary_fn<reciprocal>} ins(%a : memref<?xf64>) outs(%b : memref<?xf32>)
  return
}

// GEN-LABEL: sym_name = "int_fill_and_reduce"
func.func @int_fill_and_reduce(%v: i64, %t: tensor<3x5xi16>, %r: tensor<3xi16>) -> tensor<3xi16> {
  // GEN: "linalg.fill"
  // GEN-NEXT: ^bb0(%[[V:.*]]: i64, %{{.*}}: i16):
  // GEN-NEXT: %[[TR:.*]] = "arith.trunci"(%[[V]]) : (i64) -> i16
  // GEN-NEXT: "linalg.yield"(%[[TR]]) : (i16) -> ()
  %f = linalg.fill ins(%v : i64) outs(%t : tensor<3x5xi16>) -> tensor<3x5xi16>
  // The short form puts the init first in the payload's operands.
  // GEN: "linalg.reduce"
  // GEN-NEXT: ^bb0(%[[IN:.*]]: i16, %[[INIT:.*]]: i16):
  // GEN-NEXT: %[[X:.*]] = "arith.xori"(%[[INIT]], %[[IN]]) : (i16, i16) -> i16
  // GEN-NEXT: "linalg.yield"(%[[X]]) : (i16) -> ()
  %red = linalg.reduce { arith.xori } ins(%f : tensor<3x5xi16>) outs(%r : tensor<3xi16>) dimensions = [1]
  return %red : tensor<3xi16>
}

// NAMES-LABEL: func.func @hints
func.func @hints(%a: tensor<4xf32>, %b: tensor<4x4xf32>) -> tensor<4xf32> {
  // NAMES: %mapped = linalg.map ins(%{{.*}} : tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
  // NAMES-NEXT: (%in: f32) {
  %0 = linalg.map ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) (%x: f32) {
    %y = arith.negf %x : f32
    %z = arith.addf %x, %y : f32
    linalg.yield %z : f32
  }
  // NAMES: %transposed = linalg.transpose
  %1 = linalg.transpose ins(%b : tensor<4x4xf32>) outs(%b : tensor<4x4xf32>) permutation = [1, 0]
  // NAMES: %broadcasted = linalg.broadcast
  %2 = linalg.broadcast ins(%0 : tensor<4xf32>) outs(%1 : tensor<4x4xf32>) dimensions = [1]
  // NAMES: %reduced = linalg.reduce ins(%broadcasted
  // NAMES-NEXT: (%in: f32, %init: f32) {
  %3 = linalg.reduce ins(%2 : tensor<4x4xf32>) outs(%a : tensor<4xf32>) dimensions = [0] (%x: f32, %acc: f32) {
    %s = arith.maximumf %x, %acc : f32
    linalg.yield %s : f32
  }
  // NAMES: %[[G:.*]] = linalg.generic
  // NAMES-NEXT: ^bb0(%in: f32, %out: f32):
  %4 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%3 : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  // NAMES: %[[M:.*]] = linalg.matmul ins
  %5 = linalg.matmul ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%b : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %4 : tensor<4xf32>
}
