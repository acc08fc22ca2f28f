// One-Shot Bufferize of the scf ops inside one function: loops carry
// buffers in place (iter_args, shared_outs), branches yield buffers of a
// common type (casts to a fully dynamic layout where they differ), and the
// result is byte-identical to mlir-opt-19's (second and third RUN lines).
// RUN: bufopt --split-input-file --one-shot-bufferize %s | FileCheck %s
// RUN: bufopt --split-input-file --one-shot-bufferize %s > %t.b && mlir-opt-19 --split-input-file --one-shot-bufferize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --split-input-file --one-shot-bufferize="unknown-type-conversion=identity-layout-map allow-return-allocs-from-loops" %s > %t.b && mlir-opt-19 --split-input-file --one-shot-bufferize="unknown-type-conversion=identity-layout-map allow-return-allocs-from-loops" %s > %t.m && diff -u %t.m %t.b

// CHECK-LABEL: func.func @fill_loop(
// CHECK-SAME: %[[T:.*]]: tensor<16xf32>, %[[N:.*]]: index
// CHECK: %[[M:.*]] = bufferization.to_memref %[[T]] : memref<16xf32, strided<[?], offset: ?>>
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK: memref.copy %[[M]], %[[A]]
// CHECK: %[[R:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[B:.*]] = %[[A]], %[[S:.*]] = %{{.*}}) -> (memref<16xf32>, f32) {
// CHECK:   memref.store %{{.*}}, %[[B]][%[[I]]] : memref<16xf32>
// CHECK:   scf.yield %[[B]], %{{.*}} : memref<16xf32>, f32
// CHECK: %[[RT:.*]] = bufferization.to_tensor %[[R]]#0 : memref<16xf32>
// CHECK: return %[[RT]], %[[R]]#1
func.func @fill_loop(%t: tensor<16xf32>, %n: index) -> (tensor<16xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 3.0 : f32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t, %s = %v) -> (tensor<16xf32>, f32) {
    %x = tensor.insert %v into %a[%i] : tensor<16xf32>
    %s2 = arith.addf %s, %v : f32
    scf.yield %x, %s2 : tensor<16xf32>, f32
  }
  return %r#0, %r#1 : tensor<16xf32>, f32
}

// -----

