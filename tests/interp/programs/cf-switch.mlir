// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// cf.switch with a default destination and case operands, plus cf.assert
// that holds.
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @dispatch(%k: i32, %x: i64) -> i64 {
  cf.switch %k : i32, [
    default: ^def(%x : i64),
    0: ^zero,
    5: ^five(%x, %x : i64, i64),
    -2: ^neg(%x : i64)
  ]
^def(%d: i64):
  %c = arith.constant 1000 : i64
  %r0 = arith.addi %d, %c : i64
  return %r0 : i64
^zero:
  %z = arith.constant 0 : i64
  return %z : i64
^five(%p: i64, %q: i64):
  %r1 = arith.muli %p, %q : i64
  return %r1 : i64
^neg(%n: i64):
  %zz = arith.constant 0 : i64
  %r2 = arith.subi %zz, %n : i64
  return %r2 : i64
}

func.func @main() {
  %x = arith.constant 7 : i64
  %c1 = arith.constant 1 : index
  %lo = arith.constant -3 : index
  %hi = arith.constant 7 : index
  scf.for %i = %lo to %hi step %c1 {
    %k = arith.index_cast %i : index to i32
    %r = func.call @dispatch(%k, %x) : (i32, i64) -> i64
    func.call @printI64(%r) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  %t = arith.constant true
  cf.assert %t, "never fires"
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 1007, -7, 1007, 0, 1007, 1007, 1007, 1007, 49, 1007, 
