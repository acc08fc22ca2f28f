// A TOSA residual block (conv2d with padding, clamp, add), lowered by
// mlir-opt-19's tosa-to-linalg-named, tosa-to-linalg, tosa-to-arith,
// tosa-to-tensor, one-shot-bufferize{bufferize-function-boundaries} and
// canonicalize: a linalg.conv_2d_nhwc_fhwc on buffers among generics, a
// map, a subview and a copy. buffer-deallocation-pipeline frees the three
// temporaries after their last use (the conv's memory effects: it reads its
// inputs and reads and writes its init) and leaves the result to the
// caller; the program runs under bufopt-run --strict with every allocation
// freed, as the same program put through mlir-opt-19's pipeline does.
// RUN: bufopt -buffer-deallocation-pipeline %s | FileCheck %s --check-prefix=IR
// RUN: mlir-opt-19 -buffer-deallocation-pipeline %s | FileCheck %s --check-prefix=IR
// RUN: bufopt -buffer-deallocation-pipeline %s -o %t.b.mlir
// RUN: bufopt-run --strict --stats %t.b.mlir 2>&1 | FileCheck %s --check-prefix=EXEC
// RUN: mlir-opt-19 -buffer-deallocation-pipeline %s -o %t.m.mlir
// RUN: bufopt-run --strict --stats %t.m.mlir 2>&1 | FileCheck %s --check-prefix=EXEC

// IR-LABEL: func.func @net(
// IR: %[[PAD:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x10x10x4xf32>
// IR: %[[BIAS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x4xf32>
// IR: linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[PAD]], %{{.*}} : memref<1x10x10x4xf32>, memref<4x3x3x4xf32>) outs(%[[BIAS]] : memref<1x8x8x4xf32>)
// IR: %[[CLAMP:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x4xf32>
// IR: %[[SUM:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x4xf32>
// IR: linalg.generic
// IR-SAME: ins(%[[CLAMP]], %{{.*}} : memref<1x8x8x4xf32>, memref<1x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>>) outs(%[[SUM]] : memref<1x8x8x4xf32>)
// IR: }
// IR-NEXT: memref.dealloc %[[PAD]] : memref<1x10x10x4xf32>
// IR-NEXT: memref.dealloc %[[BIAS]] : memref<1x8x8x4xf32>
// IR-NEXT: memref.dealloc %[[CLAMP]] : memref<1x8x8x4xf32>
// IR-NEXT: return %[[SUM]] : memref<1x8x8x4xf32>

// The same values as mlir-cpu-runner-19 prints for this program.
// EXEC: sizes = [1, 2, 3, 4] strides = [256, 32, 4, 1] data =
// EXEC-NEXT: {{\[\[\[\[}}-3,     -2,     -1,     0],
// EXEC-NEXT: [2.01,     3.01,     -2.99,     -1.99],
// EXEC-NEXT: [0.02,     1.02,     2.02,     3.02]],
// EXEC-NEXT: {{\[\[}}0,     1,     2,     3],
// EXEC-NEXT: [-1.97,     -0.97,     0.03,     1.03],
// EXEC-NEXT: [3.01,     -2.99,     -1.99,     -0.99]]]]
// EXEC: allocations: [[N:[0-9]+]]
// EXEC: deallocations: [[N]]

#map = affine_map<(d0, d1, d2, d3) -> (d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>
memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<0.000000e+00> {alignment = 64 : i64}
memref.global "private" constant @__constant_4x3x3x4xf32 : memref<4x3x3x4xf32> = dense<0.00999999977> {alignment = 64 : i64}
func.func @net(%arg0: memref<1x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>>) -> memref<1x8x8x4xf32> {
  %cst = arith.constant 3.400000e+38 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %0 = memref.get_global @__constant_4x3x3x4xf32 : memref<4x3x3x4xf32>
  %1 = memref.get_global @__constant_4xf32 : memref<4xf32>
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x10x10x4xf32>
  linalg.map outs(%alloc : memref<1x10x10x4xf32>)
    () {
      linalg.yield %cst_0 : f32
    }
  %subview = memref.subview %alloc[0, 1, 1, 0] [1, 8, 8, 4] [1, 1, 1, 1] : memref<1x10x10x4xf32> to memref<1x8x8x4xf32, strided<[400, 40, 4, 1], offset: 44>>
  memref.copy %arg0, %subview : memref<1x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>> to memref<1x8x8x4xf32, strided<[400, 40, 4, 1], offset: 44>>
  %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x4xf32>
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : memref<4xf32>) outs(%alloc_1 : memref<1x8x8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc, %0 : memref<1x10x10x4xf32>, memref<4x3x3x4xf32>) outs(%alloc_1 : memref<1x8x8x4xf32>)
  %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x4xf32>
  linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_1 : memref<1x8x8x4xf32>) outs(%alloc_2 : memref<1x8x8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.minimumf %in, %cst : f32
    %3 = arith.maximumf %2, %cst_0 : f32
    linalg.yield %3 : f32
  }
  %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x4xf32>
  linalg.generic {indexing_maps = [#map2, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_2, %arg0 : memref<1x8x8x4xf32>, memref<1x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>>) outs(%alloc_3 : memref<1x8x8x4xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %2 = arith.addf %in, %in_4 : f32
    linalg.yield %2 : f32
  }
  return %alloc_3 : memref<1x8x8x4xf32>
}

func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

// Runs the block on an input whose element (n, h, w, c) is
// (3h + 5w + c) mod 7 - 3 and prints the output's corner rows.
func.func @main() {
  %x = memref.alloc() : memref<1x8x8x4xf32>
  linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%x : memref<1x8x8x4xf32>) {
  ^bb0(%o: f32):
    %h = linalg.index 1 : index
    %w = linalg.index 2 : index
    %c = linalg.index 3 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %a = arith.muli %h, %c3 : index
    %b = arith.muli %w, %c5 : index
    %s0 = arith.addi %a, %b : index
    %s1 = arith.addi %s0, %c : index
    %m = arith.remui %s1, %c7 : index
    %n = arith.subi %m, %c3 : index
    %i = arith.index_cast %n : index to i32
    %f = arith.sitofp %i : i32 to f32
    linalg.yield %f : f32
  }
  %xa = memref.cast %x : memref<1x8x8x4xf32> to memref<1x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>>
  %y = call @net(%xa) : (memref<1x8x8x4xf32, strided<[?, ?, ?, ?], offset: ?>>) -> memref<1x8x8x4xf32>
  %corner = memref.subview %y[0, 0, 0, 0] [1, 2, 3, 4] [1, 1, 1, 1] : memref<1x8x8x4xf32> to memref<1x2x3x4xf32, strided<[256, 32, 4, 1]>>
  %u = memref.cast %corner : memref<1x2x3x4xf32, strided<[256, 32, 4, 1]>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
