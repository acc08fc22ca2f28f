// LocalAliasAnalysis mod-ref answers (`test-alias-analysis-modref`): a copy
// reads its source and writes its target, a load through a subview reads
// the viewed allocation, allocations and frees touch nothing, and an op
// without memory effects (the function) may do anything. Expected lines
// are mlir-opt-19's output.
// RUN: bufopt %s -pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2>&1 >/dev/null | FileCheck %s

// CHECK-LABEL: Testing : "copy"
// CHECK-NEXT: alloc -> alloc#0: NoModRef
// CHECK-NEXT: copy -> alloc#0: Mod
// CHECK-NEXT: view -> alloc#0: NoModRef
// CHECK-NEXT: cst -> alloc#0: NoModRef
// CHECK-NEXT: load -> alloc#0: Ref
// CHECK-NEXT: dealloc -> alloc#0: NoModRef
// CHECK-NEXT: func -> alloc#0: ModRef
// CHECK-NEXT: alloc -> view#0: NoModRef
// CHECK-NEXT: copy -> view#0: Mod
// CHECK-NEXT: view -> view#0: NoModRef
// CHECK-NEXT: cst -> view#0: NoModRef
// CHECK-NEXT: load -> view#0: Ref
// CHECK-NEXT: dealloc -> view#0: NoModRef
// CHECK-NEXT: func -> view#0: ModRef
// CHECK-NEXT: alloc -> cst#0: NoModRef
// CHECK-NEXT: copy -> cst#0: Ref
// CHECK-NEXT: view -> cst#0: NoModRef
// CHECK-NEXT: cst -> cst#0: NoModRef
// CHECK-NEXT: load -> cst#0: NoModRef
// CHECK-NEXT: dealloc -> cst#0: NoModRef
// CHECK-NEXT: func -> cst#0: ModRef
// CHECK-NEXT: alloc -> load#0: NoModRef
// CHECK-NEXT: copy -> load#0: ModRef
// CHECK-NEXT: view -> load#0: NoModRef
// CHECK-NEXT: cst -> load#0: NoModRef
// CHECK-NEXT: load -> load#0: Ref
// CHECK-NEXT: dealloc -> load#0: NoModRef
// CHECK-NEXT: func -> load#0: ModRef
// CHECK-NEXT: alloc -> func.region0#0: NoModRef
// CHECK-NEXT: copy -> func.region0#0: Ref
// CHECK-NEXT: view -> func.region0#0: NoModRef
// CHECK-NEXT: cst -> func.region0#0: NoModRef
// CHECK-NEXT: load -> func.region0#0: NoModRef
// CHECK-NEXT: dealloc -> func.region0#0: NoModRef
// CHECK-NEXT: func -> func.region0#0: ModRef
// CHECK-NEXT: alloc -> func.region0#1: NoModRef
// CHECK-NEXT: copy -> func.region0#1: Ref
// CHECK-NEXT: view -> func.region0#1: NoModRef
// CHECK-NEXT: cst -> func.region0#1: NoModRef
// CHECK-NEXT: load -> func.region0#1: NoModRef
// CHECK-NEXT: dealloc -> func.region0#1: NoModRef
// CHECK-NEXT: func -> func.region0#1: ModRef

func.func @copy(%a: memref<4xf32>, %b: memref<4xf32>) attributes {test.ptr = "func"} {
  %0 = memref.alloc() {test.ptr = "alloc"} : memref<4xf32>
  memref.copy %a, %0 {test.ptr = "copy"} : memref<4xf32> to memref<4xf32>
  %v = memref.subview %0[1] [2] [1] {test.ptr = "view"} : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %c0 = arith.constant {test.ptr = "cst"} 0 : index
  %f = memref.load %v[%c0] {test.ptr = "load"} : memref<2xf32, strided<[1], offset: 1>>
  memref.dealloc %0 {test.ptr = "dealloc"} : memref<4xf32>
  return
}
