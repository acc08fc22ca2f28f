// LocalAliasAnalysis (`test-alias-analysis`) beyond upstream's file: a
// loop result merging an allocation with an argument (MayAlias), an
// affine.for with one iteration (its body is entered only from the parent),
// chains of views, a block argument reached from an unknown terminator,
// results of unknown ops and globals, and an allocation scoped by
// memref.alloca_scope. Expected lines are mlir-opt-19's output.
// RUN: bufopt %s -pass-pipeline='builtin.module(func.func(test-alias-analysis))' -split-input-file -allow-unregistered-dialect 2>&1 >/dev/null | FileCheck %s

// CHECK-LABEL: Testing : "loops"
// CHECK-NEXT: alloc#0 <-> for#0: MayAlias
// CHECK-NEXT: alloc#0 <-> for.region0#0: MayAlias
// CHECK-NEXT: for#0 <-> for.region0#0: MayAlias
// CHECK-NEXT: alloc#0 <-> for.region0#1: MayAlias
// CHECK-NEXT: for#0 <-> for.region0#1: MayAlias
// CHECK-NEXT: for.region0#0 <-> for.region0#1: MayAlias
// CHECK-NEXT: alloc#0 <-> once#0: NoAlias
// CHECK-NEXT: for#0 <-> once#0: MayAlias
// CHECK-NEXT: for.region0#0 <-> once#0: MayAlias
// CHECK-NEXT: for.region0#1 <-> once#0: MayAlias
// CHECK-NEXT: alloc#0 <-> once.region0#0: MayAlias
// CHECK-NEXT: for#0 <-> once.region0#0: MayAlias
// CHECK-NEXT: for.region0#0 <-> once.region0#0: MayAlias
// CHECK-NEXT: for.region0#1 <-> once.region0#0: MayAlias
// CHECK-NEXT: once#0 <-> once.region0#0: MayAlias
// CHECK-NEXT: alloc#0 <-> once.region0#1: MustAlias
// CHECK-NEXT: for#0 <-> once.region0#1: MayAlias
// CHECK-NEXT: for.region0#0 <-> once.region0#1: MayAlias
// CHECK-NEXT: for.region0#1 <-> once.region0#1: MayAlias
// CHECK-NEXT: once#0 <-> once.region0#1: NoAlias
// CHECK-NEXT: once.region0#0 <-> once.region0#1: MayAlias
// CHECK-NEXT: alloc#0 <-> view#0: MustAlias
// CHECK-NEXT: for#0 <-> view#0: MayAlias
// CHECK-NEXT: for.region0#0 <-> view#0: MayAlias
// CHECK-NEXT: for.region0#1 <-> view#0: MayAlias
// CHECK-NEXT: once#0 <-> view#0: NoAlias
// CHECK-NEXT: once.region0#0 <-> view#0: MayAlias
// CHECK-NEXT: once.region0#1 <-> view#0: MustAlias
// CHECK-NEXT: alloc#0 <-> cast#0: MustAlias
// CHECK-NEXT: for#0 <-> cast#0: MayAlias
// CHECK-NEXT: for.region0#0 <-> cast#0: MayAlias
// CHECK-NEXT: for.region0#1 <-> cast#0: MayAlias
// CHECK-NEXT: once#0 <-> cast#0: NoAlias
// CHECK-NEXT: once.region0#0 <-> cast#0: MayAlias
// CHECK-NEXT: once.region0#1 <-> cast#0: MustAlias
// CHECK-NEXT: view#0 <-> cast#0: MustAlias
// CHECK-NEXT: alloc#0 <-> func.region0#0: NoAlias
// CHECK-NEXT: for#0 <-> func.region0#0: MayAlias
// CHECK-NEXT: for.region0#0 <-> func.region0#0: MayAlias
// CHECK-NEXT: for.region0#1 <-> func.region0#0: MayAlias
// CHECK-NEXT: once#0 <-> func.region0#0: MustAlias
// CHECK-NEXT: once.region0#0 <-> func.region0#0: MayAlias
// CHECK-NEXT: once.region0#1 <-> func.region0#0: NoAlias
// CHECK-NEXT: view#0 <-> func.region0#0: NoAlias
// CHECK-NEXT: cast#0 <-> func.region0#0: NoAlias
// CHECK-NEXT: alloc#0 <-> func.region0#1: NoAlias
// CHECK-NEXT: for#0 <-> func.region0#1: MayAlias
// CHECK-NEXT: for.region0#0 <-> func.region0#1: MayAlias
// CHECK-NEXT: for.region0#1 <-> func.region0#1: MayAlias
// CHECK-NEXT: once#0 <-> func.region0#1: MayAlias
// CHECK-NEXT: once.region0#0 <-> func.region0#1: MayAlias
// CHECK-NEXT: once.region0#1 <-> func.region0#1: NoAlias
// CHECK-NEXT: view#0 <-> func.region0#1: NoAlias
// CHECK-NEXT: cast#0 <-> func.region0#1: NoAlias
// CHECK-NEXT: func.region0#0 <-> func.region0#1: MayAlias
// CHECK-LABEL: Testing : "unknown_pred"
// CHECK-NEXT: alloca#0 <-> unknown#0: MayAlias
// CHECK-NEXT: alloca#0 <-> global#0: MayAlias
// CHECK-NEXT: unknown#0 <-> global#0: MayAlias
// CHECK-NEXT: alloca#0 <-> func.region0#0: NoAlias
// CHECK-NEXT: unknown#0 <-> func.region0#0: MayAlias
// CHECK-NEXT: global#0 <-> func.region0#0: MayAlias
// CHECK-NEXT: alloca#0 <-> func.region0.block1#0: MayAlias
// CHECK-NEXT: unknown#0 <-> func.region0.block1#0: MayAlias
// CHECK-NEXT: global#0 <-> func.region0.block1#0: MayAlias
// CHECK-NEXT: func.region0#0 <-> func.region0.block1#0: MayAlias
// CHECK-LABEL: Testing : "scope"
// CHECK-NEXT: inner#0 <-> sibling#0: MayAlias
// CHECK-NEXT: inner#0 <-> func.region0#0: NoAlias
// CHECK-NEXT: sibling#0 <-> func.region0#0: MayAlias

