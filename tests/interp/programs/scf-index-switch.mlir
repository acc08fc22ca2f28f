// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// scf.index_switch with results and a default region, and scf.execute_region
// with several blocks.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @weight(%k: index) -> i64 {
  %r = scf.index_switch %k -> i64
  case 0 {
    %a = arith.constant 100 : i64
    scf.yield %a : i64
  }
  case 2 {
    %b = arith.constant 200 : i64
    scf.yield %b : i64
  }
  case 5 {
    %c = arith.constant 500 : i64
    scf.yield %c : i64
  }
  default {
    %d = arith.index_cast %k : index to i64
    %m = arith.constant -1 : i64
    %e = arith.muli %d, %m : i64
    scf.yield %e : i64
  }
  return %r : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  scf.for %k = %c0 to %c7 step %c1 {
    %w = func.call @weight(%k) : (index) -> i64
    func.call @printI64(%w) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  %x = arith.constant 13 : i64
  %y = scf.execute_region -> i64 {
    %two = arith.constant 2 : i64
    %r = arith.remsi %x, %two : i64
    %zero = arith.constant 0 : i64
    %even = arith.cmpi eq, %r, %zero : i64
    cf.cond_br %even, ^half, ^triple
  ^half:
    %h = arith.divsi %x, %two : i64
    scf.yield %h : i64
  ^triple:
    %three = arith.constant 3 : i64
    %t = arith.muli %x, %three : i64
    %one = arith.constant 1 : i64
    %t1 = arith.addi %t, %one : i64
    scf.yield %t1 : i64
  }
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 100, -1, 200, -3, -4, 500, -6, 
// CHECK-NEXT: 40
