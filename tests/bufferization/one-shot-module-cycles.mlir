// Call cycles with bufferize-function-boundaries, accepted as LLVM 20
// accepts them (mlir-opt-19 rejects them: "expected callgraph to be free of
// circular dependencies."). Functions the callees-first order cannot place
// (on a cycle, or calling into one) are analyzed last, without boundary
// facts: a call to them reads and writes every tensor operand and its
// results may alias anything. Their signatures take the boundary layout.
// RUN: bufopt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: bufopt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANA
// RUN: bufopt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=ID

// Self recursion: the recursive call gets the boundary types.
// CHECK-LABEL: func.func @self(
//  CHECK-SAME:     %[[T:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[N:.*]]: index) -> memref<?xf32, strided<[?], offset: ?>>
//       CHECK:   %[[X:.*]] = func.call @self(%[[T]], %{{.*}}) : (memref<?xf32, strided<[?], offset: ?>>, index) -> memref<?xf32, strided<[?], offset: ?>>
//       CHECK:   scf.yield %[[X]]
// ANA-LABEL: func.func @self(
//  ANA-SAME:     %{{.*}}: tensor<?xf32>, %{{.*}}: index) -> tensor<?xf32> {
//       ANA:   func.call @self({{.*}}) {__inplace_operands_attr__ = ["true", "none"]}
//   ANA-NOT:   __equivalent_func_args__
//       ANA:   return
// ID-LABEL: func.func @self(%{{.*}}: memref<?xf32>, %{{.*}}: index) -> memref<?xf32>
//       ID:   func.call @self(%{{.*}}, %{{.*}}) : (memref<?xf32>, index) -> memref<?xf32>
func.func @self(%t: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %base = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %base -> tensor<?xf32> {
    scf.yield %t : tensor<?xf32>
  } else {
    %c1 = arith.constant 1 : index
    %m = arith.subi %n, %c1 : index
    %x = func.call @self(%t, %m) : (tensor<?xf32>, index) -> tensor<?xf32>
    scf.yield %x : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Mutual recursion through an acyclic callee (@leaf, analyzed first with
// its facts: the call to it is in place), and a caller of the cycle (not
// placed either): its call may write %t, which is read afterwards, so the
// operand is copied.
// ANA-LABEL: func.func @leaf(
//  ANA-SAME:     {bufferization.access = "read-write"}
//       ANA:   return {__equivalent_func_args__ = [0], __inplace_operands_attr__ = ["true"]}
// ANA-LABEL: func.func @a(
//   ANA-NOT:   bufferization.access
//       ANA:   call @leaf({{.*}}) {__inplace_operands_attr__ = ["true", "none"]}
//       ANA:   call @b({{.*}}) {__inplace_operands_attr__ = ["true", "none"]}
//   ANA-NOT:   __equivalent_func_args__
// ANA-LABEL: func.func @b(
//       ANA:   func.call @a({{.*}}) {__inplace_operands_attr__ = ["true", "none"]}
// ANA-LABEL: func.func @caller(
//   ANA-NOT:   bufferization.access
//       ANA:   call @a({{.*}}) {__inplace_operands_attr__ = ["false", "none"]}
//       ANA:   tensor.extract {{.*}} {__inplace_operands_attr__ = ["true", "none"]}

// CHECK-LABEL: func.func @leaf(
//       CHECK:   memref.store
// CHECK-LABEL: func.func @a(
//  CHECK-SAME:     %[[T:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[N:.*]]: index) -> memref<4xf32, strided<[?], offset: ?>>
//       CHECK:   %[[L:.*]] = call @leaf(%[[T]], %{{.*}})
//       CHECK:   %[[B:.*]] = call @b(%[[L]], %[[N]]) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
//       CHECK:   return %[[B]]
// CHECK-LABEL: func.func @b(
//  CHECK-SAME:     %[[T:.*]]: memref<4xf32, strided<[?], offset: ?>>, %{{.*}}: index) -> memref<4xf32, strided<[?], offset: ?>>
//       CHECK:   func.call @a(%[[T]], %{{.*}}) : (memref<4xf32, strided<[?], offset: ?>>, index) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @caller(
//  CHECK-SAME:     %[[T:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[N:.*]]: index)
//       CHECK:   %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
//       CHECK:   memref.copy %[[T]], %[[A]]
//       CHECK:   %[[C:.*]] = memref.cast %[[A]]
//       CHECK:   call @a(%[[C]], %[[N]])
//       CHECK:   memref.load %[[T]]
// ID-LABEL: func.func @a(%{{.*}}: memref<4xf32>, %{{.*}}: index) -> memref<4xf32>
// ID-LABEL: func.func @b(%{{.*}}: memref<4xf32>, %{{.*}}: index) -> memref<4xf32>
//       ID:   func.call @a(%{{.*}}, %{{.*}}) : (memref<4xf32>, index) -> memref<4xf32>
func.func @leaf(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %u = tensor.insert %f into %t[%c0] : tensor<4xf32>
  return %u : tensor<4xf32>
}

func.func @a(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %f = arith.constant 1.0 : f32
  %u = func.call @leaf(%t, %f) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %v = func.call @b(%u, %n) : (tensor<4xf32>, index) -> tensor<4xf32>
  return %v : tensor<4xf32>
}

func.func @b(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %base = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %base -> tensor<4xf32> {
    scf.yield %t : tensor<4xf32>
  } else {
    %c1 = arith.constant 1 : index
    %m = arith.subi %n, %c1 : index
    %x = func.call @a(%t, %m) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @caller(%t: tensor<4xf32>, %n: index) -> (tensor<4xf32>, f32) {
  %r = func.call @a(%t, %n) : (tensor<4xf32>, index) -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %e = tensor.extract %t[%c0] : tensor<4xf32>
  return %r, %e : tensor<4xf32>, f32
}

// -----

// A recursive function returning a new buffer: its result type stays the
// boundary type (the recursive call was bufferized with it), where the
// callees-first functions narrow it to the buffer's own type.
// CHECK-LABEL: func.func @fresh(
//  CHECK-SAME:     %{{.*}}: index) -> memref<4xf32, strided<[?], offset: ?>>
//       CHECK:   func.call @fresh(%{{.*}}) : (index) -> memref<4xf32, strided<[?], offset: ?>>
//       CHECK:   %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
//       CHECK:   %[[C:.*]] = memref.cast %[[A]] : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
//       CHECK:   return %[[C]]
func.func @fresh(%n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %base = arith.cmpi eq, %n, %c0 : index
  scf.if %base {
  } else {
    %c1 = arith.constant 1 : index
    %m = arith.subi %n, %c1 : index
    %x = func.call @fresh(%m) : (index) -> tensor<4xf32>
  }
  %e = tensor.empty() : tensor<4xf32>
  %f = arith.constant 0.0 : f32
  %z = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %z : tensor<4xf32>
}

// -----

// Two results of a call into a cycle may share one buffer: writing the
// first in place would change the second, which is read afterwards.
// ANA-LABEL: func.func @use_pair(
//       ANA:   tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
func.func @pair(%n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %base = arith.cmpi eq, %n, %c0 : index
  %r:2 = scf.if %base -> (tensor<4xf32>, tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    scf.yield %e, %e : tensor<4xf32>, tensor<4xf32>
  } else {
    %c1 = arith.constant 1 : index
    %m = arith.subi %n, %c1 : index
    %x:2 = func.call @pair(%m) : (index) -> (tensor<4xf32>, tensor<4xf32>)
    scf.yield %x#0, %x#1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

func.func @use_pair(%n: index, %f: f32) -> (tensor<4xf32>, f32) {
  %x:2 = func.call @pair(%n) : (index) -> (tensor<4xf32>, tensor<4xf32>)
  %c0 = arith.constant 0 : index
  %w = tensor.insert %f into %x#0[%c0] : tensor<4xf32>
  %e = tensor.extract %x#1[%c0] : tensor<4xf32>
  return %w, %e : tensor<4xf32>, f32
}
