// CFG loops entered with a buffer that stays live in the loop: the entry
// branch forwards the buffer as the header's initial memref and also
// retains it (it is live into the header), so the dealloc names it twice.
// Both of its updated conditions are the same by the op's semantics; the
// ownership takes the first (mlir-opt-19 joins them into an unknown
// ownership, and with loops allowed the header then failed with "MemRef
// value does not have valid ownership").
// RUN: bufopt --ownership-based-buffer-deallocation=allow-unstructured-loops=true %s | mlir-opt-19 > /dev/null
// RUN: bufopt --ownership-based-buffer-deallocation=allow-unstructured-loops=true %s | FileCheck %s
// RUN: bufopt --pass-pipeline="builtin.module(expand-realloc{emit-deallocs=false},canonicalize,ownership-based-buffer-deallocation{allow-unstructured-loops=true},canonicalize,buffer-deallocation-simplification,bufferization-lower-deallocations,cse,canonicalize)" %s > %t.mlir
// RUN: mlir-opt-19 %t.mlir > /dev/null
// RUN: bufopt-run --strict --stats %t.mlir 2>&1 | FileCheck %s --check-prefix=EXEC

func.func private @printI64(i64)
func.func private @printNewline()

// An allocation loaded in the body and after the loop, and replaced by a
// fresh buffer on some iterations.
// CHECK-LABEL: func.func @alloc_live(
//       CHECK: %[[A:.*]] = memref.alloc() : memref<4xi64>
//       CHECK: %[[D:.*]]:2 = bufferization.dealloc (%{{.*}} : memref<i64>) if (%true{{.*}}) retain (%[[A]], %[[A]] : memref<4xi64>, memref<4xi64>)
//       CHECK: cf.br ^bb1(%{{.*}}, %[[A]], %[[D]]#0 : index, memref<4xi64>, i1)
func.func @alloc_live() {
  %a = memref.alloc() : memref<4xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %k = arith.constant 7 : i64
  memref.store %k, %a[%c0] : memref<4xi64>
  cf.br ^hdr(%c0, %a : index, memref<4xi64>)
^hdr(%i: index, %m: memref<4xi64>):
  %lt = arith.cmpi slt, %i, %c3 : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %x = memref.load %a[%c0] : memref<4xi64>
  %iv = arith.index_cast %i : index to i64
  %s = arith.addi %x, %iv : i64
  memref.store %s, %m[%c1] : memref<4xi64>
  %odd = arith.trunci %iv : i64 to i1
  %n = memref.alloc() : memref<4xi64>
  memref.copy %m, %n : memref<4xi64> to memref<4xi64>
  %next = arith.select %odd, %n, %a : memref<4xi64>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^hdr(%i1, %next : index, memref<4xi64>)
^exit:
  %y = memref.load %a[%c0] : memref<4xi64>
  %z = memref.load %m[%c1] : memref<4xi64>
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// A stack buffer entering the loop: never freed.
// CHECK-LABEL: func.func @alloca_live(
func.func @alloca_live() {
  %a = memref.alloca() : memref<4xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k = arith.constant 5 : i64
  memref.store %k, %a[%c0] : memref<4xi64>
  cf.br ^hdr(%c0, %a : index, memref<4xi64>)
^hdr(%i: index, %m: memref<4xi64>):
  %lt = arith.cmpi slt, %i, %c2 : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %x = memref.load %a[%c0] : memref<4xi64>
  %n = memref.alloc() : memref<4xi64>
  memref.store %x, %n[%c0] : memref<4xi64>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^hdr(%i1, %n : index, memref<4xi64>)
^exit:
  %z = memref.load %m[%c0] : memref<4xi64>
  func.call @printI64(%z) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// A function argument (not owned) entering the loop and read after it.
// CHECK-LABEL: func.func @arg_live(
func.func @arg_live(%arg: memref<4xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  cf.br ^hdr(%c0, %arg : index, memref<4xi64>)
^hdr(%i: index, %m: memref<4xi64>):
  %lt = arith.cmpi slt, %i, %c2 : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %x = memref.load %m[%c0] : memref<4xi64>
  %n = memref.alloc() : memref<4xi64>
  %x1 = arith.addi %x, %x : i64
  memref.store %x1, %n[%c0] : memref<4xi64>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^hdr(%i1, %n : index, memref<4xi64>)
^exit:
  %a = memref.load %arg[%c0] : memref<4xi64>
  %b = memref.load %m[%c0] : memref<4xi64>
  %s = arith.addi %a, %b : i64
  return %s : i64
}

func.func @main() {
  func.call @alloc_live() : () -> ()
  func.call @alloca_live() : () -> ()
  %a = memref.alloc() : memref<4xi64>
  %c0 = arith.constant 0 : index
  %k = arith.constant 3 : i64
  memref.store %k, %a[%c0] : memref<4xi64>
  %r = func.call @arg_live(%a) : (memref<4xi64>) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// EXEC: 7
// EXEC-NEXT: 8
// EXEC-NEXT: 5
// EXEC-NEXT: 15
// One allocation (the alloca) is not freed; everything else exactly once.
// EXEC: allocations: [[#N:]]
// EXEC: deallocations: [[#N-1]]
// EXEC-NOT: error
