// scf-bufferize converts scf.for / scf.if / scf.while results, region
// arguments and yields; finalizing-bufferize then removes the
// materializations once everything is a memref, reallocating where the
// layouts make a cast unsafe. Checked against mlir-opt-19 too.
// RUN: bufopt -scf-bufferize -split-input-file %s | FileCheck %s --check-prefix=SCF
// RUN: mlir-opt-19 -scf-bufferize -split-input-file %s | FileCheck %s --check-prefix=SCF
// RUN: bufopt -func-bufferize -scf-bufferize -finalizing-bufferize -split-input-file %s | FileCheck %s --check-prefix=FIN
// RUN: mlir-opt-19 -func-bufferize -scf-bufferize -finalizing-bufferize -split-input-file %s | FileCheck %s --check-prefix=FIN

// SCF-LABEL: func.func @nested(
// SCF-SAME: %[[C:.*]]: i1, %[[T:.*]]: tensor<?xi32>, %[[N:.*]]: index)
// SCF: %[[M:.*]] = bufferization.to_memref %[[T]] : memref<?xi32>
// SCF: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[IT:.*]] = %[[M]]) -> (memref<?xi32>) {
// SCF-NEXT: %[[I:.*]] = scf.if %[[C]] -> (memref<?xi32>) {
// SCF-NEXT: scf.yield %[[IT]] : memref<?xi32>
// SCF-NEXT: } else {
// SCF-NEXT: scf.yield %[[M]] : memref<?xi32>
// SCF-NEXT: }
// SCF-NEXT: scf.yield %[[I]] : memref<?xi32>
// SCF: %[[RT:.*]] = bufferization.to_tensor %[[R]] : memref<?xi32>
// SCF: return %[[RT]] : tensor<?xi32>

// FIN-LABEL: func.func @nested(
// FIN-SAME: %{{.*}}: i1, %[[T:.*]]: memref<?xi32>, %{{.*}}: index) -> memref<?xi32>
// FIN-NOT: bufferization.
// FIN: iter_args(%{{.*}} = %[[T]]) -> (memref<?xi32>)
// FIN-NOT: bufferization.
// FIN: return
func.func @nested(%c: i1, %t: tensor<?xi32>, %n: index) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %t) -> tensor<?xi32> {
    %x = scf.if %c -> tensor<?xi32> {
      scf.yield %it : tensor<?xi32>
    } else {
      scf.yield %t : tensor<?xi32>
    }
    scf.yield %x : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}

// -----

// SCF-LABEL: func.func @countdown(
// SCF: %[[W:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (index, memref<2xf16>) -> (index, memref<2xf16>) {
// SCF: scf.condition(%{{.*}}) %{{.*}}, %{{.*}} : index, memref<2xf16>
// SCF: ^bb0(%{{.*}}: index, %[[B:.*]]: memref<2xf16>):
// SCF: scf.yield %{{.*}}, %[[B]] : index, memref<2xf16>
// SCF: bufferization.to_tensor %[[W]]#1 : memref<2xf16>

// FIN-LABEL: func.func @countdown(
// FIN-SAME: %{{.*}}: index, %[[T:.*]]: memref<2xf16>) -> memref<2xf16>
// FIN: %[[W:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[T]]) : (index, memref<2xf16>) -> (index, memref<2xf16>)
// FIN: return %[[W]]#1 : memref<2xf16>
func.func @countdown(%n: index, %t: tensor<2xf16>) -> tensor<2xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w:2 = scf.while (%i = %n, %a = %t) : (index, tensor<2xf16>) -> (index, tensor<2xf16>) {
    %go = arith.cmpi sgt, %i, %c0 : index
    scf.condition(%go) %i, %a : index, tensor<2xf16>
  } do {
  ^bb0(%j: index, %b: tensor<2xf16>):
    %k = arith.subi %j, %c1 : index
    scf.yield %k, %b : index, tensor<2xf16>
  }
  return %w#1 : tensor<2xf16>
}

// -----

// A buffer with a dynamic offset that must become one with the identity
// layout is copied into a new allocation.
// FIN-LABEL: func.func @realloc(
// FIN-SAME: %[[M:.*]]: memref<?x8xf32, strided<[8, 1], offset: ?>>) -> memref<?x8xf32>
// FIN: %[[C0:.*]] = arith.constant 0 : index
// FIN: %[[D:.*]] = memref.dim %[[M]], %[[C0]]
// FIN: %[[A:.*]] = memref.alloc(%[[D]]) : memref<?x8xf32>
// FIN: memref.copy %[[M]], %[[A]]
// FIN: return %[[A]] : memref<?x8xf32>
func.func @realloc(%m: memref<?x8xf32, strided<[8, 1], offset: ?>>) -> memref<?x8xf32> {
  %t = bufferization.to_tensor %m : memref<?x8xf32, strided<[8, 1], offset: ?>>
  %n = bufferization.to_memref %t : memref<?x8xf32>
  return %n : memref<?x8xf32>
}