func.func @loops(%arg: memref<4xf32>, %n: index) attributes {test.ptr = "func"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.alloc() {test.ptr = "alloc"} : memref<4xf32>
  %1 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %0) -> (memref<4xf32>) {
    scf.yield %arg : memref<4xf32>
  } {test.ptr = "for"}
  %2 = affine.for %j = 0 to 1 iter_args(%b = %0) -> (memref<4xf32>) {
    affine.yield %arg : memref<4xf32>
  } {test.ptr = "once"}
  %3 = memref.subview %0[0] [2] [1] {test.ptr = "view"} : memref<4xf32> to memref<2xf32, strided<[1]>>
  %4 = memref.cast %3 {test.ptr = "cast"} : memref<2xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
  return
}

// -----

func.func @unknown_pred(%arg: memref<4xf32>) attributes {test.ptr = "func"} {
  %0 = memref.alloca() {test.ptr = "alloca"} : memref<4xf32>
  "foo.br"(%0)[^bb1] : (memref<4xf32>) -> ()
^bb1(%x: memref<4xf32>):
  %1 = "foo.op"() {test.ptr = "unknown"} : () -> memref<4xf32>
  %g = memref.get_global @g : memref<4xf32> {test.ptr = "global"}
  return
}
memref.global "private" @g : memref<4xf32>

// -----

func.func @scope(%arg: memref<4xf32>) attributes {test.ptr = "func"} {
  memref.alloca_scope {
    %0 = memref.alloca() {test.ptr = "inner"} : memref<4xf32>
    %1 = "foo.op"() {test.ptr = "sibling"} : () -> memref<4xf32>
  } {test.ptr = "scope"}
  return
}