// A branch yields a fresh buffer, the other the argument's: both are cast
// to the fully dynamic layout of the result.
// CHECK-LABEL: func.func @branch(
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (memref<16xf32, strided<[?], offset: ?>>) {
// CHECK:   %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK:   memref.copy
// CHECK:   memref.store
// CHECK:   %[[C:.*]] = memref.cast %[[A]] : memref<16xf32> to memref<16xf32, strided<[?], offset: ?>>
// CHECK:   scf.yield %[[C]] : memref<16xf32, strided<[?], offset: ?>>
// CHECK: } else {
// CHECK:   scf.yield %{{.*}} : memref<16xf32, strided<[?], offset: ?>>
// CHECK: }
func.func @branch(%t: tensor<16xf32>, %c: i1, %i: index) -> tensor<16xf32> {
  %v = arith.constant 3.0 : f32
  %r = scf.if %c -> tensor<16xf32> {
    %x = tensor.insert %v into %t[%i] : tensor<16xf32>
    scf.yield %x : tensor<16xf32>
  } else {
    scf.yield %t : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func @count_up(
// CHECK: %[[R:.*]]:2 = scf.while (%[[W:.*]] = %{{.*}}, %[[J:.*]] = %{{.*}}) : (memref<16xf32>, index) -> (memref<16xf32>, index) {
// CHECK:   scf.condition(%{{.*}}) %[[W]], %[[J]] : memref<16xf32>, index
// CHECK: } do {
// CHECK: ^bb0(%[[B:.*]]: memref<16xf32>, %[[K:.*]]: index):
// CHECK:   memref.store %{{.*}}, %[[B]][%[[K]]] : memref<16xf32>
// CHECK:   scf.yield %[[B]], %{{.*}} : memref<16xf32>, index
func.func @count_up(%t: tensor<16xf32>, %i: index) -> tensor<16xf32> {
  %v = arith.constant 3.0 : f32
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%a = %t, %j = %i) : (tensor<16xf32>, index) -> (tensor<16xf32>, index) {
    %lt = arith.cmpi slt, %j, %c16 : index
    scf.condition(%lt) %a, %j : tensor<16xf32>, index
  } do {
  ^bb0(%b: tensor<16xf32>, %k: index):
    %x = tensor.insert %v into %b[%k] : tensor<16xf32>
    %k2 = arith.addi %k, %c1 : index
    scf.yield %x, %k2 : tensor<16xf32>, index
  }
  return %r#0 : tensor<16xf32>
}

// -----

// Several blocks in an execute_region: the block arguments become buffers
// (of the forwarded operands' common type) and each branch forwards a copy
// of the non-writable argument.
// CHECK-LABEL: func.func @region_cfg(
// CHECK: %[[R:.*]] = scf.execute_region -> memref<16xf32> {
// CHECK:   %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK:   cf.cond_br %{{.*}}, ^bb1(%[[A]] : memref<16xf32>), ^bb2
// CHECK: ^bb1(%[[X:.*]]: memref<16xf32>):
// CHECK:   memref.store %{{.*}}, %[[X]][%{{.*}}] : memref<16xf32>
// CHECK:   cf.br ^bb3(%[[X]] : memref<16xf32>)
// CHECK: ^bb2:
// CHECK:   %[[A2:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK:   cf.br ^bb3(%[[A2]] : memref<16xf32>)
// CHECK: ^bb3(%[[Y:.*]]: memref<16xf32>):
// CHECK:   scf.yield %[[Y]] : memref<16xf32>
// CHECK: bufferization.to_tensor %[[R]] : memref<16xf32>
func.func @region_cfg(%t: tensor<16xf32>, %c: i1, %i: index) -> tensor<16xf32> {
  %v = arith.constant 3.0 : f32
  %r = scf.execute_region -> tensor<16xf32> {
    cf.cond_br %c, ^bb1(%t : tensor<16xf32>), ^bb2
  ^bb1(%a: tensor<16xf32>):
    %x = tensor.insert %v into %a[%i] : tensor<16xf32>
    cf.br ^bb3(%x : tensor<16xf32>)
  ^bb2:
    cf.br ^bb3(%t : tensor<16xf32>)
  ^bb3(%b: tensor<16xf32>):
    scf.yield %b : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// -----

// shared_outs become the loop's captured buffer; the in_parallel's
// parallel_insert_slice becomes a copy into a subview of it.
// CHECK-LABEL: func.func @rows(
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK: scf.forall (%[[I:.*]]) in (4) {
// CHECK:   %[[S:.*]] = memref.subview %[[A]][%[[I]], 0] [1, 8] [1, 1]
// CHECK:   memref.copy %{{.*}}, %[[S]]
// CHECK: }
// CHECK: bufferization.to_tensor %[[A]] : memref<4x8xf32>
func.func @rows(%t: tensor<4x8xf32>, %row: tensor<8xf32>) -> tensor<4x8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %row into %o[%i, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<4x8xf32>
    }
  }
  return %r : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @pick(
// CHECK: scf.index_switch %{{.*}} -> memref<16xf32, strided<[?], offset: ?>>
// CHECK: case 1 {
// CHECK:   memref.cast %{{.*}} : memref<16xf32> to memref<16xf32, strided<[?], offset: ?>>
// CHECK: default {
// CHECK:   scf.yield %{{.*}} : memref<16xf32, strided<[?], offset: ?>>
func.func @pick(%t: tensor<16xf32>, %s: index) -> tensor<16xf32> {
  %e = bufferization.alloc_tensor() : tensor<16xf32>
  %r = scf.index_switch %s -> tensor<16xf32>
  case 1 {
    scf.yield %e : tensor<16xf32>
  }
  default {
    scf.yield %t : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// -----

// Nested loops and a conditional update: everything in place on one copy.
// CHECK-LABEL: func.func @nest(
// CHECK-COUNT-1: memref.alloc
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.if %{{.*}} -> (memref<4x4xf32>)
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @nest(%t: tensor<4x4xf32>, %n: index) -> tensor<4x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 3.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<4x4xf32>) {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> (tensor<4x4xf32>) {
      %lt = arith.cmpi slt, %i, %j : index
      %r3 = scf.if %lt -> tensor<4x4xf32> {
        %x = tensor.insert %v into %b[%i, %j] : tensor<4x4xf32>
        scf.yield %x : tensor<4x4xf32>
      } else {
        scf.yield %b : tensor<4x4xf32>
      }
      scf.yield %r3 : tensor<4x4xf32>
    }
    scf.yield %r2 : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}
