// Canonicalization of tensor.expand_shape and tensor.collapse_shape:
// chains of one kind compose, an expand of a collapse (and the reverse)
// becomes one reshape or disappears where the groups line up, constants,
// splats and from_elements take the new shape, a collapse looks through a
// cast that only erases static sizes, and an inverse pair folds only when
// that keeps the extents. The expected output is mlir-opt-19's.
// RUN: bufopt %s --canonicalize | FileCheck %s
// RUN: bufopt %s --canonicalize | mlir-opt-19 -o /dev/null

// CHECK-LABEL: func.func @compose_expand(
// CHECK-NEXT: tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2]] output_shape [2, 3, 2] : tensor<12xf32> into tensor<2x3x2xf32>
// CHECK-NEXT: return
func.func @compose_expand(%x: tensor<12xf32>) -> tensor<2x3x2xf32> {
  %a = tensor.expand_shape %x [[0, 1]] output_shape [6, 2] : tensor<12xf32> into tensor<6x2xf32>
  %b = tensor.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 2] : tensor<6x2xf32> into tensor<2x3x2xf32>
  return %b : tensor<2x3x2xf32>
}

// CHECK-LABEL: func.func @compose_collapse(
// CHECK-NEXT: tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : tensor<2x3x2xf32> into tensor<12xf32>
// CHECK-NEXT: return
func.func @compose_collapse(%x: tensor<2x3x2xf32>) -> tensor<12xf32> {
  %a = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x2xf32> into tensor<6x2xf32>
  %b = tensor.collapse_shape %a [[0, 1]] : tensor<6x2xf32> into tensor<12xf32>
  return %b : tensor<12xf32>
}

// Not composable: a group of equal rank on both sides (19 gives up there).
// CHECK-LABEL: func.func @expand_of_collapse(
// CHECK-NEXT: tensor.collapse_shape
// CHECK-NEXT: tensor.expand_shape
func.func @expand_of_collapse(%x: tensor<2x3x4xf32>) -> tensor<6x2x2xf32> {
  %a = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %b = tensor.expand_shape %a [[0], [1, 2]] output_shape [6, 2, 2] : tensor<6x4xf32> into tensor<6x2x2xf32>
  return %b : tensor<6x2x2xf32>
}

