// gpu.launch's custom syntax: async with and without dependencies,
// clusters, blocks and threads size assignments defining the body's
// arguments, dynamic_shared_memory_size, workgroup and private memory
// attributions, several blocks in the body, attribute dictionaries.
// Printed, generic and re-read forms and the canonicalized program
// (FoldLaunchArguments: an id whose size is the constant 1 becomes 0;
// an async launch with an empty body is dead) are byte-identical to
// mlir-opt-19's.
// RUN: bufopt --allow-unregistered-dialect %s > %t.b && mlir-opt-19 --allow-unregistered-dialect %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s | bufopt --allow-unregistered-dialect > %t.b && mlir-opt-19 --allow-unregistered-dialect %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @full
//       CHECK:   %0 = gpu.launch async [%arg1, %arg1] clusters(%arg15, %arg16, %arg17) in (%arg18 = %arg0, %arg19 = %c1, %arg20 = %arg0) blocks(%arg3, %arg4, %arg5) in (%arg9 = %c1, %arg10 = %arg0, %arg11 = %c1) threads(%arg6, %arg7, %arg8) in (%arg12 = %c1, %arg13 = %c1, %arg14 = %arg0) dynamic_shared_memory_size %arg2 workgroup(%arg21 : memref<4xf32, 3>, %arg22 : memref<2xi8>) private(%arg23 : memref<1xf32, 5>) {
//       CHECK:     cf.br ^bb1
//       CHECK:   ^bb1:
//  CHECK-NEXT:     gpu.terminator
//  CHECK-NEXT:   } {foo = "bar"}
// GENERIC: "gpu.launch"(%{{.*}}) <{operandSegmentSizes = array<i32: 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>}> ({
// GENERIC: }) {foo = "bar", workgroup_attributions = 2 : i64} : (!gpu.async.token, !gpu.async.token, index, index, index, index, index, index, index, index, index, i32) -> !gpu.async.token
// CANON-LABEL: func.func @full
//       CANON:   %[[C0:.*]] = arith.constant 0 : index
//       CANON:   "test.use"(%[[C0]], %arg4, %[[C0]], %[[C0]], %[[C0]], %arg8,
func.func @full(%sz: index, %dep: !gpu.async.token, %shm: i32) -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  %t = gpu.launch async [%dep, %dep] clusters(%cx, %cy, %cz) in (%scx = %sz, %scy = %c1, %scz = %sz)
      blocks(%bx, %by, %bz) in (%sbx = %c1, %sby = %sz, %sbz = %c1)
      threads(%tx, %ty, %tz) in (%stx = %c1, %sty = %c1, %stz = %sz)
      dynamic_shared_memory_size %shm
      workgroup(%w: memref<4xf32, 3>, %w2: memref<2xi8>)
      private(%p: memref<1xf32, 5>) {
    "test.use"(%bx, %by, %bz, %tx, %ty, %tz, %cx, %w, %p) : (index, index, index, index, index, index, index, memref<4xf32, 3>, memref<1xf32, 5>) -> ()
    cf.br ^bb1
  ^bb1:
    gpu.terminator
  } {foo = "bar"}
  return %t : !gpu.async.token
}

// CHECK-LABEL: func.func @plain
//       CHECK:   %0 = gpu.launch async blocks(
//       CHECK:   gpu.launch blocks(%arg1, %arg2, %arg3) in (%arg7 = %c1, %arg8 = %arg0, %arg9 = %c1) threads(%arg4, %arg5, %arg6) in (%arg10 = %c1, %arg11 = %c1, %arg12 = %arg0) {
// GENERIC-LABEL: sym_name = "plain"
//       GENERIC:   <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}>
//       GENERIC:   {workgroup_attributions = 0 : i64} : (index, index, index, index, index, index) -> !gpu.async.token
// CANON-LABEL: func.func @plain
//   CANON-NOT:   gpu.launch async
//       CANON:   gpu.launch blocks
func.func @plain(%sz: index) {
  %c1 = arith.constant 1 : index
  %u = gpu.launch async blocks(%bx, %by, %bz) in (%sbx = %c1, %sby = %sz, %sbz = %c1)
      threads(%tx, %ty, %tz) in (%stx = %c1, %sty = %c1, %stz = %sz) {
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%sbx = %c1, %sby = %sz, %sbz = %c1)
      threads(%tx, %ty, %tz) in (%stx = %c1, %sty = %c1, %stz = %sz) workgroup() {
    "test.use"(%bx, %by, %tx) : (index, index, index) -> ()
    gpu.terminator
  }
  return
}
