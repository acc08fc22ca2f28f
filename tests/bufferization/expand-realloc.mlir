// expand-realloc: each memref.realloc becomes a size comparison and an
// scf.if that either allocates, copies and frees (growing) or views the old
// buffer at the new size (shrinking); static and dynamic sizes on both
// sides, alignment, memory spaces, a strided identity layout, reallocs in
// nested regions and chains of reallocs. expand-realloc-vs-mlir-opt.mlir
// compares the output with mlir-opt-19's byte for byte.
// RUN: bufopt --expand-realloc --split-input-file %s | FileCheck %s
// RUN: bufopt --expand-realloc=emit-deallocs=false --split-input-file %s | FileCheck %s --check-prefix=NODEALLOC
// RUN: bufopt --pass-pipeline='builtin.module(func.func(expand-realloc{emit-deallocs=0}))' --split-input-file %s | FileCheck %s --check-prefix=NODEALLOC

// Static to static, growing: both sizes become constants.
// CHECK-LABEL: func.func @grow_static
//  CHECK-NEXT:   %[[OLD:.+]] = memref.alloc() : memref<3xi64>
//  CHECK-NEXT:   %[[C3:.+]] = arith.constant 3 : index
//  CHECK-NEXT:   %[[C5:.+]] = arith.constant 5 : index
//  CHECK-NEXT:   %[[COND:.+]] = arith.cmpi ult, %[[C3]], %[[C5]] : index
//  CHECK-NEXT:   %[[R:.+]] = scf.if %[[COND]] -> (memref<5xi64>) {
//  CHECK-NEXT:     %[[NEW:.+]] = memref.alloc() : memref<5xi64>
//  CHECK-NEXT:     %[[SV:.+]] = memref.subview %[[NEW]][0] [3] [1] : memref<5xi64> to memref<3xi64, strided<[1]>>
//  CHECK-NEXT:     memref.copy %[[OLD]], %[[SV]] : memref<3xi64> to memref<3xi64, strided<[1]>>
//  CHECK-NEXT:     memref.dealloc %[[OLD]] : memref<3xi64>
//  CHECK-NEXT:     scf.yield %[[NEW]] : memref<5xi64>
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     %[[RC:.+]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [5], strides: [1] : memref<3xi64> to memref<5xi64>
//  CHECK-NEXT:     scf.yield %[[RC]] : memref<5xi64>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[R]] : memref<5xi64>
// NODEALLOC-LABEL: func.func @grow_static
//       NODEALLOC:   memref.copy
//  NODEALLOC-NEXT:   scf.yield
//   NODEALLOC-NOT:   memref.dealloc
func.func @grow_static() -> memref<5xi64> {
  %a = memref.alloc() : memref<3xi64>
  %r = memref.realloc %a : memref<3xi64> to memref<5xi64>
  return %r : memref<5xi64>
}

// -----

// Static to static, shrinking: the same expansion; at run time the else
// branch is taken and views the old buffer.
// CHECK-LABEL: func.func @shrink_static
//  CHECK-NEXT:   %[[OLD:.+]] = memref.alloc() {alignment = 32 : i64} : memref<6xf32>
//  CHECK-NEXT:   %[[C6:.+]] = arith.constant 6 : index
//  CHECK-NEXT:   %[[C2:.+]] = arith.constant 2 : index
//  CHECK-NEXT:   %[[COND:.+]] = arith.cmpi ult, %[[C6]], %[[C2]] : index
//  CHECK-NEXT:   scf.if %[[COND]] -> (memref<2xf32>) {
//  CHECK-NEXT:     %[[NEW:.+]] = memref.alloc() {alignment = 16 : i64} : memref<2xf32>
//  CHECK-NEXT:     memref.subview %[[NEW]][0] [6] [1] : memref<2xf32> to memref<6xf32, strided<[1]>>
//       CHECK:     memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [2], strides: [1] : memref<6xf32> to memref<2xf32>
// NODEALLOC-LABEL: func.func @shrink_static
//   NODEALLOC-NOT:   memref.dealloc
//       NODEALLOC:   return
func.func @shrink_static() -> memref<2xf32> {
  %a = memref.alloc() {alignment = 32} : memref<6xf32>
  %r = memref.realloc %a {alignment = 16} : memref<6xf32> to memref<2xf32>
  return %r : memref<2xf32>
}

// -----

// Dynamic to dynamic: the old size is read with memref.dim, the new one is
// the realloc's operand, and both the alloc and the cast use it.
// CHECK-LABEL: func.func @dynamic
//  CHECK-SAME:     (%[[N:.+]]: index, %[[M:.+]]: index)
//  CHECK-NEXT:   %[[OLD:.+]] = memref.alloc(%[[N]]) : memref<?xi8>
//  CHECK-NEXT:   %[[C0:.+]] = arith.constant 0 : index
//  CHECK-NEXT:   %[[DIM:.+]] = memref.dim %[[OLD]], %[[C0]] : memref<?xi8>
//  CHECK-NEXT:   %[[COND:.+]] = arith.cmpi ult, %[[DIM]], %[[M]] : index
//  CHECK-NEXT:   %[[R:.+]] = scf.if %[[COND]] -> (memref<?xi8>) {
//  CHECK-NEXT:     %[[NEW:.+]] = memref.alloc(%[[M]]) : memref<?xi8>
//  CHECK-NEXT:     %[[SV:.+]] = memref.subview %[[NEW]][0] [%[[DIM]]] [1] : memref<?xi8> to memref<?xi8, strided<[1]>>
//  CHECK-NEXT:     memref.copy %[[OLD]], %[[SV]] : memref<?xi8> to memref<?xi8, strided<[1]>>
//  CHECK-NEXT:     memref.dealloc %[[OLD]] : memref<?xi8>
//  CHECK-NEXT:     scf.yield %[[NEW]] : memref<?xi8>
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     %[[RC:.+]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [%[[M]]], strides: [1] : memref<?xi8> to memref<?xi8>
//  CHECK-NEXT:     scf.yield %[[RC]] : memref<?xi8>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[R]] : memref<?xi8>
func.func @dynamic(%n: index, %m: index) -> memref<?xi8> {
  %a = memref.alloc(%n) : memref<?xi8>
  %r = memref.realloc %a(%m) : memref<?xi8> to memref<?xi8>
  return %r : memref<?xi8>
}

// -----

// Dynamic to static and static to dynamic, in a memory space: the subview
// and the cast keep the space.
// CHECK-LABEL: func.func @mixed_space
//       CHECK:   %[[A:.+]] = memref.alloc(%{{.+}}) : memref<?xf64, 2>
//  CHECK-NEXT:   %[[C0:.+]] = arith.constant 0 : index
//  CHECK-NEXT:   %[[DIM:.+]] = memref.dim %[[A]], %[[C0]] : memref<?xf64, 2>
//  CHECK-NEXT:   %[[C4:.+]] = arith.constant 4 : index
//  CHECK-NEXT:   %[[COND:.+]] = arith.cmpi ult, %[[DIM]], %[[C4]] : index
//  CHECK-NEXT:   %[[R1:.+]] = scf.if %[[COND]] -> (memref<4xf64, 2>) {
//  CHECK-NEXT:     %[[NEW:.+]] = memref.alloc() : memref<4xf64, 2>
//  CHECK-NEXT:     memref.subview %[[NEW]][0] [%[[DIM]]] [1] : memref<4xf64, 2> to memref<?xf64, strided<[1]>, 2>
//       CHECK:     memref.reinterpret_cast %[[A]] to offset: [0], sizes: [4], strides: [1] : memref<?xf64, 2> to memref<4xf64, 2>
//       CHECK:   %[[C4B:.+]] = arith.constant 4 : index
//  CHECK-NEXT:   %[[COND2:.+]] = arith.cmpi ult, %[[C4B]], %[[M:.+]] : index
//  CHECK-NEXT:   scf.if %[[COND2]] -> (memref<?xf64, 2>) {
//  CHECK-NEXT:     %[[NEW2:.+]] = memref.alloc(%[[M]]) : memref<?xf64, 2>
//  CHECK-NEXT:     %[[SV2:.+]] = memref.subview %[[NEW2]][0] [4] [1] : memref<?xf64, 2> to memref<4xf64, strided<[1]>, 2>
//  CHECK-NEXT:     memref.copy %[[R1]], %[[SV2]]
//  CHECK-NEXT:     memref.dealloc %[[R1]] : memref<4xf64, 2>
func.func @mixed_space(%n: index, %m: index) -> memref<?xf64, 2> {
  %a = memref.alloc(%n) : memref<?xf64, 2>
  %b = memref.realloc %a : memref<?xf64, 2> to memref<4xf64, 2>
  %c = memref.realloc %b(%m) : memref<4xf64, 2> to memref<?xf64, 2>
  return %c : memref<?xf64, 2>
}

// -----

// A `strided<[1]>` layout is an identity layout, which realloc accepts; the
// subview's type derives from it.
// CHECK-LABEL: func.func @strided_identity
//       CHECK:   memref.alloc() : memref<8xi32, strided<[1]>>
//  CHECK-NEXT:   memref.subview %{{.+}}[0] [%{{.+}}] [1] : memref<8xi32, strided<[1]>> to memref<?xi32, strided<[1]>>
//  CHECK-NEXT:   memref.copy %{{.+}}, %{{.+}} : memref<?xi32, strided<[1]>> to memref<?xi32, strided<[1]>>
//       CHECK:   memref.reinterpret_cast %{{.+}} to offset: [0], sizes: [8], strides: [1] : memref<?xi32, strided<[1]>> to memref<8xi32, strided<[1]>>
func.func @strided_identity(%n: index) -> memref<8xi32, strided<[1]>> {
  %a = memref.alloc(%n) : memref<?xi32, strided<[1]>>
  %r = memref.realloc %a : memref<?xi32, strided<[1]>> to memref<8xi32, strided<[1]>>
  return %r : memref<8xi32, strided<[1]>>
}

// -----

// Reallocs nested in regions are expanded where they are; the second of a
// chain reads the size of the first one's scf.if result.
// CHECK-LABEL: func.func @nested
//       CHECK:   scf.for
//       CHECK:     %[[R1:.+]] = scf.if %{{.+}} -> (memref<?xindex>) {
//       CHECK:     %[[C0:.+]] = arith.constant 0 : index
//  CHECK-NEXT:     %[[DIM:.+]] = memref.dim %[[R1]], %[[C0]] : memref<?xindex>
//       CHECK:       memref.copy %[[R1]], %{{.+}}
//  CHECK-NEXT:       memref.dealloc %[[R1]] : memref<?xindex>
//   CHECK-NOT:   memref.realloc
func.func @nested(%buf: memref<?xindex>, %lb: index, %ub: index) -> memref<?xindex> {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%b = %buf) -> (memref<?xindex>) {
    %x = memref.realloc %b(%i) : memref<?xindex> to memref<?xindex>
    %j = arith.addi %i, %c1 : index
    %y = memref.realloc %x(%j) : memref<?xindex> to memref<?xindex>
    scf.yield %y : memref<?xindex>
  }
  return %r : memref<?xindex>
}

// -----

// Nothing to do without a realloc.
// CHECK-LABEL: func.func @none
//  CHECK-NEXT:   memref.alloc
//  CHECK-NEXT:   memref.dealloc
//  CHECK-NEXT:   return
func.func @none() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  return
}