// CHECK-LABEL: func.func @collapse_of_expand(
// CHECK-NEXT: tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<6x4xf32> into tensor<24xf32>
// CHECK-NEXT: return
func.func @collapse_of_expand(%x: tensor<6x4xf32>) -> tensor<24xf32> {
  %a = tensor.expand_shape %x [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %b = tensor.collapse_shape %a [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  return %b : tensor<24xf32>
}

// Constants, splat or not, and from_elements take the new shape.
// CHECK-LABEL: func.func @reshape_const(
// CHECK-DAG: arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-DAG: arith.constant dense<7> : tensor<4xi32>
// CHECK-DAG: arith.constant dense<3> : tensor<2x2xi32>
// CHECK-NOT: tensor.expand_shape
// CHECK: return
func.func @reshape_const() -> (tensor<2x2xf32>, tensor<4xi32>, tensor<2x2xi32>) {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %a = tensor.expand_shape %c [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %s = arith.constant dense<7> : tensor<2x2xi32>
  %b = tensor.collapse_shape %s [[0, 1]] : tensor<2x2xi32> into tensor<4xi32>
  %i = arith.constant 3 : i32
  %fe = tensor.from_elements %i, %i, %i, %i : tensor<4xi32>
  %d = tensor.expand_shape %fe [[0, 1]] output_shape [2, 2] : tensor<4xi32> into tensor<2x2xi32>
  return %a, %b, %d : tensor<2x2xf32>, tensor<4xi32>, tensor<2x2xi32>
}

// CHECK-LABEL: func.func @collapse_of_cast(
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK-NEXT: %[[K:.*]] = tensor.cast %[[C]] : tensor<6xf32> to tensor<?xf32>
// CHECK-NEXT: return %[[K]]
func.func @collapse_of_cast(%x: tensor<2x3xf32>) -> tensor<?xf32> {
  %c = tensor.cast %x : tensor<2x3xf32> to tensor<?x3xf32>
  %b = tensor.collapse_shape %c [[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
  return %b : tensor<?xf32>
}

// CHECK-LABEL: func.func @dyn_compose(
// CHECK-NEXT: tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2]] output_shape [%{{.*}}, 2, 2] : tensor<?xf32> into tensor<?x2x2xf32>
// CHECK-NEXT: return
func.func @dyn_compose(%x: tensor<?xf32>, %n: index) -> tensor<?x2x2xf32> {
  %a = tensor.expand_shape %x [[0, 1]] output_shape [%n, 4] : tensor<?xf32> into tensor<?x4xf32>
  %b = tensor.expand_shape %a [[0], [1, 2]] output_shape [%n, 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
  return %b : tensor<?x2x2xf32>
}

// Not an inverse: the expand picks new extents for two dynamic dims.
// CHECK-LABEL: func.func @inverse_two_dynamic(
// CHECK-NEXT: tensor.collapse_shape
// CHECK-NEXT: tensor.expand_shape
// CHECK-NEXT: return
func.func @inverse_two_dynamic(%x: tensor<?x?xf32>, %a: index, %b: index) -> tensor<?x?xf32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [%a, %b] : tensor<?xf32> into tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @inverse_expand_first(
// CHECK-SAME: %[[X:.*]]: tensor<?xf32>
// CHECK-NEXT: return %[[X]]
func.func @inverse_expand_first(%x: tensor<?xf32>, %a: index, %b: index) -> tensor<?xf32> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%a, %b] : tensor<?xf32> into tensor<?x?xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  return %c : tensor<?xf32>
}

// CHECK-LABEL: func.func @inverse_one_dynamic(
// CHECK-SAME: %[[X:.*]]: tensor<?x4xf32>
// CHECK-NEXT: return %[[X]]
func.func @inverse_one_dynamic(%x: tensor<?x4xf32>, %a: index) -> tensor<?x4xf32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [%a, 4] : tensor<?xf32> into tensor<?x4xf32>
  return %e : tensor<?x4xf32>
}

// CHECK-LABEL: func.func @collapse_of_expand_to_cast(
// CHECK-SAME: %[[X:.*]]: tensor<4x6xf32>
// CHECK-NEXT: return %[[X]]
func.func @collapse_of_expand_to_cast(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [2, 2, 6] : tensor<4x6xf32> into tensor<2x2x6xf32>
  %c = tensor.collapse_shape %e [[0, 1], [2]] : tensor<2x2x6xf32> into tensor<4x6xf32>
  return %c : tensor<4x6xf32>
}

// CHECK-LABEL: func.func @collapse_of_expand_expands(
// CHECK-NEXT: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xf32> into tensor<4x2x3xf32>
// CHECK-NEXT: return
func.func @collapse_of_expand_expands(%x: tensor<4x6xf32>) -> tensor<4x2x3xf32> {
  %e = tensor.expand_shape %x [[0, 1], [2, 3, 4]] output_shape [2, 2, 1, 2, 3] : tensor<4x6xf32> into tensor<2x2x1x2x3xf32>
  %c = tensor.collapse_shape %e [[0, 1], [2, 3], [4]] : tensor<2x2x1x2x3xf32> into tensor<4x2x3xf32>
  return %c : tensor<4x2x3xf32>
}

// CHECK-LABEL: func.func @splat_reshape(
// CHECK-NEXT: tensor.splat %{{.*}} : tensor<2x3xf32>
// CHECK-NEXT: return
func.func @splat_reshape(%f: f32) -> tensor<2x3xf32> {
  %s = tensor.splat %f : tensor<6xf32>
  %e = tensor.expand_shape %s [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  return %e : tensor<2x3xf32>
}
