// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Recursion: naive Fibonacci, mutual recursion (even/odd), Ackermann with
// small arguments, and a function returning several results.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @fib(%n: i64) -> i64 {
  %two = arith.constant 2 : i64
  %small = arith.cmpi slt, %n, %two : i64
  %r = scf.if %small -> (i64) {
    scf.yield %n : i64
  } else {
    %one = arith.constant 1 : i64
    %a = arith.subi %n, %one : i64
    %b = arith.subi %n, %two : i64
    %fa = func.call @fib(%a) : (i64) -> i64
    %fb = func.call @fib(%b) : (i64) -> i64
    %s = arith.addi %fa, %fb : i64
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @is_even(%n: i64) -> i1 {
  %zero = arith.constant 0 : i64
  %z = arith.cmpi eq, %n, %zero : i64
  cf.cond_br %z, ^yes, ^no
^yes:
  %t = arith.constant true
  return %t : i1
^no:
  %one = arith.constant 1 : i64
  %m = arith.subi %n, %one : i64
  %r = call @is_odd(%m) : (i64) -> i1
  return %r : i1
}

func.func @is_odd(%n: i64) -> i1 {
  %zero = arith.constant 0 : i64
  %z = arith.cmpi eq, %n, %zero : i64
  cf.cond_br %z, ^yes, ^no
^yes:
  %f = arith.constant false
  return %f : i1
^no:
  %one = arith.constant 1 : i64
  %m = arith.subi %n, %one : i64
  %r = call @is_even(%m) : (i64) -> i1
  return %r : i1
}

func.func @ack(%m: i64, %n: i64) -> i64 {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %m0 = arith.cmpi eq, %m, %zero : i64
  cf.cond_br %m0, ^base, ^rec
^base:
  %r0 = arith.addi %n, %one : i64
  return %r0 : i64
^rec:
  %m1 = arith.subi %m, %one : i64
  %n0 = arith.cmpi eq, %n, %zero : i64
  cf.cond_br %n0, ^n_zero, ^n_pos
^n_zero:
  %r1 = call @ack(%m1, %one) : (i64, i64) -> i64
  return %r1 : i64
^n_pos:
  %n1 = arith.subi %n, %one : i64
  %inner = call @ack(%m, %n1) : (i64, i64) -> i64
  %r2 = call @ack(%m1, %inner) : (i64, i64) -> i64
  return %r2 : i64
}

func.func @divmod(%a: i64, %b: i64) -> (i64, i64, i1) {
  %q = arith.divsi %a, %b : i64
  %r = arith.remsi %a, %b : i64
  %zero = arith.constant 0 : i64
  %exact = arith.cmpi eq, %r, %zero : i64
  return %q, %r, %exact : i64, i64, i1
}

func.func @main() {
  %n = arith.constant 24 : i64
  %f = call @fib(%n) : (i64) -> i64
  call @printI64(%f) : (i64) -> ()
  call @printNewline() : () -> ()
  %k = arith.constant 77 : i64
  %e = call @is_even(%k) : (i64) -> i1
  %e64 = arith.extui %e : i1 to i64
  call @printI64(%e64) : (i64) -> ()
  call @printComma() : () -> ()
  %o = call @is_odd(%k) : (i64) -> i1
  %o64 = arith.extui %o : i1 to i64
  call @printI64(%o64) : (i64) -> ()
  call @printNewline() : () -> ()
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %a = call @ack(%two, %three) : (i64, i64) -> i64
  call @printI64(%a) : (i64) -> ()
  call @printNewline() : () -> ()
  %x = arith.constant -47 : i64
  %d:3 = call @divmod(%x, %three) : (i64, i64) -> (i64, i64, i1)
  call @printI64(%d#0) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%d#1) : (i64) -> ()
  call @printComma() : () -> ()
  %ex = arith.extui %d#2 : i1 to i64
  call @printI64(%ex) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 46368
// CHECK-NEXT: 0, 1
// CHECK-NEXT: 9
// CHECK-NEXT: -15, -2, 0
