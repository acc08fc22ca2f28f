// tensor.pack, tensor.unpack, tensor.gather and tensor.scatter executed by
// bufopt-run: a padded pack with outer_dims_perm, the unpack back, a pack
// without padding, a rank-reduced row gather, an element gather with i32
// coordinates, and a row scatter. mlir-opt-19 cannot lower these ops, so
// the expected output is mlir-cpu-runner-19's on Inputs/pack-decomposed.mlir,
// the same computation decomposed by hand into pad / expand_shape /
// transpose / collapse_shape / extract_slice / generate / insert_slice
// (second RUN line); the third runs that decomposition in bufopt-run too.
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// RUN: MLIR_OPT=mlir-opt-19 MLIR_CPU_RUNNER=mlir-cpu-runner-19 %S/../../../scripts/lower-and-run.sh %S/Inputs/pack-decomposed.mlir | FileCheck %s --match-full-lines
// RUN: bufopt-run --strict %S/Inputs/pack-decomposed.mlir | FileCheck %s --match-full-lines

func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @print(%t: tensor<*xf32>) {
  %m = bufferization.to_memref %t read_only : memref<*xf32>
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %src = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c6 = arith.constant 6 : index
    %l = arith.muli %i, %c6 : index
    %k = arith.addi %l, %j : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    tensor.yield %kf : f32
  } : tensor<5x6xf32>
  %pad = arith.constant -1.0 : f32
  %c2 = arith.constant 2 : index
  %e0 = tensor.empty() : tensor<2x3x2x4xf32>
  %packed = tensor.pack %src padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [%c2, 4] into %e0 : tensor<5x6xf32> -> tensor<2x3x2x4xf32>
  %p0 = tensor.cast %packed : tensor<2x3x2x4xf32> to tensor<*xf32>
  call @print(%p0) : (tensor<*xf32>) -> ()
  %e1 = tensor.empty() : tensor<5x6xf32>
  %unpacked = tensor.unpack %packed outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [2, 4] into %e1 : tensor<2x3x2x4xf32> -> tensor<5x6xf32>
  %u0 = tensor.cast %unpacked : tensor<5x6xf32> to tensor<*xf32>
  call @print(%u0) : (tensor<*xf32>) -> ()
  %e2 = tensor.empty() : tensor<5x2x3xf32>
  %packed2 = tensor.pack %src inner_dims_pos = [1] inner_tiles = [3] into %e2 : tensor<5x6xf32> -> tensor<5x2x3xf32>
  %p2 = tensor.cast %packed2 : tensor<5x2x3xf32> to tensor<*xf32>
  call @print(%p2) : (tensor<*xf32>) -> ()
  %rows = arith.constant dense<[[3], [0], [4]]> : tensor<3x1xi32>
  %g = tensor.gather %src[%rows] gather_dims([0]) unique : (tensor<5x6xf32>, tensor<3x1xi32>) -> tensor<3x6xf32>
  %g0 = tensor.cast %g : tensor<3x6xf32> to tensor<*xf32>
  call @print(%g0) : (tensor<*xf32>) -> ()
  %pts = arith.constant dense<[[1, 5], [4, 0]]> : tensor<2x2xindex>
  %ge = tensor.gather %src[%pts] gather_dims([0, 1]) : (tensor<5x6xf32>, tensor<2x2xindex>) -> tensor<2x1x1xf32>
  %ge0 = tensor.cast %ge : tensor<2x1x1xf32> to tensor<*xf32>
  call @print(%ge0) : (tensor<*xf32>) -> ()
  %z = arith.constant dense<0.0> : tensor<3x6xf32>
  %to = arith.constant dense<[[1], [2], [0]]> : tensor<3x1xindex>
  %s = tensor.scatter %g into %z[%to] scatter_dims([0]) unique : (tensor<3x6xf32>, tensor<3x6xf32>, tensor<3x1xindex>) -> tensor<3x6xf32>
  %sc = tensor.cast %s : tensor<3x6xf32> to tensor<*xf32>
  call @print(%sc) : (tensor<*xf32>) -> ()
  return
}

