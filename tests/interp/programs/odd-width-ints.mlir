// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Integers of unusual widths (i1, i3, i7, i17, i33): wrapping arithmetic,
// signed/unsigned division and comparison, shifts and extensions, printed
// through i64.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @p7(%v: i7) {
  %s = arith.extsi %v : i7 to i64
  call @printI64(%s) : (i64) -> ()
  call @printComma() : () -> ()
  %u = arith.extui %v : i7 to i64
  call @printI64(%u) : (i64) -> ()
  call @printComma() : () -> ()
  return
}

func.func @ops7(%a: i7, %b: i7) {
  %0 = arith.addi %a, %b : i7
  call @p7(%0) : (i7) -> ()
  %1 = arith.muli %a, %b : i7
  call @p7(%1) : (i7) -> ()
  %2 = arith.divsi %a, %b : i7
  call @p7(%2) : (i7) -> ()
  %3 = arith.divui %a, %b : i7
  call @p7(%3) : (i7) -> ()
  %4 = arith.remsi %a, %b : i7
  call @p7(%4) : (i7) -> ()
  // Shift amounts must stay below the width: use b & 3.
  %three = arith.constant 3 : i7
  %sh = arith.andi %b, %three : i7
  %5 = arith.shrsi %a, %sh : i7
  call @p7(%5) : (i7) -> ()
  %6 = arith.maxui %a, %b : i7
  call @p7(%6) : (i7) -> ()
  %lt = arith.cmpi ult, %a, %b : i7
  %lt64 = arith.extui %lt : i1 to i64
  call @printI64(%lt64) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant 50 : i7
  %b = arith.constant -3 : i7
  %c2 = arith.constant 2 : i7
  call @ops7(%a, %b) : (i7, i7) -> ()
  call @ops7(%b, %c2) : (i7, i7) -> ()
  // i3 counts up and wraps.
  %one3 = arith.constant 1 : i3
  %z3 = arith.constant 0 : i3
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%x = %z3) -> (i3) {
    %n = arith.addi %x, %one3 : i3
    %s = arith.extsi %n : i3 to i64
    func.call @printI64(%s) : (i64) -> ()
    func.call @printComma() : () -> ()
    scf.yield %n : i3
  }
  call @printNewline() : () -> ()
  // i17 and i33 multiplication overflow; truncation from i64.
  %big = arith.constant 123456789012 : i64
  %t17 = arith.trunci %big : i64 to i17
  %sq17 = arith.muli %t17, %t17 : i17
  %e17 = arith.extsi %sq17 : i17 to i64
  call @printI64(%e17) : (i64) -> ()
  call @printComma() : () -> ()
  %t33 = arith.trunci %big : i64 to i33
  %sq33 = arith.muli %t33, %t33 : i33
  %e33 = arith.extsi %sq33 : i33 to i64
  call @printI64(%e33) : (i64) -> ()
  call @printComma() : () -> ()
  %u33 = arith.extui %sq33 : i33 to i64
  call @printI64(%u33) : (i64) -> ()
  call @printNewline() : () -> ()
  // i1 arithmetic: addition is xor, -1 is true.
  %t = arith.constant true
  %f = arith.constant false
  %x1 = arith.addi %t, %t : i1
  %x1e = arith.extsi %x1 : i1 to i64
  call @printI64(%x1e) : (i64) -> ()
  call @printComma() : () -> ()
  %m1 = arith.muli %t, %t : i1
  %m1e = arith.extsi %m1 : i1 to i64
  call @printI64(%m1e) : (i64) -> ()
  call @printComma() : () -> ()
  %o1 = arith.ori %f, %t : i1
  %o1e = arith.extui %o1 : i1 to i64
  call @printI64(%o1e) : (i64) -> ()
  call @printComma() : () -> ()
  %s1 = arith.cmpi slt, %t, %f : i1
  %s1e = arith.extui %s1 : i1 to i64
  call @printI64(%s1e) : (i64) -> ()
  call @printNewline() : () -> ()
  // index arithmetic with negative values.
  %ni = arith.constant -17 : index
  %c5 = arith.constant 5 : index
  %d = arith.divsi %ni, %c5 : index
  %m = arith.remsi %ni, %c5 : index
  %fd = arith.floordivsi %ni, %c5 : index
  %cu = arith.index_castui %ni : index to i64
  %di = arith.index_cast %d : index to i64
  %mi = arith.index_cast %m : index to i64
  %fdi = arith.index_cast %fd : index to i64
  call @printI64(%di) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%mi) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%fdi) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%cu) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 47, 47, -22, 106, -16, 112, 0, 0, 2, 2, 25, 25, -3, 125, 1
// CHECK-NEXT: -1, 127, -6, 122, -1, 127, 62, 62, -1, 127, -1, 127, -3, 125, 0
// CHECK-NEXT: 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 
// CHECK-NEXT: 4496, -560983664, 8028950928
// CHECK-NEXT: 0, -1, 1, 1
// CHECK-NEXT: -3, -2, -4, -17
