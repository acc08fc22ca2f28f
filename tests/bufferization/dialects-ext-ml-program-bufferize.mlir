// One-Shot Bufferize of the ml_program globals: a global becomes a
// memref.global (constant when immutable, visibility and initial value
// kept), a load a memref.get_global whose buffer is read-only (writing the
// loaded tensor copies it first; reading it does not), a store a copy into
// the global's buffer. Identical to mlir-opt-19, with the analysis, with
// copy-before-write and across function boundaries.
// RUN: bufopt %s -one-shot-bufferize -split-input-file > %t.b && mlir-opt-19 %s -one-shot-bufferize -split-input-file > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -one-shot-bufferize=copy-before-write -split-input-file > %t.b && mlir-opt-19 %s -one-shot-bufferize=copy-before-write -split-input-file > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -one-shot-bufferize=bufferize-function-boundaries -split-input-file > %t.b && mlir-opt-19 %s -one-shot-bufferize=bufferize-function-boundaries -split-input-file > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -one-shot-bufferize -split-input-file | FileCheck %s

// CHECK: memref.global "private" @counter : memref<2xi32> = dense<[1, 2]>
// CHECK: memref.global "public" constant @table : memref<3xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]>
// CHECK: memref.global @plain : memref<i1> = dense<true>
ml_program.global private mutable @counter(dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
ml_program.global public @table(dense<[1.0, 2.0, 3.0]> : tensor<3xf32>) : tensor<3xf32>
"ml_program.global"() <{is_mutable, sym_name = "plain", type = tensor<i1>, value = dense<true> : tensor<i1>}> : () -> ()

// A load only read: no copy.
// CHECK-LABEL: func.func @read_only
//       CHECK:   %[[T:.*]] = memref.get_global @table : memref<3xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   memref.load %[[T]]
func.func @read_only(%i: index) -> f32 {
  %t = ml_program.global_load @table : tensor<3xf32>
  %v = tensor.extract %t[%i] : tensor<3xf32>
  return %v : f32
}

// Incrementing the counter: the loaded tensor is written, so it is copied
// first; the store copies the result back into the global.
// CHECK-LABEL: func.func @increment
//       CHECK:   %[[G:.*]] = memref.get_global @counter : memref<2xi32>
//       CHECK:   %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xi32>
//       CHECK:   memref.copy %[[G]], %[[A]]
//       CHECK:   memref.store %{{.*}}, %[[A]][%{{.*}}]
//       CHECK:   %[[G2:.*]] = memref.get_global @counter : memref<2xi32>
//       CHECK:   memref.copy %[[A]], %[[G2]]
func.func @increment(%i: index, %d: i32) {
  %c = ml_program.global_load @counter : tensor<2xi32>
  %x = tensor.extract %c[%i] : tensor<2xi32>
  %y = arith.addi %x, %d : i32
  %n = tensor.insert %y into %c[%i] : tensor<2xi32>
  ml_program.global_store @counter = %n : tensor<2xi32>
  return
}

// Storing a fresh tensor: its buffer is copied into the global.
// CHECK-LABEL: func.func @reset
//       CHECK:   %[[E:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xi32>
//       CHECK:   linalg.fill ins(%{{.*}} : i32) outs(%[[E]] : memref<2xi32>)
//       CHECK:   %[[G:.*]] = memref.get_global @counter : memref<2xi32>
//       CHECK:   memref.copy %[[E]], %[[G]]
func.func @reset(%v: i32) {
  %e = tensor.empty() : tensor<2xi32>
  %f = linalg.fill ins(%v : i32) outs(%e : tensor<2xi32>) -> tensor<2xi32>
  ml_program.global_store @counter = %f : tensor<2xi32>
  return
}

// -----

ml_program.global private mutable @m(dense<0.0> : tensor<2x2xf32>) : tensor<2x2xf32>

// Two loads of the same global alias the same buffer: writing one of them
// after reading the other copies, and the read sees the old value.
// CHECK-LABEL: func.func @two_loads
//   CHECK-DAG:   %[[G1:.*]] = memref.get_global @m : memref<2x2xf32>
//   CHECK-DAG:   %[[G2:.*]] = memref.get_global @m : memref<2x2xf32>
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   memref.copy %[[G1]], %[[A]]
//       CHECK:   memref.store %{{.*}}, %[[A]]
//       CHECK:   memref.load %[[G2]]
func.func @two_loads(%f: f32, %i: index) -> f32 {
  %a = ml_program.global_load @m : tensor<2x2xf32>
  %b = ml_program.global_load @m : tensor<2x2xf32>
  %w = tensor.insert %f into %a[%i, %i] : tensor<2x2xf32>
  %r = tensor.extract %b[%i, %i] : tensor<2x2xf32>
  ml_program.global_store @m = %w : tensor<2x2xf32>
  return %r : f32
}