// CHECK: Unranked Memref base@ = {{.*}} rank = 4 offset = 0 sizes = {{\[}}2, 3, 2, 4] strides = {{.*}} data =
// CHECK-NEXT: {{\[}}{{\[}}{{\[}}{{\[}}0,     1,     2,     3],
// CHECK-NEXT:    {{\[}}6,     7,     8,     9]],
// CHECK-NEXT:   {{\[}}{{\[}}12,     13,     14,     15],
// CHECK-NEXT:    {{\[}}18,     19,     20,     21]],
// CHECK-NEXT:   {{\[}}{{\[}}24,     25,     26,     27],
// CHECK-NEXT:    {{\[}}-1,     -1,     -1,     -1]]],
// CHECK-NEXT:  {{\[}}{{\[}}{{\[}}4,     5,     -1,     -1],
// CHECK-NEXT:    {{\[}}10,     11,     -1,     -1]],
// CHECK-NEXT:   {{\[}}{{\[}}16,     17,     -1,     -1],
// CHECK-NEXT:    {{\[}}22,     23,     -1,     -1]],
// CHECK-NEXT:   {{\[}}{{\[}}28,     29,     -1,     -1],
// CHECK-NEXT:    {{\[}}-1,     -1,     -1,     -1]]]]
// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = {{\[}}5, 6] strides = {{.*}} data =
// CHECK-NEXT: {{\[}}{{\[}}0,   1,   2,   3,   4,   5],
// CHECK-NEXT:  {{\[}}6,   7,   8,   9,   10,   11],
// CHECK-NEXT:  {{\[}}12,   13,   14,   15,   16,   17],
// CHECK-NEXT:  {{\[}}18,   19,   20,   21,   22,   23],
// CHECK-NEXT:  {{\[}}24,   25,   26,   27,   28,   29]]
// CHECK: Unranked Memref base@ = {{.*}} rank = 3 offset = 0 sizes = {{\[}}5, 2, 3] strides = {{.*}} data =
// CHECK-NEXT: {{\[}}{{\[}}{{\[}}0,    1,    2],
// CHECK-NEXT:   {{\[}}3,    4,    5]],
// CHECK-NEXT:  {{\[}}{{\[}}6,    7,    8],
// CHECK-NEXT:   {{\[}}9,    10,    11]],
// CHECK-NEXT:  {{\[}}{{\[}}12,    13,    14],
// CHECK-NEXT:   {{\[}}15,    16,    17]],
// CHECK-NEXT:  {{\[}}{{\[}}18,    19,    20],
// CHECK-NEXT:   {{\[}}21,    22,    23]],
// CHECK-NEXT:  {{\[}}{{\[}}24,    25,    26],
// CHECK-NEXT:   {{\[}}27,    28,    29]]]
// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = {{\[}}3, 6] strides = {{.*}} data =
// CHECK-NEXT: {{\[}}{{\[}}18,   19,   20,   21,   22,   23],
// CHECK-NEXT:  {{\[}}0,   1,   2,   3,   4,   5],
// CHECK-NEXT:  {{\[}}24,   25,   26,   27,   28,   29]]
// CHECK: Unranked Memref base@ = {{.*}} rank = 3 offset = 0 sizes = {{\[}}2, 1, 1] strides = {{.*}} data =
// CHECK-NEXT: {{\[}}{{\[}}{{\[}}11]],
// CHECK-NEXT:  {{\[}}{{\[}}24]]]
// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = {{\[}}3, 6] strides = {{.*}} data =
// CHECK-NEXT: {{\[}}{{\[}}24,   25,   26,   27,   28,   29],
// CHECK-NEXT:  {{\[}}18,   19,   20,   21,   22,   23],
// CHECK-NEXT:  {{\[}}0,   1,   2,   3,   4,   5]]
