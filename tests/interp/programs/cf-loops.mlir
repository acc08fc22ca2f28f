// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Unstructured control flow: a cf.br/cf.cond_br loop with block arguments
// (gcd by subtraction), a nested loop nest (triangle numbers) and an early
// exit from a search loop.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @gcd(%a: i64, %b: i64) -> i64 {
  cf.br ^head(%a, %b : i64, i64)
^head(%x: i64, %y: i64):
  %eq = arith.cmpi eq, %x, %y : i64
  cf.cond_br %eq, ^done(%x : i64), ^step(%x, %y : i64, i64)
^step(%p: i64, %q: i64):
  %gt = arith.cmpi sgt, %p, %q : i64
  cf.cond_br %gt, ^sub1, ^sub2
^sub1:
  %d1 = arith.subi %p, %q : i64
  cf.br ^head(%d1, %q : i64, i64)
^sub2:
  %d2 = arith.subi %q, %p : i64
  cf.br ^head(%p, %d2 : i64, i64)
^done(%r: i64):
  return %r : i64
}

// Sum over i < n of sum over j <= i of j.
func.func @tri(%n: i64) -> i64 {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  cf.br ^outer(%zero, %zero : i64, i64)
^outer(%i: i64, %acc: i64):
  %more = arith.cmpi slt, %i, %n : i64
  cf.cond_br %more, ^inner(%zero, %acc : i64, i64), ^exit
^inner(%j: i64, %a: i64):
  %a1 = arith.addi %a, %j : i64
  %j1 = arith.addi %j, %one : i64
  %in = arith.cmpi sle, %j1, %i : i64
  cf.cond_br %in, ^inner(%j1, %a1 : i64, i64), ^next(%a1 : i64)
^next(%a2: i64):
  %i1 = arith.addi %i, %one : i64
  cf.br ^outer(%i1, %a2 : i64, i64)
^exit:
  return %acc : i64
}

// First k >= 1 with k*k > limit.
func.func @isqrt_above(%limit: i64) -> i64 {
  %one = arith.constant 1 : i64
  cf.br ^loop(%one : i64)
^loop(%k: i64):
  %sq = arith.muli %k, %k : i64
  %found = arith.cmpi sgt, %sq, %limit : i64
  cf.cond_br %found, ^ret(%k : i64), ^cont
^cont:
  %k1 = arith.addi %k, %one : i64
  cf.br ^loop(%k1 : i64)
^ret(%res: i64):
  return %res : i64
}

func.func @main() {
  %a = arith.constant 1071 : i64
  %b = arith.constant 462 : i64
  %g = call @gcd(%a, %b) : (i64, i64) -> i64
  call @printI64(%g) : (i64) -> ()
  call @printNewline() : () -> ()
  %n = arith.constant 50 : i64
  %t = call @tri(%n) : (i64) -> i64
  call @printI64(%t) : (i64) -> ()
  call @printNewline() : () -> ()
  %l = arith.constant 1000000 : i64
  %s = call @isqrt_above(%l) : (i64) -> i64
  call @printI64(%s) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 21
// CHECK-NEXT: 20825
// CHECK-NEXT: 1001
