// Sparse constant propagation folds ops through their folders, and dead
// code analysis skips the branch the folded condition rules out: only the
// store on the live path reaches the load. Output as mlir-opt-19's.
// RUN: bufopt %s -test-last-modified 2>&1 >/dev/null | FileCheck %s
// RUN: bufopt %s -test-last-modified -o /dev/null 2> %t.ours
// RUN: mlir-opt-19 %s -test-last-modified -o /dev/null 2>&1 | diff %t.ours -

// CHECK-LABEL: test_tag: load:
// CHECK-NEXT:  operand #0
// CHECK-NEXT:   - live
// CHECK-NEXT: test_tag: load_both:
// CHECK-NEXT:  operand #0
// CHECK-NEXT:   - then
// CHECK-NEXT:   - else
func.func @fold_branch(%m: memref<i32>, %v: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %sum = arith.addi %c1, %c1 : i32
  %cond = arith.cmpi eq, %sum, %c2 : i32
  cf.cond_br %cond, ^a, ^b
^a:
  memref.store %v, %m[] {tag_name = "live"} : memref<i32>
  cf.br ^c
^b:
  memref.store %v, %m[] {tag_name = "dead"} : memref<i32>
  cf.br ^c
^c:
  %r = memref.load %m[] {tag = "load"} : memref<i32>
  return %r : i32
}

func.func @unknown_branch(%m: memref<i32>, %v: i32, %cond: i1) -> i32 {
  scf.if %cond {
    memref.store %v, %m[] {tag_name = "then"} : memref<i32>
  } else {
    memref.store %v, %m[] {tag_name = "else"} : memref<i32>
  }
  %r = memref.load %m[] {tag = "load_both"} : memref<i32>
  return %r : i32
}
