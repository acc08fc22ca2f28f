// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// func.constant and func.call_indirect: a higher-order "apply twice" and a
// table of operations selected at run time.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @inc(%x: i64) -> i64 {
  %one = arith.constant 1 : i64
  %r = arith.addi %x, %one : i64
  return %r : i64
}

func.func @square(%x: i64) -> i64 {
  %r = arith.muli %x, %x : i64
  return %r : i64
}

func.func @neg(%x: i64) -> i64 {
  %zero = arith.constant 0 : i64
  %r = arith.subi %zero, %x : i64
  return %r : i64
}

func.func @twice(%f: (i64) -> i64, %x: i64) -> i64 {
  %a = func.call_indirect %f(%x) : (i64) -> i64
  %b = func.call_indirect %f(%a) : (i64) -> i64
  return %b : i64
}

func.func @pick(%k: index) -> ((i64) -> i64) {
  %f0 = func.constant @inc : (i64) -> i64
  %f1 = func.constant @square : (i64) -> i64
  %f2 = func.constant @neg : (i64) -> i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %is0 = arith.cmpi eq, %k, %c0 : index
  %is1 = arith.cmpi eq, %k, %c1 : index
  %g = arith.select %is1, %f1, %f2 : (i64) -> i64
  %h = arith.select %is0, %f0, %g : (i64) -> i64
  return %h : (i64) -> i64
}

func.func @main() {
  %x = arith.constant 5 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %k = %c0 to %c3 step %c1 {
    %f = func.call @pick(%k) : (index) -> ((i64) -> i64)
    %r = func.call @twice(%f, %x) : ((i64) -> i64, i64) -> i64
    func.call @printI64(%r) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 7, 625, 5, 
